//! The component lab (`#/lab`): the rule-free board and hand with sample pieces and cards,
//! so a developer (and the browser tests) can see every face, owner, side and the tray
//! without a game, and a button that panics on purpose (the crash screen's test). Nothing links here; it is its own lazily loaded part, like the table's
//! screens. The lab's "rules" are only what it needs to offer moves: one step sideways or
//! forward onto an empty square, drops onto the third rank.

use leptos::prelude::*;

use crate::components::{
    Board, BoardModel, BoardPiece, Face, Hand, HandCard, TapShows, square_name,
};

const SIZE: u8 = 10;
/// The lab's volcano.
const VOLCANO: u8 = 4 * SIZE + 4;

fn sample_pieces() -> Vec<BoardPiece> {
    let own = |id: u16, at: u8, image: &'static str, label: crate::i18n::Tr| BoardPiece {
        id,
        at,
        owner: Some(0),
        face: Face::Up,
        image,
        label: label.to_string(),
        badge: None,
    };
    let theirs = |id: u16, at: u8, face: Face| BoardPiece {
        id,
        at,
        owner: Some(1),
        face,
        image: if face == Face::Shown {
            "pieces/knight.webp"
        } else {
            ""
        },
        label: if face == Face::Shown {
            tr!(
                "Opponent's knight (unmasked)",
                "Caballo del rival (desenmascarado)"
            )
            .to_string()
        } else {
            tr!("Opponent's piece", "Pieza del rival").to_string()
        },
        badge: None,
    };
    vec![
        own(1, 0, "pieces/rook.webp", tr!("Your rook", "Tu torre")),
        own(2, 1, "pieces/knight.webp", tr!("Your knight", "Tu caballo")),
        own(3, SIZE + 2, "pieces/pawn.webp", tr!("Your pawn", "Tu peón")),
        theirs(11, 9 * SIZE + 5, Face::Down),
        theirs(12, 8 * SIZE + 6, Face::Down),
        theirs(13, 7 * SIZE + 3, Face::Shown),
    ]
}

fn sample_tray() -> Vec<BoardPiece> {
    [
        (21, "pieces/bishop.webp", tr!("Your bishop", "Tu alfil")),
        (22, "pieces/queen.webp", tr!("Your queen", "Tu dama")),
    ]
    .into_iter()
    .map(|(id, image, label)| BoardPiece {
        id,
        at: 0,
        owner: Some(0),
        face: Face::Up,
        image,
        label: label.to_string(),
        badge: None,
    })
    .collect()
}

/// The lab's moves and drops for the pieces of seat 0.
fn lab_model(pieces: &[BoardPiece], tray: &[BoardPiece], flipped: bool) -> BoardModel {
    let taken = |sq: u8| sq == VOLCANO || pieces.iter().any(|p| p.at == sq);
    let destinations: Vec<(u8, Vec<u8>)> = pieces
        .iter()
        .filter(|p| p.owner == Some(0))
        .map(|p| {
            let (file, rank) = (p.at % SIZE, p.at / SIZE);
            let mut to = Vec::new();
            if rank + 1 < SIZE {
                to.push(p.at + SIZE);
            }
            if file > 0 {
                to.push(p.at - 1);
            }
            if file + 1 < SIZE {
                to.push(p.at + 1);
            }
            to.retain(|&sq| !taken(sq));
            (p.at, to)
        })
        .collect();
    let third_rank: Vec<u8> = (2 * SIZE..3 * SIZE).filter(|&sq| !taken(sq)).collect();
    use crate::reasons::Reason;
    BoardModel {
        width: SIZE,
        height: SIZE,
        pieces: pieces.to_vec(),
        destinations: destinations.clone(),
        last_move: None,
        recent: Vec::new(),
        blocked: vec![VOLCANO],
        blocked_word: tr!("volcano", "volcán").to_string(),
        marked: Vec::new(),
        check: None,
        flipped,
        drops: tray.iter().map(|p| (p.id, third_rank.clone())).collect(),
        tray: tray.to_vec(),
        tap_shows: TapShows::EveryMove,
        // A piece boxed in says so when tapped.
        refusals: destinations
            .iter()
            .filter(|(_, to)| to.is_empty())
            .map(|(at, _)| {
                (
                    *at,
                    crate::reasons::Stays::<crate::reasons::NoneOwn>::NoMove.words(),
                )
            })
            .collect(),
    }
}

fn sample_hand() -> Vec<HandCard> {
    [
        (
            "Knight",
            "pieces/knight.webp",
            tr!("Move a knight", "Mueve un caballo"),
            true,
        ),
        (
            "Bishop",
            "pieces/bishop.webp",
            tr!("Move a bishop", "Mueve un alfil"),
            true,
        ),
        (
            "Rook",
            "pieces/rook.webp",
            tr!("Move a rook", "Mueve una torre"),
            false,
        ),
        (
            "Queen",
            "pieces/queen.webp",
            tr!("Move the queen", "Mueve la dama"),
            true,
        ),
        (
            "Pawn",
            "pieces/pawn.webp",
            tr!("Move a pawn", "Mueve un peón"),
            false,
        ),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (name, image, text, playable))| HandCard {
        key: name,
        id: i as u32 + 1,
        name: crate::i18n::word(name).to_string(),
        image: Some(image),
        text: text.to_string(),
        playable,
        note: Some(tr!("Not now", "Ahora no").to_string()),
    })
    .collect()
}

#[component]
pub fn Lab() -> impl IntoView {
    let pieces = RwSignal::new(sample_pieces());
    let tray = RwSignal::new(sample_tray());
    let flipped = RwSignal::new(false);
    let said = RwSignal::new(tr!("Nothing chosen yet.", "Aún no se ha elegido nada.").to_string());
    // A game that refuses the board's moves (as a buggy screen might send one): the board
    // has drawn the move at the tap, and must put the piece back.
    let refuse = RwSignal::new(false);
    let model = Memo::new(move |_| pieces.with(|p| tray.with(|t| lab_model(p, t, flipped.get()))));
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        if refuse.get_untracked() {
            said.set(trf!(
                "Refused {} to {}",
                "Rechazado {} a {}",
                square_name(from, SIZE),
                square_name(to, SIZE)
            ));
            return;
        }
        pieces.update(|all| {
            if let Some(p) = all.iter_mut().find(|p| p.at == from) {
                p.at = to;
            }
        });
        said.set(trf!(
            "Moved {} to {}",
            "Movido {} a {}",
            square_name(from, SIZE),
            square_name(to, SIZE)
        ));
    });
    let on_place = Callback::new(move |(id, at): (u16, u8)| {
        let Some(mut piece) = tray.with_untracked(|t| t.iter().find(|p| p.id == id).cloned())
        else {
            return;
        };
        tray.update(|t| t.retain(|p| p.id != id));
        piece.at = at;
        said.set(trf!(
            "Placed {} on {}",
            "Colocada {} en {}",
            piece.label,
            square_name(at, SIZE)
        ));
        pieces.update(|all| all.push(piece));
    });
    let cards = RwSignal::new(sample_hand());
    let chosen = RwSignal::new(None::<u32>);

    view! {
        <section class="lab">
            <h1>{tr!("Component lab", "Laboratorio de componentes")}</h1>
            <p class="lede">{tr!("The board and the hand as every game uses them. For developers: no game is played here.", "El tablero y la mano tal como los usa cada juego. Para desarrolladores: aquí no se juega ninguna partida.")}</p>
            <p class="lab-said" role="status" aria-live="polite">{move || said.get()}</p>
            <div class="actions">
                <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>{tr!("Turn the board", "Girar el tablero")}</button>
                <label><input type="checkbox" data-action="refuse" prop:checked=move || refuse.get()
                    on:change=move |ev| refuse.set(event_target_checked(&ev))/>{tr!(" The game refuses moves", " La partida rechaza las jugadas")}</label>
            </div>
            <Board model on_move on_place label=tr!("Lab board", "Tablero del laboratorio").get()/>
            <h2>{tr!("Hand", "Mano")}</h2>
            <Hand cards=cards label=tr!("Lab hand", "Mano del laboratorio").get() chosen/>
            <p class="lab-chosen">{move || match chosen.get() {
                Some(id) => cards.with(|c| c.iter().find(|c| c.id == id).map(|c| trf!("Chosen: {}", "Elegida: {}", c.name)).unwrap_or_default()),
                None => tr!("No card chosen.", "Ninguna carta elegida.").to_string(),
            }}</p>
            <DirectLink/>
            <h2>{tr!("Crash screen", "Pantalla de fallo")}</h2>
            <p>{tr!("A panic on purpose: the app must show its crash screen (Reload, Copy details), never a frozen page.", "Un fallo a propósito: la aplicación debe mostrar su pantalla de fallo (Recargar, Copiar detalles), nunca una página congelada.")}</p>
            <div class="actions">
                <button type="button" class="button" data-action="crash" on:click=|_| panic!("simulated crash (the component lab)")>{tr!("Crash the app", "Hacer fallar la aplicación")}</button>
            </div>
        </section>
    }
}

/// A direct link between two pages of the lab (two devices): one offers, the other answers,
/// each with a code alone; then they say hello. What the phones' play will stand on.
#[component]
fn DirectLink() -> impl IntoView {
    use crate::net::{Heard, Link};
    use intrigue_core::wire::handshake::Handshake;

    let link = StoredValue::new_local(None::<Link>);
    let code = RwSignal::new(String::new());
    let typed = RwSignal::new(String::new());
    let state = RwSignal::new("not connected".to_string());
    let heard = RwSignal::new(Vec::<String>::new());
    let on_heard = move |h: Heard| match h {
        Heard::Open => state.set("connected".into()),
        Heard::Closed => state.set("closed".into()),
        Heard::Failed => state.set("failed".into()),
        Heard::Message(bytes) => {
            heard.update(|all| all.push(String::from_utf8_lossy(&bytes).into_owned()))
        }
    };
    let offer = move |_| {
        leptos::task::spawn_local(async move {
            match Link::offer(on_heard).await {
                Ok((made, handshake)) => {
                    link.set_value(Some(made));
                    code.set(handshake.to_text());
                    state.set("waiting for the answer".into());
                }
                Err(why) => state.set(why),
            }
        });
    };
    let answer = move |_| {
        let Ok(offer) = Handshake::from_text(&typed.get_untracked()) else {
            state.set("That offer code cannot be read.".into());
            return;
        };
        leptos::task::spawn_local(async move {
            match Link::answer(&offer, on_heard).await {
                Ok((made, handshake)) => {
                    link.set_value(Some(made));
                    code.set(handshake.to_text());
                    state.set("answered: show this code to the other page".into());
                }
                Err(why) => state.set(why),
            }
        });
    };
    let complete = move |_| {
        let Ok(answer) = Handshake::from_text(&typed.get_untracked()) else {
            state.set("That answer code cannot be read.".into());
            return;
        };
        leptos::task::spawn_local(async move {
            // The link stays in its place while the answer completes it.
            let taken = link.try_update_value(Option::take).flatten();
            if let Some(made) = taken {
                if let Err(why) = made.complete(&answer).await {
                    state.set(why);
                }
                link.set_value(Some(made));
            }
        });
    };
    let hello = move |_| {
        let sent = link.with_value(|l| l.as_ref().is_some_and(|l| l.send(b"hello")));
        if !sent {
            state.set("not sent: the link is not open".into());
        }
    };
    view! {
        <section class="lab-link" aria-labelledby="lab-link-title">
            <h2 id="lab-link-title">{tr!("Direct link", "Conexión directa")}</h2>
            <p>{tr!("Two pages, no server: one offers, the other answers with the offer's code, the first completes with the answer's.", "Dos páginas, sin servidor: una ofrece, la otra responde con el código de la oferta y la primera completa con el de la respuesta.")}</p>
            <p class="lab-link-state" role="status" data-state=move || state.get()>{move || state_words(&state.get())}</p>
            <output class="lab-link-code" data-code="">{move || code.get()}</output>
            <input type="text" aria-label=tr!("The other page's code", "El código de la otra página").get() prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))/>
            <div class="actions">
                <button type="button" class="button" data-action="offer" on:click=offer>{tr!("Offer", "Ofrecer")}</button>
                <button type="button" class="button" data-action="answer" on:click=answer>{tr!("Answer", "Responder")}</button>
                <button type="button" class="button" data-action="complete" on:click=complete>{tr!("Complete", "Completar")}</button>
                <button type="button" class="button" data-action="hello" on:click=hello>{tr!("Say hello", "Saludar")}</button>
            </div>
            <ul class="lab-link-heard">{move || heard.get().into_iter().map(|h| view! { <li>{h}</li> }).collect_view()}</ul>
        </section>
    }
}

/// The direct link's state in the page's language: its own states are kept in English (the
/// tests read them as `data-state`); a reason the link failed is the page's already.
fn state_words(state: &str) -> String {
    match state {
        "not connected" => tr!("not connected", "sin conectar").to_string(),
        "connected" => tr!("connected", "conectada").to_string(),
        "closed" => tr!("closed", "cerrada").to_string(),
        "failed" => tr!("failed", "fallida").to_string(),
        "waiting for the answer" => {
            tr!("waiting for the answer", "esperando la respuesta").to_string()
        }
        "answered: show this code to the other page" => tr!(
            "answered: show this code to the other page",
            "respondida: muestra este código a la otra página"
        )
        .to_string(),
        "That offer code cannot be read." => tr!(
            "That offer code cannot be read.",
            "No se puede leer ese código de oferta."
        )
        .to_string(),
        "That answer code cannot be read." => tr!(
            "That answer code cannot be read.",
            "No se puede leer ese código de respuesta."
        )
        .to_string(),
        "not sent: the link is not open" => tr!(
            "not sent: the link is not open",
            "no enviado: la conexión no está abierta"
        )
        .to_string(),
        other => other.to_string(),
    }
}

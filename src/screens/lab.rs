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
    let own = |id: u16, at: u8, image: &'static str, label: &str| BoardPiece {
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
            "Opponent's knight (unmasked)".to_string()
        } else {
            "Opponent's piece".to_string()
        },
        badge: None,
    };
    vec![
        own(1, 0, "pieces/rook.webp", "Your rook"),
        own(2, 1, "pieces/knight.webp", "Your knight"),
        own(3, SIZE + 2, "pieces/pawn.webp", "Your pawn"),
        theirs(11, 9 * SIZE + 5, Face::Down),
        theirs(12, 8 * SIZE + 6, Face::Down),
        theirs(13, 7 * SIZE + 3, Face::Shown),
    ]
}

fn sample_tray() -> Vec<BoardPiece> {
    [
        (21, "pieces/bishop.webp", "Your bishop"),
        (22, "pieces/queen.webp", "Your queen"),
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
    let destinations = pieces
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
    BoardModel {
        width: SIZE,
        height: SIZE,
        pieces: pieces.to_vec(),
        destinations,
        last_move: None,
        recent: Vec::new(),
        blocked: vec![VOLCANO],
        check: None,
        flipped,
        drops: tray.iter().map(|p| (p.id, third_rank.clone())).collect(),
        tray: tray.to_vec(),
        tap_shows: TapShows::EveryMove,
    }
}

fn sample_hand() -> Vec<HandCard> {
    [
        ("Knight", "pieces/knight.webp", "Move a knight", true),
        ("Bishop", "pieces/bishop.webp", "Move a bishop", true),
        ("Rook", "pieces/rook.webp", "Move a rook", false),
        ("Queen", "pieces/queen.webp", "Move the queen", true),
        ("Pawn", "pieces/pawn.webp", "Move a pawn", false),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (name, image, text, playable))| HandCard {
        id: i as u16 + 1,
        name: name.to_string(),
        image: Some(image),
        text: text.to_string(),
        playable,
        note: Some("Not now".into()),
    })
    .collect()
}

#[component]
pub fn Lab() -> impl IntoView {
    let pieces = RwSignal::new(sample_pieces());
    let tray = RwSignal::new(sample_tray());
    let flipped = RwSignal::new(false);
    let said = RwSignal::new(String::from("Nothing chosen yet."));
    // A game that refuses the board's moves (as a buggy screen might send one): the board
    // has drawn the move at the tap, and must put the piece back.
    let refuse = RwSignal::new(false);
    let model = Memo::new(move |_| pieces.with(|p| tray.with(|t| lab_model(p, t, flipped.get()))));
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        if refuse.get_untracked() {
            said.set(format!(
                "Refused {} to {}",
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
        said.set(format!(
            "Moved {} to {}",
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
        said.set(format!(
            "Placed {} on {}",
            piece.label,
            square_name(at, SIZE)
        ));
        pieces.update(|all| all.push(piece));
    });
    let cards = RwSignal::new(sample_hand());
    let chosen = RwSignal::new(None::<u16>);

    view! {
        <section class="lab">
            <h1>"Component lab"</h1>
            <p class="lede">"The board and the hand as every game uses them. For developers: no game is played here."</p>
            <p class="lab-said" role="status" aria-live="polite">{move || said.get()}</p>
            <div class="actions">
                <button type="button" class="button" on:click=move |_| flipped.update(|f| *f = !*f)>"Turn the board"</button>
                <label><input type="checkbox" data-action="refuse" prop:checked=move || refuse.get()
                    on:change=move |ev| refuse.set(event_target_checked(&ev))/>" The game refuses moves"</label>
            </div>
            <Board model on_move on_place label="Lab board"/>
            <h2>"Hand"</h2>
            <Hand cards=cards label="Lab hand" chosen/>
            <p class="lab-chosen">{move || match chosen.get() {
                Some(id) => cards.with(|c| c.iter().find(|c| c.id == id).map(|c| format!("Chosen: {}", c.name)).unwrap_or_default()),
                None => "No card chosen.".to_string(),
            }}</p>
            <DirectLink/>
            <h2>"Crash screen"</h2>
            <p>"A panic on purpose: the app must show its crash screen (Reload, Copy details), never a frozen page."</p>
            <div class="actions">
                <button type="button" class="button" data-action="crash" on:click=|_| panic!("simulated crash (the component lab)")>"Crash the app"</button>
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
            <h2 id="lab-link-title">"Direct link"</h2>
            <p>"Two pages, no server: one offers, the other answers with the offer's code, the first completes with the answer's."</p>
            <p class="lab-link-state" role="status" data-state=move || state.get()>{move || state.get()}</p>
            <output class="lab-link-code" data-code="">{move || code.get()}</output>
            <input type="text" aria-label="The other page's code" prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))/>
            <div class="actions">
                <button type="button" class="button" data-action="offer" on:click=offer>"Offer"</button>
                <button type="button" class="button" data-action="answer" on:click=answer>"Answer"</button>
                <button type="button" class="button" data-action="complete" on:click=complete>"Complete"</button>
                <button type="button" class="button" data-action="hello" on:click=hello>"Say hello"</button>
            </div>
            <ul class="lab-link-heard">{move || heard.get().into_iter().map(|h| view! { <li>{h}</li> }).collect_view()}</ul>
        </section>
    }
}

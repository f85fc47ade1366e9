//! The component lab (`#/lab`): the rule-free board and hand with sample pieces and cards,
//! so a developer (and the browser tests) can see every face, owner, side and the tray
//! without a game, and a button that panics on purpose (the crash screen's test). Nothing links here; it is its own lazily loaded part, like the table's
//! screens. The lab's "rules" are only what it needs to offer moves: one step sideways or
//! forward onto an empty square, drops onto the third rank.

use leptos::prelude::*;

use crate::components::{Board, BoardModel, BoardPiece, Face, Hand, HandCard, square_name};

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
            "pieces/knight.svg"
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
        own(1, 0, "pieces/rook.svg", "Your rook"),
        own(2, 1, "pieces/knight.svg", "Your knight"),
        own(3, SIZE + 2, "pieces/pawn.svg", "Your pawn"),
        theirs(11, 9 * SIZE + 5, Face::Down),
        theirs(12, 8 * SIZE + 6, Face::Down),
        theirs(13, 7 * SIZE + 3, Face::Shown),
    ]
}

fn sample_tray() -> Vec<BoardPiece> {
    [
        (21, "pieces/bishop.svg", "Your bishop"),
        (22, "pieces/queen.svg", "Your queen"),
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
    }
}

fn sample_hand() -> Vec<HandCard> {
    [
        ("Knight", "pieces/knight.svg", "Move a knight", true),
        ("Bishop", "pieces/bishop.svg", "Move a bishop", true),
        ("Rook", "pieces/rook.svg", "Move a rook", false),
        ("Queen", "pieces/queen.svg", "Move the queen", true),
        ("Pawn", "pieces/pawn.svg", "Move a pawn", false),
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
    let model = Memo::new(move |_| pieces.with(|p| tray.with(|t| lab_model(p, t, flipped.get()))));
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
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
            </div>
            <Board model on_move on_place label="Lab board"/>
            <h2>"Hand"</h2>
            <Hand cards=cards label="Lab hand" chosen/>
            <p class="lab-chosen">{move || match chosen.get() {
                Some(id) => cards.with(|c| c.iter().find(|c| c.id == id).map(|c| format!("Chosen: {}", c.name)).unwrap_or_default()),
                None => "No card chosen.".to_string(),
            }}</p>
            <h2>"Crash screen"</h2>
            <p>"A panic on purpose: the app must show its crash screen (Reload, Copy details), never a frozen page."</p>
            <div class="actions">
                <button type="button" class="button" data-action="crash" on:click=|_| panic!("simulated crash (the component lab)")>"Crash the app"</button>
            </div>
        </section>
    }
}

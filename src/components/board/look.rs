//! Every square's look, from the model and the choice in hand, as plain data (classes and
//! an accessible name per square): the board draws it into the page where it changed
//! (`draw`). Tested natively.

use super::choice::Choice;
use super::model::{BoardModel, BoardPiece, square_name};

/// One square as drawn: its classes and its accessible name.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SquareLook {
    pub(super) class: String,
    pub(super) aria: String,
}

/// What a tap on `index` says of its piece ("c4: Spy"), for a board that tells.
pub(super) fn piece_said(m: &BoardModel, index: u8) -> Option<String> {
    let piece = m.pieces.iter().find(|p| p.at == index)?;
    Some(format!("{}: {}", square_name(index, m.width), piece.label))
}

/// A tray piece placed on `on`, said.
pub(super) fn placed_said(m: &BoardModel, on: u8) -> String {
    trf!("Placed on {}.", "Colocada en {}.", square_name(on, m.width))
}

/// A tap on `index`, which is no square for the chosen tray piece, said with what to do.
pub(super) fn not_here_said(m: &BoardModel, index: u8) -> String {
    trf!(
        "{} is not a square for this piece: tap one of the marked squares.",
        "{} no es una casilla para esta pieza: toca una de las casillas marcadas.",
        square_name(index, m.width)
    )
}

/// Every square's look, indexed by square, in one pass over the model.
pub(super) fn looks(m: &BoardModel, choice: Choice) -> Vec<SquareLook> {
    let count = usize::from(m.width) * usize::from(m.height);
    let mut at: Vec<Option<&BoardPiece>> = vec![None; count];
    for p in &m.pieces {
        if let Some(slot) = at.get_mut(usize::from(p.at)) {
            *slot = Some(p);
        }
    }
    let mut movable = vec![false; count];
    for (from, to) in &m.destinations {
        if !to.is_empty()
            && let Some(slot) = movable.get_mut(usize::from(*from))
        {
            *slot = true;
        }
    }
    let targets = match (choice.from, choice.placing) {
        (Some(from), _) => m.targets(from),
        (None, Some(id)) => m.drop_squares(id),
        (None, None) => Vec::new(),
    };
    (0..count)
        .map(|i| {
            let index = i as u8;
            let (file, rank) = (index % m.width, index / m.width);
            let piece = at[i];
            let blocked = m.blocked.contains(&index);
            let mut class = String::from("sq");
            class.push_str(if (file + rank).is_multiple_of(2) {
                " dark"
            } else {
                " light"
            });
            if blocked {
                class.push_str(" blocked");
            }
            if m.marked.contains(&index) {
                class.push_str(" zone");
            }
            let last = m.last_move.is_some_and(|(a, b)| a == index || b == index)
                || m.recent.contains(&index);
            if last {
                class.push_str(" last");
            }
            if m.check == Some(index) {
                class.push_str(" check");
            }
            if movable[i] {
                class.push_str(" movable");
            }
            if choice.from == Some(index) {
                class.push_str(" selected");
            }
            if choice.dragging == Some(index) {
                class.push_str(" ghosted");
            }
            if targets.contains(&index) {
                class.push_str(if piece.is_some() {
                    " dest capture"
                } else {
                    " dest"
                });
            }
            let name = square_name(index, m.width);
            let mut aria = match piece {
                Some(p) => format!("{name}, {}", p.label),
                None if blocked && !m.blocked_word.is_empty() => {
                    format!("{name}, {}", m.blocked_word)
                }
                None => name,
            };
            // What the colours show, said in words too (colour is never the only signal).
            // In the page's language, as everything a screen reader hears.
            for (on, words) in [
                (m.check == Some(index), tr!(", in check", ", en jaque")),
                (
                    m.last_move.is_some_and(|(a, b)| a == index || b == index),
                    tr!(", last move", ", última jugada"),
                ),
                (
                    movable[i] && choice.from != Some(index),
                    tr!(", can move", ", se puede mover"),
                ),
                (
                    choice.from == Some(index),
                    tr!(", picked up", ", levantada"),
                ),
                (
                    targets.contains(&index) && piece.is_some(),
                    tr!(", can capture", ", se puede capturar"),
                ),
                (
                    targets.contains(&index) && piece.is_none(),
                    tr!(", can move here", ", se puede mover aquí"),
                ),
            ] {
                if on {
                    aria.push_str(words.get());
                }
            }
            SquareLook { class, aria }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::board::model::Face;
    use crate::i18n::{Lang, speak};

    /// The squares say in classes and in words what the colours show: a piece that can
    /// move, the one picked up, where it may go (a capture too), the last move, a blocked
    /// square by its game's word.
    #[test]
    fn every_square_says_what_its_colours_show() {
        speak(Lang::En);
        let piece = |id: u16, at: u8, label: &str| BoardPiece {
            id,
            at,
            owner: Some(0),
            face: Face::Up,
            image: "",
            label: label.into(),
            badge: None,
        };
        let m = BoardModel {
            width: 3,
            height: 3,
            pieces: vec![piece(1, 0, "Rook"), piece(2, 4, "Spy")],
            destinations: vec![(0, vec![1, 4])],
            last_move: Some((2, 5)),
            blocked: vec![8],
            blocked_word: "volcano".into(),
            ..BoardModel::default()
        };
        let none = looks(&m, Choice::default());
        assert_eq!(none.len(), 9);
        assert_eq!(none[0].aria, "a1, Rook, can move");
        assert!(none[0].class.contains(" movable") && none[0].class.contains(" dark"));
        assert_eq!(none[2].aria, "c1, last move");
        assert!(none[5].class.contains(" last"));
        assert_eq!(none[8].aria, "c3, volcano");
        assert!(none[8].class.contains(" blocked"));
        let picked = looks(
            &m,
            Choice {
                from: Some(0),
                ..Choice::default()
            },
        );
        assert_eq!(picked[0].aria, "a1, Rook, picked up");
        assert!(picked[0].class.contains(" selected"));
        assert_eq!(picked[1].aria, "b1, can move here");
        assert!(picked[1].class.ends_with(" dest"));
        assert_eq!(picked[4].aria, "b2, Spy, can capture");
        assert!(picked[4].class.contains(" dest capture"));
        speak(Lang::Es);
        assert_eq!(
            looks(&m, Choice::default())[0].aria,
            "a1, Rook, se puede mover"
        );
        speak(Lang::En);
    }
}

//! How A City of Spies' board shows its pieces: each piece's look and name, and the
//! building's squares no piece may enter. Used by the game (`play`) and a round's set-up
//! (`setup`).

use intrigue_core::games::city_of_spies::board::BUILDING;
use intrigue_core::games::city_of_spies::{Piece, Square};

use super::secrets::picture;
use crate::components::{BoardPiece, Face};

pub(super) fn board_piece(square: Square, piece: Piece) -> BoardPiece {
    BoardPiece {
        // Each of the eleven pieces is one of a kind: its place in the Piece Cards.
        id: piece as u16,
        at: square as u8,
        owner: None,
        face: Face::Up,
        image: picture(piece.kind()),
        label: piece_words(piece),
        badge: piece.number(),
    }
}

pub(super) fn blocked() -> Vec<u8> {
    BUILDING.iter().map(|&sq| sq as u8).collect()
}

/// A piece by its name: "Rook 1", "Torre 1".
pub(super) fn piece_words(piece: impl std::fmt::Display) -> String {
    crate::i18n::said(&piece.to_string())
}

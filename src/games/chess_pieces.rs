//! Chess pieces as the chess games draw and name them (Carousel Chess, the deckbuilder).

use intrigue_core::games::carousel_chess::chess::{Color, Role};

/// The picture of a piece.
pub(crate) fn picture(colour: Color, role: Role) -> &'static str {
    match (colour, role) {
        (Color::White, Role::King) => "chess/wk.svg",
        (Color::White, Role::Queen) => "chess/wq.svg",
        (Color::White, Role::Rook) => "chess/wr.svg",
        (Color::White, Role::Bishop) => "chess/wb.svg",
        (Color::White, Role::Knight) => "chess/wn.svg",
        (Color::White, Role::Pawn) => "chess/wp.svg",
        (Color::Black, Role::King) => "chess/bk.svg",
        (Color::Black, Role::Queen) => "chess/bq.svg",
        (Color::Black, Role::Rook) => "chess/br.svg",
        (Color::Black, Role::Bishop) => "chess/bb.svg",
        (Color::Black, Role::Knight) => "chess/bn.svg",
        (Color::Black, Role::Pawn) => "chess/bp.svg",
    }
}

/// A colour's name.
pub(crate) fn colour_name(colour: Color) -> &'static str {
    match colour {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A piece's name, in lower case.
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

//! Chess pieces as the chess games draw and name them (Carousel Chess, the deckbuilder).

use intrigue_core::games::carousel_chess::chess::{Color, Role};

/// The picture of a piece.
pub(crate) fn picture(colour: Color, role: Role) -> &'static str {
    match (colour, role) {
        (Color::White, Role::King) => "chess/wk.webp",
        (Color::White, Role::Queen) => "chess/wq.webp",
        (Color::White, Role::Rook) => "chess/wr.webp",
        (Color::White, Role::Bishop) => "chess/wb.webp",
        (Color::White, Role::Knight) => "chess/wn.webp",
        (Color::White, Role::Pawn) => "chess/wp.webp",
        (Color::Black, Role::King) => "chess/bk.webp",
        (Color::Black, Role::Queen) => "chess/bq.webp",
        (Color::Black, Role::Rook) => "chess/br.webp",
        (Color::Black, Role::Bishop) => "chess/bb.webp",
        (Color::Black, Role::Knight) => "chess/bn.webp",
        (Color::Black, Role::Pawn) => "chess/bp.webp",
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

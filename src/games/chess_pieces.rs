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

/// A colour's name: "White", "Blancas".
pub(crate) fn colour_name(colour: Color) -> &'static str {
    match colour {
        Color::White => tr!("White", "Blancas"),
        Color::Black => tr!("Black", "Negras"),
    }
    .get()
}

/// A piece's name, in lower case: "knight", "caballo".
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => tr!("king", "rey"),
        Role::Queen => tr!("queen", "dama"),
        Role::Rook => tr!("rook", "torre"),
        Role::Bishop => tr!("bishop", "alfil"),
        Role::Knight => tr!("knight", "caballo"),
        Role::Pawn => tr!("pawn", "peón"),
    }
    .get()
}

/// A piece by its colour: "White knight", "caballo blanco", "dama negra".
pub(crate) fn piece_name(colour: Color, role: Role) -> String {
    if !crate::i18n::es() {
        return format!("{} {}", colour_name(colour), role_name(role));
    }
    let feminine = matches!(role, Role::Queen | Role::Rook);
    let adjective = match (colour, feminine) {
        (Color::White, false) => "blanco",
        (Color::White, true) => "blanca",
        (Color::Black, false) => "negro",
        (Color::Black, true) => "negra",
    };
    format!("{} {adjective}", role_name(role))
}

/// "for White", "por las blancas".
pub(crate) fn for_colour(colour: Color) -> &'static str {
    match colour {
        Color::White => tr!("for White", "por las blancas"),
        Color::Black => tr!("for Black", "por las negras"),
    }
    .get()
}

/// A colour as styles and tests name it, in any language: "white", "black".
pub(crate) fn colour_slug(colour: Color) -> &'static str {
    match colour {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A move in the notation chess players of the page's language write: "Nf3" in English,
/// "Cf3" in Spanish (R rey, D dama, T torre, A alfil, C caballo).
pub(crate) fn san(english: &str) -> String {
    if !crate::i18n::es() {
        return english.to_string();
    }
    english
        .chars()
        .map(|c| match c {
            'K' => 'R',
            'Q' => 'D',
            'R' => 'T',
            'B' => 'A',
            'N' => 'C',
            other => other,
        })
        .collect()
}

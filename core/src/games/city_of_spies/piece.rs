//! The eleven neutral pieces. Each identity is also one of the eleven Piece Cards.

use std::fmt;

/// What a piece moves like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    Knight,
    Bishop,
    Rook,
    Pawn,
    Queen,
}

impl PieceKind {
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Knight => "Knight",
            PieceKind::Bishop => "Bishop",
            PieceKind::Rook => "Rook",
            PieceKind::Pawn => "Pawn",
            PieceKind::Queen => "Queen",
        }
    }
}

/// A piece with its identity: "Rook 2", "Pawn 3", "Queen" (RULINGS §1 Pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    Knight1,
    Knight2,
    Bishop1,
    Bishop2,
    Rook1,
    Rook2,
    Pawn1,
    Pawn2,
    Pawn3,
    Pawn4,
    Queen,
}

impl Piece {
    /// The deck of Piece Cards, in the order RULINGS §1 lists them. The deal shuffles a
    /// copy of this order, so it is part of the frozen deal algorithm.
    pub const ALL: [Piece; 11] = [
        Piece::Knight1,
        Piece::Knight2,
        Piece::Bishop1,
        Piece::Bishop2,
        Piece::Rook1,
        Piece::Rook2,
        Piece::Pawn1,
        Piece::Pawn2,
        Piece::Pawn3,
        Piece::Pawn4,
        Piece::Queen,
    ];

    pub fn kind(self) -> PieceKind {
        match self {
            Piece::Knight1 | Piece::Knight2 => PieceKind::Knight,
            Piece::Bishop1 | Piece::Bishop2 => PieceKind::Bishop,
            Piece::Rook1 | Piece::Rook2 => PieceKind::Rook,
            Piece::Pawn1 | Piece::Pawn2 | Piece::Pawn3 | Piece::Pawn4 => PieceKind::Pawn,
            Piece::Queen => PieceKind::Queen,
        }
    }

    /// The badge that tells twins apart: 1–2 for knights, bishops and rooks, 1–4 for
    /// pawns, none for the queen.
    pub fn number(self) -> Option<u8> {
        match self {
            Piece::Knight1 | Piece::Bishop1 | Piece::Rook1 | Piece::Pawn1 => Some(1),
            Piece::Knight2 | Piece::Bishop2 | Piece::Rook2 | Piece::Pawn2 => Some(2),
            Piece::Pawn3 => Some(3),
            Piece::Pawn4 => Some(4),
            Piece::Queen => None,
        }
    }

    /// "Rook 2", "Queen".
    pub fn label(self) -> String {
        match self.number() {
            Some(n) => format!("{} {n}", self.kind().name()),
            None => self.kind().name().to_string(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eleven_distinct_identities_as_the_rulings_list_them() {
        let labels: Vec<String> = Piece::ALL.iter().map(|p| p.label()).collect();
        assert_eq!(
            labels,
            [
                "Knight 1", "Knight 2", "Bishop 1", "Bishop 2", "Rook 1", "Rook 2", "Pawn 1",
                "Pawn 2", "Pawn 3", "Pawn 4", "Queen"
            ]
        );
        let count = |kind| Piece::ALL.iter().filter(|p| p.kind() == kind).count();
        assert_eq!(count(PieceKind::Knight), 2);
        assert_eq!(count(PieceKind::Bishop), 2);
        assert_eq!(count(PieceKind::Rook), 2);
        assert_eq!(count(PieceKind::Pawn), 4);
        assert_eq!(count(PieceKind::Queen), 1);
    }
}

//! The board (RULINGS §1 Board, Movement): 8×8 with a building on c4, c5, d3, d6, e3, e6,
//! f4 and f5. The building is a permanent blocker that is never a destination: sliders
//! stop in front of it, knights jump it. Knight, bishop, rook and queen attacks come from
//! shakmaty; the pawn is this game's own: one step up, down, left or right onto an empty
//! square, or a capture one step diagonally in any direction. Any piece captures any piece.

use shakmaty::{Bitboard, File, Rank, Square, attacks};

use super::piece::{Piece, PieceKind};

/// The building's eight squares.
pub const BUILDING: [Square; 8] = [
    Square::C4,
    Square::C5,
    Square::D3,
    Square::D6,
    Square::E3,
    Square::E6,
    Square::F4,
    Square::F5,
];

pub fn building() -> Bitboard {
    BUILDING
        .iter()
        .fold(Bitboard::EMPTY, |bb, &sq| bb | Bitboard::from_square(sq))
}

pub fn is_building(square: Square) -> bool {
    BUILDING.contains(&square)
}

/// One move: the piece on `from` goes to `to`, capturing whatever stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Which piece stands where. Pieces never stand on the building.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    at: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    pub fn empty() -> Board {
        Board { at: [None; 64] }
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.at[square as usize]
    }

    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        Square::ALL
            .into_iter()
            .find(|&sq| self.at[sq as usize] == Some(piece))
    }

    /// Every piece with its square, a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::ALL
            .into_iter()
            .filter_map(|sq| self.at[sq as usize].map(|p| (sq, p)))
    }

    pub fn occupied(&self) -> Bitboard {
        self.pieces().fold(Bitboard::EMPTY, |bb, (sq, _)| {
            bb | Bitboard::from_square(sq)
        })
    }

    /// Put a piece down (set-up and position text). Refuses the building and taken squares.
    pub fn place(&mut self, square: Square, piece: Piece) -> Result<(), String> {
        if is_building(square) {
            return Err(format!("{square} is part of the building"));
        }
        if let Some(other) = self.piece_at(square) {
            return Err(format!("{square} already holds {other}"));
        }
        if self.square_of(piece).is_some() {
            return Err(format!("{piece} is on the board twice"));
        }
        self.at[square as usize] = Some(piece);
        Ok(())
    }

    /// Where the piece on `from` may go (empty squares and captures).
    pub fn destinations(&self, from: Square) -> Bitboard {
        self.destinations_among(from, self.occupied() | building())
    }

    /// For every square, how many pieces could move onto it next (every piece is
    /// anyone's): for a piece's square, how many could take it.
    pub fn reach(&self) -> [u8; 64] {
        let blockers = self.occupied() | building();
        let mut counts = [0u8; 64];
        for (from, _) in self.pieces() {
            for to in self.destinations_among(from, blockers) {
                counts[to as usize] += 1;
            }
        }
        counts
    }

    /// Take back `mv`, which moved `piece` and took `captured` (a round replayed
    /// backwards from the board it reached).
    pub fn unplay(&mut self, mv: Move, piece: Piece, captured: Option<Piece>) {
        self.at[mv.from as usize] = Some(piece);
        self.at[mv.to as usize] = captured;
    }

    fn destinations_among(&self, from: Square, blockers: Bitboard) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let reach = match piece.kind() {
            PieceKind::Knight => attacks::knight_attacks(from),
            PieceKind::Bishop => attacks::bishop_attacks(from, blockers),
            PieceKind::Rook => attacks::rook_attacks(from, blockers),
            PieceKind::Queen => attacks::queen_attacks(from, blockers),
            PieceKind::Pawn => return self.pawn_destinations(from),
        };
        reach & !building()
    }

    fn pawn_destinations(&self, from: Square) -> Bitboard {
        let step = |df: i32, dr: i32| -> Option<Square> {
            let file = from.file().offset(df)?;
            let rank = from.rank().offset(dr)?;
            Some(Square::from_coords(file, rank))
        };
        let mut to = Bitboard::EMPTY;
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            if let Some(sq) =
                step(df, dr).filter(|&sq| !is_building(sq) && self.piece_at(sq).is_none())
            {
                to |= Bitboard::from_square(sq);
            }
        }
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if let Some(sq) = step(df, dr).filter(|&sq| self.piece_at(sq).is_some()) {
                to |= Bitboard::from_square(sq);
            }
        }
        to
    }

    /// Every move on the board: any piece may be moved by any player.
    pub fn moves(&self) -> Vec<Move> {
        self.pieces()
            .flat_map(|(from, _)| {
                self.destinations(from)
                    .into_iter()
                    .map(move |to| Move { from, to })
            })
            .collect()
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.destinations(mv.from).contains(mv.to)
    }

    /// Play a legal move; returns the captured piece. Illegal moves change nothing.
    pub fn play(&mut self, mv: Move) -> Result<Option<Piece>, String> {
        let Some(piece) = self.piece_at(mv.from) else {
            return Err(format!("there is no piece on {}", mv.from));
        };
        if !self.is_legal(mv) {
            return Err(format!("{piece} cannot go from {} to {}", mv.from, mv.to));
        }
        let captured = self.at[mv.to as usize].replace(piece);
        self.at[mv.from as usize] = None;
        Ok(captured)
    }
}

/// Count move sequences of `depth` plies, every piece movable at every ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = board.clone();
            next.play(mv).expect("generated moves are legal");
            perft(&next, depth - 1)
        })
        .sum()
}

/// Squares by file and rank numbers (0-based), for code that walks the board.
pub fn square(file: u32, rank: u32) -> Square {
    Square::from_coords(File::new(file), Rank::new(rank))
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;

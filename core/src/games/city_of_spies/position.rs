//! Position text for this board: the piece placement of FEN, ranks 8 to 1 separated by
//! `/`, letters N B R Q P for the pieces, digits for runs of empty squares. Building squares
//! are written as empty. Identities are given in reading order (a8 to h1): the first knight
//! read is Knight 1, the second Knight 2, and so on.

use shakmaty::Square;

use super::board::{Board, square};
use super::piece::{Piece, PieceKind};

fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::Knight => 'N',
        PieceKind::Bishop => 'B',
        PieceKind::Rook => 'R',
        PieceKind::Queen => 'Q',
        PieceKind::Pawn => 'P',
    }
}

pub fn write(board: &Board) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.piece_at(square(file, rank)) {
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from_digit(empty, 10).expect("at most 8"));
                        empty = 0;
                    }
                    text.push(letter(piece.kind()));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push(char::from_digit(empty, 10).expect("at most 8"));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

pub fn read(text: &str) -> Result<Board, String> {
    let ranks: Vec<&str> = text.trim().split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "a placement has 8 ranks separated by '/', this has {}",
            ranks.len()
        ));
    }
    let mut board = Board::empty();
    // Identities are handed out in reading order.
    let mut used: Vec<Piece> = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        for c in row.chars() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += run;
                continue;
            }
            let kind = match c {
                'N' | 'n' => PieceKind::Knight,
                'B' | 'b' => PieceKind::Bishop,
                'R' | 'r' => PieceKind::Rook,
                'Q' | 'q' => PieceKind::Queen,
                'P' | 'p' => PieceKind::Pawn,
                other => return Err(format!("'{other}' is not a piece of this game (N B R Q P)")),
            };
            if file >= 8 {
                return Err(format!("rank {} has more than 8 squares", rank + 1));
            }
            let piece = Piece::ALL
                .into_iter()
                .find(|p| p.kind() == kind && !used.contains(p))
                .ok_or_else(|| {
                    format!(
                        "too many pieces: {} {}s at most",
                        count(kind),
                        kind.name().to_lowercase()
                    )
                })?;
            used.push(piece);
            let sq: Square = square(file, rank);
            board.place(sq, piece)?;
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, not 8", rank + 1));
        }
    }
    Ok(board)
}

fn count(kind: PieceKind) -> usize {
    Piece::ALL.iter().filter(|p| p.kind() == kind).count()
}

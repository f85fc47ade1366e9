//! The chess beneath the cards: the position a question is asked of (the turn is the
//! deckbuilder's, not the chess library's side to move), a move made on the board, the
//! King's revival tried out, and the moves that escape a check without a card.

use std::num::NonZeroU32;

use shakmaty::uci::UciMove;
use shakmaty::{FromSetup, PositionError, Setup};

use super::*;

impl State {
    /// The position with `seat` to move, en passant open when `ep` is.
    pub(crate) fn position_for(&self, seat: u8, ep: Option<Square>) -> Result<Chess, Illegal> {
        let setup = Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: colour(seat),
            castling_rights: self.castling,
            ep_square: ep,
            remaining_checks: None,
            halfmoves: self.halfmoves,
            fullmoves: NonZeroU32::new(self.turn).unwrap_or(NonZeroU32::MIN),
        };
        // Stacked moves can reach checks FIDE play cannot (shakmaty calls them impossible);
        // the game goes on from them all the same.
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .map_err(|_| Illegal::BrokenBoard)
    }

    /// The position for the player to act: en passant only for the turn's first move.
    pub(crate) fn mover_position(&self) -> Result<Chess, Illegal> {
        self.position_for(self.seat, if self.moved { None } else { self.ep })
    }

    pub(super) fn revived(&self, at: Square, role: Role) -> Board {
        let mut board = self.board.clone();
        board.set_piece_at(
            at,
            Piece {
                color: colour(self.seat),
                role,
            },
        );
        board
    }

    pub(super) fn revival_mates(&self, at: Square, role: Role) -> bool {
        let mut after = self.clone();
        after.board = self.revived(at, role);
        after
            .position_for(1 - self.seat, None)
            .is_ok_and(|p| p.is_checkmate())
    }

    /// Every chess move of the card-less escape.
    pub(super) fn escapes(&self) -> Vec<ChessMove> {
        self.mover_position()
            .map(|p| p.legal_moves().into_iter().map(ChessMove::of).collect())
            .unwrap_or_default()
    }

    /// Make a chess move for the player to act; the events, and whether it gave check.
    pub(super) fn make_move(&mut self, m: Move, position: Chess) -> Result<(Done, bool), Illegal> {
        let san = SanPlus::from_move(position.clone(), m).to_string();
        let captured = match m {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        };
        let zeroing = m.is_zeroing();
        let double = match m {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } if from.distance(to) == 2 => Some(Square::from_coords(
                from.file(),
                if self.seat == 0 {
                    shakmaty::Rank::Third
                } else {
                    shakmaty::Rank::Sixth
                },
            )),
            _ => None,
        };
        let after = position
            .play(m)
            .map_err(|_| Illegal::NotLegal(ChessMove::of(m)))?;
        self.board = after.board().clone();
        self.castling = after.castles().castling_rights();
        self.halfmoves = if zeroing { 0 } else { self.halfmoves + 1 };
        if let Some(role) = captured {
            self.players[usize::from(1 - self.seat)].lost.push(role);
        }
        self.moved = true;
        self.double_step = double;
        Ok((
            Done::Moved {
                san,
                mv: ChessMove::of(m),
                captured,
            },
            after.is_check(),
        ))
    }
}

/// Whether `m` gives checkmate from `position`.
pub(super) fn mates(position: &Chess, m: Move) -> bool {
    position
        .clone()
        .play(m)
        .is_ok_and(|after| after.is_checkmate())
}

pub(super) fn uci_move(position: &Chess, m: ChessMove) -> Result<Move, Illegal> {
    UciMove::Normal {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    }
    .to_move(position)
    .map_err(|_| Illegal::NotLegal(m))
}

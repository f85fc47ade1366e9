//! Why A City of Spies refuses an action: values the app words in the page's language
//! (`Display` is English, for tools and tests).

use std::fmt;

use shakmaty::Square;

use super::board::Move;
use super::piece::Piece;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    /// The layout cannot be set up (a piece on the building, twice, …).
    ImpossibleSetUp,
    /// The pieces are not set up yet: only a set-up is played now.
    SetUpFirst,
    /// It is a turn: only a move (or a pass, when nothing can move) is played now.
    MoveAPiece,
    /// A capture's claim question is open: claim or decline.
    AnswerTheClaim,
    /// A pass while a move is possible.
    MayNotPass,
    NoPieceOn(Square),
    /// The piece does not go that way (or the way is blocked, or it is the building).
    CannotGo { piece: Piece, mv: Move },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("The game is over."),
            Illegal::ImpossibleSetUp => f.write_str("That set-up is not possible."),
            Illegal::SetUpFirst => f.write_str("Set up the pieces first."),
            Illegal::MoveAPiece => f.write_str("It is time to move a piece."),
            Illegal::AnswerTheClaim => f.write_str("First answer the claim question."),
            Illegal::MayNotPass => f.write_str("A player who can move may not pass."),
            Illegal::NoPieceOn(square) => write!(f, "There is no piece on {square}."),
            Illegal::CannotGo { piece, mv } => {
                write!(f, "{piece} cannot go from {} to {}.", mv.from, mv.to)
            }
        }
    }
}

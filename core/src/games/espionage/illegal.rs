//! Why Espionage refuses an action: values the app words in the page's language
//! (`Display` is English, for tools and tests). Squares are carried by name ("c4"): a
//! name depends on the board's width, and it reads the same in every language.

use std::fmt;

use super::army::Kind;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    /// The army does not fit the set-up rows, or is not the army of the rules.
    ImpossibleSetUp,
    /// A move, a submit or a resignation before both armies are set up.
    SetUpFirst,
    AlreadySetUp,
    OffTheBoard,
    NoPieceOn(String),
    NotYours(String),
    /// A mine or a headquarters never moves.
    NeverMoves(Kind),
    /// Both moves of the turn are made: submit it.
    BothMovesMade,
    /// The piece moved already this turn.
    MovedAlready,
    /// Not one step straight to a neighbour.
    NotAStep { from: String, to: String },
    IntoAVolcano(String),
    /// The piece left that square last turn (the no-return rule).
    NoReturn(String),
    /// Any other reason (a piece of one's own in the way).
    NotNow { from: String, to: String },
    /// A submit before any move.
    MoveFirst,
    /// A submit after one move while another piece can still move.
    SecondMoveFirst,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("The game is over."),
            Illegal::ImpossibleSetUp => f.write_str("This set-up cannot be played."),
            Illegal::SetUpFirst => {
                f.write_str("Both armies must be set up before the first move.")
            }
            Illegal::AlreadySetUp => f.write_str("Both armies are already set up."),
            Illegal::OffTheBoard => f.write_str("That square is not on this board."),
            Illegal::NoPieceOn(a) => write!(f, "There is no piece on {a}."),
            Illegal::NotYours(a) => write!(f, "The piece on {a} is not yours."),
            Illegal::NeverMoves(kind) => {
                write!(f, "A {} never moves.", kind.name().to_lowercase())
            }
            Illegal::BothMovesMade => {
                f.write_str("Both moves of this turn are made: submit the turn.")
            }
            Illegal::MovedAlready => {
                f.write_str("This piece has already moved this turn: move another one.")
            }
            Illegal::NotAStep { from, to } => write!(
                f,
                "A piece steps one square straight: {from} to {to} is not a step."
            ),
            Illegal::IntoAVolcano(b) => write!(f, "Nothing may enter the volcano on {b}."),
            Illegal::NoReturn(b) => write!(
                f,
                "This piece left {b} last turn: it may not go back there until the next turn."
            ),
            Illegal::NotNow { from, to } => write!(f, "{from} to {to} is not a legal move now."),
            Illegal::MoveFirst => f.write_str("Make your two moves first."),
            Illegal::SecondMoveFirst => {
                f.write_str("Another piece can still move: make the second move first.")
            }
        }
    }
}

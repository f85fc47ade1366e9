//! Why Carousel chess refuses a ply: values the app words in the page's language
//! (`Display` is English, for tools and tests).

use std::fmt;

use super::game::{Action, End};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game ended, and how.
    GameOver(End),
    /// Not a legal chess move in this position.
    NotLegal(Action),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver(end) => write!(f, "The game is over ({}).", end.describe()),
            Illegal::NotLegal(action) => {
                write!(f, "{}{} is not a legal move here.", action.from, action.to)
            }
        }
    }
}

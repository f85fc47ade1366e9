//! The computer player of this game (see `crate::bots`).

use super::game::Usurp;
use crate::bots::{Bot, Computer, Level};

impl Computer for Usurp {
    fn bot(level: Level) -> Option<Box<dyn Bot<Usurp>>> {
        let _ = level;
        None
    }
}

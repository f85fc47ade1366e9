//! The computer player of this game (see `crate::bots`).

use super::game::Deckbuilder;
use crate::bots::{Bot, Computer, Level};

impl Computer for Deckbuilder {
    fn bot(level: Level) -> Option<Box<dyn Bot<Deckbuilder>>> {
        let _ = level;
        None
    }
}

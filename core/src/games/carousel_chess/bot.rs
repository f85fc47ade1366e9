//! The computer player of this game (see `crate::bots`).

use super::game::CarouselChess;
use crate::bots::{Bot, Computer, Level};

impl Computer for CarouselChess {
    fn bot(level: Level) -> Option<Box<dyn Bot<CarouselChess>>> {
        let _ = level;
        None
    }
}

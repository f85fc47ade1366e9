//! The computer player of this game (see `crate::bots`).

use super::game::CityOfSpies;
use crate::bots::{Bot, Computer, Level};

impl Computer for CityOfSpies {
    fn bot(level: Level) -> Option<Box<dyn Bot<CityOfSpies>>> {
        let _ = level;
        None
    }
}

//! One folder per game: its pieces, deal, state, moves, views and notation, and its `INFO`
//! (what it declares about itself, see `catalogue`).
//!
//! Adding a game: write `games/<game>/` with `pub static INFO` and `pub const KIND` and a
//! `start`, then put its `KIND` in [`REGISTRY`] (replacing its announcement below, if it had
//! one) and its `start` in [`start`].

pub mod carousel_chess;
pub mod city_of_spies;
pub mod deckbuilder;
pub mod espionage;
pub mod usurp;

use crate::catalogue::{GameKind, Start};
use crate::table::ConfigError;

/// Every game in the box, in the order the box lists them: one line per game.
pub const REGISTRY: [GameKind; 5] = [
    city_of_spies::KIND,
    carousel_chess::KIND,
    espionage::KIND,
    usurp::KIND,
    deckbuilder::KIND,
];

/// A fresh game of `kind` on screen, as record text: one line per playable game. (Not a
/// function pointer in `GameInfo`: the page that lists the games would then carry every
/// game's deal and record code in its first load.) `GameKind::start` checks the players
/// and options first.
pub(crate) fn start(kind: GameKind, start: &Start) -> Result<String, ConfigError> {
    match kind {
        k if k == city_of_spies::KIND => city_of_spies::start(start),
        k if k == carousel_chess::KIND => carousel_chess::start(start),
        k if k == espionage::KIND => espionage::start(start),
        k if k == usurp::KIND => usurp::start(start),
        k if k == deckbuilder::KIND => deckbuilder::start(start),
        _ => Err(ConfigError::NotPlayable(kind)),
    }
}

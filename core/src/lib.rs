//! `intrigue-core`: every rule, deal and bot of Intrigue.
//!
//! This crate never depends on anything web: the app in `src/` only renders views that
//! come from here and sends actions back. ARCHITECTURE.md (at the repository's root) is
//! the map.
//!
//! - `seed`: the seed, the PRNG and the shuffle (frozen algorithms).
//! - `bots`: computer players, given one seat's view and nothing more.
//! - `seats`: seats, viewers, set-up errors (the vocabulary below every game);
//!   `catalogue`: what a game declares; `games`: the registry and one folder per game;
//! - `secret_game`: a game that deals secrets, with the options that change its deal;
//!   `table`: the deal a table holds, its save and its reveal code.
//! - `share`: the bytes and text of every code (QR links and typed codes);
//!   `seat`: what a phone holds (its seat code, rounds codes, the checked reveal);
//!   `fingerprint`: the three table words and the round words.
//! - `games/<game>/`: one folder per game.
//! - `keyed`: identities that stay with an item of a listed thing (a card in a hand).

pub mod bots;
pub mod catalogue;
pub mod commit;
pub mod fingerprint;
pub mod game;
pub mod games;
pub mod keyed;
#[cfg(test)]
mod rules_pages;
pub mod seat;
pub mod seats;
pub mod secret_game;
pub mod seed;
pub mod share;
pub mod table;
pub mod table_id;
pub mod wire;

pub use catalogue::GameKind;
pub use fingerprint::Fingerprint;
pub use game::{Game, Record, ToAct, Unplayable};
pub use seat::{Code, Refused, RoundsCode, SeatCode, Secrets};
pub use seats::{ConfigError, Seats, Viewer};
pub use secret_game::SecretGame;
pub use seed::{Rng, Seed};
pub use share::ShareError;
pub use table::{RevealCode, TableDeal, TableId};

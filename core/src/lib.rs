//! `intrigue-core`: every rule, deal and bot of Intrigue.
//!
//! This crate never depends on anything web: the app in `src/` only renders views that
//! come from here and sends actions back. See `../shared/DESIGN.md` for the layout.
//!
//! - `seed`: the seed, the PRNG and the shuffle (frozen algorithms).
//! - `table`: seats, viewers, the deal a table hands out.
//! - `share`: share tokens (QR links and typed codes); `fingerprint`: the three words.
//! - `games/<game>/`: one folder per game.

pub mod catalogue;
pub mod fingerprint;
pub mod game;
pub mod games;
pub mod seed;
pub mod share;
pub mod table;

pub use catalogue::GameKind;
pub use fingerprint::Fingerprint;
pub use game::{Game, Illegal, Record, ToAct};
pub use seed::{Rng, Seed};
pub use share::{ShareError, ShareToken};
pub use table::{ConfigError, Seats, SecretGame, TableDeal, Viewer};

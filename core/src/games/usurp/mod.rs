//! Usurp (`shared/rules/usurp.md`, RULINGS §4): 2–5 players draw cards into town squares or
//! take a whole square, over three rounds, and score what their castles hold. One shared
//! device; everything is public but the order of the deck.
//!
//! - `cards`: the cards and collections as letters; `score`: the best arrangement in the
//!   castles and its breakdown (with the proof that it is the best);
//! - `game`: turns, rounds, the end; `view`: what everyone sees; `record`: a game as text.

pub mod cards;
mod bot;
pub mod fair;
pub mod fair_session;
pub mod game;
mod hard;
mod illegal;
pub mod record;
pub mod sample;
pub mod score;
pub mod view;
mod wire;

pub use cards::{Card, Counts};
pub use game::{Action, Config, Event, State, Usurp};
pub use illegal::Illegal;
pub use score::{Group, Loose, Scoring, best};
pub use view::{PlayerView, UsurpView};

use crate::catalogue::{GameInfo, GameKind};

/// What Usurp declares in the registry (`games::REGISTRY`).
pub static INFO: GameInfo = GameInfo {
    id: 4,
    tag: "usu",
    title: "Usurp",
    slug: "usurp",
    players: 2..=5,
    options: &[],
    secret_deal: false,
    secret_rounds: false,
};

pub const KIND: GameKind = GameKind::new(&INFO);

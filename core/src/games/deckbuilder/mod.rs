//! The Chess deckbuilder (`shared/rules/chess-deckbuilder.md`, RULINGS §5): two players play
//! chess, but a piece moves only when a card of its kind is played from hand; treasure buys
//! cards for the deck. Two players share one device; hands are private.
//!
//! - `cards`: the cards, their costs and effects, and the supply;
//! - `game`: the turn (action phase with stacking and the check rules, buy phase,
//!   clean-up), the end;
//! - `view`: what each seat sees (its own hand only); `position`: the position text and
//!   perft; `record`: a game as text.

pub mod cards;
mod bot;
pub mod fair;
pub mod fair_session;
mod hard;
mod sample;
pub mod game;
mod illegal;
// A whole state from a position text, secrets included: for perft (the `tools` feature)
// and tests, never for the app.
#[cfg(any(test, feature = "tools"))]
pub mod position;
pub mod record;
pub mod view;
mod wire;

/// The chess types a screen needs.
pub mod chess {
    pub use shakmaty::{Color, Role, Square};
}

pub use cards::{Card, Supply};
pub use game::{
    Action, ChessMove, Config, Deckbuilder, Done, End, Event, How, Phase, State, colour,
};
pub use illegal::Illegal;
pub use view::{DeckbuilderView, Piles};

use crate::catalogue::{DealOption, GameInfo, GameKind};

/// What the Chess deckbuilder declares in the registry (`games::REGISTRY`).
pub static INFO: GameInfo = GameInfo {
    id: 5,
    tag: "cdb",
    title: "Chess Deckbuilder",
    slug: "chess-deckbuilder",
    players: 2..=2,
    // The bits of `Config::from_options`.
    options: &[DealOption {
        label: "A short supply: half of every pile",
        code_bit: None,
        choices: &[],
    }],
    secret_deal: false,
    secret_rounds: false,
};

pub const KIND: GameKind = GameKind::new(&INFO);

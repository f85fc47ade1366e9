//! A City of Spies (`shared/rules/city-of-spies.md`, RULINGS §1).
//!
//! - `piece`: the eleven pieces (and Piece Cards); `board`: the building, moves, perft;
//! - `layout`: standard and random set-ups; `position`: the position text;
//! - `deal`: teams, Life-Pieces and Target-Pieces; `dice`: the turn order of a cycle;
//! - `illegal`: why an action is refused;
//! - `game`: the flow (set-up, turns, knock-outs, claims, rounds); `view`: what each
//!   viewer sees; `record`: a game as text, for saves;
//! - `bot`: Easy and Normal; `sample` and `hard`: Hard's reading of the others' secrets
//!   and its search.

pub mod board;
pub mod deal;
pub mod dice;
mod bot;
pub mod game;
mod hard;
mod illegal;
pub mod layout;
pub mod piece;
pub mod position;
pub mod record;
mod sample;
pub mod view;
mod wire;

pub use board::{Board, Move};
pub use deal::{Cards, Deal, Options, SeatSecrets, Team};
pub use game::{Action, CityOfSpies, Config, Event, Phase, State};
pub use illegal::Illegal;
pub use layout::{Layout, LayoutChoice};
pub use piece::{Piece, PieceKind};
/// Squares are shakmaty's (a1 = 0 … h8 = 63, rank × 8 + file).
pub use shakmaty::Square;
pub use view::{SeatReveal, TableView};

use crate::catalogue::{DealOption, GameInfo, GameKind};

/// What A City of Spies declares in the registry (`games::REGISTRY`).
pub static INFO: GameInfo = GameInfo {
    id: 1,
    tag: "csp",
    title: "A City of Spies",
    slug: "city-of-spies",
    // RULINGS §1.
    players: 3..=6,
    options: &[DealOption {
        label: "A player's Target may be their own Life-Piece (off in the standard rules)",
        code_bit: Some(0x01),
        choices: &[],
    }],
    secret_deal: true,
    secret_rounds: true,
};

pub const KIND: GameKind = GameKind::new(&INFO);

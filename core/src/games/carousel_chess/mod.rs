//! Carousel chess (`shared/rules/carousel-chess.md`, RULINGS §2).
//!
//! - `deal`: the hat of team slips; `scoring`: capture values, bonuses, winners;
//! - `game`: the carousel of seats over FIDE chess (shakmaty), the ends of the game;
//! - `view`: what the table shows; `pgn`: the export;
//! - `bot`: Easy and Normal; `teams` and `hard`: Hard's reading of the other seats' teams
//!   and its search.

pub mod deal;
mod bot;
pub mod game;
mod hard;
mod illegal;
pub mod pgn;
pub mod record;
pub mod scoring;
mod teams;
pub mod view;
mod wire;

pub use deal::{Deal, Team};
pub use game::{Action, CarouselChess, Config, End, Event, Options, Ply, State};
pub use illegal::Illegal;
pub use view::TableView;

/// The chess types the app needs (so it depends on no chess crate itself).
pub mod chess {
    pub use shakmaty::{Color, Role, Square};
}

use crate::catalogue::{DealOption, GameInfo, GameKind};

/// What Carousel Chess declares in the registry (`games::REGISTRY`).
pub static INFO: GameInfo = GameInfo {
    id: 2,
    tag: "cc",
    title: "Carousel Chess",
    slug: "carousel-chess",
    // RULINGS §2.
    players: 3..=9,
    options: &[DealOption {
        label: "Only stalemate pays the Draw player (other draws still end the game)",
        code_bit: None,
        choices: &[],
    }],
    secret_deal: true,
    secret_rounds: false,
};

pub const KIND: GameKind = GameKind::new(&INFO);

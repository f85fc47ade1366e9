//! Carousel chess (`shared/rules/carousel-chess.md`, RULINGS §2).

pub mod deal;

pub use deal::{Deal, Team};

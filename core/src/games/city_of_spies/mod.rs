//! A City of Spies (`shared/rules/city-of-spies.md`, RULINGS §1).

pub mod deal;
pub mod piece;

pub use deal::{Cards, Deal, Options, SeatSecrets, TableView, Team};
pub use piece::{Piece, PieceKind};

//! A City of Spies (`shared/rules/city-of-spies.md`, RULINGS §1).
//!
//! - `piece`: the eleven pieces (and Piece Cards); `board`: the building, moves, perft;
//! - `layout`: standard and random set-ups; `position`: the position text;
//! - `deal`: teams, Life-Pieces and Target-Pieces.

pub mod board;
pub mod deal;
pub mod layout;
pub mod piece;
pub mod position;

pub use board::{Board, Move};
pub use deal::{Cards, Deal, Options, SeatSecrets, TableView, Team};
pub use layout::{Layout, LayoutChoice};
pub use piece::{Piece, PieceKind};

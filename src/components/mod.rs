//! Reusable parts of screens.

mod board;
mod code_card;
pub mod game_file;
mod hand;
mod hold;
mod qr;
mod secrets;

pub use board::{Board, BoardModel, BoardPiece, Face, square_name};
pub use code_card::CodeCard;
pub use game_file::{ExportGame, ImportGame};
pub use hand::{Hand, HandCard};
pub use hold::HoldToReveal;
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets};

//! Reusable parts of screens.

mod board;
mod code_card;
mod hold;
mod qr;
mod secrets;

pub use board::{Board, BoardModel, BoardPiece};
pub use code_card::CodeCard;
pub use hold::HoldToReveal;
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets, picture};

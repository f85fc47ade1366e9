//! Reusable parts of screens.

mod board;
mod hold;
mod qr;
mod secrets;

pub use board::{Board, BoardModel, BoardPiece};
pub use hold::HoldToReveal;
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets, picture};

//! Reusable parts of screens.

mod hold;
mod qr;
mod secrets;

pub use hold::HoldToReveal;
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets};

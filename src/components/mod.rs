//! Reusable parts of screens.

mod board;
mod code_card;
pub mod game_file;
mod hand;
mod hold;
mod qr;
mod secrets;

pub use board::{Board, BoardModel, BoardPiece, Face, TapShows, square_name};
pub use code_card::CodeCard;
pub use game_file::{ExportGame, ImportGame};
pub use hand::{Hand, HandCard};
pub use hold::HoldToReveal;
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets};

/// Run `f` once the next frame is painted: in a task queued from that frame's animation
/// callback, so what a tap shows first is drawn before `f`'s work (one frame on a slow
/// phone), and `f` follows at once.
pub fn after_frame(f: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(f, std::time::Duration::ZERO);
    });
}

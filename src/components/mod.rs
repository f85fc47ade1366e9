//! Reusable parts of screens.

mod board;
mod code_card;
mod hand;
mod hold;
mod qr;

pub use board::{
    Board, BoardModel, BoardPiece, Face, TapShows, focus_board_after_frame, square_name,
};
pub use code_card::CodeCard;
pub use hand::{Hand, HandCard};
pub use hold::{HoldToReveal, secrets_prompt};
pub use qr::QrCode;

/// A press on a button (in the part of a screen this listens on) that its own tap takes
/// away ("Place here"): the focus stays where it was. A button that is removed while it
/// holds the focus makes the browser lay the whole page out at once, in the tap's frame
/// (measured: 3–6 ms a tap at 4× in Usurp); a phone's browser does not move the focus to a
/// tapped button anyway (Safari), and the keyboard still reaches every button.
pub fn keep_focus(ev: web_sys::MouseEvent) {
    use wasm_bindgen::JsCast;
    let on_button = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("button").ok().flatten())
        .is_some();
    if on_button {
        ev.prevent_default();
    }
}

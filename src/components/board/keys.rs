//! The board from the keyboard: the arrow keys move the focus from square to square as the
//! viewer sees the board (Home and End to the ends of a row). One square at a time is in
//! the tab order (a roving tabindex), set on the squares themselves.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::choice::Choice;
use super::model::BoardModel;

/// A key pressed on a square of the board: Enter or Space picks up and drops (`choose`, as
/// a tap), Escape lets go, and the arrow keys move the focus square as the viewer sees the
/// board.
pub(super) fn key_down(
    ev: &web_sys::KeyboardEvent,
    model: Signal<BoardModel>,
    choice: RwSignal<Choice>,
    choose: impl Fn(u8),
) {
    let Some(square) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .filter(|e| e.has_attribute("data-index"))
    else {
        return;
    };
    let Some(index) = square
        .get_attribute("data-index")
        .and_then(|i| i.parse::<u8>().ok())
    else {
        return;
    };
    let key = ev.key();
    match key.as_str() {
        "Enter" | " " => {
            ev.prevent_default();
            choose(index);
            return;
        }
        "Escape" => {
            choice.update(Choice::clear);
            return;
        }
        _ => {}
    }
    let (width, height, order) = model.with_untracked(|m| (m.width, m.height, m.drawing_order()));
    if move_focus(&square, index, &key, (width, height), &order) {
        ev.prevent_default();
    }
}

/// Move the focus from `square` (board index `index`) by `key`, on a board `(width,
/// height)` drawn in `order`; whether the key moved it (the caller then keeps the key from
/// scrolling the page).
pub(super) fn move_focus(
    square: &web_sys::Element,
    index: u8,
    key: &str,
    (width, height): (u8, u8),
    order: &[u8],
) -> bool {
    let Some(at) = order.iter().position(|&i| i == index) else {
        return false;
    };
    let (row, col) = (at / usize::from(width), at % usize::from(width));
    let (rows, cols) = (usize::from(height), usize::from(width));
    let next = match key {
        "ArrowUp" if row > 0 => at - cols,
        "ArrowDown" if row + 1 < rows => at + cols,
        "ArrowLeft" if col > 0 => at - 1,
        "ArrowRight" if col + 1 < cols => at + 1,
        "Home" => row * cols,
        "End" => row * cols + cols - 1,
        _ => return false,
    };
    let Some(board) = square.parent_element().and_then(|row| row.parent_element()) else {
        return false;
    };
    let selector = format!("[data-index=\"{}\"]", order[next]);
    if let Ok(Some(target)) = board.query_selector(&selector) {
        let _ = square.set_attribute("tabindex", "-1");
        let _ = target.set_attribute("tabindex", "0");
        if let Some(target) = target.dyn_ref::<web_sys::HtmlElement>() {
            let _ = target.focus();
        }
    }
    true
}

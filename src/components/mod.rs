//! Reusable parts of screens.

mod board;
mod code_card;
pub mod game_file;
mod hand;
mod hold;
mod qr;
mod secrets;

pub use board::{
    Board, BoardModel, BoardPiece, Face, TapShows, focus_board_after_frame, square_name,
};
pub use code_card::CodeCard;
pub use game_file::{ExportGame, ImportGame};
pub use hand::{Hand, HandCard};
pub use hold::{HoldToReveal, secrets_prompt};
pub use qr::QrCode;
pub use secrets::{RevealAll, SeatSecrets};

/// A function the browser calls back, kept for the page's life.
type Callback = wasm_bindgen::closure::Closure<dyn Fn()>;

thread_local! {
    /// What waits for the next frame to be painted (see [`after_frame`]).
    static AFTER_FRAME: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The task queued from the frame, made once for the page's life (a callback made for
    /// each frame cost the frame itself ~0.5–2 ms at 4× CPU throttle).
    static AFTER_FRAME_TASK: Callback = wasm_bindgen::closure::Closure::new(|| {
        // What these ask for in turn waits for the frame after.
        let now = AFTER_FRAME.with(|waiting| std::mem::take(&mut *waiting.borrow_mut()));
        for f in now {
            f();
        }
    });
    /// The frame's callback: the browser's own `setTimeout`, bound to the task, so the frame
    /// that shows a tap runs none of the app's code (a callback of ours there, which only
    /// queued the task, took 0.1–2 ms of that frame at 4× in a trace: a call into the wasm).
    /// Kept with the window it asks (found once, not at every tap).
    static ON_FRAME: Option<(web_sys::Window, js_sys::Function)> = on_frame();
}

/// The window, and its `setTimeout` bound to [`AFTER_FRAME_TASK`] (see `ON_FRAME`).
fn on_frame() -> Option<(web_sys::Window, js_sys::Function)> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window()?;
    let set_timeout: js_sys::Function = js_sys::Reflect::get(&window, &"setTimeout".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let bound = AFTER_FRAME_TASK.with(|task| set_timeout.bind2(&window, task.as_ref(), &0.into()));
    Some((window, bound.unchecked_into()))
}

/// Run `f` once the next frame is painted: in a task queued from that frame's animation
/// callback, so what a tap shows first is drawn before `f`'s work (one frame on a slow
/// phone), and `f` follows at once. Everything asked for before a frame shares one
/// animation callback and one task, and runs in the order asked.
pub fn after_frame(f: impl FnOnce() + 'static) {
    let first = AFTER_FRAME.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        waiting.push(Box::new(f));
        waiting.len() == 1
    });
    if first {
        ON_FRAME.with(|on_frame| {
            if let Some((window, frame)) = on_frame {
                let _ = window.request_animation_frame(frame);
            }
        });
    }
}

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

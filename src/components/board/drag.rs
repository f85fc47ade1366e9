//! Dragging, as a finger does it: a press on a piece of the board or of the tray becomes a
//! drag once the pointer has moved a few pixels (until then it is a tap), the piece follows
//! the pointer as one ghost element, and it lands on the square under the pointer when it
//! lifts. One press, whatever it holds: the board's pieces and the tray's share it.

use wasm_bindgen::JsCast;

/// How far (in CSS pixels, across plus down) a press moves before it is a drag.
const SLOP: i32 = 6;

/// What a press holds: a piece on the board (by its square) or one in the tray (by id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Held {
    Square(u8),
    Tray(u16),
}

/// A press that may become a drag. Whole pixels: formatting a float would pull all of float
/// printing into the wasm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Drag {
    pub(super) held: Held,
    start: (i32, i32),
    /// Where the pointer is now.
    pub(super) at: (i32, i32),
    /// Moved far enough to be a drag, not a tap.
    pub(super) moved: bool,
}

impl Drag {
    /// A press on `held` where `ev` happened. A touch is captured by the element it
    /// started on: it is let go, so the square under the finger can be found when it lifts.
    pub(super) fn start(held: Held, ev: &web_sys::PointerEvent) -> Drag {
        if let Some(target) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = target.release_pointer_capture(ev.pointer_id());
        }
        let at = (ev.client_x(), ev.client_y());
        Drag {
            held,
            start: at,
            at,
            moved: false,
        }
    }

    /// The pointer is at `(x, y)` now; true when this is the move that makes it a drag.
    pub(super) fn follow(&mut self, (x, y): (i32, i32)) -> bool {
        self.at = (x, y);
        let became = !self.moved && (x - self.start.0).abs() + (y - self.start.1).abs() > SLOP;
        self.moved |= became;
        became
    }

    /// The board square a held piece comes from, if it comes from the board.
    pub(super) fn square(self) -> Option<u8> {
        match self.held {
            Held::Square(square) => Some(square),
            Held::Tray(_) => None,
        }
    }
}

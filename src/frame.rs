//! The frame a tap is painted in, and what follows it: the bottom of the app (it imports
//! nothing of it). [`after_frame`] runs work once the next frame is painted, so what a tap
//! shows first is drawn alone; [`after_paint`] is a value one frame late.

use leptos::prelude::*;

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

/// `source`, one frame late. The parts of a play screen around the board follow it, so the
/// frame that shows a move draws the board alone (one frame on a slow phone); the banner,
/// the scores and the lists follow in the frame after.
pub fn after_paint<T>(source: Memo<T>) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let (later, set_later) = signal(source.get_untracked());
    Effect::new(move |previous: Option<()>| {
        // Read, not copied, now (a memo that is only tracked never recomputes): the value
        // is copied after the frame (a view can be large), and it is the newest one by then.
        source.with(|_| ());
        if previous.is_some() {
            after_frame(move || {
                // The screen may be gone by then: nothing to draw.
                if let Some(value) = source.try_get_untracked() {
                    let _ = set_later.try_set(value);
                }
            });
        }
    });
    later
}

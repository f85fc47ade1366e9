//! Keep the screen awake while a game is on the table or a phone shows its seat (the Screen
//! Wake Lock API). A screen that wants it calls [`keep_awake`]; the lock is released when
//! that screen goes, taken again when the page becomes visible (browsers drop it when a tab
//! is hidden), and simply not taken where the browser has no such API.

use std::cell::{Cell, RefCell};

use js_sys::{Function, Promise, Reflect};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// How many screens want the screen awake now.
    static WANTED: Cell<u32> = const { Cell::new(0) };
    /// The browser's lock (a WakeLockSentinel), while held.
    static HELD: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Option<JsValue> {
    let function: Function = Reflect::get(target, &method.into()).ok()?.dyn_into().ok()?;
    let array = js_sys::Array::new();
    for arg in args {
        array.push(arg);
    }
    function.apply(target, &array).ok()
}

fn request() {
    let held = HELD.with(|h| h.borrow().is_some());
    if held || WANTED.with(Cell::get) == 0 {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(lock) = Reflect::get(window.navigator().as_ref(), &"wakeLock".into()) else {
        return;
    };
    if lock.is_undefined() || lock.is_null() {
        return;
    }
    let Some(promise) = call(&lock, "request", &["screen".into()]) else {
        return;
    };
    let Ok(promise) = promise.dyn_into::<Promise>() else {
        return;
    };
    leptos::task::spawn_local(async move {
        // Refused (a hidden page, a battery saver): nothing to do; visibility retries.
        if let Ok(sentinel) = JsFuture::from(promise).await {
            if WANTED.with(Cell::get) == 0 {
                let _ = call(&sentinel, "release", &[]);
            } else {
                HELD.with(|h| *h.borrow_mut() = Some(sentinel));
            }
        }
    });
}

fn release() {
    if let Some(sentinel) = HELD.with(|h| h.borrow_mut().take()) {
        let _ = call(&sentinel, "release", &[]);
    }
}

/// Keep the screen awake while the calling component lives.
pub fn keep_awake() {
    WANTED.with(|w| w.set(w.get() + 1));
    if !LISTENING.with(|l| l.replace(true)) {
        // The browser drops the lock when the page is hidden: take it again on return.
        let listener = window_event_listener_untyped("visibilitychange", move |_| {
            if document().visibility_state() == web_sys::VisibilityState::Visible {
                HELD.with(|h| *h.borrow_mut() = None);
                request();
            }
        });
        // Lives as long as the page.
        std::mem::forget(listener);
    }
    request();
    on_cleanup(|| {
        let left = WANTED.with(|w| {
            w.set(w.get().saturating_sub(1));
            w.get()
        });
        if left == 0 {
            release();
        }
    });
}

/// Keeps the screen awake while it is drawn: `{move || playing.then(|| view! { <KeepAwake/> })}`.
#[component]
pub fn KeepAwake() -> impl IntoView {
    keep_awake();
}

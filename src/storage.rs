//! Local storage, where the app keeps the running table and this phone's seat. Storage can
//! be missing (private browsing) or full: every call reports instead of panicking.
//!
//! A second tab of the app shares the same storage. When another tab writes (the browser's
//! `storage` event), this tab is out of date: it says so, and refuses to write, so its next
//! move cannot silently overwrite the other tab's.
//!
//! A write may wait for the frame that shows what a tap did ([`set_after_frame`]): it is
//! done right after that frame, or at once if anything reads or writes storage first or
//! the page is hidden or left meanwhile, so nothing is lost and nothing reads it stale.

use std::cell::{Cell, RefCell};

use crate::i18n::Tr;
use crate::reasons::Reason;

thread_local! {
    static OUT_OF_DATE: Cell<bool> = const { Cell::new(false) };
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
    static FLUSH_ON_LEAVE: Cell<bool> = const { Cell::new(false) };
}

/// A write waiting for the frame to be painted, and who hears how it went.
struct Pending {
    key: &'static str,
    value: String,
    told: Box<dyn FnOnce(Result<(), Refused>)>,
}

/// Why storage did not keep a write: the app says it in the page's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Another tab changed the saved game or table: this tab is out of date ([`STALE`]).
    Stale,
    /// The browser keeps nothing on this device (private browsing?).
    NoStorage,
    /// The device's storage is full or switched off ([`FULL`]).
    Full,
}

/// As the page says it (so a sentence can hold it: "Not exported: …").
impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words())
    }
}

/// Where a refusal joins other reasons (a damaged save, a table that is not there), it is
/// said in the page's language.
impl From<Refused> for String {
    fn from(refused: Refused) -> String {
        refused.words()
    }
}

impl Reason for Refused {
    fn words(&self) -> String {
        match self {
            Refused::Stale => STALE.get(),
            Refused::NoStorage => tr!(
                "This browser keeps nothing on this device (private browsing?).",
                "Este navegador no guarda nada en este dispositivo (¿navegación privada?)."
            )
            .get(),
            Refused::Full => FULL.get(),
        }
        .to_string()
    }
}

/// What a tab says when another tab has changed the saved game or table.
pub const STALE: Tr = tr!(
    "This game was changed in another tab or window, so this tab is out of date. Reload it to carry on from there: nothing was saved from this tab.",
    "Esta partida se cambió en otra pestaña o ventana, así que esta pestaña está desfasada. Recárgala para seguir desde allí: no se guardó nada desde esta pestaña."
);

/// What a tab says when the device's storage refused a save.
pub const FULL: Tr = tr!(
    "This device's storage is full or switched off, so this was not saved: a reload would lose it. Export this game to keep it (and import it here or on another device).",
    "El almacenamiento de este dispositivo está lleno o desactivado, así que esto no se guardó: al recargar se perdería. Exporta esta partida para conservarla (e impórtala aquí o en otro dispositivo)."
);

/// Another tab changed what this tab shows.
pub fn mark_stale() {
    OUT_OF_DATE.with(|s| s.set(true));
}

pub fn is_stale() -> bool {
    OUT_OF_DATE.with(Cell::get)
}

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    flush();
    local()?.get_item(key).ok().flatten()
}

pub fn set(key: &str, value: &str) -> Result<(), Refused> {
    flush();
    write(key, value)
}

/// Write `value` under `key` once the next frame is painted (`setItem` of a whole game
/// took ~1.7 ms of a tap's frame at 4× CPU throttle): a newer write to the same key
/// replaces it, and `told` hears whether it was kept (the screen says so if not). It is
/// written sooner if storage is read or written meanwhile, or the page is hidden or left.
pub fn set_after_frame(
    key: &'static str,
    value: String,
    told: impl FnOnce(Result<(), Refused>) + 'static,
) {
    let earlier = PENDING.with(|p| p.borrow_mut().take());
    if let Some(earlier) = earlier
        && earlier.key != key
    {
        // Another key's write keeps its order: done now.
        let outcome = write(earlier.key, &earlier.value);
        (earlier.told)(outcome);
    }
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
            key,
            value,
            told: Box::new(told),
        })
    });
    flush_on_leave();
    crate::frame::after_frame(flush);
}

/// Do the write waiting for a frame, if there is one.
pub fn flush() {
    let pending = PENDING.with(|p| p.borrow_mut().take());
    if let Some(Pending { key, value, told }) = pending {
        let outcome = write(key, &value);
        told(outcome);
    }
}

/// Once per page: a page hidden (phone locked, app switched) or left writes what waits.
fn flush_on_leave() {
    if FLUSH_ON_LEAVE.with(|f| f.replace(true)) {
        return;
    }
    for event in ["pagehide", "visibilitychange"] {
        // For the page's life: never removed.
        std::mem::forget(leptos::prelude::window_event_listener_untyped(
            event,
            |_| flush(),
        ));
    }
}

fn write(key: &str, value: &str) -> Result<(), Refused> {
    if is_stale() {
        return Err(Refused::Stale);
    }
    local()
        .ok_or(Refused::NoStorage)?
        .set_item(key, value)
        .map_err(|_| Refused::Full)
}

/// Remember a setting of this device (its language): not a game, so a tab out of date may
/// still write it, and a device that cannot keep it carries on without.
pub fn set_setting(key: &str, value: &str) {
    flush();
    if let Some(storage) = local() {
        let _ = storage.set_item(key, value);
    }
}

pub fn remove(key: &str) {
    flush();
    if let Some(storage) = local() {
        let _ = storage.remove_item(key);
    }
}

//! What survives a reload: the table this device runs, the seat this phone holds, the
//! game on screen, and the tables this device ran before.
//!
//! The table keeps its deal (with the seed: only the table device ever stores it) as a
//! checksummed table code; the phone keeps the seat code it was handed, the rounds codes
//! that extend it and, after the end, the verified reveal code. A damaged save is detected,
//! reported and set aside under `<key>.damaged`; it never crashes the app.
//!
//! - `table`: the table's deal, round, log and hand-out; `seat`: the phone's codes;
//! - `game`: the game on screen (its record, its actions, its set-up being arranged);
//! - `history`: the tables and games this device ran before;
//! - `deal`: a new deal or an imported file replacing what is here (all or nothing);
//! - `levels`: the computer's levels this device remembers (Play alone, the New Deal form);
//! - `learn`: how far this device got in each game's guided first game.

mod deal;
mod game;
mod history;
pub mod keys;
pub mod learn;
pub mod levels;
mod seat;
mod table;

use intrigue_core::seat::MAX_CODED_ROUND;

pub use deal::{deal_new, fresh_seed, import_game, in_progress, readable};
pub use game::{
    Save, advance, advance_unheard, clear_arrangement, computers, game_exports, game_file,
    game_hints, game_in_progress, game_relinks, in_use, is_computer, load_arrangement, load_draft,
    load_referee, log_export, log_hint, log_link, mark_in_use, read_game_file, save_arrangement,
    save_draft, save_game, undo_to_person,
};
pub use history::{Ended, game_finished, history, note_game};
pub use seat::{SavedSeat, clear_seat, load_seat, save_seat};
pub use table::{
    LogLine, Logged, SavedTable, code_shown, load_table, log_on_table, save_table, show_code,
    show_linked,
};

use crate::storage;

/// Forget the table, and the game played at it.
pub fn clear_table() {
    game::clear_game();
    table::clear_table_keys();
}

/// The highest round the app lets a table or phone step to.
pub const MAX_ROUND: u32 = MAX_CODED_ROUND;

pub(super) fn round(key: &str) -> u32 {
    storage::get(key)
        .and_then(|r| r.parse().ok())
        .filter(|r| (1..=MAX_ROUND).contains(r))
        .unwrap_or(1)
}

pub(super) fn flag(key: &str) -> bool {
    storage::get(key).as_deref() == Some("yes")
}

pub(super) fn set_flag(key: &str, on: bool) -> Result<(), crate::storage::Refused> {
    storage::set(key, if on { "yes" } else { "no" })
}

/// Keep a copy of `text` under `aside` (replacing an older one): the whole of it, or on a
/// full device as much of it as fits. Says how much was kept: `None` when nothing fits.
pub(super) fn keep_copy(aside: &str, text: &str) -> Option<usize> {
    storage::remove(aside);
    let mut keep = text.len();
    while keep > 0 {
        let cut = text.floor_char_boundary(keep);
        if storage::set(aside, &text[..cut]).is_ok() {
            return Some(cut);
        }
        keep = cut / 2;
    }
    None
}

/// What a kept copy of a damaged save is, in words: nothing to add when the whole of it
/// was kept, else how much of it, or that nothing fitted.
pub(super) fn copy_said(kept: Option<usize>, whole: usize) -> String {
    match kept {
        Some(cut) if cut == whole => String::new(),
        Some(cut) => trf!(
            "; this device's storage is full, so only its first {cut} characters were kept",
            "; el almacenamiento de este dispositivo está lleno, así que solo se guardaron sus primeros {cut} caracteres"
        ),
        None => tr!(
            "; this device's storage is full, so no copy of it could be kept",
            "; el almacenamiento de este dispositivo está lleno, así que no se pudo guardar ninguna copia"
        )
        .to_string(),
    }
}

/// Move a damaged save aside (to `<key>.damaged`, replacing an older one) and say so.
/// It is a rename: the save is removed first, so its copy has its room even on a full
/// device; if even that does not fit, as much of it as fits is kept, and the message says so.
pub(super) fn set_aside(key: &str, text: &str, what: &str, why: &str) -> String {
    let aside = format!("{key}.damaged");
    storage::remove(&aside);
    storage::remove(key);
    let said = match what {
        "seat" => tr!(
            "The seat saved on this device was damaged and has been set aside",
            "El asiento guardado en este dispositivo estaba dañado y se ha apartado"
        ),
        "table" => tr!(
            "The table saved on this device was damaged and has been set aside",
            "La mesa guardada en este dispositivo estaba dañada y se ha apartado"
        ),
        _ => tr!(
            "The game saved on this device was damaged and has been set aside",
            "La partida guardada en este dispositivo estaba dañada y se ha apartado"
        ),
    };
    let said = format!("{said}{}", crate::i18n::because(why));
    format!("{said}{}", copy_said(keep_copy(&aside, text), text.len()))
}

/// Now, in whole milliseconds since 1970.
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

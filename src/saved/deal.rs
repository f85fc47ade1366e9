//! A new deal, or an imported game file, replacing the table and game on this device: all
//! of it is written, or nothing is (a full device keeps the running game, whole).

use intrigue_core::bots::Level;
use intrigue_core::games::Start;
use intrigue_core::{GameKind, Seats, SecretGame, Seed, TableDeal};

use super::clear_table;
use super::game::{
    ARRANGING, COMPUTERS, DRAFT, GAME, GAME_IN_USE, GAME_LOG, GAME_NOTE, game_in_progress,
    save_computers, save_game,
};
use super::history::{HISTORY, remember_replaced};
use super::table::{
    SavedTable, TABLE, TABLE_LOG, TABLE_REVEALED, TABLE_ROUND, TABLE_SHOWN, load_table, save_table,
};
use crate::reasons::Reason;
use crate::route::Route;
use crate::storage;

/// Deal a new game of `kind` for `seats` with the house rules `options` (bit `i`: the
/// game's option `i`), from a fresh seed, replacing the table and game on this device: the
/// game on screen when `on_screen` (always, for a game without a secret deal), and the
/// table's deal for the phones when the game has one. `computers`: the seats the computer
/// plays on screen, and how well (`None` or missing: a person). Returns where to go: the
/// hand-out, or the game.
pub fn deal_new(
    kind: GameKind,
    seats: Seats,
    options: u8,
    on_screen: bool,
    computers: &[Option<Level>],
) -> Result<Route, String> {
    let seed = fresh_seed()?;
    let seats_count = seats.players();
    let here = on_screen || !kind.info().secret_deal;
    let record = if here {
        let start = Start {
            seats: &seats,
            seed,
            options,
        };
        Some(
            kind.start(&start)
                .map_err(|e| crate::reasons::Reason::words(&e))?,
        )
    } else {
        None
    };
    let table = if kind.info().secret_deal {
        let secret =
            SecretGame::new(kind, options).map_err(|e| crate::reasons::Reason::words(&e))?;
        Some(TableDeal::new(secret, seats, seed).map_err(|e| crate::reasons::Reason::words(&e))?)
    } else {
        None
    };
    remember_replaced();
    clear_table();
    if let Some(text) = &record {
        save_game(text)?;
        save_computers(computers)?;
    }
    match table {
        // The hand-out begins with the first seat a person plays; one person alone with
        // the computer on this screen goes straight to the game (their secrets are shown
        // there, to them alone).
        Some(deal) => save_table(&SavedTable::new(deal))
            .map(|()| {
                let people: Vec<u8> = (0..seats_count)
                    .filter(|&s| !super::is_computer(computers, s))
                    .collect();
                match people[..] {
                    [_] if on_screen && seats_count > 1 => Route::Play,
                    _ => people.first().copied().map_or(Route::Play, Route::Handout),
                }
            })
            .map_err(String::from),
        None => Ok(Route::Play),
    }
}

/// A game file's table (none for a game without a secret deal), or why it cannot be
/// imported (not a game, or its table damaged): said before the player is asked anything.
pub fn readable(text: &str) -> Result<Option<TableDeal>, String> {
    let text = text.trim();
    let kind = GameKind::of_record(text).ok_or(
        tr!(
            "This file is not a game exported by Intrigue (or it was damaged): nothing was imported.",
            "Este archivo no es una partida exportada por Intrigue (o se dañó): no se importó nada."
        )
        .get(),
    )?;
    let table = match kind.record_table(text) {
        Some(deal) => Some(deal),
        None if kind.info().secret_deal => {
            return Err(
                tr!(
                    "This game file is damaged (its table cannot be read): nothing was imported.",
                    "Este archivo de partida está dañado (no se puede leer su mesa): no se importó nada."
                )
                .get()
                    .to_string(),
            );
        }
        None => None,
    };
    Ok(table)
}

/// Whether a table or game is in progress on this device (an import would end it, so the
/// player is asked first).
pub fn in_progress() -> bool {
    matches!(load_table(), Ok(Some(t)) if !t.revealed) || matches!(game_in_progress(), Ok(Some(_)))
}

/// A game file (see `ExportGame`) read back: its table too, for a game that deals secrets
/// (its record holds the table's save). The game's screen replays it and says what, if
/// anything, could not be read. The player was asked first when it ends a game in
/// progress ([`in_progress`]).
/// `computers`: the seats the computer plays, from the file's own line (see
/// `read_game_file`).
pub fn import_game(text: &str, computers: &[Option<Level>]) -> Result<Route, String> {
    let text = text.trim();
    let table = readable(text)?;
    // It must fit beside what is here before anything here is replaced: on a full device
    // the running game stays, whole.
    let full = |refused: storage::Refused| {
        match refused {
        storage::Refused::Full => tr!(
            "This device's storage is full (or switched off), so this game file does not fit: nothing was imported, and the game on this device is as it was.",
            "El almacenamiento de este dispositivo está lleno (o desactivado), así que este archivo de partida no cabe: no se importó nada, y la partida de este dispositivo sigue como estaba."
        )
        .to_string(),
        other => other.words(),
    }
    };
    storage::set(IMPORTING, text).map_err(full)?;
    storage::remove(IMPORTING);
    let before = snapshot();
    remember_replaced();
    clear_table();
    let written = table
        .map_or(Ok(()), |deal| save_table(&SavedTable::new(deal)))
        .and_then(|()| save_game(text))
        .and_then(|()| save_computers(computers));
    if let Err(why) = written {
        restore(&before);
        return Err(full(why));
    }
    Ok(Route::Play)
}

/// Where an import is tried first, to learn whether it fits.
pub(super) const IMPORTING: &str = "intrigue.importing";

/// Every key a table or game on screen keeps, with its text (for [`restore`]).
pub(super) fn snapshot() -> Vec<(&'static str, Option<String>)> {
    [
        TABLE,
        TABLE_ROUND,
        TABLE_REVEALED,
        TABLE_LOG,
        TABLE_SHOWN,
        GAME,
        GAME_NOTE,
        GAME_LOG,
        GAME_IN_USE,
        COMPUTERS,
        ARRANGING,
        DRAFT,
        HISTORY,
    ]
    .into_iter()
    .map(|key| (key, storage::get(key)))
    .collect()
}

/// Put back what [`snapshot`] kept (a replacement that could not be written).
pub(super) fn restore(keys: &[(&'static str, Option<String>)]) {
    for (key, _) in keys {
        storage::remove(key);
    }
    for (key, text) in keys {
        if let Some(text) = text {
            let _ = storage::set(key, text);
        }
    }
}

/// 64 bits from the browser's cryptographic random source (getrandom's Web Crypto backend).
pub fn fresh_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|_| {
            tr!(
                "This browser has no secure random source, so it cannot deal fairly.",
                "Este navegador no tiene una fuente aleatoria segura, así que no puede repartir con justicia."
            )
            .get()
        })?;
    Ok(Seed(u64::from_le_bytes(bytes)))
}

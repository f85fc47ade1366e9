//! What survives a reload: the table this device runs, and the seat this phone holds.
//!
//! Both are stored as share tokens (versioned, checksummed), so a damaged save is detected,
//! reported and set aside under `<key>.damaged`; it never crashes the app.

use intrigue_core::games::carousel_chess::{CarouselChess, record as carousel_record};
use intrigue_core::games::city_of_spies::{CityOfSpies, record};
use intrigue_core::{Game, Record, Seed, ShareToken, TableDeal};
use leptos::prelude::{GetUntracked, RwSignal, Set};

use crate::storage;

const TABLE: &str = "intrigue.table";
const TABLE_ROUND: &str = "intrigue.table.round";
const TABLE_REVEALED: &str = "intrigue.table.revealed";
const GAME: &str = "intrigue.game";
const SEAT: &str = "intrigue.seat";
const SEAT_ROUND: &str = "intrigue.seat.round";
const SEAT_REVEALED: &str = "intrigue.seat.revealed";

/// The highest round the app lets a table or phone step to.
pub const MAX_ROUND: u32 = 99;

/// The table this device referees.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedTable {
    pub deal: TableDeal,
    pub round: u32,
    pub revealed: bool,
}

/// The seat this phone holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedSeat {
    pub token: ShareToken,
    pub round: u32,
    pub revealed: bool,
}

fn round(key: &str) -> u32 {
    storage::get(key)
        .and_then(|r| r.parse().ok())
        .filter(|r| (1..=MAX_ROUND).contains(r))
        .unwrap_or(1)
}

fn flag(key: &str) -> bool {
    storage::get(key).as_deref() == Some("yes")
}

fn set_flag(key: &str, on: bool) -> Result<(), String> {
    storage::set(key, if on { "yes" } else { "no" })
}

/// Read a stored token; a damaged one is moved aside and reported.
fn token(key: &str, what: &str) -> Result<Option<ShareToken>, String> {
    let Some(text) = storage::get(key) else {
        return Ok(None);
    };
    match ShareToken::parse(&text) {
        Ok(token) => Ok(Some(token)),
        Err(error) => {
            let _ = storage::set(&format!("{key}.damaged"), &text);
            storage::remove(key);
            Err(format!(
                "The {what} saved on this device was damaged and has been set aside ({error})"
            ))
        }
    }
}

pub fn load_table() -> Result<Option<SavedTable>, String> {
    Ok(token(TABLE, "table")?.map(|t| SavedTable {
        deal: t.deal,
        round: round(TABLE_ROUND),
        revealed: flag(TABLE_REVEALED),
    }))
}

pub fn save_table(table: &SavedTable) -> Result<(), String> {
    let token = ShareToken::new(table.deal.clone(), 0).ok_or("a table has at least one seat")?;
    storage::set(TABLE, &token.to_link_token())?;
    storage::set(TABLE_ROUND, &table.round.to_string())?;
    set_flag(TABLE_REVEALED, table.revealed)
}

/// The game this table plays on screen.
#[derive(Clone)]
pub enum SavedGame {
    CityOfSpies(Record<CityOfSpies>),
    CarouselChess(Record<CarouselChess>),
}

impl SavedGame {
    fn read(text: &str) -> Result<SavedGame, String> {
        if text.starts_with("cc") {
            let record = carousel_record::read(text)?;
            record.replay().map_err(|e| e.to_string())?;
            Ok(SavedGame::CarouselChess(record))
        } else {
            let record = record::read(text)?;
            record.replay().map_err(|e| e.to_string())?;
            Ok(SavedGame::CityOfSpies(record))
        }
    }

    fn write(&self) -> String {
        match self {
            SavedGame::CityOfSpies(record) => record::write(record),
            SavedGame::CarouselChess(record) => carousel_record::write(record),
        }
    }
}

/// The saved game; a damaged one is reported and set aside.
pub fn load_game() -> Result<Option<SavedGame>, String> {
    let Some(text) = storage::get(GAME) else {
        return Ok(None);
    };
    match SavedGame::read(&text) {
        Ok(game) => Ok(Some(game)),
        Err(error) => {
            let _ = storage::set(&format!("{GAME}.damaged"), &text);
            storage::remove(GAME);
            Err(format!(
                "The game saved on this device was damaged and has been set aside ({error})."
            ))
        }
    }
}

pub fn save_game(game: &SavedGame) -> Result<(), String> {
    storage::set(GAME, &game.write())
}

/// Play `action` on a game shown on screen: keep it only if the record still replays,
/// save it, and report what went wrong. Returns the new state.
pub fn advance<G: Game>(
    record: RwSignal<Record<G>>,
    problem: RwSignal<Option<String>>,
    action: G::Action,
    wrap: fn(Record<G>) -> SavedGame,
) -> Option<G::State>
where
    Record<G>: Send + Sync + 'static,
{
    let mut next = record.get_untracked();
    next.actions.push(action);
    match next.replay() {
        Ok((state, _)) => {
            problem.set(save_game(&wrap(next.clone())).err());
            record.set(next);
            Some(state)
        }
        Err(e) => {
            problem.set(Some(e.to_string()));
            None
        }
    }
}

pub fn clear_game() {
    storage::remove(GAME);
}

pub fn clear_table() {
    clear_game();
    for key in [TABLE, TABLE_ROUND, TABLE_REVEALED] {
        storage::remove(key);
    }
}

pub fn load_seat() -> Result<Option<SavedSeat>, String> {
    Ok(token(SEAT, "seat")?.map(|token| SavedSeat {
        token,
        round: round(SEAT_ROUND),
        revealed: flag(SEAT_REVEALED),
    }))
}

pub fn save_seat(seat: &SavedSeat) -> Result<(), String> {
    storage::set(SEAT, &seat.token.to_link_token())?;
    storage::set(SEAT_ROUND, &seat.round.to_string())?;
    set_flag(SEAT_REVEALED, seat.revealed)
}

pub fn clear_seat() {
    for key in [SEAT, SEAT_ROUND, SEAT_REVEALED] {
        storage::remove(key);
    }
}

/// 64 bits from the browser's cryptographic random source.
pub fn fresh_seed() -> Result<Seed, String> {
    let crypto = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .ok_or("This browser has no secure random source, so it cannot deal fairly.")?;
    let mut bytes = [0u8; 8];
    crypto
        .get_random_values_with_u8_array(&mut bytes)
        .map_err(|_| "The browser refused to give random numbers, so it cannot deal fairly.")?;
    Ok(Seed(u64::from_le_bytes(bytes)))
}

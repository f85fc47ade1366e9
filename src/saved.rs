//! What survives a reload: the table this device runs, and the seat this phone holds.
//!
//! The table keeps its deal (with the seed: only the table device ever stores it) as a
//! checksummed table code; the phone keeps the seat code it was handed, the rounds codes
//! that extend it and, after the end, the verified reveal code. A damaged save is detected,
//! reported and set aside under `<key>.damaged`; it never crashes the app.

use intrigue_core::catalogue::Start;
use intrigue_core::game::{Loaded, Referee, Status};
use intrigue_core::seat::MAX_CODED_ROUND;
use intrigue_core::{Code, Game, GameKind, SeatCode, Seats, SecretGame, Seed, TableDeal};
use leptos::prelude::{Notify, RwSignal, Set, UpdateUntracked};

use crate::route::Route;
use crate::storage;

const TABLE: &str = "intrigue.table";
const TABLE_ROUND: &str = "intrigue.table.round";
const TABLE_REVEALED: &str = "intrigue.table.revealed";
const TABLE_LOG: &str = "intrigue.table.log";
/// The codes the hand-out has shown: `s<seat>` for a seat code, `r<first>.<seat>` for a
/// rounds code, separated by spaces. Showing one again is written into the table's log.
const TABLE_SHOWN: &str = "intrigue.table.shown";
/// The game on screen's own log of what everyone may know (its exports while it was being
/// played): `<ms> export` a line.
const GAME_LOG: &str = "intrigue.game.log";
const HISTORY: &str = "intrigue.history";
/// How many ended tables the history keeps.
const HISTORY_LENGTH: usize = 10;
const GAME: &str = "intrigue.game";
/// The history's line for the game on screen (see [`note_game`]).
const GAME_NOTE: &str = "intrigue.game.note";
/// A City of Spies set-up being arranged by hand: `<round> <square index>…`.
const ARRANGING: &str = "intrigue.game.arranging";
const SEAT: &str = "intrigue.seat";
const SEAT_ROUND: &str = "intrigue.seat.round";
const SEAT_MORE: &str = "intrigue.seat.more";
const SEAT_REVEAL: &str = "intrigue.seat.reveal";
/// Written by the previous app: the phone could reveal without the table.
const SEAT_REVEALED_OLD: &str = "intrigue.seat.revealed";

/// The highest round the app lets a table or phone step to.
pub const MAX_ROUND: u32 = MAX_CODED_ROUND;

/// Something the table did that everyone may know: the table's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logged {
    /// A seat's secrets were shown on the table (a peek).
    Peek { seat: u8 },
    /// The reveal was shown on the table.
    Reveal,
    /// A seat's code was shown again by the hand-out (after its first showing).
    CodeAgain { seat: u8 },
    /// A seat's rounds code (rounds `first` to `first + 8`) was shown again.
    RoundsAgain { seat: u8, first: u32 },
    /// The game was exported to a file while it was being played (the file holds every
    /// secret).
    Export,
}

/// One line of the table's log: what, and when (whole milliseconds since 1970: an integer,
/// because printing or parsing a float would add all of float formatting to the wasm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub at: u64,
    pub what: Logged,
}

/// The table this device referees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedTable {
    pub deal: TableDeal,
    pub round: u32,
    pub revealed: bool,
    pub log: Vec<LogLine>,
}

impl SavedTable {
    pub fn new(deal: TableDeal) -> SavedTable {
        SavedTable {
            deal,
            round: 1,
            revealed: false,
            log: Vec::new(),
        }
    }
}

/// The seat this phone holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedSeat {
    /// The seat code, with the rounds of every rounds code added.
    pub code: SeatCode,
    /// The rounds codes added, as link tokens (the seat code keeps its own).
    pub more: Vec<String>,
    /// The round the phone shows.
    pub round: u32,
    /// The table's reveal code, once this phone has checked it.
    pub reveal: Option<String>,
}

impl SavedSeat {
    pub fn new(code: SeatCode) -> SavedSeat {
        SavedSeat {
            code,
            more: Vec::new(),
            round: 1,
            reveal: None,
        }
    }

    /// The verified reveal: the whole deal and the rounds played.
    pub fn revealed(&self) -> Option<(TableDeal, u32)> {
        let Ok(Code::Reveal(reveal)) = Code::parse(self.reveal.as_deref()?) else {
            return None;
        };
        let deal = self.code.verify(&reveal).ok()?;
        Some((deal, reveal.rounds))
    }
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

/// Keep a copy of `text` under `aside` (replacing an older one): the whole of it, or on a
/// full device as much of it as fits. Says how much was kept: `None` when nothing fits.
fn keep_copy(aside: &str, text: &str) -> Option<usize> {
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
fn copy_said(kept: Option<usize>, whole: usize) -> String {
    match kept {
        Some(cut) if cut == whole => String::new(),
        Some(cut) => {
            format!("; this device's storage is full, so only its first {cut} characters were kept")
        }
        None => "; this device's storage is full, so no copy of it could be kept".to_string(),
    }
}

/// Move a damaged save aside (to `<key>.damaged`, replacing an older one) and say so.
/// It is a rename: the save is removed first, so its copy has its room even on a full
/// device; if even that does not fit, as much of it as fits is kept, and the message says so.
fn set_aside(key: &str, text: &str, what: &str, why: &str) -> String {
    let aside = format!("{key}.damaged");
    storage::remove(&aside);
    storage::remove(key);
    let said =
        format!("The {what} saved on this device was damaged and has been set aside ({why})");
    format!("{said}{}", copy_said(keep_copy(&aside, text), text.len()))
}

fn read_log(text: &str) -> Vec<LogLine> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.split(' ');
            let at: u64 = parts.next()?.parse().ok()?;
            let what = match (parts.next()?, parts.next(), parts.next()) {
                ("peek", Some(seat), None) => Logged::Peek {
                    seat: seat.parse().ok()?,
                },
                ("reveal", None, None) => Logged::Reveal,
                ("code", Some(seat), None) => Logged::CodeAgain {
                    seat: seat.parse().ok()?,
                },
                ("rounds", Some(seat), Some(first)) => Logged::RoundsAgain {
                    seat: seat.parse().ok()?,
                    first: first.parse().ok()?,
                },
                ("export", None, None) => Logged::Export,
                _ => return None,
            };
            Some(LogLine { at, what })
        })
        .collect()
}

fn write_log(log: &[LogLine]) -> String {
    let lines: Vec<String> = log
        .iter()
        .map(|line| match line.what {
            Logged::Peek { seat } => format!("{} peek {seat}", line.at),
            Logged::Reveal => format!("{} reveal", line.at),
            Logged::CodeAgain { seat } => format!("{} code {seat}", line.at),
            Logged::RoundsAgain { seat, first } => format!("{} rounds {seat} {first}", line.at),
            Logged::Export => format!("{} export", line.at),
        })
        .collect();
    lines.join("\n")
}

pub fn load_table() -> Result<Option<SavedTable>, String> {
    let Some(text) = storage::get(TABLE) else {
        return Ok(None);
    };
    let deal = TableDeal::from_text(&text)
        .map_err(|error| set_aside(TABLE, &text, "table", &error.to_string()))?;
    let log = storage::get(TABLE_LOG)
        .map(|l| read_log(&l))
        .unwrap_or_default();
    Ok(Some(SavedTable {
        deal,
        round: round(TABLE_ROUND),
        revealed: flag(TABLE_REVEALED),
        log,
    }))
}

pub fn save_table(table: &SavedTable) -> Result<(), String> {
    storage::set(TABLE, &table.deal.to_text())?;
    storage::set(TABLE_ROUND, &table.round.to_string())?;
    storage::set(TABLE_LOG, &write_log(&table.log))?;
    set_flag(TABLE_REVEALED, table.revealed)
}

/// Now, in whole milliseconds since 1970.
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// Write one line into the saved table's log, now. What is logged is public: a secret
/// that cannot be logged (another tab wrote, storage is full) must not be shown, so this
/// says why it failed.
pub fn log_on_table(what: Logged) -> Result<(), String> {
    let mut table = load_table()?.ok_or("This device is not running a table.")?;
    table.log.push(LogLine { at: now(), what });
    storage::set(TABLE_LOG, &write_log(&table.log))
}

/// The hand-out's name for a code: a seat's own, or its rounds code from `first`.
fn code_name(seat: u8, rounds: Option<u32>) -> String {
    match rounds {
        None => format!("s{seat}"),
        Some(first) => format!("r{first}.{seat}"),
    }
}

/// Whether the hand-out has shown this code before (its first showing is the hand-out
/// itself; any later one is public, like a peek).
pub fn code_shown(seat: u8, rounds: Option<u32>) -> bool {
    let name = code_name(seat, rounds);
    storage::get(TABLE_SHOWN).is_some_and(|t| t.split(' ').any(|n| n == name))
}

/// Note that the hand-out shows this code now; a showing after the first is written into
/// the table's log first. Either failing (another tab, storage full) means the code must
/// not be shown: the reason is returned.
pub fn show_code(seat: u8, rounds: Option<u32>) -> Result<(), String> {
    if code_shown(seat, rounds) {
        return log_on_table(match rounds {
            None => Logged::CodeAgain { seat },
            Some(first) => Logged::RoundsAgain { seat, first },
        });
    }
    let mut shown = storage::get(TABLE_SHOWN).unwrap_or_default();
    if !shown.is_empty() {
        shown.push(' ');
    }
    shown.push_str(&code_name(seat, rounds));
    storage::set(TABLE_SHOWN, &shown)
}

/// When the game on screen was exported while it was being played (ms since 1970).
pub fn game_exports() -> Vec<u64> {
    storage::get(GAME_LOG)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.strip_suffix(" export")?.parse().ok())
        .collect()
}

/// Write a running game's export into its log (and the table's, for a game with one), so
/// everyone is told. Says why not, when it cannot be written.
pub fn log_export() -> Result<(), String> {
    let mut lines = storage::get(GAME_LOG).unwrap_or_default();
    if !lines.is_empty() {
        lines.push('\n');
    }
    lines.push_str(&format!("{} export", now()));
    storage::set(GAME_LOG, &lines)?;
    if matches!(load_table(), Ok(Some(_))) {
        log_on_table(Logged::Export)?;
    }
    Ok(())
}

/// A table this device ran, as the history remembers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// When it was replaced (ms since 1970).
    pub at: u64,
    pub title: String,
    pub names: Vec<String>,
    /// The round it reached (A City of Spies).
    pub round: Option<u32>,
    /// Whether it was played to the end (revealed), or replaced while running.
    pub finished: bool,
    /// A game played on screen to the end: its result is known (`winners`, and `scores` when
    /// the game keeps points).
    pub result: bool,
    /// Every seat's final score, in seat order; empty for a game won without points.
    pub scores: Vec<i32>,
    /// ...and the seats that won (none: a draw).
    pub winners: Vec<u8>,
}

/// Numbers joined by `,` (the history's lists of scores and seats).
fn numbers<T: ToString>(list: &[T]) -> String {
    list.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

fn read_numbers<T: std::str::FromStr>(text: Option<&str>) -> Vec<T> {
    text.unwrap_or_default()
        .split(',')
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// The tables and games this device ran before the current one, newest first.
pub fn history() -> Vec<Ended> {
    storage::get(HISTORY)
        .map(|text| text.lines().filter_map(parse_history_line).collect())
        .unwrap_or_default()
}

/// A line written by [`history_line`]; `None` when damaged.
fn parse_history_line(line: &str) -> Option<Ended> {
    let mut f = line.split('\t');
    let at = f.next()?.parse().ok()?;
    let finished = f.next()? == "1";
    let round = f.next()?.parse().ok().filter(|r| *r > 0);
    let title = f.next()?.to_string();
    let names = f.next()?.split('\u{1f}').map(str::to_string).collect();
    let scores: Vec<i32> = read_numbers(f.next());
    let winners = read_numbers(f.next());
    // Lines written before the result had its own field knew one only with scores.
    let result = match f.next() {
        Some(flag) => flag == "1",
        None => !scores.is_empty(),
    };
    Some(Ended {
        at,
        finished,
        round,
        title,
        names,
        result,
        scores,
        winners,
    })
}

/// One line of the history: when, whether finished, the round, the title, the names, and
/// for a game played to the end on screen its scores, winners and whether that result is
/// known.
fn history_line(ended: &Ended) -> String {
    let flag = |on: bool| if on { "1" } else { "0" };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        ended.at,
        flag(ended.finished),
        ended.round.unwrap_or(0),
        ended.title,
        ended.names.join("\u{1f}"),
        numbers(&ended.scores),
        numbers(&ended.winners),
        flag(ended.result),
    )
}

/// Keep the history's line for the game on screen up to date: its title and names, and
/// once it is over the scores and winners. Read when the game is replaced. A courtesy: if
/// storage is full it is skipped.
pub fn note_game(kind: GameKind, names: Vec<String>, status: &Status) {
    let (result, winners, scores) = match status {
        Status::Over { winners, scores } => (true, winners.clone(), scores.clone()),
        Status::Playing => (false, Vec::new(), Vec::new()),
    };
    let note = Ended {
        at: 0,
        title: kind.title().to_string(),
        names,
        round: None,
        finished: result,
        result,
        scores,
        winners,
    };
    let line = history_line(&note);
    if storage::get(GAME_NOTE).as_deref() != Some(line.as_str()) {
        let _ = storage::set(GAME_NOTE, &line);
    }
}

/// Remember what is being replaced: the game on screen played to the end (with its
/// scores), else the table (with its round), else the game on screen as ended early.
/// Names never hold a tab: they are trimmed to single spaces when dealt. The history is a
/// courtesy: if storage is full it is skipped.
fn remember_replaced() {
    let note = storage::get(GAME_NOTE)
        .filter(|_| storage::get(GAME).is_some())
        .and_then(|line| parse_history_line(&line));
    let table = load_table().ok().flatten();
    let ended = match (note, table) {
        (Some(note), _) if note.finished => note,
        (_, Some(table)) => {
            let view = table.deal.table_view(table.round);
            Ended {
                at: 0,
                title: view.game.title().to_string(),
                names: view.names,
                round: view.round,
                finished: table.revealed,
                result: false,
                scores: Vec::new(),
                winners: Vec::new(),
            }
        }
        (Some(note), None) => note,
        (None, None) => return,
    };
    let line = history_line(&Ended { at: now(), ..ended });
    let mut lines: Vec<String> = storage::get(HISTORY)
        .map(|t| t.lines().map(str::to_string).collect())
        .unwrap_or_default();
    lines.insert(0, line);
    lines.truncate(HISTORY_LENGTH);
    let _ = storage::set(HISTORY, &lines.join("\n"));
}

/// Deal a new game of `kind` for `seats` with the house rules `options` (bit `i`: the
/// game's option `i`), from a fresh seed, replacing the table and game on this device: the
/// game on screen when `on_screen` (always, for a game without a secret deal), and the
/// table's deal for the phones when the game has one. Returns where to go: the hand-out,
/// or the game.
pub fn deal_new(
    kind: GameKind,
    seats: Seats,
    options: u8,
    on_screen: bool,
) -> Result<Route, String> {
    let seed = fresh_seed()?;
    let here = on_screen || !kind.info().secret_deal;
    let record = if here {
        let start = Start {
            seats: &seats,
            seed,
            options,
        };
        Some(kind.start(&start).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let table = if kind.info().secret_deal {
        let secret = SecretGame::new(kind, options).map_err(|e| e.to_string())?;
        Some(TableDeal::new(secret, seats, seed).map_err(|e| e.to_string())?)
    } else {
        None
    };
    remember_replaced();
    clear_table();
    if let Some(text) = &record {
        save_game(text)?;
    }
    match table {
        Some(deal) => save_table(&SavedTable::new(deal)).map(|()| Route::Handout(0)),
        None => Ok(Route::Play),
    }
}

/// A game file (see `ExportGame`) read back: its table too, for a game that deals secrets
/// (its record holds the table's save). The game's screen replays it and says what, if
/// anything, could not be read.
/// `ask` is asked (once the file is known to be a game) before a running table is ended;
/// `Ok(None)` when it says no.
pub fn import_game(text: &str, ask: impl FnOnce() -> bool) -> Result<Option<Route>, String> {
    let text = text.trim();
    let kind = GameKind::of_record(text).ok_or(
        "This file is not a game exported by Intrigue (or it was damaged): nothing was imported.",
    )?;
    let table = match kind.record_table(text) {
        Some(deal) => Some(deal),
        None if kind.info().secret_deal => {
            return Err(
                "This game file is damaged (its table cannot be read): nothing was imported."
                    .to_string(),
            );
        }
        None => None,
    };
    let running = matches!(load_table(), Ok(Some(t)) if !t.revealed)
        || matches!(game_in_progress(), Ok(Some(_)));
    if running && !ask() {
        return Ok(None);
    }
    // It must fit beside what is here before anything here is replaced: on a full device
    // the running game stays, whole.
    let full = |why: String| {
        if why == storage::FULL {
            "This device's storage is full (or switched off), so this game file does not fit: nothing was imported, and the game on this device is as it was.".to_string()
        } else {
            why
        }
    };
    storage::set(IMPORTING, text).map_err(full)?;
    storage::remove(IMPORTING);
    let before = snapshot();
    remember_replaced();
    clear_table();
    let written = table
        .map_or(Ok(()), |deal| save_table(&SavedTable::new(deal)))
        .and_then(|()| save_game(text));
    if let Err(why) = written {
        restore(&before);
        return Err(full(why));
    }
    Ok(Some(Route::Play))
}

/// Where an import is tried first, to learn whether it fits.
const IMPORTING: &str = "intrigue.importing";

/// Every key a table or game on screen keeps, with its text (for [`restore`]).
fn snapshot() -> Vec<(&'static str, Option<String>)> {
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
        ARRANGING,
        HISTORY,
    ]
    .into_iter()
    .map(|key| (key, storage::get(key)))
    .collect()
}

/// Put back what [`snapshot`] kept (a replacement that could not be written).
fn restore(keys: &[(&'static str, Option<String>)]) {
    for (key, _) in keys {
        storage::remove(key);
    }
    for (key, text) in keys {
        if let Some(text) = text {
            let _ = storage::set(key, text);
        }
    }
}

/// The game this table plays on screen, by its record's tag: which game, and its record
/// text (read by that game's own screen, in its own part of the app). A save that names no
/// game this app knows is reported and set aside.
pub fn game_in_progress() -> Result<Option<(GameKind, String)>, String> {
    let Some(text) = storage::get(GAME) else {
        return Ok(None);
    };
    match GameKind::of_record(&text) {
        Some(kind) => {
            // A game and the table it is saved beside must share one deal: otherwise peeks
            // and phones would show another deal than the game's.
            if let (Some(game_table), Ok(Some(table))) = (kind.record_table(&text), load_table())
                && game_table.table_id() != table.deal.table_id()
            {
                let _ = set_aside(GAME, &text, "game", "");
                return Err(format!(
                    "The game saved on this device was dealt by another table (table words {}) than the one on this device (table words {}), so peeks and phones would not match it: it has been set aside.",
                    game_table.fingerprint(),
                    table.deal.fingerprint()
                ));
            }
            Ok(Some((kind, text)))
        }
        None => Err(format!(
            "{}.",
            set_aside(GAME, &text, "game", "it names no game this app knows")
        )),
    }
}

/// The saved game `text` replayed by its referee. A damaged one is reported and set aside.
/// A save damaged only at the end keeps every action that still replays: the original is
/// set aside and the note says what was lost.
pub fn load_referee<G: Game>(text: &str) -> Result<Loaded<G>, String> {
    let loaded = Referee::<G>::from_text(text)
        .map_err(|error| format!("{}.", set_aside(GAME, text, "game", &error)))?;
    if let Some(lost) = loaded.lost {
        // What replays is saved first (a damaged save padded with junk frees its room),
        // then as much of the damaged text as fits is kept beside it.
        let _ = save_game(&loaded.referee.to_text());
        let kept = keep_copy(&format!("{GAME}.damaged"), text);
        let copy = match kept {
            Some(cut) if cut == text.len() => {
                " A copy of the damaged save is kept on this device.".to_string()
            }
            Some(cut) => format!(
                " This device's storage is full, so only the first {cut} characters of the damaged save were kept."
            ),
            None => " This device's storage is full, so no copy of the damaged save fits on it."
                .to_string(),
        };
        return Ok(Loaded {
            referee: loaded.referee,
            lost: Some(format!("{lost}{copy}")),
        });
    }
    Ok(loaded)
}

/// Save a game on screen: its record text.
pub fn save_game(text: &str) -> Result<(), String> {
    storage::set(GAME, text)
}

/// Play `action` on a game shown on screen: one action on the referee, saved; says what
/// went wrong. Returns the action's events.
pub fn advance<G: Game>(
    referee: RwSignal<Referee<G>>,
    problem: RwSignal<Option<String>>,
    action: G::Action,
) -> Option<Vec<G::Event>>
where
    Referee<G>: Send + Sync + 'static,
{
    // Out of date (another tab wrote): the page's banner says so; play nothing.
    if storage::is_stale() {
        return None;
    }
    // In place: an illegal action leaves the referee untouched, so nothing is copied.
    let outcome = referee
        .try_update_untracked(|r| r.act(action).map(|events| (events, r.to_text())))
        .expect("the play screen owns its referee");
    match outcome {
        Ok((events, text)) => {
            problem.set(save_game(&text).err());
            referee.notify();
            Some(events)
        }
        Err(e) => {
            problem.set(Some(e.to_string()));
            None
        }
    }
}

/// Take back the last action when the game allows it, and save.
pub fn undo<G: Game>(referee: RwSignal<Referee<G>>)
where
    Referee<G>: Send + Sync + 'static,
{
    if storage::is_stale() {
        return;
    }
    let undone = referee
        .try_update_untracked(|r| r.undo().is_ok().then(|| r.to_text()))
        .flatten();
    if let Some(text) = undone {
        let _ = save_game(&text);
        referee.notify();
    }
}

/// Remember a set-up being arranged by hand (square indexes), so a reload keeps it.
pub fn save_arrangement(round: u32, squares: &[u8]) {
    let list: Vec<String> = squares.iter().map(u8::to_string).collect();
    let _ = storage::set(ARRANGING, &format!("{round} {}", list.join(" ")));
}

/// The arrangement saved for `round`, if any (its squares; the caller checks the layout).
pub fn load_arrangement(round: u32) -> Option<Vec<u8>> {
    let text = storage::get(ARRANGING)?;
    let mut parts = text.split(' ');
    if parts.next()?.parse::<u32>().ok()? != round {
        return None;
    }
    parts
        .map(|p| p.parse::<u8>().ok().filter(|s| *s < 64))
        .collect()
}

/// Remember a set-up being arranged, as the game's own text, so a reload keeps it.
pub fn save_draft(text: &str) {
    let _ = storage::set(ARRANGING, text);
}

/// The set-up being arranged, as saved by [`save_draft`] (the game reads its own text).
pub fn load_draft() -> Option<String> {
    storage::get(ARRANGING)
}

pub fn clear_arrangement() {
    storage::remove(ARRANGING);
}

pub fn clear_game() {
    clear_arrangement();
    for key in [GAME_NOTE, GAME_LOG, GAME_IN_USE, GAME] {
        storage::remove(key);
    }
}

pub fn clear_table() {
    clear_game();
    for key in [TABLE, TABLE_ROUND, TABLE_REVEALED, TABLE_LOG, TABLE_SHOWN] {
        storage::remove(key);
    }
}

/// Marks a game on screen keeps while it runs (Espionage: the saved set-ups a seat used,
/// `<seat>\t<name>` a line); cleared with the game.
const GAME_IN_USE: &str = "intrigue.game.in-use";

/// The marks of the game on screen (see [`GAME_IN_USE`]).
pub fn in_use() -> Vec<(u8, String)> {
    storage::get(GAME_IN_USE)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let (seat, name) = line.split_once('\t')?;
            Some((seat.parse().ok()?, name.to_string()))
        })
        .collect()
}

/// Mark `names` as used by `seat` in the game on screen.
pub fn mark_in_use(seat: u8, names: &[String]) -> Result<(), String> {
    let mut marks = in_use();
    for name in names {
        if !marks.iter().any(|(s, n)| *s == seat && n == name) {
            marks.push((seat, name.clone()));
        }
    }
    let text: Vec<String> = marks.iter().map(|(s, n)| format!("{s}\t{n}")).collect();
    storage::set(GAME_IN_USE, &text.join("\n"))
}

pub fn load_seat() -> Result<Option<SavedSeat>, String> {
    let Some(text) = storage::get(SEAT) else {
        return Ok(None);
    };
    let code = match Code::parse(&text) {
        Ok(Code::Seat(code)) => code,
        Ok(_) => return Err(set_aside(SEAT, &text, "seat", "not a seat code")),
        Err(error) => return Err(set_aside(SEAT, &text, "seat", &error.to_string())),
    };
    let mut seat = SavedSeat::new(code);
    // Rounds codes were checked when they were added; one that no longer fits is dropped.
    for token in storage::get(SEAT_MORE)
        .unwrap_or_default()
        .split_whitespace()
    {
        if let Ok(Code::Rounds(more)) = Code::parse(token)
            && seat.code.add_rounds(&more).is_ok()
        {
            seat.more.push(token.to_string());
        }
    }
    seat.round = round(SEAT_ROUND).min(seat.code.rounds_held().max(1));
    seat.reveal = storage::get(SEAT_REVEAL);
    if seat.reveal.is_some() && seat.revealed().is_none() {
        seat.reveal = None;
    }
    Ok(Some(seat))
}

pub fn save_seat(seat: &SavedSeat) -> Result<(), String> {
    storage::remove(SEAT_REVEALED_OLD);
    storage::set(SEAT, &seat.code.to_link_token())?;
    storage::set(SEAT_MORE, &seat.more.join(" "))?;
    storage::set(SEAT_ROUND, &seat.round.to_string())?;
    match &seat.reveal {
        Some(reveal) => storage::set(SEAT_REVEAL, reveal),
        None => {
            storage::remove(SEAT_REVEAL);
            Ok(())
        }
    }
}

pub fn clear_seat() {
    for key in [SEAT, SEAT_ROUND, SEAT_MORE, SEAT_REVEAL, SEAT_REVEALED_OLD] {
        storage::remove(key);
    }
}

/// 64 bits from the browser's cryptographic random source (getrandom's Web Crypto backend).
pub fn fresh_seed() -> Result<Seed, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|_| "This browser has no secure random source, so it cannot deal fairly.")?;
    Ok(Seed(u64::from_le_bytes(bytes)))
}

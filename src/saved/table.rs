//! The table this device referees: its deal, the round it is at, whether it has revealed,
//! its log of what everyone may know (peeks, the reveal, codes shown again, exports), and
//! which codes the hand-out has shown.

use intrigue_core::TableDeal;

use super::{flag, now, round, set_aside, set_flag};
use crate::storage;

pub(super) const TABLE: &str = "intrigue.table";

pub(super) const TABLE_ROUND: &str = "intrigue.table.round";

pub(super) const TABLE_REVEALED: &str = "intrigue.table.revealed";

pub(super) const TABLE_LOG: &str = "intrigue.table.log";

/// The codes the hand-out has shown: `s<seat>` for a seat code, `r<first>.<seat>` for a
/// rounds code, separated by spaces. Showing one again is written into the table's log.
pub(super) const TABLE_SHOWN: &str = "intrigue.table.shown";

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
    /// A phone was linked to play a seat whose secrets had been handed out already (the
    /// phone shows them).
    Linked { seat: u8 },
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
                ("linked", Some(seat), None) => Logged::Linked {
                    seat: seat.parse().ok()?,
                },
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
            Logged::Linked { seat } => format!("{} linked {seat}", line.at),
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

pub fn save_table(table: &SavedTable) -> Result<(), crate::storage::Refused> {
    storage::set(TABLE, &table.deal.to_text())?;
    storage::set(TABLE_ROUND, &table.round.to_string())?;
    storage::set(TABLE_LOG, &write_log(&table.log))?;
    set_flag(TABLE_REVEALED, table.revealed)
}

/// Write one line into the saved table's log, now. What is logged is public: a secret
/// that cannot be logged (another tab wrote, storage is full) must not be shown, so this
/// says why it failed.
pub fn log_on_table(what: Logged) -> Result<(), String> {
    let mut table = load_table()?.ok_or_else(|| {
        tr!(
            "This device is not running a table.",
            "Este dispositivo no está llevando ninguna mesa."
        )
        .to_string()
    })?;
    table.log.push(LogLine { at: now(), what });
    Ok(storage::set(TABLE_LOG, &write_log(&table.log))?)
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
    Ok(mark_shown(seat, rounds)?)
}

/// Note that a phone linked to play `seat` is sent its secrets now: the seat's secrets go
/// out once without a trace (by its code or its link, whichever comes first, as the
/// hand-out itself), and every later time is written into the table's log first. Either
/// failing means the phone must not be linked: the reason is returned.
pub fn show_linked(seat: u8) -> Result<(), String> {
    if code_shown(seat, None) {
        return log_on_table(Logged::Linked { seat });
    }
    Ok(mark_shown(seat, None)?)
}

/// The hand-out has shown this code (or the seat's secrets went to its linked phone).
fn mark_shown(seat: u8, rounds: Option<u32>) -> Result<(), crate::storage::Refused> {
    let mut shown = storage::get(TABLE_SHOWN).unwrap_or_default();
    if !shown.is_empty() {
        shown.push(' ');
    }
    shown.push_str(&code_name(seat, rounds));
    storage::set(TABLE_SHOWN, &shown)
}

/// Forget the table's own keys (`saved::clear_table` forgets its game too).
pub(super) fn clear_table_keys() {
    for key in [TABLE, TABLE_ROUND, TABLE_REVEALED, TABLE_LOG, TABLE_SHOWN] {
        storage::remove(key);
    }
}

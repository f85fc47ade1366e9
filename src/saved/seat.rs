//! The seat this phone holds: its seat code, the rounds codes that extend it, the round it
//! shows and, once checked, the table's reveal code.

use intrigue_core::{Code, SeatCode, TableDeal};

use super::{round, set_aside};
use crate::storage;

pub(super) const SEAT: &str = "intrigue.seat";

pub(super) const SEAT_ROUND: &str = "intrigue.seat.round";

pub(super) const SEAT_MORE: &str = "intrigue.seat.more";

pub(super) const SEAT_REVEAL: &str = "intrigue.seat.reveal";

/// Written by the previous app: the phone could reveal without the table.
pub(super) const SEAT_REVEALED_OLD: &str = "intrigue.seat.revealed";

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
    pub fn revealed(&self) -> Option<(TableDeal, u32, Option<Vec<u8>>)> {
        let Ok(Code::Reveal(reveal)) = Code::parse(self.reveal.as_deref()?) else {
            return None;
        };
        let deal = self.code.verify(&reveal).ok()?;
        Some((deal, reveal.rounds, reveal.winners))
    }
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

pub fn save_seat(seat: &SavedSeat) -> Result<(), crate::storage::Refused> {
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

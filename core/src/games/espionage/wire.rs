//! Espionage on the wire (see `crate::wire`): a seat's view (its own army, the enemy's
//! pieces as that seat sees them), its actions and its news.

use super::army::{ARMY_SIZE, Kind, Outcome};
use super::board::{ROWS, WIDTHS, ZONE_ROWS};
use super::game::{Action, End, Espionage, Event, MOVES_PER_TURN, Phase, Placement};
use super::fair::{Breach, Broke, Kept, Opening, Said};
use super::view::{EspionageView, Seen};
use crate::wire::{
    Reader, Wire, WireError, Wired, ensure, seats_below, wire_enum, wire_newtype, wire_struct,
};

wire_enum!(Kind {
    Corporal = 0,
    Lieutenant = 1,
    Captain = 2,
    Colonel = 3,
    General = 4,
    Spy = 5,
    Minesweeper = 6,
    Mine = 7,
    Headquarters = 8,
});
wire_enum!(Outcome {
    AttackerWins = 0,
    DefenderWins = 1,
    MineCleared = 2,
    MineHolds = 3,
    HeadquartersTaken = 4,
});
wire_enum!(End {
    HeadquartersTaken { winner } = 0,
    NoMove { loser } = 1,
    Resigned { loser } = 2,
    QuietDraw = 3,
});
wire_enum!(Phase {
    SetUp { seat } = 0,
    Turn { seat } = 1,
    Over(end) = 2,
});
wire_enum!(Seen {
    Empty = 0,
    Volcano = 1,
    Own { id, kind, unmasked } = 2,
    Enemy { kind } = 3,
});

wire_newtype!(Placement);

// The phones refereeing together (`fair`): what each says.
wire_struct!(Opening { token, kind, salt });
wire_enum!(Said {
    Sealed { seat, digest } = 0,
    Shown { seat, squares, commitments } = 1,
    Move { seat, from, to, attacker } = 2,
    Open { seat, openings } = 3,
    Ask { seat, squares } = 4,
    Submit { seat } = 5,
    NoMove { seat } = 6,
    Resign { seat } = 7,
    Reveal { seat, openings } = 8,
});

/// A kept side: the transcript may be longer than a frame's lists (a long game says tens of
/// thousands of values), so its lengths are read against the bytes left only. The player
/// named comes last, and only when one was named (its seat, then 0 for the clock's
/// verdict or 1 for a relay's rewrite): a side kept by an older app (the last in its
/// device's kept bytes) ends before it.
impl Wire for Kept {
    fn put(&self, out: &mut Vec<u8>) {
        self.placement.put(out);
        self.salts.put(out);
        (self.said.len() as u64).put(out);
        for said in &self.said {
            said.put(out);
        }
        self.outbox.put(out);
        if let Some(named) = &self.named {
            named.seat.put(out);
            let kind: u8 = match named.breach {
                Breach::WouldNotAnswer => 0,
                _ => 1,
            };
            kind.put(out);
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(Kept {
            placement: Wire::take(r)?,
            salts: Wire::take(r)?,
            said: r.list(usize::MAX)?,
            outbox: Wire::take(r)?,
            named: if r.end().is_ok() {
                None
            } else {
                let seat = u8::take(r)?;
                let breach = match u8::take(r)? {
                    0 => Breach::WouldNotAnswer,
                    1 => Breach::Rewrote,
                    _ => return Err(WireError::Bad("player named")),
                };
                Some(Broke { seat, breach })
            },
        })
    }
}

/// What a phone's words can hold: one of two seats, no list longer than an army or a
/// board, a piece's token within its army. The rest (a square on this board, an opening
/// that opens) is the protocol's to check (`fair::Side::hear`).
pub fn said_fits(said: &Said) -> bool {
    let most_squares = usize::from(*WIDTHS.end()) * usize::from(ROWS);
    let tokens = |openings: &[Opening]| {
        openings.len() <= ARMY_SIZE && openings.iter().all(|o| usize::from(o.token) < ARMY_SIZE)
    };
    said.seat() < 2
        && match said {
            Said::Shown {
                squares,
                commitments,
                ..
            } => squares.len() <= ARMY_SIZE && commitments.len() <= ARMY_SIZE,
            Said::Move { attacker, .. } => attacker.iter().all(|o| usize::from(o.token) < ARMY_SIZE),
            Said::Open { openings, .. } | Said::Reveal { openings, .. } => tokens(openings),
            Said::Ask { squares, .. } => squares.len() <= most_squares,
            _ => true,
        }
}

wire_enum!(Action {
    SetUp(placement) = 0,
    Move { from, to } = 1,
    Submit = 2,
    Resign = 3,
});
wire_enum!(Event {
    SetUp { seat } = 0,
    Moved { seat, from, to } = 1,
    Combat { seat, from, to, attacker, defender, outcome } = 2,
    Unmasked { owner, square, kind } = 3,
    TurnEnded { seat, turn } = 4,
    Ended { end } = 5,
});
wire_struct!(EspionageView {
    names,
    me,
    width,
    phase,
    turn,
    squares,
    moves_left,
    destinations,
    moved,
    can_submit,
    barred,
    zone,
    quiet_turns,
    quiet_draw,
    lost,
    end,
}, checked by check_view);

/// The seats an end names.
fn end_seats(end: End) -> Option<u8> {
    match end {
        End::HeadquartersTaken { winner: seat }
        | End::NoMove { loser: seat }
        | End::Resigned { loser: seat } => Some(seat),
        End::QuietDraw => None,
    }
}

/// The seats a phase names.
fn phase_seats(phase: Phase) -> Option<u8> {
    match phase {
        Phase::SetUp { seat } | Phase::Turn { seat } => Some(seat),
        Phase::Over(end) => end_seats(end),
    }
}

/// The squares of the board a view shows (its width checked first).
fn board(view: &EspionageView) -> usize {
    usize::from(view.width) * usize::from(ROWS)
}

/// What an Espionage view can hold: two seats, a board of a width the game plays (a width
/// of 0 crashed a phone), every square it names on that board, every piece of an army.
fn check_view(view: &EspionageView) -> Result<(), WireError> {
    ensure(view.names.len() == 2, "number of players")?;
    ensure(WIDTHS.contains(&view.width), "board width")?;
    let squares = board(view);
    let on_board = |list: &mut dyn Iterator<Item = u8>| seats_below(squares, list);
    ensure(
        seats_below(2, view.me.into_iter().chain(phase_seats(view.phase)))
            && seats_below(2, view.end.and_then(end_seats)),
        "seat",
    )?;
    ensure(
        view.squares.is_empty() || view.squares.len() == squares,
        "board",
    )?;
    ensure(
        view.squares.iter().all(|seen| match seen {
            Seen::Own { id, .. } => usize::from(*id) < ARMY_SIZE,
            _ => true,
        }),
        "piece",
    )?;
    ensure(view.moves_left <= MOVES_PER_TURN, "moves left")?;
    ensure(
        view.destinations
            .iter()
            .all(|(from, to)| on_board(&mut std::iter::once(*from).chain(to.iter().copied())))
            && on_board(&mut view.moved.iter().copied())
            && on_board(&mut view.barred.iter().flat_map(|&(a, b)| [a, b]))
            && on_board(&mut view.zone.iter().copied()),
        "square",
    )?;
    ensure(
        view.zone.len() <= usize::from(view.width) * usize::from(ZONE_ROWS),
        "set-up zone",
    )?;
    ensure(view.lost.iter().all(|l| l.len() <= ARMY_SIZE), "losses")
}

impl Wired for Espionage {
    fn seats(_: &EspionageView) -> usize {
        2
    }

    fn event_fits(view: &EspionageView, event: &Event) -> bool {
        let squares = board(view);
        let on_board = |square: &u8| usize::from(*square) < squares;
        match event {
            Event::SetUp { seat } | Event::TurnEnded { seat, .. } => *seat < 2,
            Event::Moved { seat, from, to } | Event::Combat { seat, from, to, .. } => {
                *seat < 2 && on_board(from) && on_board(to)
            }
            Event::Unmasked { owner, square, .. } => *owner < 2 && on_board(square),
            Event::Ended { end } => seats_below(2, end_seats(*end)),
        }
    }

    fn action_fits(view: &EspionageView, action: &Action) -> bool {
        let on_board = |square: &u8| usize::from(*square) < board(view);
        match action {
            Action::SetUp(placement) => {
                placement.0.len() == usize::from(view.width) * usize::from(ZONE_ROWS)
            }
            Action::Move { from, to } => on_board(from) && on_board(to),
            Action::Submit | Action::Resign => true,
        }
    }
}

impl crate::wire::relay::Spoken for Said {
    fn seat(&self) -> u8 {
        Said::seat(self)
    }
    fn to_bytes(&self) -> Vec<u8> {
        super::fair::to_bytes(self)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Said, WireError> {
        super::fair::from_bytes(bytes)
    }
}

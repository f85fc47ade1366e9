//! Espionage on the wire (see `crate::wire`): a seat's view (its own army, the enemy's
//! pieces as that seat sees them), its actions and its news.

use super::army::{Kind, Outcome};
use super::game::{Action, End, Event, Phase, Placement};
use super::view::{EspionageView, Seen};
use crate::wire::{wire_enum, wire_newtype, wire_struct};

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
});

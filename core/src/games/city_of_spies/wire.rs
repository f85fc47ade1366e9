//! A City of Spies on the wire (see `crate::wire`): a seat's view (the board, the dice,
//! the teams already shown, and that seat's own team and cards), its actions and its news.

use super::board::Move;
use super::deal::{Cards, SeatSecrets, Team};
use super::dice::CycleRolls;
use super::game::CityOfSpies;
use super::game::{Action, Event, Phase};
use super::layout::Layout;
use super::piece::Piece;
use super::view::{SeatReveal, TableView};
use crate::fingerprint::WORDS;
use crate::wire::{
    Reader, Wire, WireError, Wired, ensure, seats_below, wire_enum, wire_newtype, wire_struct,
};

wire_enum!(Piece {
    Knight1 = 0,
    Knight2 = 1,
    Bishop1 = 2,
    Bishop2 = 3,
    Rook1 = 4,
    Rook2 = 5,
    Pawn1 = 6,
    Pawn2 = 7,
    Pawn3 = 8,
    Pawn4 = 9,
    Queen = 10,
});
wire_enum!(Team { White = 0, Black = 1 });
wire_struct!(Move { from, to });
wire_struct!(Cards { life, target });
wire_struct!(SeatSecrets {
    seat,
    round,
    team,
    cards
});
wire_struct!(SeatReveal { seat, team, cards });
wire_struct!(CycleRolls { rolls, order });

wire_newtype!(Layout);

wire_enum!(Action {
    SetUp(layout) = 0,
    Move(m) = 1,
    Pass = 2,
    Claim = 3,
    Decline = 4,
});
wire_enum!(Phase {
    SetUp = 0,
    Turn { seat } = 1,
    Claim { seat, captured } = 2,
    GameOver { winner } = 3,
});
wire_enum!(Event {
    RoundStarted { round } = 0,
    DiceRolled { cycle, rolls } = 1,
    Moved { seat, piece, mv } = 2,
    Captured { seat, piece, captured, square } = 3,
    Eliminated { seat } = 4,
    Passed { seat } = 5,
    TargetClaimed { seat, team, piece } = 6,
    ClaimRefused { seat } = 7,
    ClaimDeclined { seat } = 8,
    RoundWon { round, seat, team } = 9,
    RoundStalled { round } = 10,
    GameWon { team } = 11,
});

/// The round's check word travels as its place in the word list.
struct RoundWord(&'static str);

impl Wire for RoundWord {
    fn put(&self, out: &mut Vec<u8>) {
        let index = WORDS.iter().position(|w| *w == self.0).unwrap_or(0);
        out.push(index as u8);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(RoundWord(WORDS[usize::from(r.byte()?)]))
    }
}

impl Wire for TableView {
    fn put(&self, out: &mut Vec<u8>) {
        self.names.put(out);
        self.round.put(out);
        self.cycle.put(out);
        self.phase.put(out);
        self.board.put(out);
        self.destinations.put(out);
        self.last_move.put(out);
        self.rolls.put(out);
        self.order.put(out);
        self.turn.put(out);
        self.active.put(out);
        self.teams.put(out);
        self.scores.put(out);
        self.quiet_turns.put(out);
        self.goal.put(out);
        self.random_layout.put(out);
        self.reveal.put(out);
        self.own.put(out);
        RoundWord(self.round_word).put(out);
        self.reveal_code.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let view = TableView {
            names: Wire::take(r)?,
            round: Wire::take(r)?,
            cycle: Wire::take(r)?,
            phase: Wire::take(r)?,
            board: Wire::take(r)?,
            destinations: Wire::take(r)?,
            last_move: Wire::take(r)?,
            rolls: Wire::take(r)?,
            order: Wire::take(r)?,
            turn: Wire::take(r)?,
            active: Wire::take(r)?,
            teams: Wire::take(r)?,
            scores: Wire::take(r)?,
            quiet_turns: Wire::take(r)?,
            goal: Wire::take(r)?,
            random_layout: Wire::take(r)?,
            reveal: Wire::take(r)?,
            own: Wire::take(r)?,
            round_word: RoundWord::take(r)?.0,
            reveal_code: Wire::take(r)?,
        };
        check_view(&view)?;
        Ok(view)
    }
}

/// The seat a phase names.
fn phase_seat(phase: Phase) -> Option<u8> {
    match phase {
        Phase::Turn { seat } | Phase::Claim { seat, .. } => Some(seat),
        Phase::SetUp | Phase::GameOver { .. } => None,
    }
}

/// Whether a cycle's dice (each seat's rolls, the turn order) name only seats among
/// `players`, no more of them than there are.
fn rolls_fit(rolls: &[(u8, Vec<u8>)], order: &[u8], players: usize) -> bool {
    rolls.len() <= players
        && order.len() <= players
        && seats_below(
            players,
            rolls
                .iter()
                .map(|(seat, _)| *seat)
                .chain(order.iter().copied()),
        )
}

/// What a City view can hold: 3 to 6 seats, every seat it names among them (a seat out of
/// range crashed a phone), a place in the turn order and a team and a flag for each.
fn check_view(view: &TableView) -> Result<(), WireError> {
    let players = view.names.len();
    let range = &super::INFO.players;
    ensure(
        (usize::from(*range.start())..=usize::from(*range.end())).contains(&players),
        "number of players",
    )?;
    ensure(
        seats_below(players, phase_seat(view.phase))
            && seats_below(players, view.own.iter().map(|own| own.seat)),
        "seat",
    )?;
    ensure(
        rolls_fit(&view.rolls, &view.order, players) && view.turn < players,
        "turn order",
    )?;
    ensure(
        view.active.len() == players && view.teams.len() == players,
        "teams",
    )?;
    ensure(
        view.reveal.as_ref().is_none_or(|reveal| {
            reveal.len() == players && seats_below(players, reveal.iter().map(|seat| seat.seat))
        }),
        "reveal",
    )?;
    ensure(
        view.reveal_code
            .as_ref()
            .is_none_or(|code| usize::from(code.players) == players),
        "reveal code",
    )
}

impl Wired for CityOfSpies {
    fn seats(view: &TableView) -> usize {
        view.names.len()
    }

    fn event_fits(view: &TableView, event: &Event) -> bool {
        let players = view.names.len();
        match event {
            Event::DiceRolled { rolls, .. } => rolls_fit(&rolls.rolls, &rolls.order, players),
            Event::Moved { seat, .. }
            | Event::Captured { seat, .. }
            | Event::Eliminated { seat }
            | Event::Passed { seat }
            | Event::TargetClaimed { seat, .. }
            | Event::ClaimRefused { seat }
            | Event::ClaimDeclined { seat }
            | Event::RoundWon { seat, .. } => usize::from(*seat) < players,
            Event::RoundStarted { .. } | Event::RoundStalled { .. } | Event::GameWon { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::CityOfSpies;
    use crate::game::{Game, RefereeOnly, ToAct};
    use crate::seats::Seats;
    use crate::seed::{Rng, Seed};
    use crate::wire::frame_for;

    /// At every turn, two other seats' hidden teams and cards swapped: the seat to act is
    /// sent the very same bytes.
    #[test]
    fn a_phone_is_sent_nothing_of_the_other_seats_secrets() {
        let mut rng = Rng::from_state(8);
        let seats = Seats::new(5, vec![]).unwrap();
        let config = CityOfSpies::config(&seats, 0);
        let mut state = CityOfSpies::deal(&config, Seed(8), RefereeOnly::new()).unwrap();
        let mut checked = 0;
        for _ in 0..200 {
            let legal = CityOfSpies::legal_actions(&state);
            if let ToAct::Seat(seat) = CityOfSpies::to_act(&state) {
                let others: Vec<usize> = (0..5)
                    .filter(|&s| s != usize::from(seat) && !state.revealed[s])
                    .collect();
                if let (Some(&a), Some(&b)) = (others.first(), others.last()) {
                    let mut other = state.clone();
                    other.teams.swap(a, b);
                    other.cards.swap(a, b);
                    if other.teams != state.teams || other.cards != state.cards {
                        assert_eq!(
                            frame_for::<CityOfSpies>(&state, seat),
                            frame_for::<CityOfSpies>(&other, seat)
                        );
                        checked += 1;
                    }
                }
            }
            let Some(&action) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                break;
            };
            CityOfSpies::apply(&mut state, action).unwrap();
        }
        assert!(checked > 10, "{checked} City turns checked");
    }
}

//! Carousel Chess on the wire (see `crate::wire`): a seat's view (the board, the moves,
//! the points, and that seat's own team), its plies and its news.

use super::CarouselChess;
use super::deal::Team;
use super::game::{Action, End, Event, Ply};
use super::view::TableView;
use crate::wire::{Reader, Wire, WireError, Wired, ensure, seats_below, wire_enum, wire_struct};

wire_enum!(Team {
    White = 0,
    Black = 1,
    Draw = 2,
});
wire_struct!(Action {
    from,
    to,
    promotion
});
wire_enum!(End {
    Checkmate { mater, colour } = 0,
    Stalemate = 1,
    InsufficientMaterial = 2,
    ThreefoldRepetition = 3,
    FiftyMoves = 4,
});
wire_struct!(Ply {
    seat,
    colour,
    san,
    action,
    captured,
    promoted,
    points
});
wire_enum!(Event {
    Played { ply } = 0,
    Check { colour } = 1,
    Ended { end } = 2,
});
/// A view on the wire leaves out its list of moves: every ply is news the phone holds
/// ([`Wired::restore`] puts the list back), and a long game's list made every update tens
/// of kilobytes.
impl Wire for TableView {
    fn put(&self, out: &mut Vec<u8>) {
        self.names.put(out);
        self.board.put(out);
        self.destinations.put(out);
        self.promotions.put(out);
        self.last_move.put(out);
        self.check.put(out);
        self.turn.put(out);
        self.seat_to_move.put(out);
        self.seat_after.put(out);
        self.sitting_out.put(out);
        self.scores.put(out);
        self.captures.put(out);
        self.end.put(out);
        self.teams.put(out);
        self.discarded.put(out);
        self.winners.put(out);
        self.own.put(out);
        self.reveal_code.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let view = TableView {
            names: Wire::take(r)?,
            board: Wire::take(r)?,
            destinations: Wire::take(r)?,
            promotions: Wire::take(r)?,
            last_move: Wire::take(r)?,
            check: Wire::take(r)?,
            turn: Wire::take(r)?,
            seat_to_move: Wire::take(r)?,
            seat_after: Wire::take(r)?,
            sitting_out: Wire::take(r)?,
            moves: Vec::new(),
            scores: Wire::take(r)?,
            captures: Wire::take(r)?,
            end: Wire::take(r)?,
            teams: Wire::take(r)?,
            discarded: Wire::take(r)?,
            winners: Wire::take(r)?,
            own: Wire::take(r)?,
            reveal_code: Wire::take(r)?,
        };
        check_view(&view)?;
        Ok(view)
    }
}

/// The seat a checkmate names.
fn mater(end: End) -> Option<u8> {
    match end {
        End::Checkmate { mater, .. } => Some(mater),
        _ => None,
    }
}

/// What a Carousel view can hold: 3 to 9 seats, every seat it names among them, a score
/// and a list of captures for each (a seat out of range crashed a phone), no more captures
/// than the pieces on a board.
fn check_view(view: &TableView) -> Result<(), WireError> {
    let players = view.names.len();
    let range = &super::INFO.players;
    ensure(
        (usize::from(*range.start())..=usize::from(*range.end())).contains(&players),
        "number of players",
    )?;
    ensure(
        seats_below(
            players,
            view.seat_to_move
                .into_iter()
                .chain(view.seat_after)
                .chain(view.sitting_out)
                .chain(view.end.and_then(mater))
                .chain(view.winners.iter().copied())
                .chain(view.moves.iter().map(|(seat, _, _)| *seat)),
        ),
        "seat",
    )?;
    ensure(
        view.scores.len() == players
            && view.captures.len() == players
            && view.captures.iter().map(Vec::len).sum::<usize>() <= 32,
        "scores",
    )?;
    ensure(
        view.teams
            .as_ref()
            .is_none_or(|teams| teams.len() == players),
        "teams",
    )?;
    ensure(
        view.reveal_code
            .as_ref()
            .is_none_or(|code| usize::from(code.players) == players),
        "reveal code",
    )
}

impl Wired for CarouselChess {
    fn seats(view: &TableView) -> usize {
        view.names.len()
    }

    fn event_fits(view: &TableView, event: &Event) -> bool {
        let players = view.names.len();
        match event {
            Event::Played { ply } => usize::from(ply.seat) < players,
            Event::Check { .. } => true,
            Event::Ended { end } => seats_below(players, mater(*end)),
        }
    }

    /// The list of moves, ply by ply from the news.
    fn restore(view: &mut TableView, news: &[Event]) {
        view.moves = news
            .iter()
            .filter_map(|event| match event {
                Event::Played { ply } => Some((ply.seat, ply.colour, ply.san.clone())),
                _ => None,
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::super::CarouselChess;
    use crate::game::{Game, RefereeOnly, ToAct};
    use crate::seats::Seats;
    use crate::seed::{Rng, Seed};
    use crate::wire::frame_for;

    /// At every ply, two other seats' secret teams swapped: the seat to act is sent the
    /// very same bytes.
    #[test]
    fn a_phone_is_sent_nothing_of_the_other_seats_teams() {
        let mut rng = Rng::from_state(8);
        let seats = Seats::new(4, vec![]).unwrap();
        let config = CarouselChess::config(&seats, 0);
        let mut state = CarouselChess::deal(&config, Seed(3), RefereeOnly::new()).unwrap();
        let mut checked = 0;
        for _ in 0..120 {
            let legal = CarouselChess::legal_actions(&state);
            if let ToAct::Seat(seat) = CarouselChess::to_act(&state) {
                let others: Vec<usize> = (0..4).filter(|&s| s != usize::from(seat)).collect();
                for (a, b) in [(others[0], others[1]), (others[1], others[2])] {
                    let mut other = state.clone();
                    other.teams.swap(a, b);
                    if other.teams != state.teams {
                        assert_eq!(
                            frame_for::<CarouselChess>(&state, seat),
                            frame_for::<CarouselChess>(&other, seat)
                        );
                        checked += 1;
                    }
                }
            }
            let Some(&action) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                break;
            };
            CarouselChess::apply(&mut state, action).unwrap();
        }
        assert!(checked > 10, "{checked} Carousel turns checked");
    }
}

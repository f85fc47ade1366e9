//! Carousel Chess on the wire (see `crate::wire`): a seat's view (the board, the moves,
//! the points, and that seat's own team), its plies and its news.

use super::deal::Team;
use super::game::{Action, End, Event, Ply};
use super::view::TableView;
use crate::wire::{wire_enum, wire_struct};

wire_enum!(Team {
    White = 0,
    Black = 1,
    Draw = 2,
});
wire_struct!(Action { from, to, promotion });
wire_enum!(End {
    Checkmate { mater, colour } = 0,
    Stalemate = 1,
    InsufficientMaterial = 2,
    ThreefoldRepetition = 3,
    FiftyMoves = 4,
});
wire_struct!(Ply { seat, colour, san, action, captured, promoted, points });
wire_enum!(Event {
    Played { ply } = 0,
    Check { colour } = 1,
    Ended { end } = 2,
});
wire_struct!(TableView {
    names,
    board,
    destinations,
    promotions,
    last_move,
    check,
    turn,
    seat_to_move,
    seat_after,
    sitting_out,
    moves,
    scores,
    captures,
    end,
    teams,
    discarded,
    winners,
    own,
    reveal_code,
});

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

//! Usurp on the wire (see `crate::wire`): a seat's view, its actions and its news. A
//! player's scoring is not sent: the phone works it out from the cards, as the view does.

use super::cards::{Card, Counts};
use super::game::{Action, Event};
use super::score::best;
use super::view::{PlayerView, UsurpView};
use crate::wire::{Reader, Wire, WireError, wire_enum, wire_struct};

wire_enum!(Card {
    Castle = 0,
    King = 1,
    Queen = 2,
    Bishop = 3,
    Knight = 4,
    Pawn = 5,
});
wire_struct!(Counts { castles, kings, queens, bishops, knights, pawns });
wire_enum!(Action {
    Draw = 0,
    Place { square } = 1,
    Take { square } = 2,
});
wire_enum!(Event {
    RoundStarted { round, first } = 0,
    Drew { seat, card } = 1,
    Placed { seat, square, card } = 2,
    Took { seat, square, cards } = 3,
    TookNothing { seat } = 4,
    GameOver { scores, winners } = 5,
});

impl Wire for PlayerView {
    fn put(&self, out: &mut Vec<u8>) {
        self.name.put(out);
        self.cards.put(out);
        self.taken.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let name = String::take(r)?;
        let cards = Counts::take(r)?;
        let taken = bool::take(r)?;
        Ok(PlayerView {
            name,
            cards,
            scoring: best(&cards),
            taken,
        })
    }
}

wire_struct!(UsurpView {
    round,
    rounds,
    players,
    squares,
    deck_left,
    seat,
    drawn,
    can_draw,
    placeable,
    takeable,
    take_gain,
    winners,
});

#[cfg(test)]
mod tests {
    use super::super::Usurp;
    use crate::game::{Game, RefereeOnly};
    use crate::seats::Seats;
    use crate::seed::{Rng, Seed};
    use crate::wire::frame_for;

    /// Through whole random games, at every action, the deck in another order (its top card
    /// included): every seat is sent the very same bytes.
    #[test]
    fn a_phone_is_sent_nothing_of_the_decks_order() {
        let mut checked = 0;
        for game in 0..20u64 {
            let mut rng = Rng::from_state(game);
            let players = 3 + (game % 3) as u8;
            let seats = Seats::new(players, vec![]).unwrap();
            let config = Usurp::config(&seats, 0);
            let mut state = Usurp::deal(&config, Seed(game), RefereeOnly::new()).unwrap();
            loop {
                let mut other = state.clone();
                other.deck.reverse();
                other.deck.rotate_left(1);
                if other.deck != state.deck {
                    for seat in 0..players {
                        assert_eq!(
                            frame_for::<Usurp>(&state, seat),
                            frame_for::<Usurp>(&other, seat),
                            "game {game}, seat {seat}"
                        );
                        checked += 1;
                    }
                }
                let legal = Usurp::legal_actions(&state);
                let Some(&action) = legal.get(rng.below(legal.len().max(1) as u64) as usize)
                else {
                    break;
                };
                Usurp::apply(&mut state, action).unwrap();
            }
            assert!(state.over, "game {game} was played to its end");
        }
        assert!(checked > 1_000, "{checked} frames checked");
    }
}

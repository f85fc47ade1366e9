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

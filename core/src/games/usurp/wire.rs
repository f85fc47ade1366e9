//! Usurp on the wire (see `crate::wire`): a seat's view, its actions and its news. A
//! player's scoring is not sent: the phone works it out from the cards, as the view does.

use super::Usurp;
use super::cards::{Card, Counts};
use super::fair::{Kept, Said};
use super::game::{Action, Event, ROUNDS, SQUARE_ROOM};
use super::score::best;
use super::view::{PlayerView, UsurpView};
use crate::wire::{Reader, Wire, WireError, Wired, ensure, seats_below, wire_enum, wire_struct};

wire_enum!(Card {
    Castle = 0,
    King = 1,
    Queen = 2,
    Bishop = 3,
    Knight = 4,
    Pawn = 5,
});
wire_struct!(Counts {
    castles,
    kings,
    queens,
    bishops,
    knights,
    pawns
});
wire_enum!(Action {
    Draw = 0,
    Place { square } = 1,
    Take { square } = 2,
});
// Every device of a fair table (`fair`): what each phone says, and what a device keeps.
wire_enum!(Said {
    Joined { seat, head } = 0,
    Act { seat, action } = 1,
    Link { seat, draw, link } = 2,
});
wire_struct!(Kept { mine, said });


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
        // Checked before it is scored: the best arrangement of a collection no deck holds
        // (255 of every card) took a phone over a millisecond each.
        ensure(within_the_deck(&cards), "collection")?;
        let taken = bool::take(r)?;
        Ok(PlayerView {
            name,
            cards,
            scoring: best(&cards),
            taken,
        })
    }
}

/// Field by field; the players are read as a list of at most the game's most, so a frame
/// of thousands is refused before any of them is scored.
impl Wire for UsurpView {
    fn put(&self, out: &mut Vec<u8>) {
        self.round.put(out);
        self.rounds.put(out);
        self.players.put(out);
        self.squares.put(out);
        self.deck_left.put(out);
        self.seat.put(out);
        self.drawn.put(out);
        self.can_draw.put(out);
        self.placeable.put(out);
        self.takeable.put(out);
        self.take_gain.put(out);
        self.winners.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let view = UsurpView {
            round: Wire::take(r)?,
            rounds: Wire::take(r)?,
            players: r.list(usize::from(*super::INFO.players.end()))?,
            squares: Wire::take(r)?,
            deck_left: Wire::take(r)?,
            seat: Wire::take(r)?,
            drawn: Wire::take(r)?,
            can_draw: Wire::take(r)?,
            placeable: Wire::take(r)?,
            takeable: Wire::take(r)?,
            take_gain: Wire::take(r)?,
            winners: Wire::take(r)?,
        };
        check_view(&view)?;
        Ok(view)
    }
}

/// No more of any card than the deck holds (a collection, or what the deck has left).
fn within_the_deck(cards: &Counts) -> bool {
    let deck = Counts::STANDARD_DECK;
    cards.castles <= deck.castles
        && cards.kings <= deck.kings
        && cards.queens <= deck.queens
        && cards.bishops <= deck.bishops
        && cards.knights <= deck.knights
        && cards.pawns <= deck.pawns
}

/// What a Usurp view can hold: 2 to 5 players (a frame of thousands, each scored, froze a
/// phone for 13 seconds), one town square each with room for four cards, every seat and
/// square it names among them, a round of the game's three.
fn check_view(view: &UsurpView) -> Result<(), WireError> {
    let players = view.players.len();
    let range = &super::INFO.players;
    ensure(
        (usize::from(*range.start())..=usize::from(*range.end())).contains(&players),
        "number of players",
    )?;
    ensure(
        view.rounds == ROUNDS && (1..=ROUNDS).contains(&view.round),
        "round",
    )?;
    let squares = view.squares.len();
    ensure(
        squares == players && view.squares.iter().all(|s| s.len() <= SQUARE_ROOM),
        "town square",
    )?;
    let deck = Counts::STANDARD_DECK.cards().len();
    ensure(view.deck_left <= deck, "deck")?;
    ensure(seats_below(players, view.seat), "seat to act")?;
    ensure(
        seats_below(
            squares,
            view.placeable.iter().chain(&view.takeable).copied(),
        ),
        "town square",
    )?;
    ensure(
        view.take_gain.is_empty() || view.take_gain.len() == squares,
        "town square",
    )?;
    ensure(seats_below(players, view.winners.iter().copied()), "winner")
}

impl Wired for Usurp {
    fn seats(view: &UsurpView) -> usize {
        view.players.len()
    }

    fn event_fits(view: &UsurpView, event: &Event) -> bool {
        let (players, squares) = (view.players.len(), view.squares.len());
        match event {
            Event::RoundStarted { round, first } => {
                (1..=ROUNDS).contains(round) && usize::from(*first) < players
            }
            Event::Drew { seat, .. } | Event::TookNothing { seat } => usize::from(*seat) < players,
            Event::Placed { seat, square, .. } => {
                usize::from(*seat) < players && usize::from(*square) < squares
            }
            Event::Took {
                seat,
                square,
                cards,
            } => {
                usize::from(*seat) < players
                    && usize::from(*square) < squares
                    && cards.len() <= SQUARE_ROOM
            }
            Event::GameOver { scores, winners } => {
                scores.len() == players && seats_below(players, winners.iter().copied())
            }
        }
    }

    fn action_fits(view: &UsurpView, action: &Action) -> bool {
        match action {
            Action::Draw => true,
            Action::Place { square } | Action::Take { square } => {
                usize::from(*square) < view.squares.len()
            }
        }
    }
}

impl crate::wire::relay::Spoken for Said {
    fn seat(&self) -> u8 {
        match self {
            Said::Joined { seat, .. } | Said::Act { seat, .. } | Said::Link { seat, .. } => *seat,
        }
    }
    fn to_bytes(&self) -> Vec<u8> {
        super::fair::to_bytes(self)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Said, crate::wire::WireError> {
        super::fair::from_bytes(bytes)
    }
}


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
                let Some(&action) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                    break;
                };
                Usurp::apply(&mut state, action).unwrap();
            }
            assert!(state.over, "game {game} was played to its end");
        }
        assert!(checked > 1_000, "{checked} frames checked");
    }
}

//! What a Usurp seat imagines of what it cannot see, for the Hard computer's search.
//!
//! Everything in Usurp is public but the deck's order, so a sample is the table exactly
//! as the seat's view shows it (the collections, the town squares, the card drawn, who
//! has taken this round, whose turn) with the cards nobody has seen — the standard deck
//! less every card in sight — shuffled into a deck. It is built from the view alone: the
//! type says so, as it takes no state.

use super::cards::{Card, Counts};
use super::game::{Config, State};
use super::view::UsurpView;
use crate::game::{Status, View};
use crate::seats::Seats;
use crate::seed::Rng;

/// The cards a view does not show: the standard deck less every card in sight, or
/// `None` when the view shows more of a kind than the deck holds (a view no game made).
pub fn unseen(view: &UsurpView) -> Option<Vec<Card>> {
    let deck = Counts::STANDARD_DECK;
    let mut in_sight: Vec<Card> = view.players.iter().flat_map(|p| p.cards.cards()).collect();
    in_sight.extend(view.squares.iter().flatten());
    in_sight.extend(view.drawn);
    let shown = Counts::of(&in_sight);
    let less = |all: u8, seen: u8| all.checked_sub(seen);
    let left = Counts {
        castles: less(deck.castles, shown.castles)?,
        kings: less(deck.kings, shown.kings)?,
        queens: less(deck.queens, shown.queens)?,
        bishops: less(deck.bishops, shown.bishops)?,
        knights: less(deck.knights, shown.knights)?,
        pawns: less(deck.pawns, shown.pawns)?,
    };
    let cards = left.cards();
    (cards.len() == view.deck_left).then_some(cards)
}

/// A whole state that shows `view` exactly, its deck the unseen cards in an order drawn
/// from `rng`; `None` for a view no game made.
pub fn sample(view: &View<UsurpView>, rng: &mut Rng) -> Option<State> {
    let table = &view.body;
    let mut deck = unseen(table)?;
    rng.shuffle(&mut deck);
    let names = table.players.iter().map(|p| p.name.clone()).collect();
    let players = u8::try_from(table.players.len()).ok()?;
    let seats = Seats::new(players, names).ok()?;
    Some(State {
        config: Config::standard(seats),
        deck,
        squares: table.squares.clone(),
        collections: table.players.iter().map(|p| p.cards.cards()).collect(),
        round: table.round,
        taken: table.players.iter().map(|p| p.taken).collect(),
        seat: table.seat.unwrap_or(0),
        drawn: table.drawn,
        over: table.seat.is_none() || matches!(view.status, Status::Over { .. }),
        undoable: view.can_undo,
    })
}

#[cfg(test)]
mod tests {
    use super::super::Usurp;
    use super::*;
    use crate::game::{Game, RefereeOnly};
    use crate::seats::Viewer;
    use crate::seed::Seed;

    fn view_of(state: &State, seat: u8) -> View<UsurpView> {
        View {
            to_act: Usurp::to_act(state),
            status: Usurp::status(state),
            can_undo: Usurp::can_undo(state),
            body: Usurp::view(state, Viewer::Seat(seat)),
        }
    }

    /// Through random games of two to five players, at every action and for every seat:
    /// each sample shows that seat its very view, offers the same actions, and holds the
    /// real deck's cards (in another order).
    #[test]
    fn every_sample_shows_the_seat_its_own_view_and_holds_the_decks_cards() {
        let mut checked = 0;
        for game in 0..24u64 {
            let players = 2 + (game % 4) as u8;
            let seats = Seats::new(players, vec![]).unwrap();
            let config = Usurp::config(&seats, 0);
            let mut state = Usurp::deal(&config, Seed(game), RefereeOnly::new()).unwrap();
            let mut rng = Rng::from_state(game);
            loop {
                for seat in 0..players {
                    let view = view_of(&state, seat);
                    let sample = sample(&view, &mut rng).expect("a real view samples");
                    assert_eq!(view_of(&sample, seat), view, "game {game}, seat {seat}");
                    assert_eq!(
                        Usurp::legal_actions(&sample),
                        Usurp::legal_actions(&state)
                    );
                    assert_eq!(Counts::of(&sample.deck), Counts::of(&state.deck));
                    checked += 1;
                }
                let legal = Usurp::legal_actions(&state);
                if legal.is_empty() {
                    break;
                }
                let action = legal[rng.below(legal.len() as u64) as usize];
                Usurp::apply(&mut state, action).unwrap();
            }
        }
        assert!(checked > 3_000, "{checked} views sampled");
    }

    /// The order differs from sample to sample: the search imagines many decks.
    #[test]
    fn samples_draw_the_deck_in_many_orders() {
        let seats = Seats::new(3, vec![]).unwrap();
        let state = Usurp::deal(&Usurp::config(&seats, 0), Seed(5), RefereeOnly::new()).unwrap();
        let view = view_of(&state, 0);
        let mut rng = Rng::from_state(9);
        let orders: std::collections::HashSet<Vec<Card>> =
            (0..20).map(|_| sample(&view, &mut rng).unwrap().deck).collect();
        assert_eq!(orders.len(), 20);
    }

    /// A view showing more kings than the deck holds samples nothing.
    #[test]
    fn an_impossible_view_samples_nothing() {
        let seats = Seats::new(3, vec![]).unwrap();
        let state = Usurp::deal(&Usurp::config(&seats, 0), Seed(5), RefereeOnly::new()).unwrap();
        let mut view = view_of(&state, 0);
        view.body.players[1].cards.kings = 9;
        assert!(sample(&view, &mut Rng::from_state(1)).is_none());
    }
}

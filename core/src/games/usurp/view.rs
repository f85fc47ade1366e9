//! What a viewer sees of Usurp: everything but the order of the deck (its size is public).
//! The table and every seat see the same.

use super::cards::{Card, Counts};
use super::game::State;
use super::score::{Scoring, best};
use crate::seats::Viewer;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub name: String,
    /// Everything collected, castles included.
    pub cards: Counts,
    /// The best arrangement of those cards and its score, as it stands.
    pub scoring: Scoring,
    /// Has taken a town square this round.
    pub taken: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsurpView {
    pub round: u8,
    pub rounds: u8,
    pub players: Vec<PlayerView>,
    /// The town squares' cards, in the order placed.
    pub squares: Vec<Vec<Card>>,
    pub deck_left: usize,
    /// The player to act (`None` at the end), and the card they drew, if any.
    pub seat: Option<u8>,
    pub drawn: Option<Card>,
    pub can_draw: bool,
    /// Squares the drawn card may go on, and squares that may be taken now.
    pub placeable: Vec<u8>,
    pub takeable: Vec<u8>,
    /// For each town square: what taking it would change in the acting player's score.
    pub take_gain: Vec<i32>,
    /// At the end: the winners.
    pub winners: Vec<u8>,
}

pub fn view(state: &State, _viewer: Viewer) -> UsurpView {
    let players: Vec<PlayerView> = state
        .collections
        .iter()
        .enumerate()
        .map(|(seat, cards)| {
            let cards = Counts::of(cards);
            PlayerView {
                name: state.config.seats.name(seat as u8),
                cards,
                scoring: best(&cards),
                taken: state.taken[seat],
            }
        })
        .collect();
    let squares = 0..state.squares.len() as u8;
    let seat = (!state.over).then_some(state.seat);
    let take_gain = match seat {
        Some(seat) => {
            let mine = &state.collections[usize::from(seat)];
            let now = players[usize::from(seat)].scoring.total;
            state
                .squares
                .iter()
                .map(|square| {
                    let after: Vec<Card> = mine.iter().chain(square).copied().collect();
                    best(&Counts::of(&after)).total - now
                })
                .collect()
        }
        None => Vec::new(),
    };
    UsurpView {
        round: state.round,
        rounds: super::game::ROUNDS,
        squares: state.squares.clone(),
        deck_left: state.deck.len(),
        seat,
        drawn: state.drawn,
        can_draw: seat.is_some() && state.can_draw(),
        placeable: if seat.is_some() && state.drawn.is_some() {
            squares.clone().filter(|&s| state.can_place(s)).collect()
        } else {
            Vec::new()
        },
        takeable: if seat.is_some() {
            squares.filter(|&s| state.can_take(s)).collect()
        } else {
            Vec::new()
        },
        take_gain,
        winners: if state.over {
            state.final_scores().1
        } else {
            Vec::new()
        },
        players,
    }
}

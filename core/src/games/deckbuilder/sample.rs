//! What a deckbuilder seat imagines of the other's hand, for the Hard computer.
//!
//! Every card a player owns is public knowledge for one who watched: the starting deck
//! (three Coppers, two Pawns), every card bought or gained, less every card trashed. Some
//! of those cards are known to lie in the discard pile: those played, bought or gained
//! since that player's last shuffle. The hand is some of the rest, drawn at random: a
//! sample is as likely as any other way the unseen cards could lie, and is read from the
//! seat's view and news alone (no state is read).

use super::cards::Card;
use super::game::Event;
use super::view::DeckbuilderView;
use crate::seed::Rng;

/// What the seat knows of the other player's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belief {
    /// The cards the other owns.
    pub owned: Vec<Card>,
    /// Those known to lie in its discard pile.
    pub known_discard: Vec<Card>,
    /// Those it played this turn (on its own turn).
    pub played: Vec<Card>,
    /// The size of its hand.
    pub hand: usize,
}

fn remove(cards: &mut Vec<Card>, card: Card) -> bool {
    match cards.iter().position(|&c| c == card) {
        Some(i) => {
            cards.swap_remove(i);
            true
        }
        None => false,
    }
}

impl Belief {
    /// What `view` and `news` tell seat `me` of the other's cards; `None` when they do
    /// not add up (news no game made).
    pub fn read(view: &DeckbuilderView, me: u8, news: &[Event]) -> Option<Belief> {
        let other = 1 - me.min(1);
        let mut owned = vec![Card::Copper, Card::Copper, Card::Copper, Card::Pawn, Card::Pawn];
        let mut known_discard: Vec<Card> = Vec::new();
        let mut played: Vec<Card> = Vec::new();
        for (i, event) in news.iter().enumerate() {
            match *event {
                Event::Played { seat, card, ref done } if seat == other => {
                    played.push(card);
                    if let super::game::Done::Traded { trash, gain } = *done {
                        if !remove(&mut owned, trash) {
                            return None;
                        }
                        owned.push(gain);
                        known_discard.push(gain);
                    }
                }
                Event::Bought { seat, card } if seat == other => {
                    owned.push(card);
                    known_discard.push(card);
                }
                Event::Shuffled { seat } if seat == other => {
                    known_discard.clear();
                    // At the clean-up the cards played went to the discard pile before
                    // the draw, so into this shuffle; during the turn they had not.
                    let cleaning_up = news[i + 1..]
                        .iter()
                        .find(|e| matches!(e, Event::TurnEnded { seat, .. } | Event::Played { seat, .. } | Event::Bought { seat, .. } if *seat == other))
                        .is_some_and(|e| matches!(e, Event::TurnEnded { .. }));
                    if cleaning_up {
                        played.clear();
                    }
                }
                Event::TurnEnded { seat, .. } if seat == other => {
                    known_discard.append(&mut played);
                }
                _ => {}
            }
        }
        let piles = view.piles[usize::from(other)];
        let unseen = owned.len().checked_sub(known_discard.len() + played.len())?;
        let unknown_discard = piles.discard.checked_sub(known_discard.len())?;
        let mut pool = owned.clone();
        for &card in known_discard.iter().chain(&played) {
            if !remove(&mut pool, card) {
                return None;
            }
        }
        (unseen == piles.hand + piles.draw + unknown_discard).then_some(Belief {
            owned,
            known_discard,
            played,
            hand: piles.hand,
        })
    }

    /// The cards that may be in the other's hand: those it owns, less those known to be
    /// in its discard pile or played.
    pub fn unseen(&self) -> Vec<Card> {
        let mut pool = self.owned.clone();
        for &card in self.known_discard.iter().chain(&self.played) {
            remove(&mut pool, card);
        }
        pool.sort_unstable();
        pool
    }

    /// One hand the other may hold: its size's worth of the unseen cards, drawn from `rng`.
    pub fn draw_hand(&self, rng: &mut Rng) -> Vec<Card> {
        let mut pool = self.unseen();
        rng.shuffle(&mut pool);
        pool.truncate(self.hand);
        pool
    }
}

#[cfg(test)]
mod tests {
    use super::super::Deckbuilder;
    use super::*;
    use crate::bots::{Computer, ComputerSeat, Level};
    use crate::game::{Game, Referee};
    use crate::seats::{Seats, Viewer};
    use crate::seed::Seed;

    fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
        cards.sort_unstable();
        cards
    }

    /// Through games of Normal against Normal, at every action and for both seats: the
    /// belief read from the seat's view and news holds the other's cards exactly (what it
    /// owns is its hand, draw and discard piles and the cards it played), the cards it
    /// says are in the discard pile are there, and every hand it draws could be the real
    /// one's kind: made of cards the other owns outside the known discards.
    #[test]
    fn the_belief_holds_the_other_players_cards_and_its_hands_could_be_real() {
        let (mut checked, mut exact) = (0, 0);
        for game in 0..8u64 {
            let seats = Seats::new(2, vec![]).unwrap();
            let mut referee = Referee::<Deckbuilder>::new(Deckbuilder::config(&seats, 0), Seed(game)).unwrap();
            let mut players: Vec<_> = (0..2)
                .map(|seat| ComputerSeat::new(seat, Deckbuilder::player(Level::Normal)))
                .collect();
            let mut rng = Rng::from_state(game);
            for _ in 0..600 {
                let state = referee.state().clone();
                for me in 0..2u8 {
                    let viewer = Viewer::Seat(me);
                    let view = referee.view(viewer);
                    let news = referee.news_since(viewer, 0);
                    let belief = Belief::read(&view.body, me, &news).expect("a real view");
                    let other = &state.players[usize::from(1 - me)];
                    let mut real: Vec<Card> = other.hand.clone();
                    real.extend(&other.draw);
                    real.extend(&other.discard);
                    if state.seat != me {
                        real.extend(&state.played);
                    }
                    assert_eq!(sorted(belief.owned.clone()), sorted(real), "game {game}");
                    let mut discard = other.discard.clone();
                    for &card in &belief.known_discard {
                        assert!(remove(&mut discard, card), "game {game}: a {card:?} not in the discard pile");
                    }
                    let hand = belief.draw_hand(&mut rng);
                    assert_eq!(hand.len(), other.hand.len());
                    let mut unseen = belief.unseen();
                    for &card in &hand {
                        assert!(remove(&mut unseen, card));
                    }
                    let mut real_unseen: Vec<Card> = other.hand.clone();
                    real_unseen.extend(&other.draw);
                    real_unseen.extend(&discard);
                    assert_eq!(belief.unseen(), sorted(real_unseen), "game {game}");
                    exact += usize::from(belief.unseen().len() == belief.hand);
                    checked += 1;
                }
                let Some(action) = players.iter_mut().find_map(|p| p.decide(&referee, &mut rng)) else {
                    break;
                };
                referee.act(action).unwrap();
            }
        }
        assert!(checked > 4_000, "{checked} beliefs read");
        assert!(exact > 100, "the hand known exactly {exact} times");
    }
}

//! Usurp's computer player. Everything in Usurp is public but the order of the deck, so
//! a seat's view is the whole table less that order: the bot judges every town square by
//! what taking it would add to its own best arrangement (`score::best`) and to the others'.
//!
//! Normal places a drawn card where it helps itself more than the player it helps most
//! among those still in the round, and takes a square once its gain beats what waiting is
//! likely to bring (less as the squares fill). Easy takes the first square worth three
//! points and places its cards at random. Hard searches: it plays out each action in
//! decks it imagines (`hard.rs`), and plays as Normal only if its view cannot be sampled.

use super::cards::{Card, Counts};
use super::game::{Action, SQUARE_ROOM, Usurp};
use super::score::best_total;
use crate::bots::{Best, Bot, Computer, Level, Rounds, Seen};
use crate::seed::Rng;

impl Computer for Usurp {
    type Player = Player;
    const LEVELS: &'static [Level] = &Level::ALL;

    fn player(level: Level) -> Player {
        Player {
            level,
            search: None,
        }
    }
}

pub struct Player {
    level: Level,
    /// Hard's search not yet done, carried between slices of thinking.
    search: Option<Rounds<Usurp, super::hard::Search>>,
}

/// What Normal reads of the table to choose, all of it public: each player's collection
/// and whether they have taken a square this round, the town squares, and the card drawn.
/// Hard's playouts read it from the tables they imagine, many times a decision, without
/// a view built for each.
pub(super) struct Table<'a> {
    pub players: &'a [(Counts, bool)],
    pub squares: &'a [Vec<Card>],
    pub drawn: Option<Card>,
}

/// Each player's best score as their collection stands, read once a decision.
fn scores_now(players: &[(Counts, bool)]) -> [i32; MOST_PLAYERS] {
    let mut now = [0; MOST_PLAYERS];
    for (score, (cards, _)) in now.iter_mut().zip(players) {
        *score = best_total(cards);
    }
    now
}

/// The most players at a table of Usurp.
const MOST_PLAYERS: usize = 5;

/// What `cards` would add to the score of `seat`, whose score is now `now[seat]`.
fn gain(table: &Table<'_>, now: &[i32], seat: usize, cards: &[Card]) -> i32 {
    best_total(&table.players[seat].0.with(cards)) - now[seat]
}

/// The most `cards` would add to any other player still in the round.
fn best_other_gain(table: &Table<'_>, now: &[i32], me: usize, cards: &[Card]) -> i32 {
    (0..table.players.len())
        .filter(|&seat| seat != me && !table.players[seat].1)
        .map(|seat| gain(table, now, seat, cards))
        .max()
        .unwrap_or(0)
}

/// Easy's and Normal's choice among `legal` for `me` at `table`: each action scored by
/// what it gains now (the index in `legal`).
pub(super) fn choose(
    level: Level,
    table: &Table<'_>,
    me: usize,
    legal: &[Action],
    rng: &mut Rng,
) -> usize {
    if me >= table.players.len() || table.players.len() > MOST_PLAYERS {
        return 0;
    }
    let now = scores_now(table.players);
    let room = table.squares.len() * SQUARE_ROOM;
    let filled: usize = table.squares.iter().map(Vec::len).sum();
    // What waiting may still bring: less as the squares fill.
    let patience = match level {
        Level::Normal | Level::Hard => 2 + (6 * (room - filled.min(room)) / room.max(1)) as i32,
        Level::Easy => 3,
    };
    let mut best = Best::default();
    let mut with = Vec::with_capacity(SQUARE_ROOM);
    for (i, action) in legal.iter().enumerate() {
        let score = match *action {
            Action::Place { square } => {
                let (Some(card), Some(cards)) = (table.drawn, table.squares.get(usize::from(square)))
                else {
                    continue;
                };
                match level {
                    Level::Easy => rng.below(100) as i32,
                    Level::Normal | Level::Hard => {
                        with.clear();
                        with.extend_from_slice(cards);
                        with.push(card);
                        let mine = gain(table, &now, me, &with);
                        let theirs = best_other_gain(table, &now, me, &with);
                        // A full square can only be taken: what it is worth now counts.
                        10 * mine - 8 * theirs
                    }
                }
            }
            Action::Take { square } => {
                let cards = table.squares.get(usize::from(square)).map_or(&[][..], Vec::as_slice);
                if cards.is_empty() {
                    -1_000
                } else {
                    let mine = gain(table, &now, me, cards);
                    // Taking also keeps a square from whoever wants it most.
                    let denied = match level {
                        Level::Normal | Level::Hard => best_other_gain(table, &now, me, cards).max(0) / 2,
                        Level::Easy => 0,
                    };
                    10 * (mine + denied - patience)
                }
            }
            Action::Draw => 0,
        };
        let score = score * 4 + rng.below(4) as i32;
        best.offer(i, score);
    }
    best.index()
}

impl Bot<Usurp> for Player {
    fn think(&mut self, seen: &Seen<'_, Usurp>, rng: &mut Rng, work: usize) -> Option<usize> {
        if self.level != Level::Hard {
            return Some(self.decide(seen, rng));
        }
        Rounds::think(&mut self.search, seen, rng, work).or_else(|| self.greedy(seen, rng))
    }

    fn best_so_far(&self) -> Option<usize> {
        self.search.as_ref().and_then(Rounds::best_so_far)
    }

    fn forget(&mut self) {
        self.search = None;
    }

    fn decide(&mut self, seen: &Seen<'_, Usurp>, rng: &mut Rng) -> usize {
        if self.level == Level::Hard
            && let Some(chosen) = Rounds::<Usurp, super::hard::Search>::decide(seen, rng)
        {
            return chosen;
        }
        self.greedy(seen, rng)
    }
}

impl Player {
    /// Easy's and Normal's choice: each action scored by what it gains now.
    fn greedy(&mut self, seen: &Seen<'_, Usurp>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let players: Vec<(Counts, bool)> = view.players.iter().map(|p| (p.cards, p.taken)).collect();
        let table = Table {
            players: &players,
            squares: &view.squares,
            drawn: view.drawn,
        };
        choose(self.level, &table, usize::from(seen.seat), seen.legal, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, RefereeOnly};
    use crate::seats::Seats;
    use crate::seed::Seed;

    /// Normal's scores of the players are read into room for Usurp's most players.
    #[test]
    fn room_for_every_player() {
        assert_eq!(MOST_PLAYERS, usize::from(*super::super::INFO.players.end()));
    }

    /// The deck's order is the one thing hidden in Usurp: with the rest of the deck
    /// reversed, every bot makes the same choice, at every point of a game.
    #[test]
    fn the_deck_in_another_order_changes_nothing() {
        let seats = Seats::new(3, vec![]).unwrap();
        let mut state =
            Usurp::deal(&Usurp::config(&seats, 0), Seed(21), RefereeOnly::new()).unwrap();
        let mut rng = Rng::from_state(3);
        for _ in 0..30 {
            let crate::game::ToAct::Seat(seat) = Usurp::to_act(&state) else {
                break;
            };
            let mut other = state.clone();
            other.deck.reverse();
            if other.deck != state.deck {
                crate::bots::assert_blind_to_the_difference::<Usurp>(&state, &other, seat);
            }
            let legal = Usurp::legal_actions(&state);
            let action = legal[rng.below(legal.len() as u64) as usize];
            Usurp::apply(&mut state, action).unwrap();
        }
    }
}

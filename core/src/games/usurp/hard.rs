//! Usurp's Hard computer: it plays each action it may take many times over, to the end of
//! the game, in decks it imagines from its own view (`sample`: the cards nobody has seen,
//! shuffled), every seat played by Normal, and takes the action that won most often (a
//! shared win counts its share; the margin over the best other score breaks a tie).
//!
//! Each round of playouts draws one deck and plays every action in it with the same dice,
//! so two actions are told apart by what they do, not by their luck.

use super::bot::{Table, choose};
use super::cards::Counts;
use super::game::{Action, State, Usurp};
use super::sample::sample;
use super::view::UsurpView;
use crate::bots::{Level, Playouts, Seen};
use crate::game::{Game, ToAct, View};
use crate::seed::Rng;

/// Rounds of playouts at most: each action is played to the end this many times.
pub const ROUNDS: usize = 100;

/// Rounds of playouts at least, however long the game still is.
const FEWEST_ROUNDS: usize = 12;

/// The work a decision may take: seats' decisions made in its playouts, each weighed by
/// the players at the table (each decision weighs every player's collection). At most
/// about 15 ms on this project's machine natively (five players; 10 ms at three): long
/// games with many actions play fewer rounds.
const WORK: usize = 120_000;

/// A decision's search ([`Playouts`] rounds): what the seat saw, read once.
pub struct Search {
    view: View<UsurpView>,
    legal: Vec<Action>,
    me: u8,
    /// The players at the table: each decision in a playout weighs a view for each.
    players: usize,
}

impl Playouts<Usurp> for Search {
    /// A deck drawn from the unseen cards (`None` only for a view no game made, which
    /// `prepare` refuses), and the dice.
    type Sample = (Option<State>, u64);
    const ROUNDS: usize = ROUNDS;
    const FEWEST_ROUNDS: usize = FEWEST_ROUNDS;
    const WORK: usize = WORK;

    fn prepare(seen: &Seen<'_, Usurp>) -> Option<Search> {
        // Whether the view can be sampled does not depend on the draw.
        sample(seen.view, &mut Rng::from_state(0))?;
        Some(Search {
            view: seen.view.clone(),
            legal: seen.legal.to_vec(),
            me: seen.seat,
            players: seen.view.body.players.len().max(1),
        })
    }

    fn sample(&self, rng: &mut Rng) -> (Option<State>, u64) {
        (sample(&self.view, rng), rng.next_u64())
    }

    fn play_out(&self, (table, dice): &(Option<State>, u64), index: usize) -> (f64, usize) {
        let Some(mut state) = table.clone() else {
            return (0.0, self.players);
        };
        if Usurp::apply(&mut state, self.legal[index]).is_err() {
            return (0.0, 0);
        }
        let (worth, steps) = playout(state, self.me, &mut Rng::from_state(*dice));
        (worth, steps * self.players)
    }
}

/// Play `state` to its end with Normal in every seat: what it was worth to `me`, and how
/// many decisions that took. Each seat chooses from the public table of the state (what
/// its view shows: [`Table`]), read afresh for each decision.
fn playout(mut state: State, me: u8, rng: &mut Rng) -> (f64, usize) {
    let mut steps = 0;
    let mut players: Vec<(Counts, bool)> = Vec::with_capacity(state.collections.len());
    while let ToAct::Seat(seat) = Usurp::to_act(&state) {
        steps += 1;
        let legal = Usurp::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let table = table(&state, &mut players);
        let chosen = choose(Level::Normal, &table, usize::from(seat), &legal, rng).min(legal.len() - 1);
        if Usurp::apply(&mut state, legal[chosen]).is_err() {
            break;
        }
    }
    (worth(&state, me), steps)
}

/// The public table of `state`, as a seat's view shows it: each player's collection (read
/// into `players`), the town squares and the card drawn.
fn table<'a>(state: &'a State, players: &'a mut Vec<(Counts, bool)>) -> Table<'a> {
    players.clear();
    players.extend(
        state
            .collections
            .iter()
            .zip(&state.taken)
            .map(|(cards, &taken)| (Counts::of(cards), taken)),
    );
    Table {
        players,
        squares: &state.squares,
        drawn: state.drawn,
    }
}

/// A finished game's worth to `me`: its share of the win, and a little for the margin.
fn worth(state: &State, me: u8) -> f64 {
    let (scores, winners) = state.final_scores();
    let share = if winners.contains(&me) {
        1.0 / winners.len() as f64
    } else {
        0.0
    };
    let mine = scores[usize::from(me)];
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(seat, _)| seat != usize::from(me))
        .map(|(_, &score)| score)
        .max()
        .unwrap_or(mine);
    share + 0.002 * f64::from((mine - best_other).clamp(-100, 100))
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{ComputerSeat, Rounds, Searched, Thought, hard_tests};
    use crate::game::Referee;
    use crate::seats::{Seats, Viewer};
    use crate::seed::Seed;

    /// A game of `players` after `actions` random actions (from `seed`).
    fn game_at(players: u8, seed: u64, actions: usize) -> Referee<Usurp> {
        let seats = Seats::new(players, vec![]).unwrap();
        let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(seed)).unwrap();
        let mut rng = Rng::from_state(seed);
        for _ in 0..actions {
            let legal = Usurp::legal_actions(referee.state());
            if legal.is_empty() {
                break;
            }
            referee.act(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        referee
    }

    fn hard(seat: u8) -> ComputerSeat<Usurp, super::super::bot::Player> {
        hard_tests::hard(seat)
    }

    /// Hard's playouts choose for each seat, from the table of the state they imagine,
    /// what Normal chooses from that seat's own view with the same dice: at every point of
    /// games of every size (and the playouts are Normal's games, only faster).
    #[test]
    fn a_playout_chooses_as_normal_does_from_the_seats_view() {
        let mut players = Vec::new();
        let mut compared = 0;
        for seed in 0..60 {
            let mut referee = game_at(2 + (seed % 4) as u8, seed, 0);
            let mut rng = Rng::from_state(seed);
            while let ToAct::Seat(seat) = referee.to_act() {
                let state = referee.state().clone();
                let legal = Usurp::legal_actions(&state);
                let mut normal = <Usurp as crate::bots::Computer>::player(Level::Normal);
                let view = referee.view(Viewer::Seat(seat));
                let seen = Seen {
                    seat,
                    view: &view,
                    legal: &legal,
                    news: &[],
                };
                let (mut a, mut b) = (Rng::from_state(seed + 99), Rng::from_state(seed + 99));
                let from_view = crate::bots::Bot::<Usurp>::decide(&mut normal, &seen, &mut a);
                let from_table = choose(Level::Normal, &table(&state, &mut players), usize::from(seat), &legal, &mut b);
                assert_eq!(from_view, from_table, "seed {seed}, after {} actions", referee.actions());
                assert_eq!(a.next_u64(), b.next_u64(), "the same dice used");
                compared += 1;
                referee.act(legal[rng.below(legal.len() as u64) as usize]).unwrap();
            }
        }
        assert!(compared > 2_000, "{compared} decisions compared");
    }

    /// Thought out in slices of a little work each, Hard chooses what it chooses in one
    /// go with the same dice, at many points of many games.
    #[test]
    fn thinking_in_slices_chooses_as_deciding_at_once() {
        let sliced = hard_tests::sliced_decisions(0..12, 2_000, |seed| {
            game_at(2 + (seed % 3) as u8, seed, 10 + 3 * seed as usize)
        });
        assert!(sliced >= 8, "{sliced} decisions took several slices");
    }

    /// "Move now" while Hard thinks plays a legal action at once; a thought about a
    /// moment the game has left is dropped, not carried into the next.
    #[test]
    fn move_now_plays_the_best_so_far_and_a_stale_thought_is_dropped() {
        // A moment with a choice to think about.
        let referee = (12..)
            .map(|actions| game_at(3, 4, actions))
            .find(|r| Usurp::legal_actions(r.state()).len() > 2)
            .unwrap();
        let ToAct::Seat(seat) = referee.to_act() else {
            panic!("someone acts");
        };
        let mut computer = hard(seat);
        let mut rng = Rng::from_state(1);
        assert_eq!(computer.think(&referee, &mut rng, 10), Thought::Thinking);
        // Not a round played yet: "Move now" thinks on, until it has a best so far.
        let mut slices = 0;
        let now = loop {
            slices += 1;
            match computer.move_now(&referee, &mut rng, 10) {
                Thought::Chosen(action) => break action,
                Thought::Thinking => {}
                Thought::NotItsTurn => panic!("its turn"),
            }
        };
        assert!(slices > 1, "a round first");
        assert!(Usurp::legal_actions(referee.state()).contains(&now));

        // A thought begun, then asked about another moment at as many actions (another
        // game, as after a take back and another action): the new moment's own choice.
        let choice = |r: &Referee<Usurp>| Usurp::legal_actions(r.state()).len() > 2;
        let other = (10..40)
            .flat_map(|actions| (5..40).map(move |seed| (actions, seed)))
            .map(|(actions, seed)| (game_at(3, 4, actions), game_at(3, seed, actions)))
            .find(|(a, b)| {
                a.to_act() == b.to_act() && a.actions() == b.actions() && choice(a) && choice(b)
            })
            .expect("two such moments");
        let ToAct::Seat(seat) = other.0.to_act() else {
            panic!("someone acts");
        };
        // The search itself: what it holds after the other moment's slice is that
        // moment's alone, as a search begun there holds.
        let seen_of = |referee: &Referee<Usurp>| {
            let viewer = Viewer::Seat(seat);
            (referee.view(viewer), referee.legal_actions(viewer))
        };
        let ((view_a, legal_a), (view_b, legal_b)) = (seen_of(&other.0), seen_of(&other.1));
        let seen_a = Seen { seat, view: &view_a, legal: &legal_a, news: &[] };
        let seen_b = Seen { seat, view: &view_b, legal: &legal_b, news: &[] };
        type Searching = Option<Rounds<Usurp, Search>>;
        let mut search: Searching = None;
        let searching = Searched::Searching;
        assert_eq!(Rounds::think(&mut search, &seen_a, &mut Rng::from_state(3), 500), searching);
        assert_eq!(Rounds::think(&mut search, &seen_b, &mut Rng::from_state(9), 500), searching);
        let mut fresh: Searching = None;
        assert_eq!(Rounds::think(&mut fresh, &seen_b, &mut Rng::from_state(9), 500), searching);
        let (search, fresh) = (search.unwrap(), fresh.unwrap());
        assert!(search.is_about(&seen_b) && !search.is_about(&seen_a));
        assert_eq!(search.progress(), fresh.progress());

        let mut computer = hard(seat);
        assert_eq!(computer.think(&other.0, &mut rng, 500), Thought::Thinking);
        let fresh = hard(seat).decide(&other.1, &mut Rng::from_state(7));
        let carried = computer.think(&other.1, &mut Rng::from_state(7), usize::MAX);
        assert_eq!(carried, Thought::Chosen(fresh.unwrap()));
    }
}

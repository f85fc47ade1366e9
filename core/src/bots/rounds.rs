//! The flat search over sampled hidden states that Hard uses where a game's hidden part
//! is small enough to draw whole (Usurp, A City of Spies, Carousel Chess): a game gives
//! its [`Playouts`], and [`Rounds`] plays them, carried from slice to slice of thinking.

use super::Seen;
use crate::game::{Game, View};
use crate::seed::Rng;

/// Where a [`Rounds`] search stands after a slice of thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searched {
    /// Its choice: the index in `Seen::legal`.
    Chosen(usize),
    /// Still searching: call again.
    Searching,
    /// The view cannot be read (a view no game made): the bot chooses another way.
    Unreadable,
}

impl Searched {
    /// A bot's answer from a slice of its search ([`crate::bots::Bot::think`]): its
    /// choice, `None` while it searches on, and `otherwise`'s choice for a view the search
    /// cannot read.
    pub fn or_else(self, otherwise: impl FnOnce() -> usize) -> Option<usize> {
        match self {
            Searched::Chosen(chosen) => Some(chosen),
            Searched::Searching => None,
            Searched::Unreadable => Some(otherwise()),
        }
    }
}

/// A search over hidden states sampled from one seat's view and news: each round draws
/// one sample and plays every action the seat may take out in it, with the same dice for
/// all, so two actions are told apart by what they do rather than by their luck; the
/// action with the best total wins.
pub trait Playouts<G: Game>: Sized {
    /// What one round draws: a hidden state that fits what the seat saw, and its dice.
    type Sample;
    /// Rounds at most.
    const ROUNDS: usize;
    /// Rounds at least, however much work they take.
    const FEWEST_ROUNDS: usize;
    /// The work (the game's own measure) after which the search stops, between rounds,
    /// once it has played its fewest.
    const WORK: usize;
    /// After this many rounds only the [`Playouts::KEPT`] best actions so far are played
    /// on (a game with many actions, most of them plainly worse, spends its rounds on
    /// the few that are close); by default every action is played every round.
    const SCREENING_ROUNDS: usize = usize::MAX;
    const KEPT: usize = usize::MAX;
    /// Read once per decision from what the seat saw (never a state); `None` when it
    /// cannot be read (a view no game made).
    fn prepare(seen: &Seen<'_, G>) -> Option<Self>;
    /// One round's draw.
    fn sample(&self, rng: &mut Rng) -> Self::Sample;
    /// `seen.legal[index]` played in `sample` and on: its worth to the seat, and the work
    /// that took.
    fn play_out(&self, sample: &Self::Sample, index: usize) -> (f64, usize);
}

/// A worth too small to change any real difference, drawn from a round's `dice` for the
/// action at `index`: added to each playout, it breaks the ties between actions that do
/// the same (the quiet first moves of a game) at random, so a game's openings vary.
pub fn lots(dice: u64, index: usize) -> f64 {
    let mut draw = Rng::from_state(dice ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    draw.below(1 << 10) as f64 * 1e-8
}

/// One decision's [`Playouts`] search, carried from slice to slice of thinking: the totals
/// so far, the round being played (its sample and the next action to play out in it) and
/// the work done.
pub struct Rounds<G: Game, P: Playouts<G>> {
    /// What the search is about: a thought is dropped when asked about anything else.
    about: (View<G::View>, Vec<G::Action>),
    playouts: P,
    totals: Vec<f64>,
    /// The actions still played out, in the order of `Seen::legal`.
    playing: Vec<usize>,
    rounds: usize,
    work: usize,
    /// The round under way: its sample, and the place in `playing` of the next action.
    round: Option<(P::Sample, usize)>,
}

impl<G: Game, P: Playouts<G>> Rounds<G, P>
where
    G::View: Clone,
    G::Action: PartialEq,
{
    fn new(seen: &Seen<'_, G>) -> Option<Rounds<G, P>> {
        Some(Rounds {
            about: (seen.view.clone(), seen.legal.to_vec()),
            playouts: P::prepare(seen)?,
            totals: vec![0.0; seen.legal.len()],
            playing: (0..seen.legal.len()).collect(),
            rounds: 0,
            work: 0,
            round: None,
        })
    }

    /// Whether this search is about `seen`.
    pub fn is_about(&self, seen: &Seen<'_, G>) -> bool {
        self.about.0 == *seen.view && self.about.1 == seen.legal
    }

    /// The totals, rounds played and work done so far (for tests of the carrying).
    #[cfg(test)]
    pub(crate) fn progress(&self) -> (&[f64], usize, usize) {
        (&self.totals, self.rounds, self.work)
    }

    /// Checked between rounds only, so the choice does not depend on the slicing.
    fn done(&self) -> bool {
        self.round.is_none()
            && (self.rounds >= P::ROUNDS
                || (self.rounds >= P::FEWEST_ROUNDS && self.work >= P::WORK))
    }

    /// The best so far, once every action has been played out at least once.
    pub fn best_so_far(&self) -> Option<usize> {
        (self.rounds > 0).then(|| self.best())
    }

    /// The action still played out with the best total (the first of equals).
    fn best(&self) -> usize {
        let mut best = self.playing.first().copied().unwrap_or(0);
        for &i in &self.playing {
            if self.totals[i] > self.totals[best] {
                best = i;
            }
        }
        best
    }

    /// Keep only the [`Playouts::KEPT`] best actions (the first of equals first).
    fn screen(&mut self) {
        let mut ranked = self.playing.clone();
        ranked.sort_by(|&a, &b| self.totals[b].total_cmp(&self.totals[a]).then(a.cmp(&b)));
        ranked.truncate(P::KEPT.max(1));
        ranked.sort_unstable();
        self.playing = ranked;
    }

    /// Play out for about `work` more units: the choice once the search is done.
    fn run(&mut self, rng: &mut Rng, work: usize) -> Option<usize> {
        if self.totals.len() < 2 {
            return Some(0);
        }
        let mut spent = 0;
        loop {
            if self.done() {
                return Some(self.best());
            }
            if spent >= work {
                return None;
            }
            let (sample, place) = match self.round.take() {
                Some(round) => round,
                None => (self.playouts.sample(rng), 0),
            };
            let next = self.playing[place];
            let (worth, steps) = self.playouts.play_out(&sample, next);
            self.totals[next] += worth;
            self.work += steps;
            spent += steps;
            if place + 1 < self.playing.len() {
                self.round = Some((sample, place + 1));
            } else {
                self.rounds += 1;
                if self.rounds == P::SCREENING_ROUNDS {
                    self.screen();
                }
            }
        }
    }

    /// The search in one go: `None` when the view cannot be read.
    pub fn decide(seen: &Seen<'_, G>, rng: &mut Rng) -> Option<usize> {
        Rounds::<G, P>::new(seen)?.run(rng, usize::MAX)
    }

    /// Go on with `search` (begun again when it is about something else) for about `work`
    /// units.
    pub fn think(
        search: &mut Option<Rounds<G, P>>,
        seen: &Seen<'_, G>,
        rng: &mut Rng,
        work: usize,
    ) -> Searched {
        let current = match search {
            Some(current) if current.is_about(seen) => current,
            _ => match Rounds::new(seen) {
                Some(fresh) => search.insert(fresh),
                None => {
                    *search = None;
                    return Searched::Unreadable;
                }
            },
        };
        match current.run(rng, work) {
            Some(chosen) => {
                *search = None;
                Searched::Chosen(chosen)
            }
            None => Searched::Searching,
        }
    }
}

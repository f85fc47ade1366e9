//! What every game's Hard is tested for alike: a game played to a moment by Normal, and a
//! decision thought out in slices that chooses what deciding at once chooses, with
//! "Move now" part way through playing one of the seat's own actions.

use super::{Bot, Computer, ComputerSeat, Level, Thought};
use crate::game::{Referee, ToAct};
use crate::seats::{Seats, Viewer};
use crate::seed::{Rng, Seed};

/// A game of `G` at `players` (from `seed`) after `actions` actions: each seat's chosen
/// by Normal, the table's (a round's set-up) drawn at random.
pub(crate) fn game_at<G: Computer>(players: u8, seed: u64, actions: usize) -> Referee<G> {
    let seats = Seats::new(players, vec![]).unwrap();
    let mut referee = Referee::<G>::new(G::config(&seats, 0), Seed(seed)).unwrap();
    let mut rng = Rng::from_state(seed);
    let mut computers: Vec<_> = (0..players)
        .map(|s| ComputerSeat::new(s, G::player(Level::Normal)))
        .collect();
    for _ in 0..actions {
        let action = match referee.to_act() {
            ToAct::Nobody => break,
            ToAct::Table => {
                let legal = referee.legal_actions(Viewer::Table);
                legal[rng.below(legal.len() as u64) as usize].clone()
            }
            ToAct::Seat(seat) => computers[usize::from(seat)]
                .decide(&referee, &mut rng)
                .unwrap(),
        };
        assert!(referee.act(action).is_ok(), "Normal plays legal actions");
    }
    referee
}

/// A computer seat of `G` at Hard.
pub(crate) fn hard<G: Computer>(seat: u8) -> ComputerSeat<G, G::Player> {
    ComputerSeat::new(seat, G::player(Level::Hard))
}

/// How many of the moments `at(seed)` gives, one for each of `seeds`, Hard thought out in
/// several slices of `work` units, each checked by [`slices_choose_as_at_once`].
pub(crate) fn sliced_decisions<G: Computer>(
    seeds: std::ops::Range<u64>,
    work: usize,
    at: impl Fn(u64) -> Referee<G>,
) -> usize
where
    G::Action: PartialEq + std::fmt::Debug,
{
    seeds
        .filter_map(|seed| slices_choose_as_at_once(&at(seed), seed, work))
        .filter(|&(_, sliced)| sliced)
        .count()
}

/// The seat to act at `referee`'s moment, thought out at Hard in slices of `work` units
/// each, chooses what it chooses in one go with the same dice (`seed`); and "Move now"
/// after a first slice of one unit plays one of the seat's legal actions, its thought
/// then done. Returns the choice and whether it took several slices (`None` when no seat
/// is to act).
pub(crate) fn slices_choose_as_at_once<G: Computer>(
    referee: &Referee<G>,
    seed: u64,
    work: usize,
) -> Option<(G::Action, bool)>
where
    G::Action: PartialEq + std::fmt::Debug,
{
    let ToAct::Seat(seat) = referee.to_act() else {
        return None;
    };
    let at_once = hard::<G>(seat).decide(referee, &mut Rng::from_state(seed));
    let mut computer = hard::<G>(seat);
    let mut rng = Rng::from_state(seed);
    let mut slices = 1;
    let chosen = loop {
        match computer.think(referee, &mut rng, work) {
            Thought::Chosen(action) => break Some(action),
            Thought::Thinking => slices += 1,
            Thought::NotItsTurn => break None,
        }
    };
    assert_eq!(chosen, at_once, "seed {seed}: sliced as at once");
    let chosen = chosen.expect("the seat to act chooses");
    let legal = referee.legal_actions(Viewer::Seat(seat));
    assert!(legal.contains(&chosen), "seed {seed}: a legal choice");
    let mut hurried = hard::<G>(seat);
    let mut rng = Rng::from_state(seed);
    if hurried.think(referee, &mut rng, 1) == Thought::Thinking {
        // Nothing weighed yet, maybe: "Move now" thinks on until something is.
        let now = (0..10_000)
            .find_map(|_| match hurried.move_now(referee, &mut rng, 1) {
                Thought::Chosen(action) => Some(action),
                Thought::Thinking => None,
                Thought::NotItsTurn => panic!("seed {seed}: its turn"),
            })
            .expect("Move now plays soon");
        assert!(
            legal.contains(&now),
            "seed {seed}: Move now plays a legal action"
        );
        assert_eq!(hurried.bot_mut().best_so_far(), None, "the thought is done");
    }
    Some((chosen, slices > 1))
}

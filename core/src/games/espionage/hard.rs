//! Espionage's Hard computer: it tries each step it may take in many boards it imagines
//! from its own view and news (`sample`: every masked enemy piece given a kind it may
//! still be), plays each on for this turn, the enemy's reply and its own next turn with
//! a quick player in both seats that knows only what its seat has seen (an enemy piece
//! still masked is judged by what it may be), and takes the step that left it best off
//! on average: pieces kept and taken, pieces still masked, the way to the enemy's
//! headquarters, and its own headquarters kept safe.
//!
//! Each round draws one board and plays every step still in the running on it with the
//! same dice, so two steps are told apart by what they do, not by their luck; after a
//! few rounds only the best few steps go on.

use super::army::{Kind, Outcome, combat};
use super::game::{Action, Espionage, Phase, State};
use super::sample::{Belief, sample};
use super::view::EspionageView;
use crate::bots::Seen;
use crate::game::{Game, View};
use crate::seed::Rng;

/// Rounds at most: each step still in the running is played on this many boards.
pub const ROUNDS: usize = 80;
/// Rounds at least, however much work a round takes.
const FEWEST_ROUNDS: usize = 16;
/// After this many rounds only the [`KEPT`] best steps are played on.
const FIRST_ROUNDS: usize = 10;
const KEPT: usize = 8;
/// Turns played after the one being played before a board is judged: the enemy's reply
/// and the seat's own next turn.
const TURNS_AHEAD: u32 = 2;
/// The work a decision may take, in steps played in its playouts.
const WORK: usize = 40_000;

/// One decision's search, carried from slice to slice.
pub struct Search {
    /// What the search is about: a thought is dropped when asked about anything else.
    about: (View<EspionageView>, Vec<Action>),
    belief: Belief,
    /// The steps still in the running (indices in the legal actions).
    running: Vec<usize>,
    totals: Vec<f64>,
    rounds: usize,
    work: usize,
    /// The round being played: its board, its dice, and the next step to play on it.
    round: Option<(State, u64, usize)>,
}

impl Search {
    fn new(seen: &Seen<'_, Espionage>) -> Option<Search> {
        let belief = Belief::read(&seen.view.body, seen.seat, seen.news)?;
        let running = (0..seen.legal.len())
            .filter(|&i| matches!(seen.legal[i], Action::Move { .. }))
            .collect();
        Some(Search {
            about: (seen.view.clone(), seen.legal.to_vec()),
            belief,
            running,
            totals: vec![0.0; seen.legal.len()],
            rounds: 0,
            work: 0,
            round: None,
        })
    }

    /// Whether this search is about `seen`.
    pub fn is_about(&self, seen: &Seen<'_, Espionage>) -> bool {
        self.about.0 == *seen.view && self.about.1 == seen.legal
    }

    /// Whether it has searched enough: checked between rounds only, so the choice does
    /// not depend on how the work was sliced.
    fn done(&self) -> bool {
        self.round.is_none()
            && (self.rounds >= ROUNDS || (self.rounds >= FEWEST_ROUNDS && self.work >= WORK))
    }

    /// The best so far, once every step has been played at least once.
    pub fn best_so_far(&self) -> Option<usize> {
        (self.rounds > 0).then(|| self.best())
    }

    /// The step with the best total so far among those still running (the first of
    /// equals).
    fn best(&self) -> usize {
        let mut best = self.running[0];
        for &i in &self.running {
            if self.totals[i] > self.totals[best] {
                best = i;
            }
        }
        best
    }

    /// Play on for about `work` more steps: the choice once done, or `Err(())` when the
    /// view and news cannot be sampled (no game made them).
    pub fn run(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng, work: usize) -> Result<Option<usize>, ()> {
        if self.running.len() < 2 {
            // One step or none to weigh: that step, or the end of the turn.
            return Ok(Some(self.running.first().copied().unwrap_or_else(|| {
                seen.legal.iter().position(|a| *a == Action::Submit).unwrap_or(0)
            })));
        }
        let horizon = seen.view.body.turn + 1 + TURNS_AHEAD;
        let mut spent = 0;
        loop {
            if self.done() {
                return Ok(Some(self.best()));
            }
            if spent >= work {
                return Ok(None);
            }
            let (board, dice, next) = match self.round.take() {
                Some(round) => round,
                None => (
                    sample(seen.view, seen.seat, &self.belief, rng).ok_or(())?,
                    rng.next_u64(),
                    0,
                ),
            };
            let step = self.running[next];
            let mut state = board.clone();
            if Espionage::apply(&mut state, seen.legal[step].clone()).is_ok() {
                let steps = play_on(&mut state, horizon, &mut Rng::from_state(dice));
                self.totals[step] += judge(&state, seen.seat);
                self.work += steps + 1;
                spent += steps + 1;
            }
            if next + 1 < self.running.len() {
                self.round = Some((board, dice, next + 1));
            } else {
                self.rounds += 1;
                if self.rounds == FIRST_ROUNDS {
                    let totals = &self.totals;
                    self.running
                        .sort_by(|&a, &b| totals[b].total_cmp(&totals[a]).then(a.cmp(&b)));
                    self.running.truncate(KEPT);
                    self.running.sort_unstable();
                }
            }
        }
    }
}

/// The index in `seen.legal` of the step that did best, searched in one go; `None` when
/// the view and news cannot be sampled.
pub fn decide(seen: &Seen<'_, Espionage>, rng: &mut Rng) -> Option<usize> {
    let mut search = Search::new(seen)?;
    search.run(seen, rng, usize::MAX).ok().flatten()
}

/// Go on with `search` (begun again when it is about something else) for about `work`
/// steps: `Ok(Some(choice))` once done, `Ok(None)` while still searching, `Err(())` when
/// the view and news cannot be sampled.
pub fn think(
    search: &mut Option<Search>,
    seen: &Seen<'_, Espionage>,
    rng: &mut Rng,
    work: usize,
) -> Result<Option<usize>, ()> {
    let current = match search {
        Some(current) if current.is_about(seen) => current,
        _ => search.insert(Search::new(seen).ok_or(())?),
    };
    let outcome = current.run(seen, rng, work);
    if !matches!(outcome, Ok(None)) {
        *search = None;
    }
    outcome
}

/// What a piece is worth keeping (as Normal weighs it).
fn worth(kind: Kind) -> i32 {
    match kind {
        Kind::Corporal => 10,
        Kind::Lieutenant => 20,
        Kind::Captain => 30,
        Kind::Colonel => 45,
        Kind::General => 70,
        Kind::Spy => 25,
        Kind::Minesweeper => 35,
        Kind::Mine => 15,
        Kind::Headquarters => 150,
    }
}

/// A fight's worth to the attacker.
fn fight(attacker: Kind, defender: Kind) -> i32 {
    match combat(attacker, defender) {
        Outcome::HeadquartersTaken => 100_000,
        Outcome::AttackerWins | Outcome::MineCleared => worth(defender) + 5,
        Outcome::DefenderWins | Outcome::MineHolds => -worth(attacker),
    }
}

/// Play `state` on with the quick player in both seats until turn `horizon` begins or
/// the game ends: the steps played.
fn play_on(state: &mut State, horizon: u32, rng: &mut Rng) -> usize {
    let mut steps = 0;
    while let Phase::Turn { seat } = state.phase {
        if state.turn >= horizon || steps > 64 {
            break;
        }
        let action = quick(state, seat, rng);
        steps += 1;
        if Espionage::apply(state, action).is_err() {
            break;
        }
    }
    steps
}

/// A quick player for `seat` that knows only what the seat knows: its own pieces, and
/// the enemy's pieces unmasked; a masked one is judged by the kinds still masked. It
/// takes a fight worth taking, keeps out of the reach of known stronger pieces and
/// otherwise goes forward, at random among equals.
fn quick(state: &State, seat: u8, rng: &mut Rng) -> Action {
    let moves = state.moves();
    if moves.is_empty() {
        return if state.can_submit() { Action::Submit } else { Action::Resign };
    }
    let width = i32::from(state.config.width);
    let forward = if seat == 0 { 1 } else { -1 };
    // What a masked enemy piece may be: the enemy's masked pieces, by kind.
    let mut masked = [0i32; 9];
    for piece in state.board.iter().flatten() {
        if piece.owner != seat && !piece.unmasked {
            masked[kind_index(piece.kind)] += 1;
        }
    }
    let count: i32 = masked.iter().sum();
    let unknown_fight = |attacker: Kind| {
        let total: i32 = Kind::ALL
            .iter()
            .map(|&k| {
                let value = if k == Kind::Headquarters { 70 } else { fight(attacker, k) };
                value * masked[kind_index(k)]
            })
            .sum();
        total / count.max(1)
    };
    let mut best = (i32::MIN, 0);
    for (i, &(from, to)) in moves.iter().enumerate() {
        let Some(piece) = state.board[usize::from(from)] else { continue };
        let gain = (i32::from(to) / width - i32::from(from) / width) * forward;
        let score = match state.board[usize::from(to)] {
            Some(enemy) if enemy.unmasked => fight(piece.kind, enemy.kind),
            // A careful player sends minesweepers at the hidden pieces of the enemy's
            // back rows, where mines guard the headquarters.
            Some(enemy) if piece.kind == Kind::Minesweeper && back_rows(state, enemy.owner, to) => {
                unknown_fight(piece.kind) + 20
            }
            Some(_) => unknown_fight(piece.kind),
            None => {
                let mut score = 2 * gain;
                for next in state.geometry().steps(to).filter(|&n| n != from) {
                    match state.board[usize::from(next)] {
                        Some(enemy) if enemy.owner != seat && enemy.unmasked => {
                            if enemy.kind.moves() && fight(enemy.kind, piece.kind) > 0 {
                                score -= worth(piece.kind);
                            } else if fight(piece.kind, enemy.kind) > 0 {
                                score += worth(enemy.kind) / 4;
                            }
                        }
                        Some(enemy) if enemy.owner != seat => {
                            if piece.kind == Kind::Spy {
                                score += 8;
                            } else if !piece.unmasked && worth(piece.kind) >= 45 {
                                score -= 6;
                            }
                        }
                        _ => {}
                    }
                }
                score
            }
        };
        let score = score.saturating_mul(16).saturating_add(rng.below(16) as i32);
        if score > best.0 {
            best = (score, i);
        }
    }
    let (from, to) = moves[best.1];
    Action::Move { from, to }
}

/// Whether `square` is in the two rows nearest `owner`'s edge.
fn back_rows(state: &State, owner: u8, square: u8) -> bool {
    let row = state.geometry().row(square);
    if owner == 0 { row < 2 } else { row + 2 >= super::board::ROWS }
}

fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// How well off `me` is on a board, from its true pieces (the board is imagined): the
/// game won or lost; else the pieces kept less the enemy's, a little for pieces still
/// masked on its side and unmasked on the enemy's, for the nearest of its pieces to the
/// enemy's headquarters and the farthest enemy from its own.
fn judge(state: &State, me: u8) -> f64 {
    if let Phase::Over(end) = state.phase {
        return match end.winner() {
            Some(winner) if winner == me => 100.0,
            Some(_) => -100.0,
            None => 0.0,
        };
    }
    let g = state.geometry();
    let distance = |a: u8, b: u8| {
        (i32::from(g.file(a)) - i32::from(g.file(b))).abs()
            + (i32::from(g.row(a)) - i32::from(g.row(b))).abs()
    };
    let mut score = 0;
    let mut headquarters = [None, None];
    for (square, piece) in state.board.iter().enumerate() {
        let Some(piece) = piece else { continue };
        if piece.kind == Kind::Headquarters {
            headquarters[usize::from(piece.owner)] = Some(square as u8);
            // A headquarters the other side has unmasked is one it will walk to.
            if piece.unmasked {
                score += if piece.owner == me { -80 } else { 40 };
            }
            continue;
        }
        let value = worth(piece.kind);
        if piece.owner == me {
            score += value - if piece.unmasked { value / 8 } else { 0 };
        } else {
            score -= value - if piece.unmasked { value / 16 } else { 0 };
        }
    }
    let (mine, theirs) = (headquarters[usize::from(me)], headquarters[usize::from(1 - me)]);
    let nearest = |target: Option<u8>, owner: u8| -> i32 {
        let Some(target) = target else { return 20 };
        state
            .board
            .iter()
            .enumerate()
            .filter_map(|(s, p)| p.filter(|p| p.owner == owner && p.kind.moves() && p.kind != Kind::Spy).map(|_| s as u8))
            .map(|s| distance(s, target))
            .min()
            .unwrap_or(20)
    };
    score += 20 - nearest(theirs, me).min(20);
    score -= (8 - nearest(mine, 1 - me).min(8)) * 3;
    // Its headquarters kept safe: every enemy piece that moves within three steps of it
    // costs, the nearer the more.
    if let Some(mine) = mine {
        for (square, piece) in state.board.iter().enumerate() {
            if let Some(piece) = piece
                && piece.owner != me
                && piece.kind.moves()
            {
                score -= (4 - distance(square as u8, mine)).max(0) * 6;
            }
        }
    }
    f64::from(score) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Computer, ComputerSeat, Level, Thought, hard_tests};
    use crate::game::{Referee, ToAct};
    use crate::seats::Viewer;

    /// A game after `actions` actions of Normal in both seats (from `seed`).
    fn game_at(seed: u64, actions: usize) -> Referee<Espionage> {
        hard_tests::game_at(2, seed, actions)
    }

    fn hard(seat: u8) -> ComputerSeat<Espionage, super::super::bot::Player> {
        hard_tests::hard(seat)
    }

    /// Thought out in slices of a little work each, Hard chooses what it chooses in one
    /// go with the same dice, at many points of many games; and what it chooses is one
    /// of the seat's steps, never giving up.
    #[test]
    fn thinking_in_slices_chooses_as_deciding_at_once() {
        let sliced = (0..8u64)
            .filter_map(|seed| {
                let referee = game_at(seed, 2 + 7 * seed as usize);
                hard_tests::slices_choose_as_at_once(&referee, seed, 500)
            })
            .inspect(|(chosen, _)| assert_ne!(*chosen, Action::Resign))
            .filter(|&(_, sliced)| sliced)
            .count();
        assert!(sliced >= 6, "{sliced} decisions took several slices");
    }

    /// "Move now" while Hard thinks plays one of its steps at once, once a round is
    /// played; a thought about a moment the game has left is dropped.
    #[test]
    fn move_now_plays_the_best_so_far_and_a_stale_thought_is_dropped() {
        let referee = game_at(4, 12);
        let ToAct::Seat(seat) = referee.to_act() else { panic!("someone acts") };
        let mut computer = hard(seat);
        let mut rng = Rng::from_state(1);
        assert_eq!(computer.think(&referee, &mut rng, 5), Thought::Thinking);
        let mut slices = 0;
        let now = loop {
            slices += 1;
            match computer.move_now(&referee, &mut rng, 5) {
                Thought::Chosen(action) => break action,
                Thought::Thinking => {}
                Thought::NotItsTurn => panic!("its turn"),
            }
        };
        assert!(slices > 1, "a round first");
        assert!(matches!(now, Action::Move { .. }));
        assert!(referee.legal_actions(Viewer::Seat(seat)).contains(&now));

        // Begun at one moment, asked at the next: the next moment's own choice.
        let mut computer = hard(seat);
        assert_eq!(computer.think(&referee, &mut rng, 5), Thought::Thinking);
        let mut later = referee.clone();
        later.act(now).unwrap();
        if let ToAct::Seat(next) = later.to_act()
            && next == seat
        {
            let fresh = hard(seat).decide(&later, &mut Rng::from_state(7));
            let carried = computer.think(&later, &mut Rng::from_state(7), usize::MAX);
            assert_eq!(carried, Thought::Chosen(fresh.unwrap()));
        }
    }

    /// Hard takes the headquarters it sees, keeps a general unmasked near a known
    /// minesweeper out of its reach, and does not walk onto a known mine.
    #[test]
    fn hard_takes_what_is_sure_and_keeps_out_of_known_danger() {
        use super::super::position;
        let choose = |text: &str| {
            let state = position::read(text).unwrap();
            let mut bot = Espionage::player(Level::Hard);
            let action = crate::bots::decide_in(&state, 0, &mut bot, &mut Rng::from_state(5)).unwrap();
            Espionage::action_text(state.config(), &action)
        };
        // Rows from North's edge (row 10) to South's (row 1).
        let rows = |rows: [&str; 10]| format!("{} S 2 - -", rows.join("/"));
        let empty = "..........";
        // South's corporal on c5, North's headquarters unmasked on d5: taken.
        let headquarters = rows([
            "g.........", empty, empty, empty, empty, "..Ch*......", empty, empty, empty, "H.........",
        ]);
        assert_eq!(choose(&headquarters), "c5-d5");
        // South's general, unmasked on e5; North's minesweeper, unmasked on f6, beats a
        // general it attacks: the general keeps off e6 and f5.
        let minesweeper = rows([
            "h.........", "x.........", empty, empty, ".....m*....", "....G*.....", empty, empty, empty, "H........C",
        ]);
        for _ in 0..3 {
            let chosen = choose(&minesweeper);
            assert!(!["e5-e6", "e5-f5"].contains(&chosen.as_str()), "{chosen}");
        }
        // South's captain beside North's mine, unmasked: it never steps on it.
        let mine = rows([
            "h.........", empty, empty, empty, empty, "....x*.....", "....K.....", empty, empty, "H........C",
        ]);
        assert_ne!(choose(&mine), "e4-e5");
    }
}

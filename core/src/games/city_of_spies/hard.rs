//! A City of Spies' Hard computer. What its seat cannot see is who the others are: their
//! teams, Life-Pieces and Targets. It draws whole tables that fit what it saw (`sample`:
//! Life-Pieces read from how each seat moved, targets from claims and from what each seat
//! could have taken and left, teams from what was revealed), and plays each move it may
//! make out in them for one turn of every seat still in (or to the round's end), each seat
//! choosing as Normal does with the secrets drawn for it. It takes the move that leaves its team best placed: points scored, how
//! many of each team are still in the round and how safe (the last one in scores two; its
//! own Life-Piece, the one it knows, counts double), and whose Targets still stand to be
//! claimed.
//!
//! Claims it answers as Normal does (exactly when the piece is its Target): there is
//! nothing to weigh.

use super::bot::choose;
use super::game::{Action, CityOfSpies, Phase, State, team_index};
use super::sample::{Belief, sample};
use super::view::TableView;
use crate::bots::{Level, Playouts, Seen, lots};
use crate::game::Game;
use crate::seed::Rng;

/// Rounds at most and at least, and the choices weighed by the imagined players after
/// which the search stops: about 0.1 s natively on this project's machine at the most,
/// under a second and a half at 4× CPU throttle in the browser. After the first two
/// rounds only the best few moves are played on: of the forty or sixty moves a board
/// allows, most are plainly worse.
const ROUNDS: usize = 64;
const FEWEST_ROUNDS: usize = 8;
const WORK: usize = 80_000;
const SCREENING_ROUNDS: usize = 2;
const KEPT: usize = 8;

/// Turns of every seat still in that a playout covers after the seat's own move. One, and
/// twice the tables imagined in the same work, plays stronger than two since the end is
/// weighed by whose Life-Pieces stand safe and whose Targets stand (measured at five
/// seats: 71.8% of 2,800 games won against 69.8% with two).
const CYCLES_AHEAD: usize = 1;

/// What a finished game is worth, in points of margin: more than any round can change.
const GAME_WORTH: f64 = 8.0;

/// What a player still in whose Target-Piece still stands is worth to its team, in points:
/// a claim it may yet make. The seat's own Target is the one it knows; the others' are as
/// drawn, so taking a piece that may be an opponent's Target (or leaving one that may be a
/// teammate's) counts as a sample says.
const TARGET_STANDING: f64 = 0.5;

/// How much more the seat's own Life-Piece counts, beside its teammates', in how safe its
/// team stands: the one piece of the table it knows for sure, and the one whose moves it
/// makes (measured: 1 to 3 tried, 2 the strongest).
const OWN_LIFE: f64 = 2.0;

/// Whether the seat has a choice worth a search: a move, with more than one to choose
/// from (a claim is answered at once).
pub fn worth_a_search(seen: &Seen<'_, CityOfSpies>) -> bool {
    matches!(seen.view.body.phase, Phase::Turn { .. }) && seen.legal.len() > 1
}

/// A decision's search: what the seat's view and news say, read once.
pub struct Search {
    view: TableView,
    belief: Belief,
    legal: Vec<Action>,
    /// Turns a playout plays after the seat's own move.
    horizon: usize,
}

impl Search {
    /// What `state` is worth to the seat's team: the game won or lost; otherwise the
    /// margin in points, with the round's two points shared out by how many of each
    /// team are still in it.
    fn worth(&self, state: &State) -> f64 {
        let mine = self.belief.own().team;
        if let Phase::GameOver { winner } = state.phase {
            return if winner == mine {
                GAME_WORTH
            } else {
                -GAME_WORTH
            };
        }
        let ours = state.scores[team_index(mine)];
        let theirs = state.scores[1 - team_index(mine)];
        let mut worth = f64::from(ours) - f64::from(theirs);
        if !matches!(state.phase, Phase::SetUp) {
            // Each player still in counts by how safe its Life-Piece stands: the more
            // pieces could take it, the less likely it lasts the round; and by the claim
            // its Target still standing may bring.
            let me = usize::from(self.belief.own().seat);
            let reach = state.board.reach();
            let (mut us, mut them) = (0.0, 0.0);
            for (seat, &team) in state.teams.iter().enumerate() {
                if state.active[seat] {
                    let threats = state
                        .board
                        .square_of(state.cards[seat].life)
                        .map_or(0.0, |sq| f64::from(reach[sq as usize]));
                    let mut lasting = 1.0 / (1.0 + threats);
                    if seat == me {
                        lasting *= OWN_LIFE;
                    }
                    let standing = if state.board.square_of(state.cards[seat].target).is_some() {
                        TARGET_STANDING
                    } else {
                        0.0
                    };
                    if team == mine {
                        us += lasting;
                        worth += standing;
                    } else {
                        them += lasting;
                        worth -= standing;
                    }
                }
            }
            if us + them > 0.0 {
                worth += 2.0 * (us - them) / (us + them);
            }
        }
        worth
    }
}

impl Playouts<CityOfSpies> for Search {
    type Sample = (Option<State>, u64);
    const ROUNDS: usize = ROUNDS;
    const FEWEST_ROUNDS: usize = FEWEST_ROUNDS;
    const WORK: usize = WORK;
    const SCREENING_ROUNDS: usize = SCREENING_ROUNDS;
    const KEPT: usize = KEPT;

    fn prepare(seen: &Seen<'_, CityOfSpies>) -> Option<Search> {
        let view = &seen.view.body;
        let belief = Belief::read(view, seen.news)?;
        let active = view.active.iter().filter(|&&a| a).count();
        Some(Search {
            view: view.clone(),
            belief,
            legal: seen.legal.to_vec(),
            horizon: CYCLES_AHEAD * active,
        })
    }

    /// A draw that fails (a view `prepare` read but no table fits) is worth nothing to
    /// any move.
    fn sample(&self, rng: &mut Rng) -> (Option<State>, u64) {
        (sample(&self.view, &self.belief, rng), rng.next_u64())
    }

    fn play_out(&self, (table, dice): &(Option<State>, u64), index: usize) -> (f64, usize) {
        let Some(mut state) = table.clone() else {
            return (0.0, 1);
        };
        let tie = lots(*dice, index);
        let mut dice = Rng::from_state(*dice);
        if CityOfSpies::apply(&mut state, self.legal[index]).is_err() {
            return (0.0, 1);
        }
        let mut work = 1;
        let mut turns = 0;
        while turns < self.horizon {
            let seat = match state.phase {
                Phase::Turn { seat } => {
                    turns += 1;
                    seat
                }
                Phase::Claim { seat, .. } => seat,
                Phase::SetUp | Phase::GameOver { .. } => break,
            };
            let legal = CityOfSpies::legal_actions(&state);
            if legal.is_empty() {
                break;
            }
            work += legal.len();
            let cards = state.cards[usize::from(seat)];
            let chosen = choose(Level::Normal, &state.board, cards, state.phase, &legal, &mut dice);
            if CityOfSpies::apply(&mut state, legal[chosen.min(legal.len() - 1)]).is_err() {
                break;
            }
        }
        (self.worth(&state) + tie, work)
    }
}

#[cfg(test)]
mod tests {
    use super::CityOfSpies;
    use crate::bots::hard_tests::{game_at, sliced_decisions};

    /// Thought out in slices of a little work each, Hard chooses what it chooses in one
    /// go with the same dice; "Move now" plays a legal move at once.
    #[test]
    fn thinking_in_slices_chooses_as_deciding_at_once() {
        let sliced = sliced_decisions(0..8, 5_000, |seed| {
            game_at::<CityOfSpies>(3 + (seed % 4) as u8, seed, 3 + 5 * seed as usize)
        });
        assert!(sliced >= 5, "{sliced} decisions took several slices");
    }
}

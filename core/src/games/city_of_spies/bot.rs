//! A City of Spies' computer player, from its seat's view alone: the board, the rolls, the
//! teams already revealed, and its own team and cards this round (never another seat's).
//!
//! Normal goes for its Target-Piece (and claims it, which scores for its team), keeps its
//! Life-Piece out of reach — away from every square a piece could take it from, since any
//! player may move any piece — never takes its own Life-Piece, and takes other pieces when
//! nothing better offers (each may be someone's Life-Piece: fewer players left brings the
//! last-player points nearer). Easy takes its Target when it can and otherwise moves any
//! piece but its Life-Piece's taker. Both claim exactly when the piece taken is their
//! Target: a false claim only wastes the prompt.

use super::board::{Board, Move};
use super::deal::Cards;
use super::game::{Action, CityOfSpies, Phase};
use super::hard::Search;
use super::piece::Piece;
use crate::bots::{Best, Bot, Computer, Level, Rounds, Seen};
use crate::seed::Rng;

impl Computer for CityOfSpies {
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
    search: Option<Rounds<CityOfSpies, Search>>,
}

impl Bot<CityOfSpies> for Player {
    fn think(&mut self, seen: &Seen<'_, CityOfSpies>, rng: &mut Rng, work: usize) -> Option<usize> {
        if self.level != Level::Hard || !super::hard::worth_a_search(seen) {
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

    fn decide(&mut self, seen: &Seen<'_, CityOfSpies>, rng: &mut Rng) -> usize {
        if self.level == Level::Hard
            && super::hard::worth_a_search(seen)
            && let Some(chosen) = Rounds::<CityOfSpies, Search>::decide(seen, rng)
        {
            return chosen;
        }
        self.greedy(seen, rng)
    }
}

impl Player {
    /// Easy's and Normal's choice (and Hard's when a search has nothing to weigh).
    fn greedy(&mut self, seen: &Seen<'_, CityOfSpies>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let Some(own) = view.own else {
            return 0;
        };
        let mut board = Board::empty();
        for &(square, piece) in &view.board {
            // The view holds a legal board: a square is never given twice.
            let _ = board.place(square, piece);
        }
        choose(self.level, &board, own.cards, view.phase, seen.legal, rng)
    }
}

/// How many pieces could take `piece` next on a board whose [`Board::reach`] is `reach`
/// (none once it is off the board).
fn threats(board: &Board, reach: &[u8; 64], piece: Piece) -> i32 {
    board
        .square_of(piece)
        .map_or(0, |sq| i32::from(reach[sq as usize]))
}

/// The index in `legal` of the action a player at `level` (Easy or Normal) with `cards`
/// takes on `board` in `phase`. Hard's imagined players choose the same way.
pub(super) fn choose(
    level: Level,
    board: &Board,
    cards: Cards,
    phase: Phase,
    legal: &[Action],
    rng: &mut Rng,
) -> usize {
    let (life, target) = (cards.life, cards.target);
    let risk_now = (level != Level::Easy).then(|| threats(board, &board.reach(), life));
    let mut best = Best::default();
    for (i, action) in legal.iter().enumerate() {
        let score = match *action {
            Action::Claim => match phase {
                Phase::Claim { captured, .. } if captured == target => 1_000,
                _ => -1_000,
            },
            Action::Decline => 0,
            Action::Pass | Action::SetUp(_) => 0,
            Action::Move(Move { from, to }) => {
                let taken = board.piece_at(to);
                let moved = board.piece_at(from);
                let mut score = match taken {
                    Some(p) if p == life => -100_000,
                    Some(p) if p == target => 5_000,
                    Some(_) if level != Level::Easy => 40,
                    Some(_) => 0,
                    None => 0,
                };
                if let Some(risk_now) = risk_now {
                    let mut next = board.clone();
                    if next.play(Move { from, to }).is_ok() {
                        let reach = next.reach();
                        // The Life-Piece: fewer pieces able to take it.
                        score += 60 * (risk_now - threats(&next, &reach, life));
                        // The Target within reach of a piece for next turn.
                        if taken != Some(target) {
                            score += 15 * threats(&next, &reach, target).min(2);
                        }
                        if moved == Some(life) {
                            score += 5;
                        }
                    }
                }
                score
            }
        };
        let score = score * 8 + rng.below(8) as i32;
        best.offer(i, score);
    }
    best.index()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::assert_blind_to_the_difference;
    use crate::game::{Game, RefereeOnly, ToAct};
    use crate::seats::Seats;
    use crate::seed::Seed;

    /// Two other seats' teams and cards swapped: the seat cannot tell, and no bot of its
    /// chooses differently, at every turn of a game.
    #[test]
    fn other_seats_secrets_swapped_change_nothing() {
        let seats = Seats::new(5, vec![]).unwrap();
        let config = CityOfSpies::config(&seats, 0);
        let mut state = CityOfSpies::deal(&config, Seed(8), RefereeOnly::new()).unwrap();
        let mut rng = Rng::from_state(4);
        let mut checked = 0;
        for _ in 0..80 {
            let legal = CityOfSpies::legal_actions(&state);
            if let ToAct::Seat(seat) = CityOfSpies::to_act(&state) {
                // Only secrets still hidden: a revealed team is the table's to see.
                let others: Vec<usize> = (0..5)
                    .filter(|&s| s != usize::from(seat) && !state.revealed[s])
                    .collect();
                let (Some(&a), Some(&b)) = (others.first(), others.last()) else {
                    CityOfSpies::apply(&mut state, legal[0]).unwrap();
                    continue;
                };
                let mut other = state.clone();
                other.teams.swap(a, b);
                other.cards.swap(a, b);
                if other.teams != state.teams || other.cards != state.cards {
                    assert_blind_to_the_difference::<CityOfSpies>(&state, &other, seat);
                    checked += 1;
                }
            }
            if legal.is_empty() {
                break;
            }
            let action = legal[rng.below(legal.len() as u64) as usize];
            CityOfSpies::apply(&mut state, action).unwrap();
        }
        assert!(checked > 10, "{checked} turns checked");
    }
}

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
use super::game::{Action, CityOfSpies, Phase};
use crate::bots::{Best, Bot, Computer, Level, Seen};
use crate::seed::Rng;

impl Computer for CityOfSpies {
    type Player = Player;

    fn player(level: Level) -> Player {
        Player { level }
    }
}

pub struct Player {
    level: Level,
}

/// How many pieces could take the piece on `square` next (every piece is anyone's).
fn threats(board: &Board, square: shakmaty::Square) -> u32 {
    board
        .pieces()
        .filter(|&(from, _)| from != square && board.destinations(from).contains(square))
        .count() as u32
}

impl Bot<CityOfSpies> for Player {
    fn decide(&mut self, seen: &Seen<'_, CityOfSpies>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let Some(own) = view.own else {
            return 0;
        };
        let (life, target) = (own.cards.life, own.cards.target);
        let mut board = Board::empty();
        for &(square, piece) in &view.board {
            // The view holds a legal board: a square is never given twice.
            let _ = board.place(square, piece);
        }
        let mut best = Best::default();
        for (i, action) in seen.legal.iter().enumerate() {
            let score = match *action {
                Action::Claim => match view.phase {
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
                        Some(_) if self.level != Level::Easy => 40,
                        Some(_) => 0,
                        None => 0,
                    };
                    if self.level != Level::Easy {
                        let mut next = board.clone();
                        if next.play(Move { from, to }).is_ok() {
                            let at_risk = |b: &Board| {
                                b.square_of(life).map_or(0, |sq| threats(b, sq) as i32)
                            };
                            // The Life-Piece: fewer pieces able to take it.
                            score += 60 * (at_risk(&board) - at_risk(&next));
                            // The Target within reach of a piece for next turn.
                            if taken != Some(target)
                                && let Some(sq) = next.square_of(target)
                            {
                                score += 15 * threats(&next, sq).min(2) as i32;
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

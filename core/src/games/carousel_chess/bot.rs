//! Carousel Chess's computer player, from its seat's view alone: the board and the points
//! everyone sees, and its own secret team (never the others').
//!
//! Every ply scores for whoever plays it, so Normal takes the most it can while leaving the
//! next player (another seat, moving the other colour) the least to take, and wants what
//! its team wants: a mate by its team's colour (five points to each of that team, ten to
//! the mating seat) or, on the Draw team, a draw (a hundred). It gives a mate when it can
//! and never a draw it does not want. Easy takes the dearest piece it can, and otherwise
//! plays anything.

use shakmaty::uci::UciMove;
use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Position, PositionError, Setup,
};

use super::deal::Team;
use super::game::CarouselChess;
use super::scoring::{
    DRAW_POINTS, MATE_POINTS, PROMOTION_POINTS, TEAM_MATE_POINTS, capture_value,
};
use super::hard::Search;
use crate::bots::{Best, Bot, Computer, Level, Rounds, Seen};
use crate::seed::Rng;

impl Computer for CarouselChess {
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
    search: Option<Rounds<CarouselChess, Search>>,
}

/// The material of `color` in capture points.
pub(super) fn material(board: &Board, color: Color) -> i32 {
    board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .map(|role| capture_value(role) as i32)
        .sum()
}

/// The position the view shows, the colour to move to play (castling and en passant
/// aside: the bot's guess at what follows, not the rules).
fn position_of(board: Board, turn: Color) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = turn;
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

impl Bot<CarouselChess> for Player {
    fn think(&mut self, seen: &Seen<'_, CarouselChess>, rng: &mut Rng, work: usize) -> Option<usize> {
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

    fn decide(&mut self, seen: &Seen<'_, CarouselChess>, rng: &mut Rng) -> usize {
        if self.level == Level::Hard
            && let Some(chosen) = Rounds::<CarouselChess, Search>::decide(seen, rng)
        {
            return chosen;
        }
        self.greedy(seen, rng)
    }
}

impl Player {
    /// Easy's and Normal's choice (and Hard's when its view cannot be read): each ply
    /// judged on its own.
    fn greedy(&mut self, seen: &Seen<'_, CarouselChess>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let mut board = Board::empty();
        for &(square, color, role) in &view.board {
            board.set_piece_at(square, shakmaty::Piece { color, role });
        }
        let mover = view.turn;
        let team = view.own;
        let position = position_of(board.clone(), mover);
        let mut best = Best::default();
        for (i, action) in seen.legal.iter().enumerate() {
            let taken = board
                .role_at(action.to)
                .filter(|_| board.color_at(action.to) == Some(!mover))
                .map_or(0, |r| capture_value(r) as i32);
            let promotes = if action.promotion.is_some() {
                PROMOTION_POINTS as i32
            } else {
                0
            };
            let score = match self.level {
                Level::Easy => {
                    if taken + promotes > 0 {
                        100 * (taken + promotes)
                    } else {
                        rng.below(50) as i32
                    }
                }
                Level::Normal | Level::Hard => {
                    let after = position.as_ref().and_then(|p| {
                        let uci = UciMove::Normal {
                            from: action.from,
                            to: action.to,
                            promotion: action.promotion,
                        };
                        let m = uci.to_move(p).ok()?;
                        p.clone().play(m).ok()
                    });
                    judge(taken + promotes, after.as_ref(), mover, team)
                }
            };
            let score = score * 4 + rng.below(4) as i32;
            best.offer(i, score);
        }
        best.index()
    }
}

/// What Normal makes of a ply by `mover` that scores `points` (a capture, a promotion)
/// and leaves `next` (`None` when the bot's picture of the position cannot play it), for
/// a seat on `team`: what it scores, less what the next player can take, the mate or the
/// draw it brings, and what the material and a check do for the team's colour. Hard's
/// imagined players judge their plies the same way.
pub(super) fn judge(points: i32, next: Option<&Chess>, mover: Color, team: Option<Team>) -> i32 {
    let mut score = 100 * points;
    let Some(next) = next else {
        return score;
    };
    let replies = next.legal_moves();
    if replies.is_empty() && next.is_check() {
        score += 100 * MATE_POINTS as i32;
        if team.is_some_and(|t| is_colour(t, mover)) {
            score += 100 * TEAM_MATE_POINTS as i32;
        }
        if team == Some(Team::Draw) {
            score -= 100 * DRAW_POINTS as i32;
        }
    } else if replies.is_empty() || next.is_insufficient_material() {
        score += if team == Some(Team::Draw) {
            100 * DRAW_POINTS as i32
        } else {
            -100 * DRAW_POINTS as i32
        };
    } else {
        // What the next player can take scores for them.
        let best_capture = replies
            .iter()
            .filter_map(|m| m.capture())
            .map(|role| capture_value(role) as i32)
            .max()
            .unwrap_or(0);
        score -= 90 * best_capture;
        let board = next.board();
        let (white, black) = (material(board, Color::White), material(board, Color::Black));
        // The team's colour ahead brings its mate nearer; the Draw team wants the board
        // emptied.
        score += match team {
            Some(Team::White) => 8 * (white - black),
            Some(Team::Black) => 8 * (black - white),
            Some(Team::Draw) => -6 * (white + black),
            None => 0,
        };
        if next.is_check() && team.is_some_and(|t| is_colour(t, mover)) {
            score += 30;
        }
    }
    score
}

pub(super) fn is_colour(team: Team, color: Color) -> bool {
    matches!(
        (team, color),
        (Team::White, Color::White) | (Team::Black, Color::Black)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, RefereeOnly};
    use crate::seats::Seats;
    use crate::seed::Seed;

    /// Two other seats' secret teams swapped: the seat cannot tell, and no bot of its
    /// chooses differently, at every ply of a game.
    #[test]
    fn other_seats_teams_swapped_change_nothing() {
        let seats = Seats::new(4, vec![]).unwrap();
        let config = CarouselChess::config(&seats, 0);
        let mut state = CarouselChess::deal(&config, Seed(5), RefereeOnly::new()).unwrap();
        let mut rng = Rng::from_state(9);
        let mut swapped_some = false;
        for _ in 0..40 {
            let crate::game::ToAct::Seat(seat) = CarouselChess::to_act(&state) else {
                break;
            };
            let others: Vec<usize> = (0..4).filter(|&s| s != usize::from(seat)).collect();
            if let Some(&(a, b)) = others
                .iter()
                .flat_map(|&a| others.iter().map(move |&b| (a, b)))
                .find(|&(a, b)| state.teams[a] != state.teams[b])
                .as_ref()
            {
                let mut other = state.clone();
                other.teams.swap(a, b);
                crate::bots::assert_blind_to_the_difference::<CarouselChess>(&state, &other, seat);
                swapped_some = true;
            }
            let legal = CarouselChess::legal_actions(&state);
            let action = legal[rng.below(legal.len() as u64) as usize];
            CarouselChess::apply(&mut state, action).unwrap();
        }
        assert!(swapped_some);
    }
}

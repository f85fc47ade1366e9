//! Carousel Chess's Hard computer. Its seat sees the whole board; what it cannot see is
//! the other seats' teams. It reads them from what each seat did (`teams.rs`: every ply
//! weighed against the others that seat could have played, as a player of each team would
//! judge them) and draws teams for the table that fit the hat and those plies. Then it plays
//! every ply it may make out for a lap of the table and a ply more (its own next ply and
//! the reply to it), each seat judging its plies as Normal does for the team drawn for it,
//! and takes the ply that leaves it best placed: a finished game by who won, an unfinished
//! one by its margin over the best other score.
//!
//! The rounds of playouts are [`Playouts`] rounds: each draws one set of teams (and, at an
//! even table, which seat sits out each lap to come) and plays every ply in it with the
//! same dice. It assumes every draw pays the Draw player (the deal's default): the option
//! is not in a seat's view.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Move, Position, Square};

use super::bot::{is_colour, judge, material};
use super::teams::{read_teams, team_index};
use super::deal::Team;
use super::game::CarouselChess;
use super::scoring::{DRAW_POINTS, MATE_POINTS, PROMOTION_POINTS, TEAM_MATE_POINTS, capture_value};
use crate::bots::{Playouts, Seen, lots};
use crate::seed::Rng;

/// What "the same position" is for threefold repetition, as the referee counts it.
type Key = (Board, Color, Bitboard, Option<Square>);

/// A ply of the game so far: its seat, the position before it, its move.
pub(super) type Played = (u8, Chess, Move);

fn key(position: &Chess) -> Key {
    (
        position.board().clone(),
        position.turn(),
        position.castles().castling_rights(),
        position.ep_square(EnPassantMode::Legal),
    )
}

/// How a game imagined in a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    Mate { mater: u8, colour: Color },
    Draw,
}

/// The game as the seat pictures it: the position with its past (castling, en passant,
/// repetitions), the points each seat has scored, how it ended.
#[derive(Clone)]
struct Table {
    position: Chess,
    scores: Vec<i32>,
    keys: Vec<Key>,
    end: Option<Ended>,
}

impl Table {
    /// `seat` plays the legal move `m`, scoring as the referee scores.
    fn play(&mut self, m: Move, seat: u8) {
        let colour = self.position.turn();
        let points = m.capture().map_or(0, capture_value)
            + if m.is_promotion() {
                PROMOTION_POINTS
            } else {
                0
            };
        if let Some(score) = self.scores.get_mut(usize::from(seat)) {
            *score += points as i32;
        }
        self.position.play_unchecked(m);
        if m.is_capture() || m.role() == shakmaty::Role::Pawn || m.is_castle() {
            self.keys.clear();
        }
        let now = key(&self.position);
        let repeats = self.keys.iter().filter(|k| **k == now).count() + 1;
        self.keys.push(now);
        let stuck = self.position.legal_moves().is_empty();
        self.end = if stuck && self.position.is_check() {
            Some(Ended::Mate {
                mater: seat,
                colour,
            })
        } else if stuck
            || self.position.is_insufficient_material()
            || repeats >= 3
            || self.position.halfmoves() >= 100
        {
            Some(Ended::Draw)
        } else {
            None
        };
    }

    /// The scores with the end's bonuses for `teams` (every draw paying the Draw player).
    fn final_scores(&self, teams: &[Team]) -> Vec<i32> {
        let mut scores = self.scores.clone();
        for (seat, score) in scores.iter_mut().enumerate() {
            let team = teams.get(seat).copied();
            *score += match self.end {
                Some(Ended::Mate { mater, colour }) => {
                    let mut bonus = 0;
                    if usize::from(mater) == seat {
                        bonus += MATE_POINTS as i32;
                    }
                    if team.is_some_and(|t| is_colour(t, colour)) {
                        bonus += TEAM_MATE_POINTS as i32;
                    }
                    bonus
                }
                Some(Ended::Draw) if team == Some(Team::Draw) => DRAW_POINTS as i32,
                _ => 0,
            };
        }
        scores
    }
}

/// The steps of the walk that draws a set of teams (each proposes swapping two seats').
const SWAPS: usize = 40;

/// Rounds at most and at least, and the plies judged (each with the replies it allows)
/// after which the search stops: about 0.1 s natively on this project's machine at the
/// most. After the first rounds only the best few plies are played on: of the thirty or
/// forty a position allows, most plainly lose material.
const ROUNDS: usize = 32;
const FEWEST_ROUNDS: usize = 6;
const WORK: usize = 40_000;
const SCREENING_ROUNDS: usize = 3;
const KEPT: usize = 8;

/// A decision's search: what the seat's view and news say, read once.
pub struct Search {
    me: u8,
    team: Team,
    players: u8,
    table: Table,
    /// The seat's legal plies, as moves in `table`'s position.
    moves: Vec<Move>,
    /// For each seat, how well each team (White, Black, Draw) accounts for its plies: the
    /// log of the chance of those plies for a player of that team.
    weights: Vec<[f64; 3]>,
    /// The slips the others drew from (and, at an even table, the one discarded).
    slips: Vec<Team>,
    /// Plies played so far, the seat that began the carousel, and this lap's sitter-out.
    plies: u32,
    first: u8,
    sitting_out: Option<u8>,
    /// Plies played out after the seat's own: to its next ply and one more.
    horizon: usize,
}

/// One round's draw: a team for every seat, the sitters-out of the laps to come, the dice.
pub struct Draw {
    teams: Vec<Team>,
    skips: Vec<u8>,
    dice: u64,
}

impl Search {
    /// The seat playing ply `ply` of the game, with `skips` sitting out the laps after
    /// this one (even tables).
    fn seat_for(&self, ply: u32, skips: &[u8]) -> u8 {
        let n = u32::from(self.players);
        if n % 2 == 1 {
            return ((u32::from(self.first) + ply) % n) as u8;
        }
        let (lap, this_lap) = (ply / (n - 1), self.plies / (n - 1));
        let skip = if lap == this_lap {
            self.sitting_out.unwrap_or(0)
        } else {
            let later = (lap - this_lap - 1) as usize;
            skips.get(later % skips.len().max(1)).copied().unwrap_or(0)
        };
        let order: Vec<u8> = (0..n)
            .map(|i| ((u32::from(self.first) + i) % n) as u8)
            .filter(|&s| s != skip)
            .collect();
        order[(ply % (n - 1)) as usize]
    }

    /// Draw the other seats' teams from the slips left, each set as likely as its seats'
    /// plies make it (a walk of swaps that keeps the hat's counts).
    fn draw_teams(&self, rng: &mut Rng) -> Vec<Team> {
        let mut slips = self.slips.clone();
        rng.shuffle(&mut slips);
        let others: Vec<usize> = (0..usize::from(self.players))
            .filter(|&s| s != usize::from(self.me))
            .collect();
        // Slot i of `slips` goes to seat `others[i]`; the slot past the seats (even
        // tables) is the slip nobody drew.
        let weight = |slot: usize, team: Team| {
            others
                .get(slot)
                .map_or(0.0, |&seat| self.weights[seat][team_index(team)])
        };
        if slips.len() >= 2 {
            for _ in 0..SWAPS {
                let i = rng.below(slips.len() as u64) as usize;
                let j = rng.below(slips.len() as u64) as usize;
                if slips[i] == slips[j] {
                    continue;
                }
                let now = weight(i, slips[i]) + weight(j, slips[j]);
                let swapped = weight(i, slips[j]) + weight(j, slips[i]);
                let chance = (swapped - now).min(0.0).exp();
                if (rng.below(1 << 20) as f64) < chance * f64::from(1u32 << 20) {
                    slips.swap(i, j);
                }
            }
        }
        let mut teams = vec![self.team; usize::from(self.players)];
        for (slot, &seat) in others.iter().enumerate() {
            teams[seat] = slips[slot];
        }
        teams
    }

    /// The ply a seat on `team` plays in `table` (Normal's judgement, ties by the dice),
    /// and how many plies it judged.
    fn choose(table: &Table, team: Team, dice: &mut Rng) -> Option<(Move, usize)> {
        let mover = table.position.turn();
        let moves = table.position.legal_moves();
        let mut best: Option<(i32, Move)> = None;
        for &m in &moves {
            let points = m.capture().map_or(0, capture_value)
                + if m.is_promotion() {
                    PROMOTION_POINTS
                } else {
                    0
                };
            let mut next = table.position.clone();
            next.play_unchecked(m);
            let score = judge(points as i32, Some(&next), mover, Some(team)) * 4
                + dice.below(4) as i32;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| (m, moves.len()))
    }

    /// What `table` is worth to the seat: its share of the win once the game is over.
    /// Before, a blend of two ends: a draw, likelier the barer the board and the longer
    /// since a capture or a pawn move (worth what a draw now would give it: the Draw
    /// player's hundred), and a game played on, by its margin over the best other score
    /// and a little for its team's hopes (its colour's material, or an emptier board for
    /// the Draw player). So a seat ahead keeps the means to mate when a draw would crown
    /// someone else, and the Draw player trades down.
    fn worth(&self, table: &Table, teams: &[Team]) -> f64 {
        let share = |scores: &[i32]| {
            let mine = scores[usize::from(self.me)];
            let top = scores.iter().copied().max().unwrap_or(mine);
            if mine < top {
                0.0
            } else {
                1.0 / scores.iter().filter(|&&s| s == mine).count() as f64
            }
        };
        let scores = table.final_scores(teams);
        if table.end.is_some() {
            return share(&scores);
        }
        let me = usize::from(self.me);
        let mine = scores[me];
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(seat, _)| seat != me)
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(mine);
        let board = table.position.board();
        let (white, black) = (
            f64::from(material(board, Color::White)),
            f64::from(material(board, Color::Black)),
        );
        let hopes = match self.team {
            Team::White => 0.004 * (white - black),
            Team::Black => 0.004 * (black - white),
            Team::Draw => -0.002 * (white + black),
        };
        let played_on = 0.5 + 0.5 * (f64::from(mine - best_other) / 6.0).tanh() + hopes;
        let bare = ((BARE_BOARD - (white + black)) / BARE_BOARD).clamp(0.0, 1.0);
        let idle = ((f64::from(table.position.halfmoves()) - 40.0) / 60.0).clamp(0.0, 1.0);
        let drawn = (0.7 * bare + 0.5 * idle).min(0.9);
        let mut draw_now = table.clone();
        draw_now.end = Some(Ended::Draw);
        (1.0 - drawn) * played_on + drawn * share(&draw_now.final_scores(teams))
    }
}

/// The material (in capture points, both colours; 78 at the start) below which a draw
/// looms: a board this bare rarely has a mate left in it.
const BARE_BOARD: f64 = 16.0;

/// The game replayed from the plies the view lists (SAN, from the start): `None` unless
/// it ends on the board the view shows.
fn replay(seen: &Seen<'_, CarouselChess>) -> Option<(Table, Vec<Played>)> {
    let view = &seen.view.body;
    let mut table = Table {
        position: Chess::default(),
        scores: vec![0; view.names.len()],
        keys: vec![key(&Chess::default())],
        end: None,
    };
    let mut history = Vec::with_capacity(view.moves.len());
    for (seat, _, san) in &view.moves {
        let san: SanPlus = san.parse().ok()?;
        let m = san.san.to_move(&table.position).ok()?;
        history.push((*seat, table.position.clone(), m));
        table.play(m, *seat);
    }
    let mut shown: Vec<_> = view.board.clone();
    let mut pictured: Vec<_> = table
        .position
        .board()
        .clone()
        .into_iter()
        .map(|(sq, p)| (sq, p.color, p.role))
        .collect();
    shown.sort_by_key(|&(sq, _, _)| sq);
    pictured.sort_by_key(|&(sq, _, _)| sq);
    let scores: Vec<i32> = view.scores.iter().map(|&s| s as i32).collect();
    (shown == pictured && table.position.turn() == view.turn && table.scores == scores)
        .then_some((table, history))
}

impl Playouts<CarouselChess> for Search {
    type Sample = Draw;
    const ROUNDS: usize = ROUNDS;
    const FEWEST_ROUNDS: usize = FEWEST_ROUNDS;
    const WORK: usize = WORK;
    const SCREENING_ROUNDS: usize = SCREENING_ROUNDS;
    const KEPT: usize = KEPT;

    fn prepare(seen: &Seen<'_, CarouselChess>) -> Option<Search> {
        let view = &seen.view.body;
        let me = seen.seat;
        let team = view.own?;
        if view.seat_to_move != Some(me) {
            return None;
        }
        let players = u8::try_from(view.names.len()).ok()?;
        let n = u32::from(players);
        if n < 3 {
            return None;
        }
        let (table, history) = replay(seen)?;
        let moves = seen
            .legal
            .iter()
            .map(|a| {
                UciMove::Normal {
                    from: a.from,
                    to: a.to,
                    promotion: a.promotion,
                }
                .to_move(&table.position)
                .ok()
            })
            .collect::<Option<Vec<Move>>>()?;
        let plies = u32::try_from(history.len()).ok()?;
        let first = if n % 2 == 1 {
            ((u32::from(me) + n - plies % n) % n) as u8
        } else {
            first_of_even_table(&history, n, view.sitting_out, me)?
        };
        // The hat: ⌊N/2⌋ White and Black and a Draw (N/2 each at an even table, one slip
        // discarded), less the seat's own.
        let mut slips: Vec<Team> = std::iter::repeat_n(Team::White, (n / 2) as usize)
            .chain(std::iter::repeat_n(Team::Black, (n / 2) as usize))
            .chain(std::iter::once(Team::Draw))
            .collect();
        let own = slips.iter().position(|&t| t == team)?;
        slips.remove(own);
        let weights = read_teams(&history, usize::from(players), me);
        let search = Search {
            me,
            team,
            players,
            table,
            moves,
            weights,
            slips,
            plies,
            first,
            sitting_out: view.sitting_out,
            horizon: usize::from(players) + 1,
        };
        // The carousel as the seat pictures it must give it this ply.
        (search.seat_for(plies, &[]) == me).then_some(search)
    }

    fn sample(&self, rng: &mut Rng) -> Draw {
        let teams = self.draw_teams(rng);
        let laps_ahead = self.horizon / usize::from(self.players.max(2) - 1) + 2;
        let skips = (0..laps_ahead)
            .map(|_| rng.below(u64::from(self.players)) as u8)
            .collect();
        Draw {
            teams,
            skips,
            dice: rng.next_u64(),
        }
    }

    fn play_out(&self, draw: &Draw, index: usize) -> (f64, usize) {
        let mut table = self.table.clone();
        let mut dice = Rng::from_state(draw.dice);
        table.play(self.moves[index], self.me);
        let mut work = 1;
        for k in 1..=self.horizon {
            if table.end.is_some() {
                break;
            }
            let seat = self.seat_for(self.plies + k as u32, &draw.skips);
            let team = draw.teams[usize::from(seat)];
            let Some((m, judged)) = Search::choose(&table, team, &mut dice) else {
                break;
            };
            work += judged;
            table.play(m, seat);
        }
        (self.worth(&table, &draw.teams) + lots(draw.dice, index), work)
    }
}

/// The seat that began the carousel at an even table: the first that accounts for every
/// ply so far, each lap being the seats in order from it less the one sitting it out
/// (the seat missing from a lap played; the one the view names for this lap), and for
/// `me` playing now.
fn first_of_even_table(
    history: &[Played],
    n: u32,
    sitting_out: Option<u8>,
    me: u8,
) -> Option<u8> {
    let lap_len = (n - 1) as usize;
    let mut seats: Vec<u8> = history.iter().map(|p| p.0).collect();
    seats.push(me);
    // Every lap before the last is whole; the last is this one, `me` playing in it.
    let laps: Vec<&[u8]> = seats.chunks(lap_len).collect();
    let this_lap = laps.len() - 1;
    let fits = |first: u32| {
        laps.iter().enumerate().all(|(i, lap)| {
            let skip = if i == this_lap {
                sitting_out
            } else {
                (0..n as u8).find(|s| !lap.contains(s))
            };
            let Some(skip) = skip else {
                return false;
            };
            let order = (0..n)
                .map(|k| ((first + k) % n) as u8)
                .filter(|&s| s != skip);
            lap.iter().zip(order).all(|(a, b)| *a == b)
        })
    };
    (0..n).find(|&first| fits(first)).map(|first| first as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{ComputerSeat, hard_tests};
    use crate::game::{Game, Referee, ToAct};
    use crate::seats::{Seats, Viewer};
    use crate::seed::Seed;

    /// A game of `players` after `plies` plies chosen by Normal (from `seed`).
    fn game_at(players: u8, seed: u64, plies: usize) -> Referee<CarouselChess> {
        hard_tests::game_at(players, seed, plies)
    }

    fn search_for(referee: &Referee<CarouselChess>) -> (Search, u8) {
        let ToAct::Seat(seat) = referee.to_act() else {
            panic!("someone plays");
        };
        let viewer = Viewer::Seat(seat);
        let view = referee.view(viewer);
        let legal = referee.legal_actions(viewer);
        let seen = Seen {
            seat,
            view: &view,
            legal: &legal,
            news: &[],
        };
        (Search::prepare(&seen).expect("the view reads"), seat)
    }

    /// Every set of teams drawn keeps the hat's counts and the seat's own team, and a
    /// state with those teams looks the same from the seat: at every table size, odd and
    /// even, in the middle of games.
    #[test]
    fn teams_drawn_fit_the_hat_and_the_seats_view() {
        for players in 3..=9u8 {
            for seed in 0..3u64 {
                let referee = game_at(players, seed, 7 + 5 * seed as usize);
                if referee.state().end().is_some() {
                    continue;
                }
                let (search, seat) = search_for(&referee);
                assert_eq!(search.seat_for(search.plies, &[]), seat);
                // The next plies' seats are the referee's.
                let mut rng = Rng::from_state(seed);
                for _ in 0..20 {
                    let draw = search.sample(&mut rng);
                    assert_eq!(draw.teams[usize::from(seat)], referee.state().teams[usize::from(seat)]);
                    let mut hat: Vec<Team> = draw.teams.clone();
                    hat.extend(search.slips.iter().copied());
                    let count = |t: Team| draw.teams.iter().filter(|&&x| x == t).count();
                    let n = usize::from(players);
                    assert!(count(Team::White) <= n / 2 && count(Team::Black) <= n / 2);
                    assert!(count(Team::Draw) <= 1);
                    let mut other = referee.state().clone();
                    other.teams = draw.teams.clone();
                    assert_eq!(
                        CarouselChess::view(referee.state(), Viewer::Seat(seat)),
                        CarouselChess::view(&other, Viewer::Seat(seat)),
                        "{players} players, seed {seed}"
                    );
                }
            }
        }
    }

    /// The carousel as the seat pictures it is the referee's for the rest of the lap.
    #[test]
    fn the_seat_knows_who_plays_next_in_the_lap() {
        for players in [4u8, 6, 8] {
            for plies in [5usize, 13, 20] {
                let referee = game_at(players, 3, plies);
                if referee.state().end().is_some() {
                    continue;
                }
                let (search, _) = search_for(&referee);
                let state = referee.state();
                let n = u32::from(players);
                let left_in_lap = (n - 1) - search.plies % (n - 1);
                for k in 0..left_in_lap {
                    let ply = search.plies + k;
                    assert_eq!(
                        search.seat_for(ply, &[]),
                        super::super::game::seat_for_ply(
                            state.deal.seed,
                            players,
                            state.first_seat,
                            ply
                        ),
                        "{players} players, ply {ply}"
                    );
                }
            }
        }
    }

    /// Seats that play for their team — checks given with their team's colour, the
    /// material tipped its way — are read for the team they play for: after 60 plies of
    /// such play the teams drawn are right far more often than a blind guess (half).
    #[test]
    fn plies_tell_the_teams_apart() {
        let mut right = 0;
        let mut asked = 0;
        for seed in 0..24u64 {
            let seats = Seats::new(3, vec![]).unwrap();
            let mut referee =
                Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(seed)).unwrap();
            let mut rng = Rng::from_state(seed);
            let teams = referee.state().teams.clone();
            for _ in 0..60 {
                let state = referee.state();
                if state.end().is_some() {
                    break;
                }
                let seat = state.seat_to_move();
                let position = state.position().clone();
                let mover = position.turn();
                let team = teams[usize::from(seat)];
                // A partisan player: the ply its team likes best, give or take a little.
                let mut best: Option<(i32, Move)> = None;
                for m in position.legal_moves() {
                    let mut next = position.clone();
                    next.play_unchecked(m);
                    let board = next.board();
                    let (white, black) =
                        (material(board, Color::White), material(board, Color::Black));
                    let lean = match team {
                        Team::White => 8 * (white - black),
                        Team::Black => 8 * (black - white),
                        Team::Draw => -6 * (white + black),
                    };
                    let check = if next.is_check() && is_colour(team, mover) { 30 } else { 0 };
                    let score = 100 * m.capture().map_or(0, capture_value) as i32
                        + lean
                        + check
                        + rng.below(20) as i32;
                    if best.is_none_or(|(b, _)| score > b) {
                        best = Some((score, m));
                    }
                }
                let (_, m) = best.unwrap();
                let UciMove::Normal { from, to, promotion } =
                    UciMove::from_move(m, shakmaty::CastlingMode::Standard)
                else {
                    panic!("a move on the board");
                };
                referee
                    .act(super::super::game::Action { from, to, promotion })
                    .unwrap();
            }
            if referee.state().end().is_some() {
                continue;
            }
            let (search, seat) = search_for(&referee);
            for _ in 0..10 {
                let draw = search.sample(&mut rng);
                asked += 1;
                if (0..3).all(|s| s == usize::from(seat) || draw.teams[s] == teams[s]) {
                    right += 1;
                }
            }
        }
        assert!(asked >= 100, "{asked}");
        assert!(right * 100 > asked * 65, "{right} of {asked} right");
    }

    /// The quiet first plies all play out alike: Hard breaks the tie with its own dice,
    /// so its first ply differs from game to game.
    #[test]
    fn openings_vary() {
        let referee = game_at(3, 1, 0);
        let seat = referee.state().seat_to_move();
        let first = |seed| hard(seat).decide(&referee, &mut Rng::from_state(seed)).map(|a| a.to);
        let firsts: std::collections::BTreeSet<_> = (0..8u64).filter_map(first).collect();
        assert!(firsts.len() >= 4, "{firsts:?}");
    }

    fn hard(seat: u8) -> ComputerSeat<CarouselChess, super::super::bot::Player> {
        hard_tests::hard(seat)
    }

    /// Thought out in slices of a little work each, Hard chooses what it chooses in one
    /// go with the same dice; "Move now" plays at once.
    #[test]
    fn thinking_in_slices_chooses_as_deciding_at_once() {
        let sliced = hard_tests::sliced_decisions(0..8, 3_000, |seed| {
            game_at(3 + (seed % 4) as u8, seed, 6 + 4 * seed as usize)
        });
        assert!(sliced >= 6, "{sliced} decisions took several slices");
    }
}

//! What one seat of A City of Spies can tell of the others' secrets, and whole states drawn
//! to fit it (Hard's search, `hard.rs`). Read from the seat's view and news only.
//!
//! - **Life-Pieces.** A seat knocked out this round had as its Life-Piece the piece whose
//!   capture knocked it out. A seat still in has its Life-Piece on the board (a piece taken
//!   without knocking anyone out was nobody's). Beyond that, a seat's moves tell: a player
//!   keeps its Life-Piece out of reach, moves it away from danger and never takes it. Each
//!   move is weighed against the others the seat could have made, for each piece it might
//!   guard (`life_weights`).
//! - **Target-Pieces.** A true claim shows one; a claim refused or declined says the piece
//!   taken was not it; a piece a seat could have taken and left is likely not it (a
//!   player takes its Target when it can: `target_weights`). Targets are all different, never the seat's own Life-Piece (the
//!   deal's default) and never this seat's own Target.
//! - **Teams.** Revealed teams are known; the rest come from the slips left, a seat that
//!   knocked another out being a little likelier to be on the other team.

use super::board::{Board, Move};
use super::deal::{Cards, Deal, Options, SeatSecrets, Team};
use super::dice::CycleRolls;
use super::game::{Config, Event, State};
use super::layout::LayoutChoice;
use super::piece::Piece;
use super::view::TableView;
use crate::seats::Seats;
use crate::seed::{Rng, Seed};

/// How sure a seat's moves make the reading of its Life-Piece: a move's worth (60 to a
/// piece that could take the Life-Piece) is divided by this before it counts as a chance.
/// Measured against Normal players at five seats: 20 read them better than 60 (Hard won
/// more in each of seven matches of 400 games); [`FLOOR`] still keeps one odd move by a
/// person from ruling a piece out.
const TEMPERATURE: f64 = 20.0;

/// The least a single move can say against a piece (a move that took it, say): a floor,
/// so one odd move by a person does not rule a piece out for good.
const FLOOR: f64 = -12.0;

/// What a piece a seat could have taken and left says against its being the seat's Target
/// (a log of chances): most players take their Target when they can.
const TARGET_LEFT: f64 = 3.0;

/// How much likelier it is that a seat that knocked another out is on the other team.
const KNOCK_WEIGHT: f64 = 0.4;

/// What the seat knows of the other seats' secrets.
#[derive(Clone, Debug)]
pub struct Belief {
    own: SeatSecrets,
    players: u8,
    /// Each seat's Life-Piece, where known (knocked out this round; the seat's own).
    lives_known: Vec<Option<Piece>>,
    /// Each seat's Target-Piece, where known (a true claim this round; the seat's own).
    targets_known: Vec<Option<Piece>>,
    /// The pieces each seat's Target is not (its claims refused or declined this round).
    not_target: Vec<Vec<Piece>>,
    /// For each seat, the log of how likely its moves this round were with each piece
    /// (in `Piece::ALL`'s order) as its Life-Piece.
    pub(super) life_weights: Vec<[f64; 11]>,
    /// For each seat, the log of how likely its moves this round were with each piece as
    /// its Target-Piece: a player who could take its Target takes it.
    pub(super) target_weights: Vec<[f64; 11]>,
    /// Each seat's team, where known (revealed, or the seat's own).
    teams_known: Vec<Option<Team>>,
    /// (a, b): a capture by seat `a` knocked seat `b` out, this game.
    knocks: Vec<(u8, u8)>,
}

fn piece_index(piece: Piece) -> usize {
    piece as usize
}

/// `exp` of each weight less the largest, as chances.
fn chances(weights: &[f64]) -> Vec<f64> {
    let top = weights.iter().copied().fold(f64::MIN, f64::max);
    weights.iter().map(|w| (w - top).exp()).collect()
}

/// An index drawn with the given chances (all zero: the first).
fn pick(chances: &[f64], rng: &mut Rng) -> usize {
    let total: f64 = chances.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return 0;
    }
    let mut at = (rng.below(1 << 30) as f64 / f64::from(1u32 << 30)) * total;
    for (i, c) in chances.iter().enumerate() {
        if at < *c {
            return i;
        }
        at -= c;
    }
    chances.len() - 1
}

impl Belief {
    /// Read from the seat's view and news: `None` for a view no game made (no secrets of
    /// its own, a board with a piece twice).
    pub fn read(view: &TableView, news: &[Event]) -> Option<Belief> {
        let own = view.own?;
        let players = u8::try_from(view.names.len()).ok()?;
        let n = usize::from(players);
        let me = usize::from(own.seat);
        if me >= n || view.teams.len() != n || view.active.len() != n {
            return None;
        }
        let mut lives_known = vec![None; n];
        let mut targets_known = vec![None; n];
        let mut not_target = vec![Vec::new(); n];
        let mut knocks = Vec::new();
        lives_known[me] = Some(own.cards.life);
        targets_known[me] = Some(own.cards.target);
        // This round's moves (seat, piece, move, piece taken), oldest first.
        let mut moves: Vec<(u8, Piece, Move, Option<Piece>)> = Vec::new();
        let mut last_capture: Option<(u8, Piece)> = None;
        for event in news {
            match *event {
                Event::RoundStarted { .. } => {
                    lives_known = vec![None; n];
                    targets_known = vec![None; n];
                    not_target = vec![Vec::new(); n];
                    lives_known[me] = Some(own.cards.life);
                    targets_known[me] = Some(own.cards.target);
                    moves.clear();
                    last_capture = None;
                }
                Event::Moved { seat, piece, mv } => {
                    moves.push((seat, piece, mv, None));
                    last_capture = None;
                }
                Event::Captured { seat, captured, .. } => {
                    if let Some(last) = moves.last_mut() {
                        last.3 = Some(captured);
                    }
                    last_capture = Some((seat, captured));
                }
                Event::Eliminated { seat } => {
                    if let (Some((by, piece)), Some(known)) =
                        (last_capture, lives_known.get_mut(usize::from(seat)))
                    {
                        *known = Some(piece);
                        if by != seat {
                            knocks.push((by, seat));
                        }
                    }
                }
                Event::TargetClaimed { seat, piece, .. } => {
                    if let Some(known) = targets_known.get_mut(usize::from(seat)) {
                        *known = Some(piece);
                    }
                }
                Event::ClaimRefused { seat } | Event::ClaimDeclined { seat } => {
                    if let (Some((by, piece)), Some(not)) =
                        (last_capture, not_target.get_mut(usize::from(seat)))
                        && by == seat
                    {
                        not.push(piece);
                    }
                }
                _ => {}
            }
        }
        let mut board = Board::empty();
        for &(square, piece) in &view.board {
            board.place(square, piece).ok()?;
        }
        let (life_weights, target_weights) = life_weights(&board, &moves, n, own.seat);
        let mut teams_known = view.teams.clone();
        teams_known[me] = Some(own.team);
        Some(Belief {
            own,
            players,
            lives_known,
            targets_known,
            not_target,
            life_weights,
            target_weights,
            teams_known,
            knocks,
        })
    }

    pub fn own(&self) -> SeatSecrets {
        self.own
    }

    /// Every seat's Life-Piece: known ones as known, a seat still in given one of the
    /// pieces on the board nobody else holds, drawn by its weights.
    fn draw_lives(&self, board: &Board, active: &[bool], rng: &mut Rng) -> Option<Vec<Piece>> {
        let n = usize::from(self.players);
        let mut lives = self.lives_known.clone();
        let mut open: Vec<usize> = (0..n).filter(|&s| lives[s].is_none()).collect();
        rng.shuffle(&mut open);
        for seat in open {
            let free: Vec<Piece> = Piece::ALL
                .into_iter()
                .filter(|&p| !lives.contains(&Some(p)))
                .filter(|&p| !active[seat] || board.square_of(p).is_some())
                .collect();
            if free.is_empty() {
                return None;
            }
            let weights: Vec<f64> = free
                .iter()
                .map(|&p| self.life_weights[seat][piece_index(p)])
                .collect();
            lives[seat] = Some(free[pick(&chances(&weights), rng)]);
        }
        lives.into_iter().collect()
    }

    /// Every seat's Target-Piece, all different and none a seat's own Life-Piece, none a
    /// piece its claims showed it is not (dropped if no draw can honour them).
    fn draw_targets(&self, lives: &[Piece], rng: &mut Rng) -> Vec<Piece> {
        let n = usize::from(self.players);
        for attempt in 0..24 {
            let honour_claims = attempt < 16;
            let mut targets = self.targets_known.clone();
            let mut open: Vec<usize> = (0..n).filter(|&s| targets[s].is_none()).collect();
            rng.shuffle(&mut open);
            let mut stuck = false;
            for seat in open {
                let free: Vec<Piece> = Piece::ALL
                    .into_iter()
                    .filter(|&p| !targets.contains(&Some(p)) && p != lives[seat])
                    .filter(|p| !honour_claims || !self.not_target[seat].contains(p))
                    .collect();
                if free.is_empty() {
                    stuck = true;
                    break;
                }
                let weights: Vec<f64> = free
                    .iter()
                    .map(|&p| self.target_weights[seat][piece_index(p)])
                    .collect();
                targets[seat] = Some(free[pick(&chances(&weights), rng)]);
            }
            if !stuck && let Some(targets) = targets.into_iter().collect::<Option<Vec<_>>>() {
                return targets;
            }
        }
        // Never reached with at most six seats and eleven cards; a last resort all the same.
        (0..n).map(|s| Piece::ALL[(s + 1) % 11]).collect()
    }

    /// Every seat's team: the known ones, the rest dealt the slips left, a seat that
    /// knocked another out likelier on the other team (a walk of swaps).
    fn draw_teams(&self, rng: &mut Rng) -> Option<Vec<Team>> {
        let n = usize::from(self.players);
        let mut slips: Vec<Team> = std::iter::repeat_n(Team::White, n.div_ceil(2))
            .chain(std::iter::repeat_n(Team::Black, n / 2))
            .collect();
        for team in self.teams_known.iter().flatten() {
            let at = slips.iter().position(|t| t == team)?;
            slips.remove(at);
        }
        let open: Vec<usize> = (0..n).filter(|&s| self.teams_known[s].is_none()).collect();
        if slips.len() != open.len() {
            return None;
        }
        rng.shuffle(&mut slips);
        let mut teams: Vec<Team> = self
            .teams_known
            .iter()
            .map(|t| t.unwrap_or(Team::White))
            .collect();
        for (slot, &seat) in open.iter().enumerate() {
            teams[seat] = slips[slot];
        }
        let apart = |teams: &[Team]| {
            self.knocks
                .iter()
                .filter(|&&(a, b)| teams[usize::from(a)] != teams[usize::from(b)])
                .count() as f64
                * KNOCK_WEIGHT
        };
        if open.len() >= 2 && !self.knocks.is_empty() {
            for _ in 0..30 {
                let i = open[rng.below(open.len() as u64) as usize];
                let j = open[rng.below(open.len() as u64) as usize];
                if teams[i] == teams[j] {
                    continue;
                }
                let now = apart(&teams);
                teams.swap(i, j);
                let chance = (apart(&teams) - now).min(0.0).exp();
                if (rng.below(1 << 20) as f64) >= chance * f64::from(1u32 << 20) {
                    teams.swap(i, j);
                }
            }
        }
        Some(teams)
    }
}

/// For each seat, how likely its moves this round were with each piece as its
/// Life-Piece: the round is taken back move by move from `board`, and each move the seat
/// made is weighed against every move it could have made instead.
fn life_weights(
    board: &Board,
    moves: &[(u8, Piece, Move, Option<Piece>)],
    players: usize,
    me: u8,
) -> (Vec<[f64; 11]>, Vec<[f64; 11]>) {
    let mut weights = vec![[0.0; 11]; players];
    let mut targets = vec![[0.0; 11]; players];
    let mut before = board.clone();
    for &(seat, piece, mv, taken) in moves.iter().rev() {
        before.unplay(mv, piece, taken);
        if seat == me || usize::from(seat) >= players {
            continue;
        }
        let risk_before = risks(&before);
        let choices = before.moves();
        // Each choice's worth with each piece as the Life-Piece.
        let mut worth: Vec<[f64; 11]> = Vec::with_capacity(choices.len());
        let mut chosen = None;
        let mut could_take = [false; 11];
        let mut took_now = None;
        for &choice in &choices {
            if choice == mv {
                chosen = Some(worth.len());
            }
            let moved = before.piece_at(choice.from);
            let mut next = before.clone();
            let Ok(took) = next.play(choice) else {
                continue;
            };
            if let Some(p) = took {
                could_take[piece_index(p)] = true;
                if choice == mv {
                    took_now = Some(p);
                }
            }
            let risk_after = risks(&next);
            let common = if took.is_some() { 40.0 } else { 0.0 };
            let mut row = [0.0; 11];
            for (i, &p) in Piece::ALL.iter().enumerate() {
                let mut w = common + f64::from(60 * (risk_before[i] - risk_after[i]));
                if moved == Some(p) {
                    w += 5.0;
                }
                if took == Some(p) {
                    w -= 100_000.0;
                }
                row[i] = w / TEMPERATURE;
            }
            worth.push(row);
        }
        let Some(chosen) = chosen else {
            continue;
        };
        for (i, &p) in Piece::ALL.iter().enumerate() {
            if could_take[i] && took_now != Some(p) {
                targets[usize::from(seat)][i] = (targets[usize::from(seat)][i] - TARGET_LEFT).max(FLOOR);
            }
        }
        for i in 0..11 {
            let top = worth.iter().map(|row| row[i]).fold(f64::MIN, f64::max);
            let total: f64 = worth.iter().map(|row| (row[i] - top).exp()).sum();
            let said = worth[chosen][i] - top - total.ln();
            weights[usize::from(seat)][i] += said.max(FLOOR);
        }
    }
    (weights, targets)
}

/// For each piece (in `Piece::ALL`'s order), how many pieces could take it next on
/// `board` (none once it is off the board).
fn risks(board: &Board) -> [i32; 11] {
    let reach = board.reach();
    let mut risks = [0; 11];
    for (square, piece) in board.pieces() {
        risks[piece_index(piece)] = i32::from(reach[square as usize]);
    }
    risks
}

/// A whole state that shows the seat `view` (all but what comes from the seed: the round's
/// check word and random layout, and the dice of cycles to come), its secrets drawn from
/// `belief`; `None` for a view no game made.
pub fn sample(view: &TableView, belief: &Belief, rng: &mut Rng) -> Option<State> {
    let n = usize::from(belief.players);
    let mut board = Board::empty();
    for &(square, piece) in &view.board {
        board.place(square, piece).ok()?;
    }
    let lives = belief.draw_lives(&board, &view.active, rng)?;
    let targets = belief.draw_targets(&lives, rng);
    let teams = belief.draw_teams(rng)?;
    let seats = Seats::new(belief.players, view.names.clone()).ok()?;
    let options = Options::default();
    Some(State {
        config: Config {
            seats,
            options,
            layout: LayoutChoice::default(),
        },
        deal: Deal {
            players: belief.players,
            options,
            seed: Seed(rng.next_u64()),
        },
        teams,
        round: view.round,
        cards: (0..n)
            .map(|s| Cards {
                life: lives[s],
                target: targets[s],
            })
            .collect(),
        board,
        active: view.active.clone(),
        revealed: view.teams.iter().map(Option::is_some).collect(),
        scores: view.scores,
        cycle: view.cycle,
        rolls: CycleRolls {
            rolls: view.rolls.clone(),
            order: view.order.clone(),
        },
        turn: view.turn,
        last_move: view.last_move,
        quiet_turns: view.quiet_turns,
        undoable: false,
        phase: view.phase,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::super::game::CityOfSpies;
    use crate::bots::{Computer, ComputerSeat, Level};
    use crate::game::{Game, Referee, ToAct};
    use crate::seats::Viewer;

    /// A piece's place in the weights is its place in the deck's order.
    #[test]
    fn pieces_are_weighed_in_the_decks_order() {
        for (i, &piece) in Piece::ALL.iter().enumerate() {
            assert_eq!(piece_index(piece), i, "{piece}");
        }
    }

    /// The view with what it reads from the seed set aside: the round's check word and
    /// random layout, and the seat's own secrets (a sample carries them in its cards and
    /// teams, checked on their own).
    fn without_seeded(mut view: TableView) -> TableView {
        view.round_word = "";
        view.random_layout = None;
        view.own = None;
        view
    }

    /// Over many turns of games played by Normal: every sample looks to the seat exactly
    /// as the real state does, keeps every secret the seat knows (its own, lives shown by
    /// knock-outs, targets shown by claims, refused claims), and the real Life-Pieces of
    /// the seats still in are among the likelier ones.
    #[test]
    fn samples_fit_the_view_and_the_news() {
        let mut checked = 0;
        let mut life_rank_total = 0.0;
        let mut ranked = 0;
        let (mut target_rank_total, mut targets_ranked) = (0.0, 0);
        for game in 0..6u64 {
            let players = 3 + (game % 4) as u8;
            let seats = Seats::new(players, vec![]).unwrap();
            let mut referee =
                Referee::<CityOfSpies>::new(CityOfSpies::config(&seats, 0), Seed(game)).unwrap();
            let mut computers: Vec<_> = (0..players)
                .map(|s| ComputerSeat::new(s, CityOfSpies::player(Level::Normal)))
                .collect();
            let mut rng = Rng::from_state(game);
            for _ in 0..160 {
                let seat = match referee.to_act() {
                    ToAct::Nobody => break,
                    ToAct::Table => {
                        let legal = referee.legal_actions(Viewer::Table);
                        referee.act(legal[1]).unwrap();
                        continue;
                    }
                    ToAct::Seat(seat) => seat,
                };
                let viewer = Viewer::Seat(seat);
                let view = referee.view(viewer);
                let news = referee.news_since(viewer, 0);
                let belief = Belief::read(&view.body, &news).expect("a real view reads");
                let state = referee.state();
                for _ in 0..4 {
                    let drawn = sample(&view.body, &belief, &mut rng).expect("a real view samples");
                    assert_eq!(
                        without_seeded(CityOfSpies::view(&drawn, viewer)),
                        without_seeded(CityOfSpies::view(state, viewer))
                    );
                    assert_eq!(drawn.cards[usize::from(seat)], state.cards[usize::from(seat)]);
                    assert_eq!(drawn.teams[usize::from(seat)], state.teams[usize::from(seat)]);
                    for s in 0..usize::from(players) {
                        if state.revealed[s] {
                            assert_eq!(drawn.teams[s], state.teams[s]);
                        }
                        if !state.active[s] {
                            assert_eq!(drawn.cards[s].life, state.cards[s].life, "knocked out");
                        }
                        if let Some(known) = belief.targets_known[s] {
                            assert_eq!(drawn.cards[s].target, known);
                        }
                        assert_ne!(drawn.cards[s].target, drawn.cards[s].life);
                    }
                    checked += 1;
                }
                // Where the real Life-Piece of each other seat still in stands among the
                // pieces on the board by weight (0 the likeliest).
                for s in 0..usize::from(players) {
                    if s == usize::from(seat) || !state.active[s] {
                        continue;
                    }
                    let on_board: Vec<Piece> = state.board.pieces().map(|(_, p)| p).collect();
                    let w = |p: Piece| belief.life_weights[s][piece_index(p)];
                    let real = w(state.cards[s].life);
                    let above = on_board.iter().filter(|&&p| w(p) > real).count();
                    life_rank_total += above as f64 / on_board.len().max(1) as f64;
                    ranked += 1;
                    // And its real Target among the other ten pieces, by what its moves
                    // said (half the equals above it: a blind guess ranks 0.5).
                    if belief.targets_known[s].is_none() {
                        let t = |p: Piece| belief.target_weights[s][piece_index(p)];
                        let real = state.cards[s].target;
                        let others = Piece::ALL.iter().filter(|&&p| p != real);
                        let above: f64 = others
                            .map(|&p| match t(p).total_cmp(&t(real)) {
                                std::cmp::Ordering::Greater => 1.0,
                                std::cmp::Ordering::Equal => 0.5,
                                std::cmp::Ordering::Less => 0.0,
                            })
                            .sum();
                        target_rank_total += above / 10.0;
                        targets_ranked += 1;
                    }
                }
                let legal = referee.legal_actions(viewer);
                let action = computers[usize::from(seat)].decide(&referee, &mut rng).unwrap();
                assert!(legal.contains(&action));
                referee.act(action).unwrap();
            }
        }
        assert!(checked > 1_000, "{checked} samples checked");
        // A blind guess puts the real piece half-way down (0.5 on average).
        let rank = life_rank_total / ranked as f64;
        assert!(rank < 0.3, "the real Life-Piece ranks {rank:.2} down on average");
        // A Normal player takes its Target whenever it can: what it left says it was not.
        let target_rank = target_rank_total / f64::from(targets_ranked);
        assert!(target_rank < 0.42, "the real Target ranks {target_rank:.2} down on average");
    }
}

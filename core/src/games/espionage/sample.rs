//! What an Espionage seat imagines of what it cannot see, for the Hard computer's search.
//!
//! A sample is the board exactly as the seat's view shows it, each enemy piece still
//! masked given a kind the enemy may still hide (its army less its losses and the pieces
//! unmasked), as far as the seat knows it can be (`Belief`): a piece seen to move is no
//! mine and no headquarters; a masked enemy piece standing next to one of the seat's
//! masked pieces is no spy (a spy unmasks all around it after every move). The
//! headquarters is drawn more often among the pieces of the enemy's back row, where a
//! careful player keeps it. The enemy's no-return bars come from the moves of its last
//! turn, as the seat saw them. Built from the view and the news alone: no state is read.

use super::army::{ARMY, Kind};
use super::board::ROWS;
use super::game::{Config, Event, MOVES_PER_TURN, Phase, Piece, State};
use super::view::{EspionageView, Seen};
use crate::game::View;
use crate::seats::Seats;
use crate::seed::{Rng, Seed};

/// What the seat knows of the enemy's masked pieces, read once per decision from its
/// view and news: where they stand, which may not be mines or the headquarters (they
/// moved), which may not be spies, and the kinds left to share among them.
#[derive(Clone, Debug, PartialEq)]
pub struct Belief {
    /// Each masked enemy piece: its square, whether it has moved, whether it may be a spy.
    pub masked: Vec<(u8, bool, bool)>,
    /// The kinds the masked pieces hide between them, one entry per piece.
    pub kinds: Vec<Kind>,
    /// The enemy's bars for its next turn: (square of the piece, square it came from).
    pub bars: Vec<(u8, u8)>,
    /// Whether a combat was fought in the turn being played (for the quiet-turn count).
    pub combat_this_turn: bool,
    /// The enemy's back row: where a careful player keeps the headquarters.
    back_row: Vec<u8>,
}

/// The squares of the enemy's pieces that have moved, its last turn's steps (where the
/// piece stands, where it came from), and whether the turn being played saw a combat:
/// read from the seat's news. An attack is told as a step, then its combat.
fn read_news(me: u8, news: &[Event]) -> (Vec<u8>, Vec<(u8, u8)>, bool) {
    use super::army::Outcome::{AttackerWins, HeadquartersTaken, MineCleared};
    let mut moved: Vec<u8> = Vec::new();
    let mut last_turn: Vec<(u8, u8)> = Vec::new();
    let mut this_turn: Vec<(u8, u8)> = Vec::new();
    let mut combat = false;
    for event in news {
        match *event {
            Event::Moved { seat, from, to } if seat != me => {
                moved.retain(|&s| s != from && s != to);
                moved.push(to);
                this_turn.push((to, from));
            }
            Event::Combat { seat, to, outcome, .. } => {
                combat = true;
                let attacker_stays = matches!(outcome, AttackerWins | MineCleared | HeadquartersTaken);
                // The enemy's piece on `to` is gone when it lost: its attack failed, or
                // the seat's attack on it won.
                if attacker_stays == (seat == me) {
                    moved.retain(|&s| s != to);
                    this_turn.retain(|&(at, _)| at != to);
                    last_turn.retain(|&(at, _)| at != to);
                }
            }
            Event::TurnEnded { seat, .. } => {
                combat = false;
                if seat != me {
                    last_turn = std::mem::take(&mut this_turn);
                }
            }
            _ => {}
        }
    }
    (moved, last_turn, combat)
}

impl Belief {
    /// What `view` and `news` tell seat `me` of the enemy's masked pieces; `None` for a
    /// view no game made (more masked pieces than kinds left, or the other way round).
    pub fn read(view: &EspionageView, me: u8, news: &[Event]) -> Option<Belief> {
        let enemy = 1 - me.min(1);
        let width = i32::from(view.width.max(1));
        let (moved, last_turn, combat_this_turn) = read_news(me, news);
        let mut kinds: Vec<Kind> = Vec::new();
        for (kind, count) in ARMY {
            let lost = view.lost[usize::from(enemy)].iter().filter(|&&k| k == kind).count();
            let shown = view
                .squares
                .iter()
                .filter(|s| matches!(s, Seen::Enemy { kind: Some(k) } if *k == kind))
                .count();
            let left = usize::from(count).checked_sub(lost + shown)?;
            kinds.extend(std::iter::repeat_n(kind, left));
        }
        let masked_own = |square: i32| {
            matches!(
                usize::try_from(square).ok().and_then(|s| view.squares.get(s)),
                Some(Seen::Own { unmasked: false, .. })
            )
        };
        let masked: Vec<(u8, bool, bool)> = (0..view.squares.len())
            .filter(|&s| matches!(view.squares[s], Seen::Enemy { kind: None }))
            .map(|s| {
                let square = s as i32;
                let (row, file) = (square / width, square % width);
                let beside_a_masked_piece = (-1..=1)
                    .flat_map(|dr| (-1..=1).map(move |df| (dr, df)))
                    .filter(|&d| d != (0, 0))
                    .any(|(dr, df)| {
                        (0..width).contains(&(file + df))
                            && masked_own((row + dr) * width + file + df)
                    });
                (s as u8, moved.contains(&(s as u8)), !beside_a_masked_piece)
            })
            .collect();
        if masked.len() != kinds.len() {
            return None;
        }
        let bars = last_turn
            .into_iter()
            .filter(|&(at, _)| matches!(view.squares.get(usize::from(at)), Some(Seen::Enemy { .. })))
            .collect();
        let back = if enemy == 0 { 0 } else { i32::from(ROWS) - 1 };
        let back_row = (0..width).map(|file| (back * width + file) as u8).collect();
        Some(Belief { masked, kinds, bars, combat_this_turn, back_row })
    }

    /// One way the kinds may stand on the masked pieces: every mine and the headquarters
    /// on a piece that never moved, every spy on a piece that may be one, the rest
    /// anywhere; `None` when the belief allows no such way (news no game made).
    pub fn draw(&self, rng: &mut Rng) -> Option<Vec<(u8, Kind)>> {
        let mut placed: Vec<Option<Kind>> = vec![None; self.masked.len()];
        // The picky kinds first, each where it fits and leaves room for those after it.
        let mut picky: Vec<Kind> = self.kinds.iter().copied().filter(|&k| picky_kind(k)).collect();
        picky.sort_by_key(|&k| match k {
            Kind::Headquarters => 0,
            Kind::Mine => 1,
            _ => 2,
        });
        for (n, &kind) in picky.iter().enumerate() {
            let fits = |i: usize| placed[i].is_none() && self.fits(i, kind);
            let candidates: Vec<usize> = (0..placed.len())
                .filter(|&i| fits(i))
                .filter(|&i| {
                    let mut after = placed.clone();
                    after[i] = Some(kind);
                    self.room_for(&after, &picky[n + 1..])
                })
                .collect();
            let weight = |i: usize| -> u64 {
                let square = self.masked[i].0;
                if kind == Kind::Headquarters && self.back_row.contains(&square) { 6 } else { 1 }
            };
            let total: u64 = candidates.iter().map(|&i| weight(i)).sum();
            if total == 0 {
                return None;
            }
            let mut pick = rng.below(total);
            for &i in &candidates {
                if pick < weight(i) {
                    placed[i] = Some(kind);
                    break;
                }
                pick -= weight(i);
            }
        }
        let mut rest: Vec<Kind> = self.kinds.iter().copied().filter(|&k| !picky_kind(k)).collect();
        rng.shuffle(&mut rest);
        for slot in placed.iter_mut().filter(|k| k.is_none()) {
            *slot = Some(rest.pop()?);
        }
        placed
            .into_iter()
            .enumerate()
            .map(|(i, kind)| Some((self.masked[i].0, kind?)))
            .collect()
    }

    /// Whether masked piece `i` may be a `kind`.
    fn fits(&self, i: usize, kind: Kind) -> bool {
        let (_, moved, may_spy) = self.masked[i];
        match kind {
            Kind::Headquarters | Kind::Mine => !moved,
            Kind::Spy => may_spy,
            _ => true,
        }
    }

    /// Whether the pieces not yet `placed` leave room for the picky kinds `left` (Hall's
    /// condition: the unmoved for mines and headquarters, the possible spies for spies,
    /// and the two together).
    fn room_for(&self, placed: &[Option<Kind>], left: &[Kind]) -> bool {
        let still = |i: &usize| placed[*i].is_none();
        let open: Vec<usize> = (0..placed.len()).filter(still).collect();
        let unmoved = open.iter().filter(|&&i| self.fits(i, Kind::Mine)).count();
        let spyable = open.iter().filter(|&&i| self.fits(i, Kind::Spy)).count();
        let either = open
            .iter()
            .filter(|&&i| self.fits(i, Kind::Mine) || self.fits(i, Kind::Spy))
            .count();
        let fixed = left.iter().filter(|&&k| !k.moves()).count();
        let spies = left.iter().filter(|&&k| k == Kind::Spy).count();
        fixed <= unmoved && spies <= spyable && fixed + spies <= either
    }
}

/// Kinds that only some pieces may be: mines and the headquarters (never moved), spies.
fn picky_kind(kind: Kind) -> bool {
    matches!(kind, Kind::Headquarters | Kind::Mine | Kind::Spy)
}

/// A whole state that shows seat `seen.seat` its view exactly, from the view, the news
/// and `belief`, the masked enemy pieces given kinds drawn from `rng`; `None` for a view
/// no game made.
pub fn sample(view: &View<EspionageView>, me: u8, belief: &Belief, rng: &mut Rng) -> Option<State> {
    let table = &view.body;
    let enemy = 1 - me.min(1);
    let names = table.names.clone();
    let seats = Seats::new(2, names).ok()?;
    let volcanoes: Vec<u8> = (0..table.squares.len())
        .filter(|&s| table.squares[s] == Seen::Volcano)
        .map(|s| s as u8)
        .collect();
    let config = Config {
        seats,
        width: table.width,
        volcanoes: u8::try_from(volcanoes.len()).ok()?,
        quiet_draw: table.quiet_draw,
    };
    let mut state = State::empty(config, volcanoes);
    let drawn = belief.draw(rng)?;
    // The enemy's ids follow its army's order within each kind, as a set-up numbers them.
    let mut next_id = [0u8; 9];
    let mut id_of = |kind: Kind| {
        let index = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
        let first: u8 = ARMY[..index].iter().map(|&(_, n)| n).sum();
        let id = first + next_id[index];
        next_id[index] += 1;
        id
    };
    for (square, seen) in table.squares.iter().enumerate() {
        state.board[square] = match *seen {
            Seen::Empty | Seen::Volcano => None,
            Seen::Own { id, kind, unmasked } => Some(Piece { owner: me, id, kind, unmasked }),
            Seen::Enemy { kind: Some(kind) } => {
                Some(Piece { owner: enemy, id: id_of(kind), kind, unmasked: true })
            }
            Seen::Enemy { kind: None } => {
                let kind = drawn.iter().find(|&&(s, _)| usize::from(s) == square)?.1;
                Some(Piece { owner: enemy, id: id_of(kind), kind, unmasked: false })
            }
        };
    }
    let id_at = |state: &State, square: u8| state.board.get(usize::from(square)).copied().flatten().map(|p| p.id);
    state.bars[usize::from(me)] = table
        .barred
        .iter()
        .filter_map(|&(at, to)| Some((id_at(&state, at)?, to)))
        .collect();
    state.bars[usize::from(enemy)] = belief
        .bars
        .iter()
        .filter_map(|&(at, to)| Some((id_at(&state, at)?, to)))
        .collect();
    state.phase = table.phase;
    state.turn = table.turn;
    state.quiet_turns = table.quiet_turns;
    state.combat_this_turn = belief.combat_this_turn;
    state.undoable = view.can_undo;
    if let Phase::Turn { seat } = table.phase
        && seat == me
    {
        state.moves_made = MOVES_PER_TURN.saturating_sub(table.moves_left);
        state.moved = table.moved.iter().filter_map(|&at| id_at(&state, at)).collect();
    }
    state.listed_set_ups = [Seed(0), Seed(1)];
    Some(state)
}

#[cfg(test)]
mod tests {
    use super::super::Espionage;
    use super::*;
    use crate::bots::{Computer, ComputerSeat, Level};
    use crate::game::{Game, Referee};
    use crate::seats::Viewer;

    /// The masked enemy pieces of a whole state, by square, as seat `me` sees them.
    fn masked_enemies(state: &State, me: u8) -> Vec<(u8, Kind)> {
        (0..state.board.len())
            .filter_map(|s| {
                let piece = state.board[s]?;
                (piece.owner != me && !piece.unmasked).then_some((s as u8, piece.kind))
            })
            .collect()
    }

    /// A seat's bars, by square: (square of the piece, square it may not enter).
    fn bars_by_square(state: &State, seat: u8) -> Vec<(u8, u8)> {
        let mut bars: Vec<(u8, u8)> = state.bars[usize::from(seat)]
            .iter()
            .filter_map(|&(id, to)| {
                let at = state.board.iter().position(|p| {
                    p.is_some_and(|p| p.owner == seat && p.id == id)
                })?;
                Some((at as u8, to))
            })
            .collect();
        bars.sort_unstable();
        bars
    }

    /// Through games of Normal against Normal, after every action and for both seats:
    /// the belief read from the seat's view and news never rules out the truth (a piece
    /// it says moved is no mine or headquarters, one it says is no spy is none), and each
    /// sample shows the seat its very view, hides the real masked kinds between the
    /// same pieces (in another order), keeps to the belief, and, on the seat's turn,
    /// offers the same actions and bars the enemy as the real game does.
    #[test]
    fn every_sample_shows_the_seat_its_view_and_keeps_to_what_it_knows() {
        let (mut checked, mut ruled_out) = (0, 0);
        for game in 0..6u64 {
            let seats = Seats::new(2, vec![]).unwrap();
            let config = Espionage::config(&seats, 0);
            let mut referee = Referee::<Espionage>::new(config, Seed(game)).unwrap();
            let mut players: Vec<_> = (0..2)
                .map(|seat| ComputerSeat::new(seat, Espionage::player(Level::Normal)))
                .collect();
            let mut rng = Rng::from_state(game);
            for _ in 0..900 {
                let state = referee.state().clone();
                if matches!(state.phase, Phase::Turn { .. }) {
                    for me in 0..2u8 {
                        let viewer = Viewer::Seat(me);
                        let view = referee.view(viewer);
                        let news = referee.news_since(viewer, 0);
                        let belief = Belief::read(&view.body, me, &news).expect("a real view");
                        let truth = masked_enemies(&state, me);
                        for &(square, moved, may_spy) in &belief.masked {
                            let kind = truth.iter().find(|t| t.0 == square).unwrap().1;
                            assert!(!moved || kind.moves(), "game {game}: moved, yet a {kind}");
                            assert!(may_spy || kind != Kind::Spy, "game {game}: a spy ruled out");
                            ruled_out += usize::from(moved) + usize::from(!may_spy);
                        }
                        let sample = sample(&view, me, &belief, &mut rng).expect("samples");
                        assert_eq!(Espionage::view(&sample, viewer), view.body, "game {game}");
                        let drawn = masked_enemies(&sample, me);
                        let kinds = |list: &[(u8, Kind)]| {
                            let mut kinds: Vec<Kind> = list.iter().map(|t| t.1).collect();
                            kinds.sort_unstable();
                            kinds
                        };
                        assert_eq!(kinds(&drawn), kinds(&truth));
                        for &(square, kind) in &drawn {
                            let i = belief.masked.iter().position(|m| m.0 == square).unwrap();
                            assert!(belief.fits(i, kind), "game {game}: a {kind} where it cannot be");
                        }
                        if state.phase == (Phase::Turn { seat: me }) {
                            assert_eq!(Espionage::legal_actions(&sample), Espionage::legal_actions(&state));
                            assert_eq!(bars_by_square(&sample, 1 - me), bars_by_square(&state, 1 - me), "game {game}");
                            assert_eq!(sample.quiet_turns, state.quiet_turns);
                            assert_eq!(sample.combat_this_turn, state.combat_this_turn);
                        }
                        checked += 1;
                    }
                }
                let Some(action) = players
                    .iter_mut()
                    .find_map(|p| p.decide(&referee, &mut rng))
                else {
                    break;
                };
                referee.act(action).unwrap();
            }
        }
        assert!(checked > 3_000, "{checked} views sampled");
        assert!(ruled_out > 3_000, "the news ruled out {ruled_out} kinds");
    }

    /// Samples differ: the search imagines many armies, and the headquarters more often
    /// in the enemy's back row than elsewhere.
    #[test]
    fn samples_imagine_many_armies_the_headquarters_mostly_at_the_back() {
        let seats = Seats::new(2, vec![]).unwrap();
        let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(3)).unwrap();
        let mut rng = Rng::from_state(3);
        for seat in 0..2 {
            let action = ComputerSeat::new(seat, Espionage::player(Level::Normal))
                .decide(&referee, &mut rng)
                .unwrap();
            referee.act(action).unwrap();
        }
        let view = referee.view(Viewer::Seat(0));
        let belief = Belief::read(&view.body, 0, &[]).unwrap();
        let samples: Vec<State> = (0..200).map(|_| sample(&view, 0, &belief, &mut rng).unwrap()).collect();
        let armies: std::collections::HashSet<Vec<(u8, Kind)>> =
            samples.iter().map(|s| masked_enemies(s, 0)).collect();
        assert_eq!(armies.len(), 200);
        let at_the_back = samples
            .iter()
            .filter(|s| {
                masked_enemies(s, 0)
                    .iter()
                    .any(|&(square, kind)| kind == Kind::Headquarters && square / 10 == 9)
            })
            .count();
        // A third of the zone is its back row; weighted, about three in four samples.
        assert!(at_the_back > 120, "{at_the_back} of 200 at the back");
    }

    /// News no game made (more masked pieces than the enemy has kinds left) samples
    /// nothing.
    #[test]
    fn an_impossible_view_samples_nothing() {
        let seats = Seats::new(2, vec![]).unwrap();
        let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(3)).unwrap();
        let mut rng = Rng::from_state(3);
        for seat in 0..2 {
            let action = ComputerSeat::new(seat, Espionage::player(Level::Normal))
                .decide(&referee, &mut rng)
                .unwrap();
            referee.act(action).unwrap();
        }
        let mut view = referee.view(Viewer::Seat(0));
        view.body.lost[1].push(Kind::General);
        assert!(Belief::read(&view.body, 0, &[]).is_none());
    }
}

//! Espionage's computer player, from its seat's view and news alone.
//!
//! It keeps what a careful player keeps: where each unseen enemy piece stands and whether
//! it ever moved (a piece that moved is no mine and no headquarters), and the kinds
//! unmasked. Each step is scored: a known fight by its outcome (`combat`), an unknown one
//! by what the piece could be, an empty square by the ground it gains and the danger next
//! to it. Normal weighs all of that; Easy sees only the fights it knows and otherwise
//! wanders forward.

use super::army::{Kind, Outcome, combat};
use super::game::{Action, Espionage, Event, Phase};
use super::view::Seen as Square;
use crate::bots::{Best, Bot, Computer, Level, Seen};
use crate::seed::Rng;

impl Computer for Espionage {
    type Player = Player;
    const LEVELS: &'static [Level] = &Level::ALL;

    fn player(level: Level) -> Player {
        Player { level, search: None }
    }
}

pub struct Player {
    level: Level,
    /// Hard's search not yet done, carried between slices of thinking.
    search: Option<super::hard::Search>,
}

/// What a piece is worth keeping.
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
        Kind::Headquarters => 10_000,
    }
}

/// The enemy's squares whose piece has moved at least once, from the seat's news.
fn moved_enemies(me: u8, news: &[Event]) -> Vec<u8> {
    let mut moved: Vec<u8> = Vec::new();
    for event in news {
        match *event {
            Event::Moved { seat, from, to } if seat != me => {
                moved.retain(|&s| s != from);
                moved.push(to);
            }
            Event::Combat {
                seat,
                from,
                to,
                outcome,
                ..
            } => {
                if seat != me {
                    moved.retain(|&s| s != from);
                    if matches!(outcome, Outcome::AttackerWins | Outcome::MineCleared) {
                        moved.retain(|&s| s != to);
                        moved.push(to);
                    }
                } else if matches!(outcome, Outcome::AttackerWins | Outcome::MineCleared) {
                    // The enemy piece there is gone.
                    moved.retain(|&s| s != to);
                }
            }
            _ => {}
        }
    }
    moved
}

/// A fight's worth to the attacker: what it wins less what it loses.
fn fight(attacker: Kind, defender: Kind) -> i32 {
    match combat(attacker, defender) {
        Outcome::HeadquartersTaken => 100_000,
        Outcome::AttackerWins | Outcome::MineCleared => worth(defender) + 5,
        Outcome::DefenderWins | Outcome::MineHolds => -worth(attacker),
    }
}

/// How many of each kind the enemy may still hide: its army, less the pieces it lost
/// and those unmasked on the board.
fn unseen_enemies(view: &super::view::EspionageView, me: u8) -> Vec<(Kind, i32)> {
    let enemy = usize::from(1 - me.min(1));
    super::army::ARMY
        .iter()
        .map(|&(kind, n)| {
            let lost = view.lost[enemy].iter().filter(|&&k| k == kind).count();
            let shown = view
                .squares
                .iter()
                .filter(|s| matches!(s, Square::Enemy { kind: Some(k) } if *k == kind))
                .count();
            (kind, (i32::from(n) - lost as i32 - shown as i32).max(0))
        })
        .collect()
}

/// What attacking an unseen piece is worth, on average over what it may be (`unseen`):
/// a piece that moved is a soldier, a spy or a minesweeper; one that never did may also
/// be a mine or the headquarters.
fn unknown_fight(attacker: Kind, has_moved: bool, unseen: &[(Kind, i32)]) -> i32 {
    let mut total = 0;
    let mut count = 0;
    for &(kind, n) in unseen {
        if has_moved && !kind.moves() {
            continue;
        }
        // The headquarters is one piece in thirty: worth a try, not a bet.
        let value = if kind == Kind::Headquarters {
            worth(Kind::General)
        } else {
            fight(attacker, kind)
        };
        total += value * n;
        count += n;
    }
    total / count.max(1)
}

impl Bot<Espionage> for Player {
    fn think(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng, work: usize) -> Option<usize> {
        if self.level != Level::Hard || !matches!(seen.view.body.phase, Phase::Turn { .. }) {
            return Some(self.decide(seen, rng));
        }
        match super::hard::think(&mut self.search, seen, rng, work) {
            Ok(chosen) => chosen,
            Err(()) => Some(self.greedy(seen, rng)),
        }
    }

    fn best_so_far(&self) -> Option<usize> {
        self.search.as_ref().and_then(super::hard::Search::best_so_far)
    }

    fn forget(&mut self) {
        self.search = None;
    }

    fn decide(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng) -> usize {
        if self.level == Level::Hard
            && matches!(seen.view.body.phase, Phase::Turn { .. })
            && let Some(chosen) = super::hard::decide(seen, rng)
        {
            return chosen;
        }
        self.greedy(seen, rng)
    }
}

impl Player {
    /// Easy's and Normal's choice: each step scored by what it gains now.
    fn greedy(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let me = seen.seat;
        let width = i32::from(view.width.max(1));
        let rows = view.squares.len() as i32 / width;
        let forward = if me == 0 { 1 } else { -1 };
        let moved = moved_enemies(me, seen.news);
        let unseen = unseen_enemies(view, me);
        let at = |square: i32| -> Option<Square> {
            usize::try_from(square)
                .ok()
                .and_then(|s| view.squares.get(s).copied())
        };
        let neighbours = |square: u8| {
            let (row, file) = (i32::from(square) / width, i32::from(square) % width);
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .filter(move |&(dr, df)| {
                    (0..rows).contains(&(row + dr)) && (0..width).contains(&(file + df))
                })
                .map(move |(dr, df)| (row + dr) * width + file + df)
        };
        let mut best = Best::default();
        for (i, action) in seen.legal.iter().enumerate() {
            let score = match *action {
                Action::Move { from, to } => {
                    let Some(Square::Own { kind, unmasked, .. }) = at(i32::from(from)) else {
                        continue;
                    };
                    let gain = (i32::from(to) / width - i32::from(from) / width) * forward;
                    let mut score = match at(i32::from(to)) {
                        Some(Square::Enemy { kind: Some(enemy) }) => fight(kind, enemy),
                        Some(Square::Enemy { kind: None }) => match self.level {
                            Level::Easy => 0,
                            Level::Normal | Level::Hard => unknown_fight(kind, moved.contains(&to), &unseen),
                        },
                        _ => {
                            // Ground gained, and danger: a known enemy next to the square
                            // that would win the fight.
                            let mut score = 2 * gain;
                            if self.level != Level::Easy {
                                for next in neighbours(to).filter(|&n| n != i32::from(from)) {
                                    match at(next) {
                                        Some(Square::Enemy { kind: Some(enemy) })
                                            if enemy.moves()
                                                && fight(enemy, kind) > 0 =>
                                        {
                                            score -= worth(kind);
                                        }
                                        Some(Square::Enemy { kind: Some(enemy) })
                                            if fight(kind, enemy) > 0 =>
                                        {
                                            score += worth(enemy) / 4;
                                        }
                                        // A spy unmasks what stands around it; an unmasked
                                        // piece gains nothing by hiding.
                                        Some(Square::Enemy { kind: None })
                                            if kind == Kind::Spy =>
                                        {
                                            score += 8;
                                        }
                                        Some(Square::Enemy { kind: None })
                                            if !unmasked && worth(kind) >= 45 =>
                                        {
                                            score -= 6;
                                        }
                                        _ => {}
                                    }
                                }
                            }
                            score
                        }
                    };
                    // Among equals, anything: the tie is broken at random.
                    score = score * 16 + rng.below(16) as i32;
                    score
                }
                // Ending the turn early is worth a little less than a quiet step forward.
                Action::Submit => rng.below(16) as i32 - 8,
                Action::Resign => continue,
                Action::SetUp(_) => 0,
            };
            best.offer(i, score);
        }
        best.index()
    }
}

#[cfg(test)]
mod tests {
    use super::super::position;
    use super::*;
    use crate::bots::assert_blind_to_the_difference;

    /// The computer's army differs from deal to deal, at every level, for either seat:
    /// 100 seeds, 100 set-ups, each sensible (the headquarters in the nearest row, a mine
    /// in front of it and on each side it has in that row).
    #[test]
    fn every_level_sets_up_a_sensible_army_of_its_own_in_every_deal() {
        use super::super::game::Config;
        use crate::bots::{ComputerSeat, named};
        use crate::game::Referee;
        use crate::seats::Seats;
        use crate::seed::Seed;
        use std::collections::HashSet;

        let seats = Seats::new(2, vec![]).unwrap();
        for width in [10, 12] {
            let mut config = Config::standard(seats.clone());
            config.width = width;
            let files = usize::from(width);
            let mut armies: [HashSet<String>; 2] = Default::default();
            for seed in 0..100 {
                let mut referee = Referee::<Espionage>::new(config.clone(), Seed(seed)).unwrap();
                for seat in 0..2u8 {
                    let mut rng = Rng::from_state(seed);
                    let mut chosen = ["random", "easy", "normal", "hard"]
                        .map(|name| {
                            let bot = named::<Espionage>(name).unwrap();
                            ComputerSeat::new(seat, bot).decide(&referee, &mut rng).unwrap()
                        })
                        .to_vec();
                    chosen.dedup();
                    assert_eq!(chosen.len(), 1, "every level plays the listed set-up");
                    let Action::SetUp(placement) = chosen.remove(0) else {
                        panic!("seed {seed}: a set-up first");
                    };
                    let kinds = &placement.0;
                    let headquarters = kinds
                        .iter()
                        .position(|&k| k == Some(Kind::Headquarters))
                        .unwrap();
                    assert!(headquarters < files, "seed {seed}: in the nearest row");
                    let mut guards = vec![headquarters + files];
                    guards.extend(headquarters.checked_sub(1));
                    guards.extend((headquarters + 1 < files).then_some(headquarters + 1));
                    for guard in guards {
                        assert_eq!(kinds[guard], Some(Kind::Mine), "seed {seed}: covered");
                    }
                    armies[usize::from(seat)].insert(placement.to_text());
                    referee.act(Action::SetUp(placement)).unwrap();
                }
            }
            for (seat, armies) in armies.iter().enumerate() {
                assert_eq!(armies.len(), 100, "width {width}, seat {seat}: all differ");
            }
        }
    }

    /// North's general and corporal, never moved and never unmasked, swap squares: South
    /// cannot tell, and no bot of South's chooses differently.
    #[test]
    fn swapping_two_hidden_enemy_pieces_changes_nothing() {
        let board = |a: char, b: char| {
            format!(
                "h..x....../.{a}..{b}...../..c......./........../........../........../........../..C......./.L..M...../S........H S 2 - -"
            )
        };
        let one = position::read(&board('g', 'c')).unwrap();
        let two = position::read(&board('c', 'g')).unwrap();
        assert_ne!(format!("{one:?}"), format!("{two:?}"), "the armies differ");
        assert_blind_to_the_difference::<Espionage>(&one, &two, 0);
    }
}

//! A sparring partner for Espionage's levels, written apart from them: a careful
//! one-step player as a person who knows the game plays it, from its seat's view and
//! news alone. It keeps a threatened piece out of reach, probes hidden pieces with its
//! cheapest soldiers, sends minesweepers at hidden pieces that never moved, attacks only
//! what it knows it beats with anything dear, and goes for an enemy piece that comes
//! near its headquarters. It is no part of the app: `bots spar espionage <level>`
//! measures a level against it (its set-up is the game's listed one, as every level's).

use intrigue_core::Rng;
use intrigue_core::bots::{Bot, Seen};
use intrigue_core::games::espionage::{
    Action, Espionage, Event, Kind, Outcome, Seen as Square, combat,
};

pub struct Careful;

fn worth(kind: Kind) -> i32 {
    match kind {
        Kind::Corporal => 10,
        Kind::Lieutenant => 18,
        Kind::Captain => 28,
        Kind::Colonel => 45,
        Kind::General => 80,
        Kind::Spy => 22,
        Kind::Minesweeper => 40,
        Kind::Mine => 12,
        Kind::Headquarters => 1000,
    }
}

/// The squares of the enemy's pieces that have moved.
fn moved(me: u8, news: &[Event]) -> Vec<u8> {
    let mut moved: Vec<u8> = Vec::new();
    for event in news {
        match *event {
            Event::Moved { seat, from, to } if seat != me => {
                moved.retain(|&s| s != from && s != to);
                moved.push(to);
            }
            Event::Combat {
                seat, to, outcome, ..
            } => {
                let attacker_stays =
                    matches!(outcome, Outcome::AttackerWins | Outcome::MineCleared);
                if attacker_stays == (seat == me) {
                    moved.retain(|&s| s != to);
                }
            }
            _ => {}
        }
    }
    moved
}

impl Bot<Espionage> for Careful {
    fn decide(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng) -> usize {
        let view = &seen.view.body;
        let me = seen.seat;
        let width = i32::from(view.width.max(1));
        let forward = if me == 0 { 1 } else { -1 };
        let moved = moved(me, seen.news);
        let at = |s: i32| {
            usize::try_from(s)
                .ok()
                .and_then(|s| view.squares.get(s).copied())
        };
        let steps = |s: i32| {
            let (r, f) = (s / width, s % width);
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .filter(move |&(dr, df)| {
                    (0..10).contains(&(r + dr)) && (0..width).contains(&(f + df))
                })
                .map(move |(dr, df)| (r + dr) * width + f + df)
        };
        let headquarters = (0..view.squares.len() as i32).find(|&s| {
            matches!(
                at(s),
                Some(Square::Own {
                    kind: Kind::Headquarters,
                    ..
                })
            )
        });
        // Danger on a square for one of its pieces: a known enemy that would win the fight
        // next to it, or a hidden mover next to an unmasked dear piece.
        let danger = |square: i32, from: i32, kind: Kind, unmasked: bool| -> i32 {
            steps(square)
                .filter(|&n| n != from)
                .map(|n| match at(n) {
                    Some(Square::Enemy { kind: Some(enemy) })
                        if enemy.moves()
                            && matches!(combat(enemy, kind), Outcome::AttackerWins) =>
                    {
                        worth(kind)
                    }
                    Some(Square::Enemy { kind: None }) if unmasked && worth(kind) >= 40 => {
                        worth(kind) / 3
                    }
                    _ => 0,
                })
                .max()
                .unwrap_or(0)
        };
        let mut best = (i32::MIN, 0);
        for (i, action) in seen.legal.iter().enumerate() {
            let score = match *action {
                Action::Move { from, to } => {
                    let (from, to) = (i32::from(from), i32::from(to));
                    let Some(Square::Own { kind, unmasked, .. }) = at(from) else {
                        continue;
                    };
                    let here = danger(from, -1, kind, unmasked);
                    let mut score = match at(to) {
                        Some(Square::Enemy { kind: Some(enemy) }) => match combat(kind, enemy) {
                            Outcome::HeadquartersTaken => 100_000,
                            Outcome::AttackerWins | Outcome::MineCleared => worth(enemy) + here,
                            _ => -worth(kind),
                        },
                        Some(Square::Enemy { kind: None }) => {
                            let still = !moved.contains(&(to as u8));
                            match kind {
                                // Minesweepers for pieces that never moved: mines, or the
                                // headquarters.
                                Kind::Minesweeper if still => 25,
                                Kind::Corporal | Kind::Lieutenant => 12 - worth(kind) / 2,
                                Kind::Spy => -20,
                                _ if still => -worth(kind) / 2,
                                _ => 4 - worth(kind) / 3,
                            }
                        }
                        _ => {
                            let row_gain = (to / width - from / width) * forward;
                            let mut score = here - danger(to, from, kind, unmasked);
                            score += match kind {
                                Kind::Corporal
                                | Kind::Lieutenant
                                | Kind::Spy
                                | Kind::Minesweeper => 3 * row_gain,
                                _ => row_gain,
                            };
                            // Spies forward, beside hidden pieces: they unmask.
                            if kind == Kind::Spy
                                && steps(to)
                                    .any(|n| matches!(at(n), Some(Square::Enemy { kind: None })))
                            {
                                score += 6;
                            }
                            score
                        }
                    };
                    // An enemy near the headquarters is met.
                    if let Some(h) = headquarters {
                        let near = |s: i32| {
                            ((s / width - h / width).abs() + (s % width - h % width).abs()) <= 2
                        };
                        if near(to) && matches!(at(to), Some(Square::Enemy { .. })) {
                            score += 15;
                        }
                    }
                    score
                }
                Action::Submit => 0,
                Action::Resign => continue,
                Action::SetUp(_) => 0,
            };
            let score = score * 8 + rng.below(8) as i32;
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }
}

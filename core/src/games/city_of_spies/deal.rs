//! The secret deal of A City of Spies (RULINGS §1 Teams, Life-Pieces and Target-Pieces).
//!
//! Everything here derives from the seed alone, so the table and every phone compute the
//! same secrets offline. The streams used (frozen, see `seed.rs`):
//! - `"city-of-spies/teams"`, 0: one shuffle of ⌈N/2⌉ White and ⌊N/2⌋ Black slips; seat i
//!   takes slip i.
//! - `"city-of-spies/life"`, round: one shuffle of the eleven cards; seat i takes card i.
//! - `"city-of-spies/target"`, round: the cards are gathered and shuffled again; seat i
//!   takes card i. Unless the house rule allows it, a shuffle that gives any seat its own
//!   Life-Piece is thrown away and the same stream shuffles again, so every allowed deal is
//!   equally likely.

use std::fmt;

use super::piece::Piece;
use crate::seed::Seed;
use crate::seats::{Seats, Viewer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    White,
    Black,
}

impl Team {
    pub fn name(self) -> &'static str {
        match self {
            Team::White => "White",
            Team::Black => "Black",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The house rules that change the deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// RULINGS §1: "target may equal own Life-Piece", default off.
    pub target_may_be_own_life: bool,
}

impl Options {
    /// Bit `i` is option `i` of `INFO.options` (the New Deal form's order).
    pub fn from_bits(bits: u8) -> Options {
        Options {
            target_may_be_own_life: bits & 1 != 0,
        }
    }

    pub fn bits(self) -> u8 {
        u8::from(self.target_may_be_own_life)
    }
}

/// One seat's two cards for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cards {
    pub life: Piece,
    pub target: Piece,
}

/// The deal for a table of `players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub players: u8,
    pub options: Options,
    pub seed: Seed,
}

impl Deal {
    /// Every seat's team: ⌈N/2⌉ White, ⌊N/2⌋ Black, shuffled. Teams last the whole game.
    pub fn teams(&self) -> Vec<Team> {
        let n = self.players as usize;
        let mut slips: Vec<Team> = (0..n)
            .map(|i| {
                if i < n.div_ceil(2) {
                    Team::White
                } else {
                    Team::Black
                }
            })
            .collect();
        self.seed
            .stream("city-of-spies/teams", 0)
            .shuffle(&mut slips);
        slips
    }

    /// Every seat's Life-Piece and Target-Piece in `round` (1 is the first round).
    pub fn cards(&self, round: u32) -> Vec<Cards> {
        let n = self.players as usize;
        let mut life = Piece::ALL;
        self.seed
            .stream("city-of-spies/life", u64::from(round))
            .shuffle(&mut life);
        let mut rng = self.seed.stream("city-of-spies/target", u64::from(round));
        let target = loop {
            let mut target = Piece::ALL;
            rng.shuffle(&mut target);
            let own_life_dealt = (0..n).any(|seat| target[seat] == life[seat]);
            if self.options.target_may_be_own_life || !own_life_dealt {
                break target;
            }
        };
        (0..n)
            .map(|seat| Cards {
                life: life[seat],
                target: target[seat],
            })
            .collect()
    }

    /// What seat `seat` may know in `round`.
    pub fn secrets(&self, seat: u8, round: u32) -> SeatSecrets {
        SeatSecrets {
            seat,
            round,
            team: self.teams()[seat as usize],
            cards: self.cards(round)[seat as usize],
        }
    }
}

/// One seat's secrets in one round: all its private view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatSecrets {
    pub seat: u8,
    pub round: u32,
    pub team: Team,
    pub cards: Cards,
}

/// The dealt table as the referee holds it: every seat's secrets for the current round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    deal: Deal,
    seats: Seats,
    round: u32,
    teams: Vec<Team>,
    cards: Vec<Cards>,
}

/// What the shared screen shows of a dealt table: no secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealtTableView {
    pub players: u8,
    pub names: Vec<String>,
    pub round: u32,
}

/// A view of a dealt table for one viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealView {
    Table(DealtTableView),
    Seat(SeatSecrets),
}

impl Dealt {
    pub fn new(deal: Deal, seats: Seats, round: u32) -> Dealt {
        Dealt {
            teams: deal.teams(),
            cards: deal.cards(round),
            deal,
            seats,
            round,
        }
    }

    pub fn view(&self, viewer: Viewer) -> DealView {
        match viewer {
            Viewer::Table => DealView::Table(DealtTableView {
                players: self.deal.players,
                names: (0..self.deal.players).map(|s| self.seats.name(s)).collect(),
                round: self.round,
            }),
            Viewer::Seat(seat) => DealView::Seat(SeatSecrets {
                seat,
                round: self.round,
                team: self.teams[seat as usize],
                cards: self.cards[seat as usize],
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn deal(players: u8, seed: u64) -> Deal {
        Deal {
            players,
            options: Options::default(),
            seed: Seed(seed),
        }
    }

    #[test]
    fn teams_are_ceil_white_and_floor_black_and_last_all_game() {
        for players in 3..=6u8 {
            for seed in 0..200 {
                let teams = deal(players, seed).teams();
                let white = teams.iter().filter(|t| **t == Team::White).count();
                assert_eq!(white, (players as usize).div_ceil(2));
                assert_eq!(teams.len() - white, players as usize / 2);
            }
        }
        // Five players: three White, two Black (the text's example).
        let teams = deal(5, 1).teams();
        assert_eq!(teams.iter().filter(|t| **t == Team::White).count(), 3);
        // Teams do not depend on the round; every seat can be either team.
        let d = deal(4, 99);
        assert_eq!(d.secrets(2, 1).team, d.secrets(2, 7).team);
        let mut seen = HashSet::new();
        for seed in 0..100 {
            seen.insert(deal(4, seed).teams()[0]);
        }
        assert_eq!(seen.len(), 2);
    }

    #[test]
    fn life_pieces_all_differ_targets_all_differ_and_never_own_life() {
        for players in 3..=6u8 {
            for seed in 0..300 {
                for round in 1..=3 {
                    let cards = deal(players, seed).cards(round);
                    assert_eq!(cards.len(), players as usize);
                    let lives: HashSet<_> = cards.iter().map(|c| c.life).collect();
                    let targets: HashSet<_> = cards.iter().map(|c| c.target).collect();
                    assert_eq!(lives.len(), players as usize);
                    assert_eq!(targets.len(), players as usize);
                    assert!(cards.iter().all(|c| c.life != c.target), "{cards:?}");
                }
            }
        }
    }

    #[test]
    fn the_house_rule_lets_a_target_be_ones_own_life_piece() {
        let mut allowed = deal(6, 0);
        allowed.options.target_may_be_own_life = true;
        let own = (0..2000)
            .filter(|&seed| {
                allowed.seed = Seed(seed);
                allowed.cards(1).iter().any(|c| c.life == c.target)
            })
            .count();
        // P(some seat of six gets its own Life-Piece) is about 0.43.
        assert!((700..1000).contains(&own), "{own}");
    }

    #[test]
    fn a_targets_can_be_another_players_life_piece() {
        // Life and Target are dealt from the full deck each, independently.
        let found = (0..200).any(|seed| {
            let cards = deal(3, seed).cards(1);
            cards
                .iter()
                .any(|c| cards.iter().any(|o| o.life == c.target))
        });
        assert!(found);
    }

    #[test]
    fn new_cards_every_round_from_the_round_alone() {
        let d = deal(5, 1234);
        assert_ne!(d.cards(1), d.cards(2));
        assert_eq!(d.cards(3), d.cards(3));
        assert_eq!(d.secrets(4, 3).cards, d.cards(3)[4]);
    }

    /// Golden vectors: a phone with an old cached app must deal what today's table deals.
    #[test]
    fn golden_deals() {
        let d = deal(5, 0x5EED_CAFE_F00D_0001);
        let teams: Vec<&str> = d.teams().iter().map(|t| t.name()).collect();
        let round1: Vec<(String, String)> = d
            .cards(1)
            .iter()
            .map(|c| (c.life.label(), c.target.label()))
            .collect();
        let round3: Vec<(String, String)> = d
            .cards(3)
            .iter()
            .map(|c| (c.life.label(), c.target.label()))
            .collect();
        assert_eq!(format!("{teams:?}"), GOLDEN_TEAMS);
        assert_eq!(format!("{round1:?}"), GOLDEN_ROUND_1);
        assert_eq!(format!("{round3:?}"), GOLDEN_ROUND_3);
    }

    const GOLDEN_TEAMS: &str = "[\"White\", \"Black\", \"White\", \"Black\", \"White\"]";
    const GOLDEN_ROUND_1: &str = "[(\"Pawn 1\", \"Rook 1\"), (\"Knight 2\", \"Rook 2\"), (\"Pawn 2\", \"Queen\"), (\"Bishop 1\", \"Pawn 4\"), (\"Rook 1\", \"Pawn 2\")]";
    const GOLDEN_ROUND_3: &str = "[(\"Pawn 1\", \"Pawn 2\"), (\"Pawn 2\", \"Rook 1\"), (\"Rook 1\", \"Bishop 2\"), (\"Pawn 4\", \"Knight 1\"), (\"Bishop 1\", \"Pawn 1\")]";

    /// RULINGS §1 "Both are secret": the table view of every table size carries no team
    /// and no card, and does not change when the secrets change.
    #[test]
    fn the_table_view_carries_no_secret() {
        for players in 3..=6u8 {
            for seed in 0..50 {
                let seats = Seats::new(players, vec![]).unwrap();
                let dealt = Dealt::new(deal(players, seed), seats, 1);
                let table = format!("{:?}", dealt.view(Viewer::Table));
                for secret in [
                    "White", "Black", "Knight", "Bishop", "Rook", "Pawn", "Queen",
                ] {
                    assert!(!table.contains(secret), "{secret} in {table}");
                }
                // Non-interference: swap two seats' secrets; the table view is unchanged.
                let mut swapped = dealt.clone();
                swapped.teams.swap(0, 1);
                swapped.cards.swap(0, 2);
                swapped.teams[2] = match swapped.teams[2] {
                    Team::White => Team::Black,
                    Team::Black => Team::White,
                };
                assert_eq!(swapped.view(Viewer::Table), dealt.view(Viewer::Table));
                // Each seat's view is exactly that seat's deal.
                for seat in 0..players {
                    assert_eq!(
                        dealt.view(Viewer::Seat(seat)),
                        DealView::Seat(deal(players, seed).secrets(seat, 1))
                    );
                }
            }
        }
    }
}

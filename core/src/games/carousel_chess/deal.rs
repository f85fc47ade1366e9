//! The hat of team slips (RULINGS §2 Teams).
//!
//! ⌊N/2⌋ White, ⌊N/2⌋ Black and one Draw slip; with an even N the hat holds N/2 White,
//! N/2 Black and one Draw, and the slip left over after everyone has drawn is discarded
//! unseen. Frozen algorithm (see `seed.rs`): the slips in the order White…, Black…, Draw
//! are shuffled once by stream `"carousel-chess/teams"`, 0; seat i draws slip i.

use std::fmt;

use crate::seed::Seed;
use crate::seats::{Seats, Viewer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    White,
    Black,
    Draw,
}

impl Team {
    pub fn name(self) -> &'static str {
        match self {
            Team::White => "White",
            Team::Black => "Black",
            Team::Draw => "Draw",
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub players: u8,
    pub seed: Seed,
}

impl Deal {
    /// The hat after the shuffle: one slip per seat, then (even tables) the discarded one.
    fn hat(&self) -> Vec<Team> {
        let n = self.players as usize;
        // Odd: ⌊N/2⌋ each plus Draw is N slips. Even: N/2 each plus Draw is N + 1.
        let per_colour = n / 2;
        let mut slips = Vec::with_capacity(2 * per_colour + 1);
        slips.extend(std::iter::repeat_n(Team::White, per_colour));
        slips.extend(std::iter::repeat_n(Team::Black, per_colour));
        slips.push(Team::Draw);
        self.seed
            .stream("carousel-chess/teams", 0)
            .shuffle(&mut slips);
        slips
    }

    /// Every seat's team.
    pub fn teams(&self) -> Vec<Team> {
        let mut hat = self.hat();
        hat.truncate(self.players as usize);
        hat
    }

    /// The slip nobody drew (even tables only). Shown only at the final reveal.
    pub fn discarded(&self) -> Option<Team> {
        let hat = self.hat();
        (hat.len() > self.players as usize).then(|| hat[hat.len() - 1])
    }

    pub fn team(&self, seat: u8) -> Team {
        self.teams()[seat as usize]
    }
}

/// The dealt table as the referee holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    deal: Deal,
    seats: Seats,
    teams: Vec<Team>,
}

/// What the shared screen shows of a dealt table: no secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealtTableView {
    pub players: u8,
    pub names: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealView {
    Table(DealtTableView),
    Seat { seat: u8, team: Team },
}

impl Dealt {
    pub fn new(deal: Deal, seats: Seats) -> Dealt {
        Dealt {
            teams: deal.teams(),
            deal,
            seats,
        }
    }

    pub fn view(&self, viewer: Viewer) -> DealView {
        match viewer {
            Viewer::Table => DealView::Table(DealtTableView {
                players: self.deal.players,
                names: (0..self.deal.players).map(|s| self.seats.name(s)).collect(),
            }),
            Viewer::Seat(seat) => DealView::Seat {
                seat,
                team: self.teams[seat as usize],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn count(teams: &[Team], team: Team) -> usize {
        teams.iter().filter(|t| **t == team).count()
    }

    #[test]
    fn odd_tables_draw_every_slip_from_the_hat() {
        for players in [3u8, 5, 7, 9] {
            for seed in 0..200 {
                let deal = Deal {
                    players,
                    seed: Seed(seed),
                };
                let teams = deal.teams();
                assert_eq!(teams.len(), players as usize);
                assert_eq!(count(&teams, Team::White), players as usize / 2);
                assert_eq!(count(&teams, Team::Black), players as usize / 2);
                assert_eq!(count(&teams, Team::Draw), 1);
                assert_eq!(deal.discarded(), None);
            }
        }
    }

    #[test]
    fn even_tables_discard_one_slip_unseen() {
        let mut discarded = HashSet::new();
        for players in [4u8, 6, 8] {
            for seed in 0..300 {
                let deal = Deal {
                    players,
                    seed: Seed(seed),
                };
                let teams = deal.teams();
                let gone = deal.discarded().expect("an even table discards a slip");
                discarded.insert(gone);
                let half = players as usize / 2;
                let mut hat = teams.clone();
                hat.push(gone);
                assert_eq!(count(&hat, Team::White), half);
                assert_eq!(count(&hat, Team::Black), half);
                assert_eq!(count(&hat, Team::Draw), 1);
            }
        }
        // Sometimes there is no Draw player, sometimes a colour is a player short.
        assert_eq!(discarded.len(), 3);
    }

    #[test]
    fn golden_hat() {
        let deal = Deal {
            players: 4,
            seed: Seed(0x5EED_CAFE_F00D_0002),
        };
        let teams: Vec<&str> = deal.teams().iter().map(|t| t.name()).collect();
        assert_eq!(format!("{teams:?} {:?}", deal.discarded()), GOLDEN_HAT);
    }

    const GOLDEN_HAT: &str = "[\"Draw\", \"Black\", \"White\", \"White\"] Some(Black)";

    #[test]
    fn the_table_view_carries_no_secret() {
        for players in 3..=9u8 {
            for seed in 0..50 {
                let deal = Deal {
                    players,
                    seed: Seed(seed),
                };
                let dealt = Dealt::new(deal, Seats::new(players, vec![]).unwrap());
                let table = format!("{:?}", dealt.view(Viewer::Table));
                for secret in ["White", "Black", "Draw"] {
                    assert!(!table.contains(secret), "{secret} in {table}");
                }
                let mut swapped = dealt.clone();
                swapped.teams.rotate_left(1);
                swapped.teams[0] = Team::Draw;
                assert_eq!(swapped.view(Viewer::Table), dealt.view(Viewer::Table));
                for seat in 0..players {
                    assert_eq!(
                        dealt.view(Viewer::Seat(seat)),
                        DealView::Seat {
                            seat,
                            team: deal.team(seat)
                        }
                    );
                }
            }
        }
    }
}

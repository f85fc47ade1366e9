//! The table: its seats, who is looking, and the deal every phone derives its secrets from.

use std::fmt;

use crate::catalogue::GameKind;
use crate::fingerprint::Fingerprint;
use crate::games::{carousel_chess, city_of_spies};
use crate::seed::Seed;

/// Who is looking at a view. Components get views, never the state behind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The shared screen everybody sees: never a secret, except at the reveal.
    Table,
    /// One player's private view (0-based seat).
    Seat(u8),
}

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// Why a table could not be set up, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    PlayerCount { game: GameKind, players: u8 },
    NameCount { players: u8, names: usize },
    NameTooLong { seat: u8 },
    NoSecretDeal(GameKind),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::PlayerCount { game, players } => write!(
                f,
                "{} is for {}, not {players}.",
                game.title(),
                game.players_label()
            ),
            ConfigError::NameCount { players, names } => {
                write!(f, "{names} names were given for {players} players.")
            }
            ConfigError::NameTooLong { seat } => write!(
                f,
                "The name for seat {} is longer than {MAX_NAME_CHARS} characters.",
                seat + 1
            ),
            ConfigError::NoSecretDeal(game) => {
                write!(f, "{} has no secret deal to hand out.", game.title())
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// The players' names, by seat. A seat without a name is called "Seat N".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    names: Vec<String>,
}

impl Seats {
    /// `names` is empty (nobody named) or one per player; blank names fall back to "Seat N".
    pub fn new(players: u8, names: Vec<String>) -> Result<Seats, ConfigError> {
        let names = if names.is_empty() {
            vec![String::new(); players as usize]
        } else if names.len() != players as usize {
            return Err(ConfigError::NameCount {
                players,
                names: names.len(),
            });
        } else {
            names
                .into_iter()
                .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect()
        };
        if let Some(seat) = names
            .iter()
            .position(|n| n.chars().count() > MAX_NAME_CHARS)
        {
            return Err(ConfigError::NameTooLong { seat: seat as u8 });
        }
        Ok(Seats { names })
    }

    pub fn players(&self) -> u8 {
        self.names.len() as u8
    }

    /// The seat's name, or "Seat N" (1-based) when it has none.
    pub fn name(&self, seat: u8) -> String {
        match self.names.get(seat as usize) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => format!("Seat {}", seat + 1),
        }
    }

    /// The names as typed (blank where none was given).
    pub fn given_names(&self) -> &[String] {
        &self.names
    }

    pub fn any_named(&self) -> bool {
        self.names.iter().any(|n| !n.is_empty())
    }
}

/// A game whose secrets are dealt from the seed and handed to phones, with the options
/// that change the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecretGame {
    CityOfSpies(city_of_spies::Options),
    CarouselChess,
}

impl SecretGame {
    pub fn kind(self) -> GameKind {
        match self {
            SecretGame::CityOfSpies(_) => GameKind::CityOfSpies,
            SecretGame::CarouselChess => GameKind::CarouselChess,
        }
    }

    /// The games that have a secret deal, with default options.
    pub fn with_defaults(kind: GameKind) -> Result<SecretGame, ConfigError> {
        match kind {
            GameKind::CityOfSpies => Ok(SecretGame::CityOfSpies(Default::default())),
            GameKind::CarouselChess => Ok(SecretGame::CarouselChess),
            other => Err(ConfigError::NoSecretDeal(other)),
        }
    }
}

/// What the table's own screen shows of a dealt table: the game, the seats, the round and
/// the fingerprint. It carries no secret; the app's table screen is built from it alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealTableView {
    pub game: GameKind,
    pub names: Vec<String>,
    /// The round (A City of Spies deals new cards every round); None for other games.
    pub round: Option<u32>,
    pub fingerprint: Fingerprint,
}

/// Everything a phone needs to derive its secrets: the game and its deal options, the
/// seats, and the seed. The table shares it (with the seat) through a share link.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableDeal {
    pub game: SecretGame,
    pub seats: Seats,
    pub seed: Seed,
}

impl TableDeal {
    pub fn new(game: SecretGame, seats: Seats, seed: Seed) -> Result<TableDeal, ConfigError> {
        let kind = game.kind();
        let players = seats.players();
        if !kind.players().contains(&players) {
            return Err(ConfigError::PlayerCount {
                game: kind,
                players,
            });
        }
        Ok(TableDeal { game, seats, seed })
    }

    pub fn players(&self) -> u8 {
        self.seats.players()
    }

    /// Three words every screen of this table shows, so players see they joined the same game.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(self)
    }

    /// The table's view of this deal in `round`: no secret.
    pub fn table_view(&self, round: u32) -> DealTableView {
        DealTableView {
            game: self.game.kind(),
            names: (0..self.players()).map(|s| self.seats.name(s)).collect(),
            round: matches!(self.game, SecretGame::CityOfSpies(_)).then_some(round),
            fingerprint: self.fingerprint(),
        }
    }

    /// The City of Spies deal, when this is one.
    pub fn city_of_spies(&self) -> Option<city_of_spies::Deal> {
        match self.game {
            SecretGame::CityOfSpies(options) => Some(city_of_spies::Deal {
                players: self.players(),
                options,
                seed: self.seed,
            }),
            SecretGame::CarouselChess => None,
        }
    }

    /// The Carousel chess deal, when this is one.
    pub fn carousel_chess(&self) -> Option<carousel_chess::Deal> {
        match self.game {
            SecretGame::CarouselChess => Some(carousel_chess::Deal {
                players: self.players(),
                seed: self.seed,
            }),
            SecretGame::CityOfSpies(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_named_or_numbered() {
        let seats = Seats::new(3, vec!["  Ann  Lee ".into(), String::new(), "Bo".into()]).unwrap();
        assert_eq!(seats.name(0), "Ann Lee");
        assert_eq!(seats.name(1), "Seat 2");
        assert_eq!(seats.name(2), "Bo");
        assert!(seats.any_named());
        let unnamed = Seats::new(4, vec![]).unwrap();
        assert_eq!(unnamed.name(3), "Seat 4");
        assert!(!unnamed.any_named());
        assert_eq!(
            Seats::new(3, vec!["a".into()]),
            Err(ConfigError::NameCount {
                players: 3,
                names: 1
            })
        );
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            Seats::new(3, vec!["a".into(), long, "c".into()]),
            Err(ConfigError::NameTooLong { seat: 1 })
        );
    }

    /// Secrets never reach the table's view: for every table size of both games and many
    /// seeds, no team and no card appears in it.
    #[test]
    fn the_table_view_of_a_deal_carries_no_secret() {
        use crate::games::city_of_spies::Piece;
        for (game, sizes) in [
            (SecretGame::CityOfSpies(Default::default()), 3..=6u8),
            (SecretGame::CarouselChess, 3..=9u8),
        ] {
            for players in sizes {
                for seed in 0..40 {
                    let deal =
                        TableDeal::new(game, Seats::new(players, vec![]).unwrap(), Seed(seed))
                            .unwrap();
                    let view = format!("{:?}", deal.table_view(2));
                    let mut secrets = vec!["White", "Black", "Draw"];
                    let labels: Vec<String> = Piece::ALL.iter().map(|p| p.label()).collect();
                    secrets.extend(labels.iter().map(String::as_str));
                    secrets.extend(["Knight", "Bishop", "Rook", "Pawn", "Queen"]);
                    for secret in secrets {
                        assert!(!view.contains(secret), "{secret} in {view}");
                    }
                }
            }
        }
    }

    #[test]
    fn player_counts_are_checked_per_game() {
        let city = SecretGame::with_defaults(GameKind::CityOfSpies).unwrap();
        assert!(TableDeal::new(city, Seats::new(2, vec![]).unwrap(), Seed(1)).is_err());
        assert!(TableDeal::new(city, Seats::new(6, vec![]).unwrap(), Seed(1)).is_ok());
        assert!(TableDeal::new(city, Seats::new(7, vec![]).unwrap(), Seed(1)).is_err());
        let carousel = SecretGame::CarouselChess;
        assert!(TableDeal::new(carousel, Seats::new(9, vec![]).unwrap(), Seed(1)).is_ok());
        assert_eq!(
            TableDeal::new(carousel, Seats::new(10, vec![]).unwrap(), Seed(1))
                .unwrap_err()
                .to_string(),
            "Carousel Chess is for 3–9 players, not 10."
        );
        assert!(SecretGame::with_defaults(GameKind::Usurp).is_err());
    }
}

//! The vocabulary every part of the core shares, below every game: who is looking at a
//! view (`Viewer`), the players' names by seat (`Seats`), and why a table could not be set
//! up (`ConfigError`). It imports no game.

use std::fmt;

use crate::catalogue::GameKind;

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
    PlayerCount {
        game: GameKind,
        players: u8,
    },
    NameCount {
        players: u8,
        names: usize,
    },
    NameTooLong {
        seat: u8,
    },
    NoSecretDeal(GameKind),
    /// An option bit the game does not have.
    UnknownOption(GameKind),
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
            ConfigError::UnknownOption(game) => {
                write!(f, "{} has no such house rule.", game.title())
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

    /// The names in a game's record text: comma-separated, with `%`, `,`, `|` and spaces
    /// written `%25`, `%2C`, `%7C` and `%20` (a blank name stays blank: "Seat N").
    pub fn to_record(&self) -> String {
        let names: Vec<String> = self
            .names
            .iter()
            .map(|n| {
                n.replace('%', "%25")
                    .replace(',', "%2C")
                    .replace('|', "%7C")
                    .replace(' ', "%20")
            })
            .collect();
        names.join(",")
    }

    /// Names written by [`Seats::to_record`].
    pub fn from_record(text: &str) -> Result<Seats, String> {
        let mut names = Vec::new();
        for name in text.split(',') {
            let mut out = String::new();
            let mut rest = name;
            while let Some(i) = rest.find('%') {
                out.push_str(&rest[..i]);
                let code = rest.get(i + 1..i + 3).ok_or("a name is cut short")?;
                out.push(match code {
                    "25" => '%',
                    "2C" => ',',
                    "7C" => '|',
                    "20" => ' ',
                    _ => return Err(format!("“%{code}” is not in a name")),
                });
                rest = &rest[i + 3..];
            }
            out.push_str(rest);
            names.push(out);
        }
        let players = u8::try_from(names.len()).map_err(|_| "too many names")?;
        if names.iter().all(String::is_empty) {
            names.clear();
        }
        Seats::new(players, names).map_err(|e| e.to_string())
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
}

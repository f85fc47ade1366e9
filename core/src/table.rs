//! The table's secret deal: the game and its house rules that change the deal, the seats,
//! and the seed every phone derives its secrets from (`TableDeal`).

use crate::catalogue::GameKind;
use crate::fingerprint::Fingerprint;
use crate::game::{Game, Referee};
use crate::seats::{ConfigError, Seats};
pub use crate::secret_game::SecretGame;
use crate::seed::Seed;
use crate::share::{self, Header, Kind, Reader, ShareError};
pub use crate::table_id::TableId;

/// The last round a table deals cards for (the first round of a rounds code is one byte).
pub const MAX_CODED_ROUND: u32 = 99;

/// The table a saved game was dealt by.
impl GameKind {
    /// The table deal a record of this game was played with: a game that deals secrets
    /// to phones writes its table's save as the record's second field (`csp1|<table>|…`).
    /// None for a game without a secret deal, or a record that does not hold one.
    pub fn record_table(self, text: &str) -> Option<TableDeal> {
        if !self.info().secret_deal || GameKind::of_record(text) != Some(self) {
            return None;
        }
        let token = text.trim().split('|').nth(1)?;
        TableDeal::from_text(token).ok()
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
    /// The word every phone must show for this round (A City of Spies).
    pub round_word: Option<&'static str>,
    pub fingerprint: Fingerprint,
}

/// Everything the table knows of its deal: the game and its deal options, the seats, and
/// the seed. It never leaves the table device before the reveal: phones get seat codes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableDeal {
    pub game: SecretGame,
    pub seats: Seats,
    pub(crate) seed: Seed,
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

    pub fn table_id(&self) -> TableId {
        TableId::of(self.game, self.players(), self.seed)
    }

    /// Three words every screen of this table shows, so players see they joined the same game.
    pub fn fingerprint(&self) -> Fingerprint {
        self.table_id().fingerprint()
    }

    /// The seed as sixteen hexadecimal digits: for the command-line tools (the `tools`
    /// feature), which print what the table knows. The app cannot reach it.
    #[cfg(feature = "tools")]
    pub fn seed_hex(&self) -> String {
        format!("{:016x}", self.seed.0)
    }

    /// A game on this table's seed, for the table's referee (the screen never sees the seed).
    pub fn start<G: Game>(&self, config: G::Config) -> Result<Referee<G>, ConfigError> {
        Referee::new(config, self.seed)
    }

    /// The table's view of this deal in `round`: no secret.
    pub fn table_view(&self, round: u32) -> DealTableView {
        let rounds = self.game.has_rounds();
        DealTableView {
            game: self.game.kind(),
            names: (0..self.players()).map(|s| self.seats.name(s)).collect(),
            round: rounds.then_some(round),
            round_word: rounds.then(|| self.table_id().round_word(round)),
            fingerprint: self.fingerprint(),
        }
    }

    /// The code that reveals the whole deal at the end: it carries the seed, so every phone
    /// checks it against its table id and its own secrets. `rounds_played` counts for A City
    /// of Spies only (at least 1).
    pub fn reveal_code(&self, rounds_played: u32) -> RevealCode {
        let rounds = if self.game.has_rounds() {
            rounds_played.clamp(1, MAX_CODED_ROUND)
        } else {
            0
        };
        RevealCode {
            game: self.game,
            players: self.players(),
            seed: self.seed,
            rounds,
            winners: None,
        }
    }

    /// The deal as the table saves it (a table code, kind 3: the seed and the names).
    pub fn to_text(&self) -> String {
        let mut bytes = Header {
            kind: Kind::Table,
            game: self.game,
            players: self.players(),
            seat: 0,
            names_follow: self.seats.any_named(),
        }
        .bytes();
        bytes.extend_from_slice(&self.seed.0.to_be_bytes());
        if self.seats.any_named() {
            share::write_names(&mut bytes, &self.seats);
        }
        share::seal(bytes)
    }

    /// Read a table's own save: this version's table code, or a version-1 token (which the
    /// previous app saved, and which carried the seed).
    pub fn from_text(text: &str) -> Result<TableDeal, ShareError> {
        let (version, body) = share::open(text)?;
        let mut reader = Reader::new(&body);
        let (game, players, names_follow) = if version == 1 {
            let [_version, game, table, options] = reader.array::<4>()?;
            let game = share::game_from(game, options)?;
            (game, table >> 4, options & share::NAMES_FOLLOW != 0)
        } else {
            let header = Header::read(&mut reader)?;
            if header.kind != Kind::Table {
                return Err(ShareError::Damaged("not a table"));
            }
            (header.game, header.players, header.names_follow)
        };
        let seed = Seed(reader.u64()?);
        let seats = reader.names(players, names_follow)?;
        reader.finish()?;
        TableDeal::new(game, seats, seed).map_err(|_| ShareError::Damaged("player count"))
    }
}

/// The table's reveal at the end of the game: the seed, so a phone can deal every seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RevealCode {
    pub game: SecretGame,
    pub players: u8,
    pub(crate) seed: Seed,
    /// The rounds played (A City of Spies; 0 for Carousel Chess).
    pub rounds: u32,
    /// Who won, as the game played on the table's screen ended (their seats; none: a
    /// draw), or `None` when the table does not know (a game on a real board). The table's
    /// word, not a secret: a phone shows it as what the table says, and checks only the
    /// deal.
    pub winners: Option<Vec<u8>>,
}

/// The mark before a reveal code's winners (the top bit of their two bytes): a draw is
/// written, and told from a code that says nothing of the result.
const WINNERS_KNOWN: u16 = 0x8000;

impl RevealCode {
    pub(crate) fn bytes(&self) -> Vec<u8> {
        let mut bytes = Header {
            kind: Kind::Reveal,
            game: self.game,
            players: self.players,
            seat: 0,
            names_follow: false,
        }
        .bytes();
        bytes.extend_from_slice(&self.seed.0.to_be_bytes());
        bytes.push(self.rounds as u8);
        if let Some(winners) = &self.winners {
            let bits = winners
                .iter()
                .filter(|&&seat| seat < self.players)
                .fold(WINNERS_KNOWN, |bits, &seat| bits | 1 << seat);
            bytes.extend_from_slice(&bits.to_be_bytes());
        }
        bytes
    }

    pub fn to_link_token(&self) -> String {
        share::seal(self.bytes())
    }

    pub fn to_typed_code(&self) -> String {
        share::in_fours(&self.to_link_token())
    }

    pub fn table_id(&self) -> TableId {
        TableId::of(self.game, self.players, self.seed)
    }

    pub(crate) fn read(header: Header, reader: &mut Reader) -> Result<RevealCode, ShareError> {
        let seed = Seed(reader.u64()?);
        let [rounds] = reader.array::<1>()?;
        let rounds = u32::from(rounds);
        let has_rounds = header.game.has_rounds();
        if header.seat != 0
            || header.names_follow
            || rounds > MAX_CODED_ROUND
            || (rounds == 0) == has_rounds
        {
            return Err(ShareError::Damaged("reveal"));
        }
        // The winners, when the table knew them (a code without them is whole too).
        let winners = if reader.at_end() {
            None
        } else {
            let bits = u16::from_be_bytes(reader.array::<2>()?);
            let seats = bits & !WINNERS_KNOWN;
            if bits & WINNERS_KNOWN == 0 || seats >> header.players != 0 {
                return Err(ShareError::Damaged("reveal winners"));
            }
            Some(
                (0..header.players)
                    .filter(|seat| seats & 1 << seat != 0)
                    .collect(),
            )
        };
        Ok(RevealCode {
            game: header.game,
            players: header.players,
            seed,
            rounds,
            winners,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Secrets never reach the table's view: for every table size of both games and many
    /// seeds, no team and no card appears in it.
    #[test]
    fn the_table_view_of_a_deal_carries_no_secret() {
        use crate::games::carousel_chess;
        use crate::games::city_of_spies::{self, Piece};
        for (kind, sizes) in [
            (city_of_spies::KIND, 3..=6u8),
            (carousel_chess::KIND, 3..=9u8),
        ] {
            let game = SecretGame::with_defaults(kind).unwrap();
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
        use crate::games::{carousel_chess, city_of_spies, usurp};
        let city = SecretGame::with_defaults(city_of_spies::KIND).unwrap();
        assert!(TableDeal::new(city, Seats::new(2, vec![]).unwrap(), Seed(1)).is_err());
        assert!(TableDeal::new(city, Seats::new(6, vec![]).unwrap(), Seed(1)).is_ok());
        assert!(TableDeal::new(city, Seats::new(7, vec![]).unwrap(), Seed(1)).is_err());
        let carousel = SecretGame::with_defaults(carousel_chess::KIND).unwrap();
        assert!(TableDeal::new(carousel, Seats::new(9, vec![]).unwrap(), Seed(1)).is_ok());
        assert_eq!(
            TableDeal::new(carousel, Seats::new(10, vec![]).unwrap(), Seed(1))
                .unwrap_err()
                .to_string(),
            "Carousel Chess is for 3–9 players, not 10."
        );
        assert!(SecretGame::with_defaults(usurp::KIND).is_err());
    }
}

//! The table's secret deal: the game and its house rules that change the deal, the seats,
//! and the seed every phone derives its secrets from (`TableDeal`).

use crate::catalogue::GameKind;
use crate::fingerprint::Fingerprint;
use crate::game::{Game, Referee};
use crate::games::Visit;
use crate::games::{carousel_chess, city_of_spies};
use crate::seats::{ConfigError, Seats};
use crate::seed::Seed;
use crate::share::{self, Header, Kind, Reader, ShareError};
pub use crate::table_id::TableId;

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
            SecretGame::CityOfSpies(_) => city_of_spies::KIND,
            SecretGame::CarouselChess => carousel_chess::KIND,
        }
    }

    /// The secret deal of `kind` with the house rules `options` (bit `i`: the game's
    /// option `i`, as in [`crate::catalogue::Start`]); the rules that change only play are
    /// not part of it.
    pub fn new(kind: GameKind, options: u8) -> Result<SecretGame, ConfigError> {
        if !kind.info().options_valid(options) {
            return Err(ConfigError::UnknownOption(kind));
        }
        struct Secret(u8);
        impl Visit for Secret {
            type Output = Option<SecretGame>;
            fn visit<G: Game>(self) -> Option<SecretGame> {
                G::secret_deal(self.0)
            }
        }
        crate::games::visit(kind, Secret(options)).ok_or(ConfigError::NoSecretDeal(kind))
    }

    /// The games that have a secret deal, with default options.
    pub fn with_defaults(kind: GameKind) -> Result<SecretGame, ConfigError> {
        SecretGame::new(kind, 0)
    }

    /// The house rules of this deal, as [`crate::catalogue::Start`] numbers them (bit `i`:
    /// the game's option `i`).
    pub fn options(self) -> u8 {
        match self {
            SecretGame::CityOfSpies(options) => options.bits(),
            SecretGame::CarouselChess => 0,
        }
    }

    /// The option bits of this deal in codes and the table id (`DealOption::code_bit`).
    pub(crate) fn code_bits(self) -> u8 {
        let chosen = self.options();
        let info = self.kind().info();
        let mut bits = 0;
        // A house rule that changes the deal is a switch (the registry test holds it).
        for (i, option) in info.options.iter().enumerate() {
            if info.option_value(chosen, i) != 0 {
                bits |= option.code_bit.unwrap_or(0);
            }
        }
        bits
    }

    /// The deal that code bits name for the game with code byte `id`.
    pub(crate) fn from_code(kind: GameKind, code_bits: u8) -> Result<SecretGame, ConfigError> {
        let info = kind.info();
        let mut chosen = 0;
        for (i, option) in info.options.iter().enumerate() {
            if option.code_bit.is_some_and(|bit| code_bits & bit != 0) {
                chosen = info.with_option(chosen, i, 1);
            }
        }
        SecretGame::new(kind, chosen)
    }

    /// Every option bit this game's codes may carry.
    pub(crate) fn allowed_code_bits(kind: GameKind) -> u8 {
        kind.info()
            .options
            .iter()
            .filter_map(|o| o.code_bit)
            .fold(0, |all, bit| all | bit)
    }
}

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
        let rounds = matches!(self.game, SecretGame::CityOfSpies(_));
        DealTableView {
            game: self.game.kind(),
            names: (0..self.players()).map(|s| self.seats.name(s)).collect(),
            round: rounds.then_some(round),
            round_word: rounds.then(|| self.table_id().round_word(round)),
            fingerprint: self.fingerprint(),
        }
    }

    /// The City of Spies deal, when this is one.
    pub(crate) fn city_of_spies(&self) -> Option<city_of_spies::Deal> {
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
    pub(crate) fn carousel_chess(&self) -> Option<carousel_chess::Deal> {
        match self.game {
            SecretGame::CarouselChess => Some(carousel_chess::Deal {
                players: self.players(),
                seed: self.seed,
            }),
            SecretGame::CityOfSpies(_) => None,
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let city = SecretGame::with_defaults(city_of_spies::KIND).unwrap();
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
        assert!(SecretGame::with_defaults(crate::games::usurp::KIND).is_err());
    }
}

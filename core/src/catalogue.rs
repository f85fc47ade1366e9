//! The box: what each game declares about itself, and the registry of the five games.
//!
//! Every game states its facts once, in its own folder (`games/<game>/mod.rs`, `INFO`):
//! the byte codes carry, the tag its record text starts with, its title and URL slug, how
//! many may play (RULINGS §1–§5), the house rules the New Deal form offers, whether it
//! deals secrets to phones, and how a game on screen starts. `games::REGISTRY` lists them,
//! one line per game; codes, saves, the New Deal form, the play screens and the phone view
//! all go through it.

use std::fmt;
use std::ops::RangeInclusive;

use crate::seed::Seed;
use crate::table::{ConfigError, Seats};

/// A house rule a table may choose when it deals.
#[derive(Debug)]
pub struct DealOption {
    /// The words the New Deal form shows beside the box.
    pub label: &'static str,
    /// The bit it sets in the option byte of every code and of the table id, when it
    /// changes the secret deal; `None` when it changes only the play.
    pub code_bit: Option<u8>,
    /// Empty: a switch (one bit, on or off). Otherwise the values to choose from, the
    /// standard one first: the option's bits hold the index of the one chosen.
    pub choices: &'static [&'static str],
}

impl DealOption {
    /// How many bits of the option byte it takes: one for a switch, enough for the index
    /// of any choice.
    pub const fn width(&self) -> u32 {
        if self.choices.len() <= 2 {
            1
        } else {
            usize::BITS - (self.choices.len() - 1).leading_zeros()
        }
    }
}

/// What a game needs to start on screen: the seats, the seed the app drew, and the house
/// rules chosen (bit `i` set: the game's option `i` is on).
pub struct Start<'a> {
    pub seats: &'a Seats,
    pub seed: Seed,
    pub options: u8,
}

/// Everything a game declares about itself.
#[derive(Debug)]
pub struct GameInfo {
    /// The game byte in codes (never reused; 0 is no game).
    pub id: u8,
    /// The tag its record text starts with, before the format version (`csp` of `csp1|…`).
    pub tag: &'static str,
    /// The name printed on the box.
    pub title: &'static str,
    /// The stable name in links and saved games. Never change one: old links carry it.
    pub slug: &'static str,
    /// How many the app seats.
    pub players: RangeInclusive<u8>,
    /// The house rules the New Deal form offers, in the order of their bits in [`Start`]
    /// (each takes [`DealOption::width`] bits, the first the lowest).
    pub options: &'static [DealOption],
    /// Whether the table deals secrets to phones (seat codes, the reveal): the game's
    /// [`crate::Game::secret_deal`] says which (the registry test holds the two together).
    pub secret_deal: bool,
}

impl GameInfo {
    /// The lowest bit of option `i` in the option byte.
    pub fn option_shift(&self, i: usize) -> u32 {
        self.options[..i].iter().map(DealOption::width).sum()
    }

    /// The value of option `i` in `options`: 0 or 1 for a switch, a choice's index.
    pub fn option_value(&self, options: u8, i: usize) -> u8 {
        let width = self.options[i].width();
        ((u32::from(options) >> self.option_shift(i)) & ((1 << width) - 1)) as u8
    }

    /// `options` with option `i` set to `value`.
    pub fn with_option(&self, options: u8, i: usize, value: u8) -> u8 {
        let shift = self.option_shift(i);
        let mask = ((1u32 << self.options[i].width()) - 1) << shift;
        ((u32::from(options) & !mask) | ((u32::from(value) << shift) & mask)) as u8
    }

    /// Whether `options` sets only this game's options, and each choice to one it offers.
    pub fn options_valid(&self, options: u8) -> bool {
        u32::from(options) >> self.option_shift(self.options.len()) == 0
            && self.options.iter().enumerate().all(|(i, option)| {
                option.choices.is_empty()
                    || usize::from(self.option_value(options, i)) < option.choices.len()
            })
    }

    /// Every switch on and every choice at its last value (tests walk it, with 0).
    pub fn every_option(&self) -> u8 {
        (0..self.options.len()).fold(0, |bits, i| {
            let last = self.options[i].choices.len().max(2) - 1;
            self.with_option(bits, i, last as u8)
        })
    }
}

/// One of the games in the box: a handle on its [`GameInfo`].
#[derive(Clone, Copy)]
pub struct GameKind(&'static GameInfo);

impl GameKind {
    /// Made only by a game's folder, for its `KIND`: every game kind is one the registry
    /// lists (the registry declares the folders).
    pub(crate) const fn new(info: &'static GameInfo) -> GameKind {
        GameKind(info)
    }

    /// Every game, in the order the box lists them.
    pub fn all() -> impl Iterator<Item = GameKind> {
        crate::games::REGISTRY.iter().copied()
    }

    pub fn info(self) -> &'static GameInfo {
        self.0
    }

    pub fn id(self) -> u8 {
        self.0.id
    }

    pub fn title(self) -> &'static str {
        self.0.title
    }

    pub fn slug(self) -> &'static str {
        self.0.slug
    }

    pub fn players(self) -> RangeInclusive<u8> {
        self.0.players.clone()
    }

    /// The game whose slug this is, if any.
    pub fn from_slug(slug: &str) -> Option<GameKind> {
        GameKind::all().find(|kind| kind.slug() == slug)
    }

    /// The game whose code byte this is, if any.
    pub fn from_id(id: u8) -> Option<GameKind> {
        GameKind::all().find(|kind| kind.id() == id)
    }

    /// The game a record text belongs to, by its tag (`csp1|…` is A City of Spies).
    pub fn of_record(text: &str) -> Option<GameKind> {
        let head = text.trim_start().split('|').next()?;
        let tag = head.trim_end_matches(|c: char| c.is_ascii_digit());
        if tag.is_empty() || tag.len() == head.len() {
            return None;
        }
        GameKind::all().find(|kind| kind.0.tag == tag)
    }

    /// The player count as people say it: "3–6 players", "2 players".
    pub fn players_label(self) -> String {
        let range = self.players();
        if range.start() == range.end() {
            format!("{} players", range.start())
        } else {
            format!("{}–{} players", range.start(), range.end())
        }
    }

    /// The table deal a record of this game was played with: a game that deals secrets
    /// to phones writes its table's save as the record's second field (`csp1|<table>|…`).
    /// None for a game without a secret deal, or a record that does not hold one.
    pub fn record_table(self, text: &str) -> Option<crate::table::TableDeal> {
        if !self.0.secret_deal || GameKind::of_record(text) != Some(self) {
            return None;
        }
        let token = text.trim().split('|').nth(1)?;
        crate::table::TableDeal::from_text(token).ok()
    }

    /// A fresh game on screen, as record text.
    pub fn start(self, start: &Start) -> Result<String, ConfigError> {
        if !self.0.players.contains(&start.seats.players()) {
            return Err(ConfigError::PlayerCount {
                game: self,
                players: start.seats.players(),
            });
        }
        if !self.0.options_valid(start.options) {
            return Err(ConfigError::UnknownOption(self));
        }
        crate::games::start(self, start)
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &Self) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.slug)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{carousel_chess, city_of_spies, espionage, usurp};

    #[test]
    fn slugs_ids_and_tags_round_trip_and_are_unique() {
        let all: Vec<GameKind> = GameKind::all().collect();
        assert!(!all.is_empty());
        for kind in &all {
            assert_eq!(GameKind::from_slug(kind.slug()), Some(*kind));
            assert_eq!(GameKind::from_id(kind.id()), Some(*kind));
            assert_eq!(
                GameKind::of_record(&format!("{}1|x", kind.info().tag)),
                Some(*kind)
            );
            assert_ne!(kind.id(), 0);
            assert!(kind.id() < 16, "the id is 4 bits in codes");
        }
        for field in [
            |k: &GameKind| k.slug().to_string(),
            |k: &GameKind| k.id().to_string(),
            |k: &GameKind| k.info().tag.to_string(),
            |k: &GameKind| k.title().to_string(),
        ] {
            let mut values: Vec<String> = all.iter().map(field).collect();
            values.sort();
            values.dedup();
            assert_eq!(values.len(), all.len());
        }
        assert_eq!(GameKind::from_slug("chess"), None);
        assert_eq!(GameKind::from_slug(""), None);
        assert_eq!(GameKind::of_record("csp|x"), None, "no version");
        assert_eq!(GameKind::of_record("1|x"), None, "no tag");
        assert_eq!(GameKind::of_record("zz1|x"), None);
    }

    #[test]
    fn player_counts_follow_the_rulings() {
        let players = |slug| GameKind::from_slug(slug).unwrap().players();
        assert_eq!(players("city-of-spies"), 3..=6);
        assert_eq!(players("carousel-chess"), 3..=9);
        assert_eq!(players("espionage"), 2..=2);
        assert_eq!(players("usurp"), 2..=5);
        assert_eq!(players("chess-deckbuilder"), 2..=2);
        assert_eq!(city_of_spies::KIND.players_label(), "3–6 players");
        assert_eq!(espionage::KIND.players_label(), "2 players");
        assert_eq!(usurp::KIND.players_label(), "2–5 players");
    }

    #[test]
    fn a_game_starts_only_with_its_player_count_and_options() {
        let seats = Seats::new(2, vec![]).unwrap();
        let start = Start {
            seats: &seats,
            seed: Seed(1),
            options: 0,
        };
        assert!(matches!(
            carousel_chess::KIND.start(&start),
            Err(ConfigError::PlayerCount { .. })
        ));
        let seats = Seats::new(4, vec![]).unwrap();
        let start = Start {
            seats: &seats,
            seed: Seed(1),
            options: 0b100,
        };
        assert!(matches!(
            city_of_spies::KIND.start(&start),
            Err(ConfigError::UnknownOption(_))
        ));
    }
}

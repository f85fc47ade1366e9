//! What each game declares about itself: the facts, and a handle on them.
//!
//! Every game states its facts once, in its own folder (`games/<game>/mod.rs`, `INFO`):
//! the byte codes carry, the tag its record text starts with, its title and URL slug, how
//! many may play (RULINGS §1–§5), the house rules the New Deal form offers, and whether it
//! deals secrets to phones. This module imports nothing of the core: the registry, above
//! the games (`games::REGISTRY`), finds a game by its slug, code byte or record tag, and
//! starts one (`GameKind::all`, `from_slug`, `start`… are written there).

use std::fmt;
use std::ops::RangeInclusive;

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
    /// Whether the table deals secrets to phones (seat codes, the reveal): the game then
    /// reads its deal from a [`crate::table::TableDeal`] (the registry test holds the two
    /// together).
    pub secret_deal: bool,
    /// Whether that deal hands out new secrets every round (A City of Spies' cards), which
    /// rounds codes carry and the reveal counts.
    pub secret_rounds: bool,
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

    /// The player count as people say it: "3–6 players", "2 players".
    pub fn players_label(self) -> String {
        let range = self.players();
        if range.start() == range.end() {
            format!("{} players", range.start())
        } else {
            format!("{}–{} players", range.start(), range.end())
        }
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
    use crate::games::{Start, carousel_chess, city_of_spies, espionage, usurp};
    use crate::seats::{ConfigError, Seats};
    use crate::seed::Seed;

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

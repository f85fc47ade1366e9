//! The box: the five games, their names, their URL slugs and how many may play.
//!
//! Player counts are rules (RULINGS §1–§5), so they live here and not in the app.

use std::fmt;
use std::ops::RangeInclusive;

/// One of the five games in the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    CityOfSpies,
    CarouselChess,
    Espionage,
    Usurp,
    ChessDeckbuilder,
}

impl GameKind {
    /// Every game, in the order the box lists them.
    pub const ALL: [GameKind; 5] = [
        GameKind::CityOfSpies,
        GameKind::CarouselChess,
        GameKind::Espionage,
        GameKind::Usurp,
        GameKind::ChessDeckbuilder,
    ];

    /// The name printed on the box.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::CityOfSpies => "A City of Spies",
            GameKind::CarouselChess => "Carousel Chess",
            GameKind::Espionage => "Espionage",
            GameKind::Usurp => "Usurp",
            GameKind::ChessDeckbuilder => "Chess Deckbuilder",
        }
    }

    /// The stable name used in links and saved games. Never change one: old links carry it.
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::CityOfSpies => "city-of-spies",
            GameKind::CarouselChess => "carousel-chess",
            GameKind::Espionage => "espionage",
            GameKind::Usurp => "usurp",
            GameKind::ChessDeckbuilder => "chess-deckbuilder",
        }
    }

    /// The game whose slug this is, if any.
    pub fn from_slug(slug: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.slug() == slug)
    }

    /// How many players the app seats (RULINGS: §1 3–6, §2 3–9, §3 2, §4 2–5, §5 2).
    pub fn players(self) -> RangeInclusive<u8> {
        match self {
            GameKind::CityOfSpies => 3..=6,
            GameKind::CarouselChess => 3..=9,
            GameKind::Espionage => 2..=2,
            GameKind::Usurp => 2..=5,
            GameKind::ChessDeckbuilder => 2..=2,
        }
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

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_and_are_unique() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::from_slug(kind.slug()), Some(kind));
        }
        let mut slugs: Vec<_> = GameKind::ALL.iter().map(|k| k.slug()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), GameKind::ALL.len());
        assert_eq!(GameKind::from_slug("chess"), None);
        assert_eq!(GameKind::from_slug(""), None);
    }

    #[test]
    fn player_counts_follow_the_rulings() {
        assert_eq!(GameKind::CityOfSpies.players(), 3..=6);
        assert_eq!(GameKind::CarouselChess.players(), 3..=9);
        assert_eq!(GameKind::Espionage.players(), 2..=2);
        assert_eq!(GameKind::Usurp.players(), 2..=5);
        assert_eq!(GameKind::ChessDeckbuilder.players(), 2..=2);
        assert_eq!(GameKind::CityOfSpies.players_label(), "3–6 players");
        assert_eq!(GameKind::Espionage.players_label(), "2 players");
    }
}

//! The registry: one folder per game (its pieces, deal, state, moves, views and notation,
//! and its `INFO`, what it declares about itself, see `catalogue`), and the one list of
//! them, [`registry!`] below.
//!
//! Adding a game: write `games/<game>/` with `pub static INFO`, `pub const KIND` and its
//! [`Game`] type, then add its line to the list. Everything that goes over the games
//! (codes, saves, the New Deal form, the tests that play every game) goes through
//! [`REGISTRY`] or [`visit`]: there is no count to bump and no arm to write.

use crate::bots::Computer;
use crate::catalogue::GameKind;
use crate::game::{Game, Referee};
use crate::seats::{ConfigError, Seats};
use crate::seed::Seed;

/// What runs for one game's [`Game`] type, whichever it is: [`visit`] calls it with the
/// type of the game a [`GameKind`] names.
pub trait Visit {
    type Output;
    fn visit<G: Computer>(self) -> Self::Output;
}

/// The list: each line declares a game's folder and names its [`Game`] type. From it come
/// the modules, [`REGISTRY`] (the order the box lists them) and [`visit`].
macro_rules! registry {
    ($($game:ident :: $ty:ident),* $(,)?) => {
        $(pub mod $game;)*

        /// Every game in the box, in the order the box lists them.
        pub const REGISTRY: &[GameKind] = &[$(<$game::$ty as Game>::KIND),*];

        /// `visitor` run with the [`Game`] type of `kind`.
        pub fn visit<V: Visit>(kind: GameKind, visitor: V) -> V::Output {
            $(
                if kind == <$game::$ty as Game>::KIND {
                    return visitor.visit::<$game::$ty>();
                }
            )*
            unreachable!("a GameKind is made only from a game's INFO, and every game is listed")
        }
    };
}

registry! {
    city_of_spies::CityOfSpies,
    carousel_chess::CarouselChess,
    espionage::Espionage,
    usurp::Usurp,
    deckbuilder::Deckbuilder,
}

/// What a game needs to start on screen: the seats, the seed the app drew, and the house
/// rules chosen (bit `i` set: the game's option `i` is on).
pub struct Start<'a> {
    pub seats: &'a Seats,
    pub seed: Seed,
    pub options: u8,
}

/// Finding a game in the registry, and starting one.
impl GameKind {
    /// Every game, in the order the box lists them.
    pub fn all() -> impl Iterator<Item = GameKind> {
        REGISTRY.iter().copied()
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
        GameKind::all().find(|kind| kind.info().tag == tag)
    }

    /// A fresh game on screen, as record text: the players and house rules are checked
    /// against the game's facts first.
    pub fn start(self, start: &Start) -> Result<String, ConfigError> {
        let info = self.info();
        if !info.players.contains(&start.seats.players()) {
            return Err(ConfigError::PlayerCount {
                game: self,
                players: start.seats.players(),
            });
        }
        if !info.options_valid(start.options) {
            return Err(ConfigError::UnknownOption(self));
        }
        struct Starting<'a>(&'a Start<'a>);
        impl Visit for Starting<'_> {
            type Output = Result<String, ConfigError>;
            fn visit<G: Game>(self) -> Self::Output {
                let config = G::config(self.0.seats, self.0.options);
                Referee::<G>::new(config, self.0.seed).map(|referee| referee.to_text())
            }
        }
        visit(self, Starting(start))
    }
}

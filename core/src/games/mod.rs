//! The registry: one folder per game (its pieces, deal, state, moves, views and notation,
//! and its `INFO`, what it declares about itself, see `catalogue`), and the one list of
//! them, [`registry!`] below.
//!
//! Adding a game: write `games/<game>/` with `pub static INFO`, `pub const KIND` and its
//! [`Game`] type, then add its line to the list. Everything that goes over the games
//! (codes, saves, the New Deal form, the tests that play every game) goes through
//! [`REGISTRY`] or [`visit`]: there is no count to bump and no arm to write.

use crate::catalogue::{GameKind, Start};
use crate::game::{Game, Referee};
use crate::table::ConfigError;

/// What runs for one game's [`Game`] type, whichever it is: [`visit`] calls it with the
/// type of the game a [`GameKind`] names.
pub trait Visit {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
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

/// A fresh game of `kind` on screen, as record text (`GameKind::start` checks the players
/// and options first).
pub(crate) fn start(kind: GameKind, start: &Start) -> Result<String, ConfigError> {
    struct Starting<'a>(&'a Start<'a>);
    impl Visit for Starting<'_> {
        type Output = Result<String, ConfigError>;
        fn visit<G: Game>(self) -> Self::Output {
            let config = G::config(self.0.seats, self.0.options);
            Referee::<G>::new(config, self.0.seed).map(|referee| referee.to_text())
        }
    }
    visit(kind, Starting(start))
}

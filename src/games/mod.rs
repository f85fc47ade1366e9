//! The app's side of the registry: each game's screens, one line per game in [`SCREENS`].
//! The facts (title, players, house rules, secret deal) are the core's
//! (`intrigue_core::games::REGISTRY`); a game's play screen lives in `games/<game>/` and
//! is its own part of the app, loaded the first time a table opens it.
//!
//! Adding a game: `src/games/<game>/` with its `part` (`#[leptos::lazy]`, see
//! `screen::answer`)
//! and a `pub static SCREENS`, then its line in the list ([`screens!`] below).

pub mod chess_pieces;
pub mod computer;
pub mod fair;
pub mod fair_link;
pub mod fair_screen;
pub mod guide;
#[cfg(test)]
pub mod guide_checks;
pub mod hint;
pub mod host;
pub mod patience;
pub mod phone;
mod phone_book;
mod phone_link;
mod phone_seat;
pub mod screen;
pub mod shared_device;
pub mod shell;

use intrigue_core::GameKind;
use leptos::prelude::*;

/// What the app asks of a game's own part (one lazily loaded part per game: a second entry
/// would split its code into many more shared pieces, and grow the loader every page
/// downloads).
pub enum PartCall {
    /// The play screen for this saved record text.
    Screen(String),
    /// Whether this game file's text is a whole game (see [`check_record`]).
    Check(String),
    /// A phone's screen for a seat it was invited to (see `phone`).
    Phone(intrigue_core::wire::join::Invitation),
    /// The game's guided first game, where this device left it (see `guide`).
    Learn,
    /// A game the players' phones referee together, this device one of them and the
    /// other's relay, or the table's relay and town squares (issue 42; Espionage's and
    /// Usurp's `fair_play`, see [`refereed_by_phones`]).
    Fair,
}

/// A game file read back and checked: its record, and the seats the computer plays.
pub struct GameFile {
    pub record: String,
    pub computers: Vec<Option<intrigue_core::bots::Level>>,
}

/// Whether `kind` may be refereed by the players' phones together (issue 42): Espionage and
/// the deckbuilder on two phones, Usurp with every seat on a phone (`PartCall::Fair`).
pub fn refereed_by_phones(kind: GameKind) -> bool {
    kind == intrigue_core::games::espionage::KIND
        || kind == intrigue_core::games::usurp::KIND
        || kind == intrigue_core::games::deckbuilder::KIND
}

/// A game's part's answer to a [`PartCall`].
pub enum PartAnswer {
    Screen(AnyView),
    Checked(Result<GameFile, String>),
}

/// A [`PartAnswer`] on its way: the part is loaded the first time it is called.
pub type Answering = std::pin::Pin<Box<dyn std::future::Future<Output = PartAnswer> + Send>>;

/// The game file `text` of `kind` read back, if it is a whole game that replays (with
/// the computer's seats, when it played some): loads the game's part of the app for it.
pub async fn check(kind: GameKind, text: String) -> Result<GameFile, String> {
    match (screens(kind).part)(PartCall::Check(text)).await {
        PartAnswer::Checked(outcome) => outcome,
        PartAnswer::Screen(_) => Err(tr!(
            "This game file could not be checked: nothing was imported.",
            "No se pudo comprobar este archivo de partida: no se importó nada."
        )
        .to_string()),
    }
}

/// What the app shows of one game.
pub struct GameScreens {
    pub kind: GameKind,
    /// One line on the home screen that makes a table want to play it.
    pub pitch: crate::i18n::Tr,
    /// The game's own part of the app (its screen, its record check).
    pub part: fn(PartCall) -> Answering,
    /// What a file of the game still being played gives away ("both armies"): said before
    /// it is exported, and to every player after.
    pub file_holds: crate::i18n::Tr,
    /// How many play when one person plays alone ("Play alone" on the home card): the
    /// computer plays every other seat, at Normal.
    pub alone: u8,
    /// Whether the game has its guided first game ("Learn to play", `guide`).
    pub guided: bool,
}

/// The list: each line declares a game's folder, whose `SCREENS` go into [`SCREENS`].
macro_rules! screens {
    ($($game:ident),* $(,)?) => {
        $(pub mod $game;)*

        /// Every game's screens (found by kind: the order is the core registry's).
        pub static SCREENS: &[&GameScreens] = &[$(&$game::SCREENS),*];
    };
}

screens! {
    city_of_spies,
    carousel_chess,
    espionage,
    usurp,
    deckbuilder,
}

/// The screens of `kind`. Every game of the core's registry has its line in [`SCREENS`]:
/// the home screen draws every game's card from here (a browser test sees them all).
pub fn screens(kind: GameKind) -> &'static GameScreens {
    SCREENS
        .iter()
        .find(|s| s.kind == kind)
        .expect("every game of the core's registry has its line in SCREENS")
}

/// A view's moves (each piece's square and where it may go) as a board's destinations, by
/// square index (`index`); none while `waiting`: whoever taps the board is not the one to
/// act (the computer's turn, another seat's on a phone).
pub fn destinations_of<S: Copy>(
    moves: &[(S, Vec<S>)],
    index: impl Fn(S) -> u8,
    waiting: bool,
) -> Vec<(u8, Vec<u8>)> {
    if waiting {
        return Vec::new();
    }
    moves
        .iter()
        .map(|(from, to)| (index(*from), to.iter().map(|&t| index(t)).collect()))
        .collect()
}

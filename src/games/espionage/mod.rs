//! Espionage in the app: two players share one device. Its screens (`play`, with `setup`
//! and `story`) are one lazily loaded part; a privacy curtain stands between the turns.

mod play;
mod setup;
mod story;

use intrigue_core::games::espionage::KIND;
use leptos::prelude::*;

use super::GameScreens;

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: "Two hidden armies, mines and volcanoes. Send spies forward to unmask the enemy before your generals walk into a trap.",
    play: Some(play),
    check: Some(check),
};

fn play(text: String) -> Suspend<AnyView> {
    Suspend::new(async move { play::play_screen(text).await })
}

fn check(text: String) -> super::Checking {
    Box::pin(async move { play::check_record(text).await })
}

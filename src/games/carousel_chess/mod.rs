//! Carousel Chess in the app: the table's play screen (`play`, its own part of the app)
//! and what a phone shows of its seat (`secrets`).

mod play;
pub mod secrets;

use intrigue_core::games::carousel_chess::KIND;
use leptos::prelude::*;

use super::GameScreens;

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: "One chessboard, the whole table: you play White, then Black, then White again, while secretly rooting for one side, or for a draw.",
    play: Some(play),
    check: Some(check),
};

fn play(text: String) -> Suspend<AnyView> {
    Suspend::new(async move { play::play_screen(text).await })
}

fn check(text: String) -> super::Checking {
    Box::pin(async move { play::check_record(text).await })
}

//! Usurp in the app: the shared device shows the town squares, the drawn card, every
//! player's castles as they would score, and the end's breakdown (`play`, its own part of
//! the app).

mod play;

use intrigue_core::games::usurp::KIND;
use leptos::prelude::*;

use super::GameScreens;

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: "Lay cards on the town squares or sweep one up for your castles. Kings want queens, bishops and knights want their pawns.",
    play: Some(play),
    check: Some(check),
};

fn play(text: String) -> Suspend<AnyView> {
    Suspend::new(async move { play::play_screen(text).await })
}

fn check(text: String) -> super::Checking {
    Box::pin(async move { play::check_record(text).await })
}

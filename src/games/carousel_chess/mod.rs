//! Carousel Chess in the app: the table's play screen (`play`, its own part of the app)
//! and what a phone shows of its seat (`secrets`).

mod play;
pub mod secrets;

use intrigue_core::games::carousel_chess::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: "One chessboard, the whole table: you play White, then Black, then White again, while secretly rooting for one side, or for a draw.",
    part,
    file_holds: "every player's secret team",
    alone: 3,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

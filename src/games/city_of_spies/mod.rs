//! A City of Spies in the app: the table's play screen (`play`, its own part of the app)
//! and what a phone shows of its seat (`secrets`).

mod play;
pub mod secrets;

use intrigue_core::games::city_of_spies::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: "Everyone moves the same eleven pieces around a building. Guard your secret piece, hunt your secret target, and never show whose side you are on.",
    part,
    file_holds: "every player's team and the cards of every round",
    alone: 4,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

//! Usurp in the app: the shared device shows the town squares, the drawn card, every
//! player's castles as they would score, and the end's breakdown (`play`, its own part of
//! the app; the game as it stands is `table`, the same on a phone; the cards' and
//! castles' look is `look`; why an action was refused is `illegal`; its guided first game
//! is `lesson`).

mod fair_play;
mod fair_words;
mod illegal;
mod lesson;
mod look;
mod play;
mod table;

use intrigue_core::games::usurp::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: tr!(
        "Lay cards on the town squares or sweep one up for your castles. Kings want queens, bishops and knights want their pawns.",
        "Deja cartas en las plazas o llévate una entera para tus castillos. Los reyes quieren damas; los alfiles y los caballos, sus peones."
    ),
    part,
    file_holds: tr!("the order of the whole deck: every card still to be drawn", "el orden de todo el mazo: cada carta que queda por robar"),
    alone: 3,
    guided: true,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

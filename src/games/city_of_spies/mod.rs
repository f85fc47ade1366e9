//! A City of Spies in the app: the table's play screen (`play`, its own part of the app,
//! drawing the round with `table`, a round's `setup`, the pieces' `look` and the `story`
//! of what happened), why an
//! action was refused (`illegal`) and what a phone shows of its seat (`secrets`); its
//! guided first game (`lesson`).

mod illegal;
mod lesson;
mod look;
mod play;
pub mod secrets;
mod setup;
mod story;
mod table;

use intrigue_core::games::city_of_spies::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: tr!(
        "Everyone moves the same eleven pieces around a building. Guard your secret piece, hunt your secret target, and never show whose side you are on.",
        "Todos mueven las mismas once piezas alrededor de un edificio. Protege tu pieza secreta, caza tu objetivo secreto y no dejes ver de qué lado estás."
    ),
    part,
    file_holds: tr!("every player's team and the cards of every round", "el equipo de cada jugador y las cartas de cada ronda"),
    alone: 4,
    guided: true,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

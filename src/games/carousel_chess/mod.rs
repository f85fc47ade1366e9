//! Carousel Chess in the app: the table's play screen (`play`, its own part of the app,
//! drawing the game with `table`), why a ply was refused (`illegal`) and what a phone
//! shows of its seat (`secrets`); its guided first game (`lesson`).

mod illegal;
mod lesson;
mod play;
mod table;
pub mod secrets;

use intrigue_core::games::carousel_chess::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: tr!(
        "One chessboard, the whole table: you play White, then Black, then White again, while secretly rooting for one side, or for a draw.",
        "Un solo tablero para toda la mesa: juegas con blancas, luego con negras, luego otra vez con blancas, mientras en secreto vas con un bando o con las tablas."
    ),
    part,
    file_holds: tr!("every player's secret team", "el equipo secreto de cada jugador"),
    alone: 3,
    guided: true,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

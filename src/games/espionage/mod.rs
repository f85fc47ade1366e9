//! Espionage in the app: two players share one device. Its screens (`play`, with `setup`,
//! `story` and `legend`) are one lazily loaded part; a privacy curtain stands between the turns.
//! Its guided first game is `lesson`. Refereed by the two players' phones, neither holding
//! the other's army, it is `fair_play`.

mod illegal;
mod board;
mod fair_play;
mod fair_words;
mod legend;
mod lesson;
mod play;
mod setup;
mod story;

use intrigue_core::games::espionage::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: tr!(
        "Two hidden armies, mines and volcanoes. Send spies forward to unmask the enemy before your generals walk into a trap.",
        "Dos ejércitos ocultos, minas y volcanes. Manda espías por delante para desenmascarar al enemigo antes de que tus generales caigan en una trampa."
    ),
    part,
    file_holds: tr!("both armies, every piece where it stands", "los dos ejércitos, cada pieza donde está"),
    alone: 2,
    guided: true,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

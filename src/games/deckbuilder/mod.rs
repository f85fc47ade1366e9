//! The Chess deckbuilder in the app: two players share one device. Its screen (`play`, a
//! seat's `turn`, how both show a view in `look`, and the `story` of what happened) is its
//! own lazily loaded part; a privacy curtain stands between the turns, so that a hand is
//! only ever on screen for its owner.

mod choices;
mod fair_play;
mod fair_words;
mod illegal;
mod lesson;
mod look;
mod play;
mod story;
mod turn;

use intrigue_core::games::deckbuilder::KIND;

use super::{Answering, GameScreens, PartCall};

pub static SCREENS: GameScreens = GameScreens {
    kind: KIND,
    pitch: tr!(
        "Chess where your hand of cards decides which pieces may move. Buy better cards, chain your actions, checkmate.",
        "Ajedrez en el que tu mano de cartas decide qué piezas pueden moverse. Compra mejores cartas, encadena acciones y da jaque mate."
    ),
    part,
    file_holds: tr!("both hands and the order of both decks", "las dos manos y el orden de los dos mazos"),
    alone: 2,
    guided: true,
};

fn part(call: PartCall) -> Answering {
    Box::pin(play::part(call))
}

//! Why A City of Spies refused an action, in the page's language.

use intrigue_core::games::city_of_spies::Illegal;

use super::look::piece_words;
use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            Illegal::GameOver => "La partida ha terminado.".into(),
            Illegal::ImpossibleSetUp => "Esa colocación no es posible.".into(),
            Illegal::SetUpFirst => "Primero hay que colocar las piezas.".into(),
            Illegal::MoveAPiece => "Ahora toca mover una pieza.".into(),
            Illegal::AnswerTheClaim => "Primero responde: ¿reclamas o no?".into(),
            Illegal::MayNotPass => "Quien puede mover no puede pasar.".into(),
            Illegal::NoPieceOn(square) => format!("No hay ninguna pieza en {square}."),
            Illegal::CannotGo { piece, mv } => format!(
                "{} no puede ir de {} a {}.",
                piece_words(piece),
                mv.from,
                mv.to
            ),
        }
    }
}

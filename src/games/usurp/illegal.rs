//! Why Usurp refused an action, in the page's language.

use intrigue_core::games::usurp::Illegal;

use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            Illegal::GameOver => "La partida ha terminado.".into(),
            Illegal::PlaceTheDrawnCard => "Primero pon la carta que robaste.".into(),
            Illegal::DeckEmpty => "El mazo está vacío: llévate una plaza.".into(),
            Illegal::SquaresFull => "Todas las plazas están llenas: llévate una.".into(),
            Illegal::DrawFirst => "Primero roba una carta.".into(),
            Illegal::SquareFull { square } => format!(
                "La plaza {} está llena (4 cartas como mucho).",
                u16::from(*square) + 1
            ),
            Illegal::NothingToTake => "No hay nada en esa plaza.".into(),
        }
    }
}

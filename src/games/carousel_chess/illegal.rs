//! Why Carousel chess refused a move, in the page's language.

use intrigue_core::games::carousel_chess::Illegal;

use super::table::end_words;
use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            Illegal::GameOver(end) => format!("La partida ha terminado ({}).", end_words(*end)),
            Illegal::NotLegal(action) => {
                format!("{}{} no es una jugada legal aquí.", action.from, action.to)
            }
        }
    }
}

//! Why Carousel chess refused a move, in the page's language.

use intrigue_core::games::carousel_chess::{End, Illegal};

use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            Illegal::GameOver(end) => format!(
                "La partida ha terminado ({}).",
                match end {
                    End::Checkmate { .. } => "jaque mate",
                    End::Stalemate => "rey ahogado",
                    End::InsufficientMaterial => "tablas: ningún bando puede dar mate",
                    End::ThreefoldRepetition => "tablas por triple repetición",
                    End::FiftyMoves => "tablas por la regla de los cincuenta movimientos",
                }
            ),
            Illegal::NotLegal(action) => {
                format!("{}{} no es una jugada legal aquí.", action.from, action.to)
            }
        }
    }
}

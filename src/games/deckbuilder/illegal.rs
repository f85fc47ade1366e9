//! Why the Chess deckbuilder refused an action, in the page's language.

use intrigue_core::games::deckbuilder::{End, Illegal};

use super::story::card_word;
use crate::reasons::Reason;

impl Reason for Illegal {
    fn words(&self) -> String {
        if !crate::i18n::es() {
            return self.to_string();
        }
        match *self {
            Illegal::GameOver(end) => format!(
                "La partida ha terminado ({}).",
                match end {
                    End::Checkmate { .. } => "jaque mate",
                    End::Resigned { .. } => "un abandono",
                    End::Stalemate => "tablas por ahogado",
                    End::DeadPosition => "tablas: ningún bando puede dar mate",
                    End::ThreefoldRepetition => "tablas por triple repetición",
                    End::FiftyMoves => "tablas por la regla de las cincuenta jugadas",
                }
            ),
            Illegal::NoCardGetsOutOfCheck => {
                "Ninguna carta de tu mano te saca del jaque: mueve sin carta.".into()
            }
            Illegal::ActionPhaseOver => {
                "La fase de acción ha terminado: compra, o termina tu turno.".into()
            }
            Illegal::Treasure(card) => format!(
                "La carta de {} es un tesoro: cuenta en la fase de compra.",
                card_word(card)
            ),
            Illegal::NotInHand(card) => {
                format!("No tienes ninguna carta de {} en la mano.", card_word(card))
            }
            Illegal::NoActionLeft => "No te quedan acciones.".into(),
            Illegal::InCheck => {
                "Estás en jaque: primero juega una carta que saque una pieza del jaque.".into()
            }
            Illegal::CannotPlayNow(card) => {
                format!("La carta de {} no se puede jugar ahora.", card_word(card))
            }
            Illegal::OnlyFirstCardMates => {
                "Solo la primera carta de un turno puede dar jaque mate.".into()
            }
            Illegal::CannotMake { card, mv } => format!(
                "La carta de {} no puede hacer la jugada {}.",
                card_word(card),
                mv.uci()
            ),
            Illegal::BadTrade { trash, gain } => format!(
                "El alfil no puede cambiar {} por {}: la carta nueva debe costar exactamente 1 más y quedar en la reserva, y la vieja estar en tu mano.",
                card_word(trash),
                card_word(gain)
            ),
            Illegal::BadRevival => {
                "El rey solo recupera una torre, un caballo o un alfil que hayas perdido, en lugar de uno de tus peones (y no para dar mate después de la primera carta).".into()
            }
            Illegal::ActionPhaseAlreadyOver => "La fase de acción ya ha terminado.".into(),
            Illegal::BuyAfterActions => "Se compra después de la fase de acción.".into(),
            Illegal::NoBuyLeft => "No te quedan compras en este turno.".into(),
            Illegal::TooDear { card, treasure } => format!(
                "La carta de {} cuesta {}; tu tesoro es {treasure}.",
                card_word(card),
                card.cost()
            ),
            Illegal::PileEmpty(card) => {
                format!("El montón de {} está vacío.", card_word(card))
            }
            Illegal::EndActionsFirst => "Primero termina la fase de acción.".into(),
            Illegal::PlayACard => {
                "Las piezas se mueven jugando una carta de su tipo.".into()
            }
            Illegal::NotLegal(mv) => format!("{} no es una jugada legal aquí.", mv.uci()),
            Illegal::BrokenBoard => "No se puede jugar en este tablero.".into(),
        }
    }
}

//! Why A City of Spies refused an action, in the page's language.

use intrigue_core::games::city_of_spies::{Illegal, Phase, Square, TableView};

use super::look::piece_words;
use crate::reasons::{Reason, Stays};

/// Why the piece on `square` cannot move now: `waiting` when whoever taps is not the seat
/// to act (the computer's turn, another seat's on a phone); a claim to answer first; or
/// nowhere to go. `None` for a piece that can move, an empty square, or no turn under way.
pub fn why_stays(view: &TableView, square: Square, waiting: bool) -> Option<Stays<Illegal>> {
    view.board.iter().find(|(at, _)| *at == square)?;
    let seat = match view.phase {
        Phase::Turn { seat } => seat,
        Phase::Claim { .. } if !waiting => return Some(Stays::Game(Illegal::AnswerTheClaim)),
        Phase::Claim { seat, .. } => seat,
        Phase::SetUp | Phase::GameOver { .. } => return None,
    };
    if waiting {
        return Some(Stays::TheirTurn(view.names.get(usize::from(seat))?.clone()));
    }
    if view.destinations.iter().any(|(from, to)| *from == square && !to.is_empty()) {
        return None;
    }
    Some(Stays::NoMove)
}

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

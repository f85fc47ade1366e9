//! Why Carousel chess refused a move, in the page's language.

use intrigue_core::games::carousel_chess::chess::{Color, Square};
use intrigue_core::games::carousel_chess::{Illegal, TableView};

use super::table::end_words;
use crate::reasons::{Reason, Stays};

/// Why a piece of Carousel Chess cannot move now, beyond the reasons every board shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waits {
    /// The other colour is to move (this one).
    OtherColour(Color),
}

impl Reason for Waits {
    fn words(&self) -> String {
        match self {
            Waits::OtherColour(Color::White) => tr!(
                "White moves now: tap a white piece.",
                "Ahora mueven las blancas: toca una pieza blanca."
            ),
            Waits::OtherColour(Color::Black) => tr!(
                "Black moves now: tap a black piece.",
                "Ahora mueven las negras: toca una pieza negra."
            ),
        }
        .to_string()
    }
}

/// Why the piece on `square` cannot move now: `waiting` when whoever taps is not the one
/// to move (the computer's ply, another seat's on a phone). `None` for a piece that can
/// move, an empty square, or a game over.
pub fn why_stays(view: &TableView, square: Square, waiting: bool) -> Option<Stays<Waits>> {
    if view.end.is_some() {
        return None;
    }
    let &(_, colour, _) = view.board.iter().find(|(at, _, _)| *at == square)?;
    if waiting {
        let seat = view.seat_to_move?;
        return Some(Stays::TheirTurn(view.names.get(usize::from(seat))?.clone()));
    }
    if colour != view.turn {
        return Some(Stays::Game(Waits::OtherColour(view.turn)));
    }
    if view.destinations.iter().any(|(from, to)| *from == square && !to.is_empty()) {
        return None;
    }
    Some(if view.check.is_some() {
        Stays::CheckHolds
    } else {
        Stays::NoMove
    })
}

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

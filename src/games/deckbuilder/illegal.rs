//! Why the Chess deckbuilder refused an action, in the page's language.

use intrigue_core::games::deckbuilder::chess::{Color, Role, Square};
use intrigue_core::games::deckbuilder::{
    Action, Card, DeckbuilderView, End, How, Illegal, Phase, colour,
};

use super::story::card_word;
use crate::reasons::{Reason, Stays};

/// Why a piece of the deckbuilder cannot move now, beyond the reasons every board shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waits {
    /// The other player's piece (their name as the core has it).
    NotYours(String),
    /// A card in the hand moves this piece: that card first.
    CardFirst(Card),
    /// The card chosen moves only its own kind of piece.
    MovesOnly(Card),
    /// No card in the hand moves this kind of piece.
    NoCard,
    /// The core's own reason.
    Refused(Illegal),
}

/// "a knight", "the king"; "un caballo", "el rey": what a card moves, in a sentence.
fn a_piece(role: Role) -> &'static str {
    match role {
        Role::Pawn => tr!("a pawn", "un peón"),
        Role::Knight => tr!("a knight", "un caballo"),
        Role::Bishop => tr!("a bishop", "un alfil"),
        Role::Rook => tr!("a rook", "una torre"),
        Role::Queen => tr!("the queen", "la dama"),
        Role::King => tr!("the king", "el rey"),
    }
    .get()
}

impl Reason for Waits {
    fn words(&self) -> String {
        match self {
            Waits::NotYours(name) => {
                let name = crate::i18n::name_here(name);
                if crate::i18n::es() {
                    format!("Esta pieza es {}.", crate::i18n::de(&name))
                } else {
                    format!("This piece is {name}'s.")
                }
            }
            Waits::CardFirst(card) => trf!(
                "Tap your {} card first: it moves this piece.",
                "Toca primero tu carta de {}: mueve esta pieza.",
                card_word(*card)
            ),
            Waits::MovesOnly(card) => match card.role() {
                Some(role) => trf!(
                    "The {} card moves only {}.",
                    "La carta de {} solo mueve {}.",
                    card_word(*card),
                    a_piece(role)
                ),
                None => Illegal::Treasure(*card).words(),
            },
            Waits::NoCard => tr!(
                "No card in your hand moves this piece.",
                "Ninguna carta de tu mano mueve esta pieza."
            )
            .to_string(),
            Waits::Refused(illegal) => illegal.words(),
        }
    }
}

/// Why `me`'s tap on the `piece` standing on `square` moves nothing, with `chosen` the
/// card tapped and `movable` whether the board offers the piece a move. `None` for a
/// piece that can move, or a game over.
pub fn why_stays(
    v: &DeckbuilderView,
    me: u8,
    chosen: Option<Card>,
    (square, piece_colour, role): (Square, Color, Role),
    movable: bool,
) -> Option<Stays<Waits>> {
    if v.end.is_some() || movable {
        return None;
    }
    let seat = v.seat?;
    if seat != me {
        return Some(Stays::TheirTurn(v.names.get(usize::from(seat))?.clone()));
    }
    if piece_colour != colour(me) {
        let them = v.names.get(usize::from(1 - me.min(1)))?.clone();
        return Some(Stays::Game(Waits::NotYours(them)));
    }
    let stuck = || if v.check.is_some() { Stays::CheckHolds } else { Stays::NoMove };
    Some(match v.phase {
        Phase::Buy => Stays::Game(Waits::Refused(Illegal::ActionPhaseOver)),
        Phase::Escape => Stays::CheckHolds,
        Phase::Action if v.actions == 0 => Stays::Game(Waits::Refused(Illegal::NoActionLeft)),
        Phase::Action => match chosen {
            Some(card) if card.role() != Some(role) => Stays::Game(Waits::MovesOnly(card)),
            Some(_) => stuck(),
            None => {
                let card = v.legal.iter().find_map(|a| match a {
                    Action::Play {
                        card,
                        how: How::Move(m),
                    } if m.from == square => Some(*card),
                    _ => None,
                });
                match card {
                    Some(card) => Stays::Game(Waits::CardFirst(card)),
                    None if v.hand.iter().any(|c| c.role() == Some(role)) => stuck(),
                    None => Stays::Game(Waits::NoCard),
                }
            }
        },
    })
}

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

#[cfg(test)]
mod tests {
    use intrigue_core::Viewer;
    use intrigue_core::game::Referee;
    use intrigue_core::games::deckbuilder::Deckbuilder;
    use intrigue_core::seats::Seats;
    use intrigue_core::seed::Seed;
    use intrigue_core::Game;

    use super::*;
    use crate::i18n::{Lang, speak};

    /// A first turn whose hand holds a Pawn card and no Knight card.
    fn first_turn() -> Referee<Deckbuilder> {
        (1..400)
            .map(|seed| {
                let seats = Seats::new(2, vec!["Ann".into(), "Bo".into()]).unwrap();
                Referee::new(Deckbuilder::config(&seats, 0), Seed(seed)).unwrap()
            })
            .find(|r: &Referee<Deckbuilder>| {
                let hand = r.view(Viewer::Seat(0)).body.hand;
                hand.contains(&Card::Pawn) && !hand.contains(&Card::Knight)
            })
            .expect("such a hand")
    }

    /// The reason the board of `seat` says on `square`, with `card` chosen.
    fn said(r: &Referee<Deckbuilder>, seat: u8, card: Option<Card>, square: Square) -> Option<String> {
        let v = r.view(Viewer::Seat(seat)).body;
        super::super::look::model(&v, seat, card, &(None, Vec::new()))
            .refusals
            .into_iter()
            .find(|(at, _)| *at == square as u8)
            .map(|(_, why)| why)
    }

    /// A tap on a piece that cannot move says why, in both languages: the card that moves
    /// it comes first, the card chosen moves only its own kind, no card moves it, it is the
    /// other player's piece or turn; a piece the chosen card moves says nothing.
    #[test]
    fn a_piece_that_cannot_move_says_why() {
        speak(Lang::En);
        let r = first_turn();
        assert_eq!(said(&r, 0, None, Square::E2).as_deref(), Some("Tap your Pawn card first: it moves this piece."));
        assert_eq!(said(&r, 0, None, Square::G1).as_deref(), Some("No card in your hand moves this piece."));
        assert_eq!(said(&r, 0, Some(Card::Pawn), Square::E2), None, "the Pawn card moves it");
        assert_eq!(said(&r, 0, Some(Card::Pawn), Square::G1).as_deref(), Some("The Pawn card moves only a pawn."));
        assert_eq!(said(&r, 0, Some(Card::Pawn), Square::A1).as_deref(), Some("The Pawn card moves only a pawn."));
        assert_eq!(said(&r, 0, None, Square::E7).as_deref(), Some("This piece is Bo's."));
        assert_eq!(said(&r, 1, None, Square::E7).as_deref(), Some("It is Ann's turn."));
        assert_eq!(said(&r, 0, None, Square::E4), None, "an empty square");
        speak(Lang::Es);
        assert_eq!(said(&r, 0, None, Square::E2).as_deref(), Some("Toca primero tu carta de peón: mueve esta pieza."));
        assert_eq!(said(&r, 0, Some(Card::Pawn), Square::G1).as_deref(), Some("La carta de peón solo mueve un peón."));
        assert_eq!(said(&r, 0, None, Square::E7).as_deref(), Some("Esta pieza es de Bo."));
        assert_eq!(said(&r, 0, None, Square::G1).as_deref(), Some("Ninguna carta de tu mano mueve esta pieza."));
        speak(Lang::En);
        assert_eq!(Waits::MovesOnly(Card::Knight).words(), "The Knight card moves only a knight.");
        assert_eq!(Waits::MovesOnly(Card::Copper).words(), "Copper is a treasure: it counts in the buy phase.");
    }

    /// "What can I do?" says each card that can be played, the pieces it moves and what
    /// else it gives, and going on to buy; then the buy, in both languages.
    #[test]
    fn a_hint_says_each_card_and_what_it_moves() {
        speak(Lang::En);
        let mut r = first_turn();
        let v = r.view(Viewer::Seat(0)).body;
        let hints = super::super::look::hints(&v);
        assert_eq!(hints[0], "Pawn card: moves the piece on a2, b2, c2, d2, e2, f2, g2 or h2; +1 action.");
        assert_eq!(hints.last().map(String::as_str), Some("Or go on to buying."));
        speak(Lang::Es);
        assert_eq!(
            super::super::look::hints(&v)[0],
            "Carta de peón: mueve la pieza de a2, b2, c2, d2, e2, f2, g2 o h2; +1 acción."
        );
        speak(Lang::En);
        r.act(Action::EndActions).unwrap();
        let v = r.view(Viewer::Seat(0)).body;
        let treasure = v.treasure.unwrap();
        assert_eq!(
            super::super::look::hints(&v),
            [format!("Buy a card costing up to {treasure}, or end your turn.")]
        );
        assert!(super::super::look::hints(&r.view(Viewer::Seat(1)).body).is_empty(), "not Bo's turn");
    }
}

//! How the deckbuilder's screens show a seat's view: the board's model (what may move for
//! the chosen card), the cards' pictures and short effects, the status line, and keeping
//! what a tap shows above the sticky bar. Used by the shared screen (`play`) and a seat's
//! turn (`turn`) alike.

use intrigue_core::games::deckbuilder::chess::Role;
use intrigue_core::games::deckbuilder::{
    Action, Card, ChessMove, DeckbuilderView, How, Phase, colour,
};
use leptos::prelude::*;

use super::illegal::why_stays;
use super::story::card_word;
use crate::components::{BoardModel, BoardPiece, Face, TapShows};
use crate::reasons::Reason;
use crate::games::chess_pieces::picture;

pub(super) fn card_picture(card: Card, seat: u8) -> Option<&'static str> {
    card.role().map(|role| picture(colour(seat), role))
}

/// What a card does, in the fewest words (the card says it; the whole is said when chosen).
pub(super) fn short_effect(card: Card) -> &'static str {
    match card {
        Card::Pawn => tr!("+1 action", "+1 acción"),
        Card::Rook => tr!("+2 cards", "+2 cartas"),
        Card::Knight => tr!("+1 card +1 action", "+1 carta +1 acción"),
        Card::Bishop => tr!("or trade up", "o mejora una carta"),
        Card::King => tr!("or bring back", "o recupera una pieza"),
        Card::Queen => tr!("+1 buy, worth 1", "+1 compra, vale 1"),
        Card::Copper => tr!("worth 1", "vale 1"),
        Card::Silver => tr!("worth 2", "vale 2"),
    }
    .get()
}

/// The board for `me`, with the chosen card's moves (or the escapes) as destinations.
pub(super) fn model(
    v: &DeckbuilderView,
    me: u8,
    card: Option<Card>,
    marks: &(Option<(u8, u8)>, Vec<u8>),
) -> BoardModel {
    let moves = choices(v, card);
    let mut destinations: Vec<(u8, Vec<u8>)> = Vec::new();
    // Moves offered more than once (a promotion, to each piece) ask which first.
    let mut asking: Vec<(u8, u8)> = Vec::new();
    for m in &moves {
        let (f, t) = (m.from as u8, m.to as u8);
        match destinations.iter_mut().find(|(from, _)| *from == f) {
            Some((_, to)) if !to.contains(&t) => to.push(t),
            Some(_) => asking.push((f, t)),
            None => destinations.push((f, vec![t])),
        }
    }
    // The King card's revival: the lost pieces wait beside the board, to be placed on the
    // pawn they replace.
    let mut tray: Vec<BoardPiece> = Vec::new();
    let mut drops: Vec<(u16, Vec<u8>)> = Vec::new();
    for a in &v.legal {
        if let Action::Play {
            card: Card::King,
            how: How::Revive { at, role },
        } = a
            && card == Some(Card::King)
        {
            let id = tray_id(*role);
            if !tray.iter().any(|p| p.id == id) {
                tray.push(BoardPiece {
                    id,
                    at: 0,
                    owner: None,
                    face: Face::Up,
                    image: picture(colour(me), *role),
                    label: trf!(
                        "Lost {}",
                        "{} perdido",
                        crate::games::chess_pieces::piece_name(colour(me), *role)
                    ),
                    badge: None,
                });
                drops.push((id, Vec::new()));
            }
            if let Some((_, squares)) = drops.iter_mut().find(|(i, _)| *i == id) {
                squares.push(*at as u8);
            }
        }
    }
    let refusals = v
        .pieces()
        .into_iter()
        .filter_map(|piece| {
            let at = piece.0 as u8;
            let movable = destinations.iter().any(|(from, to)| *from == at && !to.is_empty());
            Some((at, why_stays(v, me, card, piece, movable)?.words()))
        })
        .collect();
    BoardModel {
        width: 8,
        height: 8,
        tray,
        drops,
        refusals,
        pieces: v
            .pieces()
            .into_iter()
            .map(|(sq, c, role)| BoardPiece {
                id: sq as u16,
                at: sq as u8,
                owner: None,
                face: Face::Up,
                image: picture(c, role),
                label: crate::games::chess_pieces::piece_name(c, role),
                badge: None,
            })
            .collect(),
        destinations,
        last_move: marks.0,
        recent: marks.1.clone(),
        check: v.check.map(|sq| sq as u8),
        flipped: me == 1,
        tap_shows: TapShows::EveryMoveBut(asking),
        ..Default::default()
    }
}

/// Scroll the page so that the element `selector` finds is above the bar held at the bottom
/// of the screen (on a phone; on a wide screen the bar is not held there, and nothing moves).
pub(super) fn show_above_bar(selector: &str) {
    let window = window();
    let document = document();
    let (Ok(Some(element)), Ok(Some(bar))) = (
        document.query_selector(selector),
        document.query_selector(".deckbuilder .deck-bar"),
    ) else {
        return;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let bar = bar.get_bounding_client_rect();
    let held = bar.bottom() >= height - 1.0;
    let hidden = element.get_bounding_client_rect().bottom() - bar.top();
    if held && hidden > 0.0 {
        window.scroll_by_with_x_and_y(0.0, hidden + 8.0);
    }
}

/// A lost piece's id in the tray (apart from the squares' ids, 0–63).
pub(super) fn tray_id(role: Role) -> u16 {
    100 + role as u16
}

/// What the player may do now, a sentence each ("What can I do?"): each card of the hand
/// that can be played, what piece it moves and from where, and what else it gives; the
/// buy; the escape's moves are the board's own.
pub(super) fn hints(v: &DeckbuilderView) -> Vec<String> {
    let mut hints = Vec::new();
    match v.phase {
        Phase::Escape => {}
        Phase::Action => {
            let mut cards: Vec<Card> = Vec::new();
            for a in &v.legal {
                if let Action::Play { card, .. } = a
                    && !cards.contains(card)
                {
                    cards.push(*card);
                }
            }
            for card in cards {
                let mut from: Vec<String> = Vec::new();
                for a in &v.legal {
                    if let Action::Play {
                        card: c,
                        how: How::Move(m),
                    } = a
                        && *c == card
                        && !from.contains(&m.from.to_string())
                    {
                        from.push(m.from.to_string());
                    }
                }
                hints.push(match card.role() {
                    Some(_) if !from.is_empty() => trf!(
                        "{} card: moves the piece on {}; {}.",
                        "Carta de {}: mueve la pieza de {}; {}.",
                        card_word(card),
                        crate::words::or(&from),
                        short_effect(card)
                    ),
                    _ => trf!(
                        "{} card: {}.",
                        "Carta de {}: {}.",
                        card_word(card),
                        short_effect(card)
                    ),
                });
            }
            if v.legal.contains(&Action::EndActions) {
                hints.push(
                    tr!("Or go on to buying.", "O pasa a comprar.").to_string(),
                );
            }
        }
        Phase::Buy => {
            if v.buys > 0 && v.legal.iter().any(|a| matches!(a, Action::Buy(_))) {
                hints.push(trf!(
                    "Buy a card costing up to {}, or end your turn.",
                    "Compra una carta que cueste hasta {}, o termina tu turno.",
                    v.treasure.unwrap_or(0)
                ));
            } else if v.legal.contains(&Action::EndTurn) {
                hints.push(tr!("End your turn.", "Termina tu turno.").to_string());
            }
        }
    }
    hints
}

/// The moves the board offers: the chosen card's, or every escape.
fn choices(v: &DeckbuilderView, card: Option<Card>) -> Vec<ChessMove> {
    v.legal
        .iter()
        .filter_map(|a| match (a, card) {
            (
                Action::Play {
                    card: c,
                    how: How::Move(m),
                },
                Some(chosen),
            ) if *c == chosen => Some(*m),
            (Action::Escape(m), _) => Some(*m),
            _ => None,
        })
        .collect()
}

/// What the player may do now, said in the line under their name; `chosen` is the card they
/// tapped.
pub(super) fn status_line(v: &DeckbuilderView, chosen: Option<Card>) -> String {
    let moves_with = |card: Card| {
        v.legal
            .iter()
            .any(|a| matches!(a, Action::Play { card: c, how: How::Move(_) } if *c == card))
    };
    match v.phase {
        Phase::Escape => tr!(
            "In check, and no card in your hand can get you out: move a piece out of check without a card. Your turn then ends and you keep your hand.",
            "En jaque, y ninguna carta de tu mano te saca: saca una pieza del jaque sin carta. Después tu turno termina y te quedas tu mano."
        )
        .to_string(),
        Phase::Action if v.must_escape && chosen.is_none() => tr!(
            "Check! Play a card that moves a piece out of check.",
            "¡Jaque! Juega una carta que saque una pieza del jaque."
        )
        .to_string(),
        Phase::Action => match chosen {
            Some(card) if moves_with(card) => trf!(
                "{} card: tap a marked piece, then where it goes.",
                "Carta de {}: toca una pieza marcada y luego adónde va.",
                card_word(card)
            ),
            // Playable, yet no piece can move with it: its bonus, trade or revival only.
            Some(card) => trf!(
                "No piece can move with the {} card now: play it another way, or choose another card.",
                "Ahora ninguna pieza puede moverse con la carta de {}: juégala de otra forma o elige otra carta.",
                card_word(card)
            ),
            None if v.hand.iter().any(|c| c.is_action()) => tr!(
                "Action phase: tap a card to see what it can move.",
                "Fase de acciones: toca una carta para ver qué puede mover."
            )
            .to_string(),
            None => tr!(
                "No action card in hand: go on to buying.",
                "No hay cartas de acción en la mano: pasa a comprar."
            )
            .to_string(),
        },
        Phase::Buy if v.buys == 0 => tr!(
            "No buys left: end your turn.",
            "No te quedan compras: termina tu turno."
        )
        .to_string(),
        Phase::Buy => trf!(
            "Buy phase: {}, each a card costing up to {}.",
            "Fase de compra: {}, cada una de una carta de coste hasta {}.",
            crate::i18n::count(usize::from(v.buys), tr!("buy", "compra"), tr!("buys", "compras")),
            v.treasure.unwrap_or(0)
        ),
    }
}

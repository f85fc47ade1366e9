//! What a seat may do, read from its view alone, as plain functions (no screen): which
//! actions a move on the board makes with the chosen card (several: a promotion asks which
//! piece), the King's revival from the tray, the chosen card's other uses, and the counts
//! under the hand. The seat's screen (`turn`) draws and plays them; the tests here run
//! natively on views of real games.

use intrigue_core::games::deckbuilder::{Action, Card, DeckbuilderView, How, Phase};

use super::look::tray_id;
use super::story::{card_name, card_word};

/// The actions a move from `from` to `to` makes: with the chosen `card`, or as an escape
/// from check. None: the board refuses it; several: the same move promotes to any piece.
pub(super) fn moves_to(v: &DeckbuilderView, card: Option<Card>, from: u8, to: u8) -> Vec<Action> {
    v.legal
        .iter()
        .filter(|a| match (a, card) {
            (
                Action::Play {
                    card: c,
                    how: How::Move(m),
                },
                Some(chosen),
            ) => *c == chosen && m.from as u8 == from && m.to as u8 == to,
            (Action::Escape(m), _) => m.from as u8 == from && m.to as u8 == to,
            _ => false,
        })
        .copied()
        .collect()
}

/// The King card's revival of the tray's piece `id` onto the pawn on `at`, if it is legal.
pub(super) fn revival(v: &DeckbuilderView, id: u16, at: u8) -> Option<Action> {
    v.legal.iter().copied().find(|a| {
        matches!(a, Action::Play { card: Card::King, how: How::Revive { at: sq, role } }
            if tray_id(*role) == id && *sq as u8 == at)
    })
}

/// Whether the King card may bring a lost piece back now (its tray is shown).
pub(super) fn can_revive(v: &DeckbuilderView) -> bool {
    v.legal.iter().any(|a| {
        matches!(
            a,
            Action::Play {
                how: How::Revive { .. },
                ..
            }
        )
    })
}

/// The chosen card's uses other than a move on the board (its bonus alone, the Bishop's
/// trades), each with its button's words. The revival is made on the board.
pub(super) fn other_uses(v: &DeckbuilderView, card: Option<Card>) -> Vec<(Action, String)> {
    let mut uses = Vec::new();
    for a in &v.legal {
        let Action::Play { card: c, how } = a else {
            continue;
        };
        if Some(*c) != card {
            continue;
        }
        match how {
            How::Bonus => uses.push((
                *a,
                trf!(
                    "Play the {} without moving",
                    "Jugar la carta de {} sin mover",
                    card_word(*c)
                ),
            )),
            How::Trade { trash, gain } => uses.push((
                *a,
                trf!(
                    "Trash {} → gain {}",
                    "Eliminar {} → ganar {}",
                    card_name(*trash),
                    card_name(*gain)
                ),
            )),
            How::Revive { .. } | How::Move(_) => {}
        }
    }
    uses
}

/// A player's own turns, counted as each player counts them: White's second turn and
/// Black's second are both "turn 2" (the game's count, 1, 2, 3…, numbers every turn).
pub(super) fn own_turn(turn: u32) -> u32 {
    turn.div_ceil(2)
}

/// The counts under the hand: the turn, and the actions, buys and treasure left.
pub(super) fn counts(v: &DeckbuilderView) -> String {
    if v.phase == Phase::Escape {
        return trf!(
            "Turn {} · a move without a card",
            "Turno {} · una jugada sin carta",
            own_turn(v.turn)
        );
    }
    trf!(
        "Turn {} · Actions {} · Buys {} · Treasure {}",
        "Turno {} · Acciones {} · Compras {} · Tesoro {}",
        own_turn(v.turn),
        v.actions,
        v.buys,
        v.treasure.unwrap_or(0)
    )
}

/// The cards the buy phase may buy now, in the supply's order.
pub(super) fn buyable(v: &DeckbuilderView) -> Vec<Card> {
    Card::ALL
        .into_iter()
        .filter(|&card| v.legal.contains(&Action::Buy(card)))
        .collect()
}

#[cfg(test)]
mod tests {
    use intrigue_core::Viewer;
    use intrigue_core::game::Referee;
    use intrigue_core::games::deckbuilder::chess::Square;
    use intrigue_core::games::deckbuilder::{ChessMove, Deckbuilder};
    use intrigue_core::seats::Seats;
    use intrigue_core::seed::Seed;
    use intrigue_core::Game;

    use super::*;
    use crate::i18n::{Lang, speak};

    fn game(seed: u64) -> Referee<Deckbuilder> {
        let seats = Seats::new(2, vec![]).unwrap();
        Referee::new(Deckbuilder::config(&seats, 0), Seed(seed)).unwrap()
    }

    /// A first turn whose hand holds a Pawn card (every starting deck has them).
    fn with_a_pawn() -> (Referee<Deckbuilder>, DeckbuilderView) {
        (1..200)
            .map(game)
            .find_map(|r| {
                let v = r.view(Viewer::Seat(0)).body;
                v.hand.contains(&Card::Pawn).then_some((r, v))
            })
            .expect("a hand with a Pawn card")
    }

    #[test]
    fn a_move_on_the_board_is_the_chosen_cards_and_only_its() {
        let (_, v) = with_a_pawn();
        let (e2, e4) = (Square::E2 as u8, Square::E4 as u8);
        let played = moves_to(&v, Some(Card::Pawn), e2, e4);
        assert_eq!(
            played,
            vec![Action::Play {
                card: Card::Pawn,
                how: How::Move(ChessMove {
                    from: Square::E2,
                    to: Square::E4,
                    promotion: None
                })
            }]
        );
        // No card chosen, or a card that does not move a pawn: the board refuses it.
        assert!(moves_to(&v, None, e2, e4).is_empty());
        assert!(moves_to(&v, Some(Card::Knight), e2, e4).is_empty());
        // Not a pawn's move.
        assert!(moves_to(&v, Some(Card::Pawn), e2, Square::E5 as u8).is_empty());
        // Nothing to bring back at the start, and no tray.
        assert!(!can_revive(&v));
        assert_eq!(revival(&v, tray_id(intrigue_core::games::deckbuilder::chess::Role::Rook), e2), None);
    }

    #[test]
    fn the_counts_and_the_buys_are_said_from_the_view() {
        let (mut r, v) = with_a_pawn();
        speak(Lang::En);
        assert_eq!(counts(&v), format!("Turn 1 · Actions {} · Buys {} · Treasure {}", v.actions, v.buys, v.treasure.unwrap_or(0)));
        assert!(buyable(&v).is_empty(), "nothing is bought in the action phase");
        r.act(Action::EndActions).unwrap();
        let v = r.view(Viewer::Seat(0)).body;
        let treasure = v.treasure.unwrap_or(0);
        let cards = buyable(&v);
        assert!(!cards.is_empty());
        assert!(cards.iter().all(|c| c.cost() <= treasure), "{cards:?} within {treasure}");
        assert!(cards.contains(&Card::Copper), "a Copper costs nothing");
        speak(Lang::Es);
        assert!(counts(&v).starts_with("Turno 1 · Acciones "), "{}", counts(&v));
        speak(Lang::En);
        assert_eq!((own_turn(1), own_turn(2), own_turn(3)), (1, 1, 2));
    }

    #[test]
    fn a_cards_other_uses_are_its_bonus_and_its_trades() {
        let (_, v) = with_a_pawn();
        speak(Lang::En);
        let uses = other_uses(&v, Some(Card::Pawn));
        let bonus = Action::Play {
            card: Card::Pawn,
            how: How::Bonus,
        };
        if v.legal.contains(&bonus) {
            assert_eq!(uses, vec![(bonus, "Play the Pawn without moving".to_string())]);
        } else {
            assert!(uses.is_empty(), "{uses:?}");
        }
        assert!(other_uses(&v, None).is_empty());
        assert!(other_uses(&v, Some(Card::Silver)).is_empty(), "a treasure is not played");
    }
}

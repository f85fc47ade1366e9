//! What the board's player has chosen, and what a tap or a drop does with it, as plain
//! data with pure transitions (no page): the `Board` component does what each outcome
//! says (plays the move, places the piece, says why not). Tested natively here.

use super::drag::Held;
use super::model::BoardModel;

/// What is chosen on the board now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Choice {
    /// A piece on the board, chosen to move.
    pub from: Option<u8>,
    /// A piece of the tray, chosen to place.
    pub placing: Option<u16>,
    /// The square of a piece being dragged.
    pub dragging: Option<u8>,
}

/// What a tap on a square does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tap {
    /// Play the chosen piece's move.
    Play { from: u8, to: u8 },
    /// Place the chosen tray piece here.
    Place { id: u16, on: u8 },
    /// Not a square for the chosen tray piece: it stays chosen (the player is told why).
    NotForThisPiece,
    /// Choose the piece here to move, or (`None`) let go of every choice.
    Choose(Option<u8>),
    /// A piece that cannot act now: every choice let go, and the player told why (the
    /// model's refusal for that square).
    Refused(u8),
}

/// A tap on `index` with `choice` made, on `model`. `tell`: the board says what a tap
/// meant (then a tray piece stays chosen after a wrong square, and the player hears why).
pub(super) fn tap(model: &BoardModel, choice: Choice, index: u8, tell: bool) -> Tap {
    if let Some(id) = choice.placing {
        return if model.can_drop(id, index) {
            Tap::Place { id, on: index }
        } else if tell {
            Tap::NotForThisPiece
        } else {
            Tap::Choose(None)
        };
    }
    match choice.from {
        Some(from) if model.can_move(from, index) => Tap::Play { from, to: index },
        Some(from) if from == index => Tap::Choose(None),
        _ if model.movable(index) => Tap::Choose(Some(index)),
        _ if model.refusal(index).is_some() => Tap::Refused(index),
        _ => Tap::Choose(None),
    }
}

/// What a drag of `held` that ends over `to` (no square: off the board) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dropped {
    Play {
        from: u8,
        to: u8,
    },
    Place {
        id: u16,
        on: u8,
    },
    /// A board piece that may not go there stays picked up.
    Hold(u8),
    /// A tray piece that may not go there goes back.
    Nothing,
}

pub(super) fn dropped(model: &BoardModel, held: Held, to: Option<u8>) -> Dropped {
    match held {
        Held::Square(from) => match to {
            Some(to) if model.can_move(from, to) => Dropped::Play { from, to },
            _ => Dropped::Hold(from),
        },
        Held::Tray(id) => match to {
            Some(on) if model.can_drop(id, on) => Dropped::Place { id, on },
            _ => Dropped::Nothing,
        },
    }
}

impl Choice {
    /// A tap on tray piece `id`: chosen to place, or let go when it was.
    pub(super) fn tray_tapped(&mut self, id: u16) {
        self.from = None;
        self.placing = if self.placing == Some(id) {
            None
        } else {
            Some(id)
        };
    }

    /// Every choice let go (a new position, Escape).
    pub(super) fn clear(&mut self) {
        self.from = None;
        self.placing = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3×3 board: the piece on 0 may go to 1 or 4; the tray piece 7 may go on 6 or 8.
    fn model() -> BoardModel {
        BoardModel {
            width: 3,
            height: 3,
            destinations: vec![(0, vec![1, 4]), (2, vec![])],
            drops: vec![(7, vec![6, 8])],
            ..BoardModel::default()
        }
    }

    #[test]
    fn a_tap_chooses_a_piece_then_plays_its_move() {
        let m = model();
        let none = Choice::default();
        assert_eq!(tap(&m, none, 0, false), Tap::Choose(Some(0)));
        assert_eq!(
            tap(&m, none, 2, false),
            Tap::Choose(None),
            "a piece with nowhere to go"
        );
        assert_eq!(tap(&m, none, 5, false), Tap::Choose(None));
        let chosen = Choice {
            from: Some(0),
            ..none
        };
        assert_eq!(tap(&m, chosen, 4, false), Tap::Play { from: 0, to: 4 });
        assert_eq!(
            tap(&m, chosen, 0, false),
            Tap::Choose(None),
            "tapped again: let go"
        );
        assert_eq!(tap(&m, chosen, 5, false), Tap::Choose(None));
    }

    /// A tap on a piece that cannot act says why (the game's reason for that square), and
    /// lets go of the piece chosen; a move onto it, or a piece that can act, is unchanged.
    #[test]
    fn a_piece_that_cannot_act_says_why() {
        let mut m = model();
        m.refusals = vec![
            (2, "A mine never moves.".into()),
            (4, "Not this one.".into()),
        ];
        assert_eq!(m.refusal(2), Some("A mine never moves."));
        assert_eq!(m.refusal(5), None);
        let none = Choice::default();
        assert_eq!(tap(&m, none, 2, false), Tap::Refused(2));
        assert_eq!(tap(&m, none, 5, false), Tap::Choose(None), "nothing to say");
        let chosen = Choice {
            from: Some(0),
            ..none
        };
        assert_eq!(
            tap(&m, chosen, 2, false),
            Tap::Refused(2),
            "let go, and told why"
        );
        assert_eq!(
            tap(&m, chosen, 4, false),
            Tap::Play { from: 0, to: 4 },
            "a square the chosen piece may go to is its move"
        );
        assert_eq!(tap(&m, none, 0, false), Tap::Choose(Some(0)));
    }

    #[test]
    fn a_tray_piece_is_placed_on_its_squares_only() {
        let m = model();
        let mut choice = Choice::default();
        choice.tray_tapped(7);
        assert_eq!(choice.placing, Some(7));
        assert_eq!(tap(&m, choice, 8, false), Tap::Place { id: 7, on: 8 });
        assert_eq!(
            tap(&m, choice, 4, true),
            Tap::NotForThisPiece,
            "told why, still chosen"
        );
        assert_eq!(tap(&m, choice, 4, false), Tap::Choose(None));
        choice.tray_tapped(7);
        assert_eq!(choice.placing, None, "tapped again: let go");
        choice.tray_tapped(7);
        choice.clear();
        assert_eq!(choice, Choice::default());
    }

    #[test]
    fn a_drag_lands_where_the_piece_may_go_or_stays_held() {
        let m = model();
        assert_eq!(
            dropped(&m, Held::Square(0), Some(1)),
            Dropped::Play { from: 0, to: 1 }
        );
        assert_eq!(dropped(&m, Held::Square(0), Some(5)), Dropped::Hold(0));
        assert_eq!(dropped(&m, Held::Square(0), None), Dropped::Hold(0));
        assert_eq!(
            dropped(&m, Held::Tray(7), Some(6)),
            Dropped::Place { id: 7, on: 6 }
        );
        assert_eq!(dropped(&m, Held::Tray(7), Some(0)), Dropped::Nothing);
    }
}

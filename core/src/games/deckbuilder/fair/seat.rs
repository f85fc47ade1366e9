//! A phone's screen of a deckbuilder game on two phones (`super::Deal`): the view its seat
//! is drawn from, and a relay named for rewriting the game, which only the session sees.

use super::{Breach, Broke, Deal, DeckbuilderView, Outcome, Viewer};

impl Deal {
    /// The relay, the other player's phone, passed the game on otherwise than it was
    /// played (this phone's words changed, a value heard changed, values lost): found by
    /// the session, which alone knows what this phone sent.
    pub fn name_relay(&mut self, seat: u8) -> Broke {
        self.name(seat, Breach::Forged)
    }

    /// The game as this phone's screen draws it: as the one-device referee shows its seat,
    /// with nothing to play while a draw waits; once a seat is named the game is over and
    /// goes to the other; once it has ended, over as it ended (the end check may still name
    /// a seat).
    pub fn seat_view(&self) -> crate::game::View<DeckbuilderView> {
        use crate::game::{Status, ToAct};
        let seat = self.mine.as_ref().map_or(Viewer::Table, |m| Viewer::Seat(m.seat));
        let body = self.view(seat);
        let (to_act, status) = match (&self.broke, self.outcome) {
            (Some(broke), _) => (
                ToAct::Nobody,
                Status::Over {
                    winners: vec![1 - broke.seat.min(1)],
                    scores: Vec::new(),
                },
            ),
            (None, Some(outcome)) => (
                ToAct::Nobody,
                Status::Over {
                    winners: match outcome {
                        Outcome::Ended(end) => end.winner().into_iter().collect(),
                        Outcome::OutOfDraws => Vec::new(),
                    },
                    scores: Vec::new(),
                },
            ),
            (None, None) => match self.to_move() {
                Some(seat) => (ToAct::Seat(seat), Status::Playing),
                None => (ToAct::Nobody, Status::Playing),
            },
        };
        crate::game::View {
            to_act,
            status,
            can_undo: false,
            body,
        }
    }
}

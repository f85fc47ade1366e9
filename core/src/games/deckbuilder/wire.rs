//! The Chess deckbuilder on the wire (see `crate::wire`): a seat's view (its own hand, the
//! board, the supply, every pile's size), its actions and its news.

use super::cards::{Card, Supply};
use super::fair::{Kept, Opening, Said};
use super::game::{Action, ChessMove, Deckbuilder, Done, End, Event, How, Phase};
use super::view::{DeckbuilderView, Piles};
use crate::wire::{WireError, Wired, ensure, seats_below, wire_enum, wire_newtype, wire_struct};

wire_enum!(Card {
    Pawn = 0,
    Rook = 1,
    Knight = 2,
    Bishop = 3,
    King = 4,
    Queen = 5,
    Copper = 6,
    Silver = 7,
});

wire_newtype!(Supply);

wire_struct!(ChessMove {
    from,
    to,
    promotion
});
wire_enum!(How {
    Bonus = 0,
    Move(m) = 1,
    Trade { trash, gain } = 2,
    Revive { at, role } = 3,
});
wire_enum!(Action {
    Play { card, how } = 0,
    EndActions = 1,
    Buy(card) = 2,
    EndTurn = 3,
    Escape(m) = 4,
    Resign = 5,
});
// The two phones of a fair game (`fair`): what each says, and what a phone keeps.
wire_struct!(Opening { slot, card, salt });
wire_enum!(Said {
    Joined { seat, head, slots } = 0,
    Act { seat, action, opened } = 1,
    Shuffled { seat, slots } = 2,
    Link { seat, draw, link } = 3,
    Shown { seat, opened } = 4,
});
wire_struct!(Kept { seat, secret, said });

impl crate::wire::relay::Spoken for Said {
    fn seat(&self) -> u8 {
        Said::seat(self)
    }
    fn to_bytes(&self) -> Vec<u8> {
        super::fair::to_bytes(self)
    }
    fn from_bytes(bytes: &[u8]) -> Result<Said, crate::wire::WireError> {
        super::fair::from_bytes(bytes)
    }
}

wire_enum!(Phase {
    Action = 0,
    Buy = 1,
    Escape = 2,
});
wire_enum!(End {
    Checkmate { winner } = 0,
    Resigned { loser } = 1,
    Stalemate = 2,
    DeadPosition = 3,
    ThreefoldRepetition = 4,
    FiftyMoves = 5,
});
wire_enum!(Done {
    Bonus = 0,
    Moved { san, mv, captured } = 1,
    Traded { trash, gain } = 2,
    Revived { at, role } = 3,
});
wire_enum!(Event {
    TurnStarted { seat, in_check } = 0,
    Played { seat, card, done } = 1,
    Drew { seat, cards } = 2,
    DrewCount { seat, count } = 3,
    Shuffled { seat } = 4,
    Bought { seat, card } = 5,
    ActionsEnded { seat } = 6,
    Escaped { seat, san, mv, captured } = 7,
    Check { seat } = 8,
    TurnEnded { seat, kept_hand } = 9,
    Ended { end } = 10,
});
wire_struct!(Piles {
    hand,
    draw,
    discard
});
wire_struct!(DeckbuilderView {
    names,
    me,
    seat,
    turn,
    board,
    check,
    phase,
    actions,
    buys,
    treasure,
    hand,
    played,
    piles,
    supply,
    trash,
    lost,
    legal,
    must_escape,
    end,
}, checked by check_view);

/// The seat an end names.
fn end_seat(end: End) -> Option<u8> {
    match end {
        End::Checkmate { winner: seat } | End::Resigned { loser: seat } => Some(seat),
        _ => None,
    }
}

/// What a deckbuilder view can hold: two seats, and only those named.
fn check_view(view: &DeckbuilderView) -> Result<(), WireError> {
    ensure(view.names.len() == 2, "number of players")?;
    ensure(
        seats_below(
            2,
            view.me
                .into_iter()
                .chain(view.seat)
                .chain(view.end.and_then(end_seat)),
        ),
        "seat",
    )
}

impl Wired for Deckbuilder {
    fn seats(_: &DeckbuilderView) -> usize {
        2
    }

    fn event_fits(_: &DeckbuilderView, event: &Event) -> bool {
        match event {
            Event::TurnStarted { seat, .. }
            | Event::Played { seat, .. }
            | Event::Drew { seat, .. }
            | Event::DrewCount { seat, .. }
            | Event::Shuffled { seat }
            | Event::Bought { seat, .. }
            | Event::ActionsEnded { seat }
            | Event::Escaped { seat, .. }
            | Event::Check { seat }
            | Event::TurnEnded { seat, .. } => *seat < 2,
            Event::Ended { end } => seats_below(2, end_seat(*end)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Deckbuilder;
    use crate::game::{Game, RefereeOnly};
    use crate::seats::Seats;
    use crate::seed::{Rng, Seed};
    use crate::wire::frame_for;

    /// Through whole random games, at every action, for each seat: a card of the opponent's
    /// hand traded with a different one of the opponent's draw pile, and the seat's own draw
    /// pile in another order. The seat is sent the very same bytes.
    #[test]
    fn a_phone_is_sent_nothing_of_the_opponents_hand_or_any_draw_piles_order() {
        let mut checked = 0;
        for game in 0..12u64 {
            let mut rng = Rng::from_state(game);
            let seats = Seats::new(2, vec![]).unwrap();
            let config = Deckbuilder::config(&seats, 0);
            let mut state = Deckbuilder::deal(&config, Seed(game), RefereeOnly::new()).unwrap();
            for _ in 0..400 {
                for seat in 0..2u8 {
                    let me = usize::from(seat);
                    let mut other = state.clone();
                    let them = &mut other.players[1 - me];
                    let trade = them.hand.iter().enumerate().find_map(|(h, card)| {
                        them.draw.iter().position(|d| d != card).map(|d| (h, d))
                    });
                    if let Some((h, d)) = trade {
                        std::mem::swap(&mut them.hand[h], &mut them.draw[d]);
                    }
                    other.players[me].draw.reverse();
                    if other != state {
                        assert_eq!(
                            frame_for::<Deckbuilder>(&state, seat),
                            frame_for::<Deckbuilder>(&other, seat),
                            "game {game}, seat {seat}"
                        );
                        checked += 1;
                    }
                }
                // Not a resignation: the games go on to their ends on the board.
                let legal: Vec<_> = Deckbuilder::legal_actions(&state)
                    .into_iter()
                    .filter(|a| !matches!(a, super::super::Action::Resign))
                    .collect();
                let Some(action) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                    break;
                };
                Deckbuilder::apply(&mut state, *action).unwrap();
            }
        }
        assert!(checked > 1_000, "{checked} frames checked");
    }
}

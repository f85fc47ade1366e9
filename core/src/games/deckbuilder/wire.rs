//! The Chess deckbuilder on the wire (see `crate::wire`): a seat's view (its own hand, the
//! board, the supply, every pile's size), its actions and its news.

use super::cards::{Card, Supply};
use super::game::{Action, ChessMove, Done, End, Event, How, Phase};
use super::view::{DeckbuilderView, Piles};
use crate::wire::{wire_enum, wire_newtype, wire_struct};

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

wire_struct!(ChessMove { from, to, promotion });
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
wire_struct!(Piles { hand, draw, discard });
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
});

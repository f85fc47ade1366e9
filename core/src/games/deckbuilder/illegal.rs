//! Why the Chess deckbuilder refuses an action: values the app words in the page's
//! language (`Display` is English, for tools and tests).

use std::fmt;

use super::cards::Card;
use super::game::{ChessMove, End};
use super::view::end_words;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game ended, and how.
    GameOver(End),
    /// The turn began in check and no card in the hand gets out of it: a move without a
    /// card is what is left.
    NoCardGetsOutOfCheck,
    /// The action phase is over: buy, or end the turn.
    ActionPhaseOver,
    /// A treasure card counts in the buy phase; it is not played.
    Treasure(Card),
    NotInHand(Card),
    NoActionLeft,
    /// In check: a card that moves a piece out of check comes first.
    InCheck,
    /// A card whose bonus cannot be played now.
    CannotPlayNow(Card),
    /// Only the first card of a turn may give checkmate.
    OnlyFirstCardMates,
    /// The card does not make that move.
    CannotMake { card: Card, mv: ChessMove },
    /// The Bishop's trade: the new card costs exactly one more, is in the supply, and the
    /// old one is in the hand.
    BadTrade { trash: Card, gain: Card },
    /// The King's revival: a lost rook, knight or bishop, in place of one of the pawns
    /// (and no mate after the first card).
    BadRevival,
    /// "Go to buying" when the action phase is over already.
    ActionPhaseAlreadyOver,
    BuyAfterActions,
    NoBuyLeft,
    TooDear { card: Card, treasure: u8 },
    PileEmpty(Card),
    EndActionsFirst,
    /// A move without a card, outside the escape from check.
    PlayACard,
    /// Not a legal chess move in this position.
    NotLegal(ChessMove),
    /// The position cannot be played on (never met in a game the rules dealt).
    BrokenBoard,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::GameOver(end) => write!(f, "The game is over ({}).", end_words(end)),
            Illegal::NoCardGetsOutOfCheck => f.write_str(
                "No card in your hand gets you out of check: move without a card.",
            ),
            Illegal::ActionPhaseOver => {
                f.write_str("The action phase is over: buy, or end your turn.")
            }
            Illegal::Treasure(card) => write!(
                f,
                "{} is a treasure: it counts in the buy phase.",
                card.name()
            ),
            Illegal::NotInHand(card) => {
                write!(f, "There is no {} card in your hand.", card.name())
            }
            Illegal::NoActionLeft => f.write_str("You have no action left."),
            Illegal::InCheck => f.write_str(
                "You are in check: first play a card that moves a piece out of check.",
            ),
            Illegal::CannotPlayNow(card) => {
                write!(f, "The {} card cannot be played now.", card.name())
            }
            Illegal::OnlyFirstCardMates => {
                f.write_str("Only the first card of a turn may give checkmate.")
            }
            Illegal::CannotMake { card, mv } => write!(
                f,
                "The {} card cannot make the move {}.",
                card.name(),
                mv.uci()
            ),
            Illegal::BadTrade { trash, gain } => write!(
                f,
                "The Bishop cannot trade {} for {}: the new card must cost exactly 1 more, be left in the supply, and the old one be in your hand.",
                trash.name(),
                gain.name()
            ),
            Illegal::BadRevival => f.write_str(
                "The King can only bring back a rook, knight or bishop you have lost, in place of one of your pawns (and not to give mate after the first card).",
            ),
            Illegal::ActionPhaseAlreadyOver => f.write_str("The action phase is already over."),
            Illegal::BuyAfterActions => f.write_str("Buying comes after the action phase."),
            Illegal::NoBuyLeft => f.write_str("You have no buy left this turn."),
            Illegal::TooDear { card, treasure } => write!(
                f,
                "{} costs {}; your treasure is {treasure}.",
                card.name(),
                card.cost()
            ),
            Illegal::PileEmpty(card) => write!(f, "The {} pile is empty.", card.name()),
            Illegal::EndActionsFirst => f.write_str("End the action phase first."),
            Illegal::PlayACard => {
                f.write_str("Moves are made by playing a card of the piece's kind.")
            }
            Illegal::NotLegal(mv) => write!(f, "{} is not a legal move here.", mv.uci()),
            Illegal::BrokenBoard => f.write_str("The board cannot be played on."),
        }
    }
}

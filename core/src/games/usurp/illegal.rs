//! Why Usurp refuses an action: values the app words in the page's language (`Display` is
//! English, for tools and tests).

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    /// A card was drawn: it must be placed before anything else.
    PlaceTheDrawnCard,
    /// No card to draw: the deck is empty, so a town square must be taken.
    DeckEmpty,
    /// Every town square is full: one must be taken.
    SquaresFull,
    /// Placing needs a drawn card.
    DrawFirst,
    /// The town square (from 0) holds its four cards already.
    SquareFull { square: u8 },
    /// Taking needs a town square with cards on it.
    NothingToTake,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("The game is over."),
            Illegal::PlaceTheDrawnCard => f.write_str("Place the card you drew first."),
            Illegal::DeckEmpty => f.write_str("The deck is empty: take a town square."),
            Illegal::SquaresFull => f.write_str("Every town square is full: take one."),
            Illegal::DrawFirst => f.write_str("Draw a card first."),
            Illegal::SquareFull { square } => write!(
                f,
                "Town square {} is full (4 cards at most).",
                u16::from(*square) + 1
            ),
            Illegal::NothingToTake => f.write_str("There is nothing on that town square."),
        }
    }
}

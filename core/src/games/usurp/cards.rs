//! The cards of Usurp (RULINGS §4 Deck): castles, kings, queens, bishops, knights, pawns,
//! and a collection of them written as letters.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Castle,
    King,
    Queen,
    Bishop,
    Knight,
    Pawn,
}

impl Card {
    pub const ALL: [Card; 6] = [
        Card::Castle,
        Card::King,
        Card::Queen,
        Card::Bishop,
        Card::Knight,
        Card::Pawn,
    ];

    /// Its letter in texts: C castle, K king, Q queen, B bishop, N knight, P pawn.
    pub fn letter(self) -> char {
        match self {
            Card::Castle => 'C',
            Card::King => 'K',
            Card::Queen => 'Q',
            Card::Bishop => 'B',
            Card::Knight => 'N',
            Card::Pawn => 'P',
        }
    }

    pub fn from_letter(letter: char) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.letter() == letter)
    }

    pub fn name(self) -> &'static str {
        match self {
            Card::Castle => "Castle",
            Card::King => "King",
            Card::Queen => "Queen",
            Card::Bishop => "Bishop",
            Card::Knight => "Knight",
            Card::Pawn => "Pawn",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many of each card: a deck, or what a player collected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    pub castles: u8,
    pub kings: u8,
    pub queens: u8,
    pub bishops: u8,
    pub knights: u8,
    pub pawns: u8,
}

impl Counts {
    /// The deck of RULINGS §4, castles included (one per player is dealt before the
    /// shuffle): Castle ×10, King ×8, Queen ×6, Bishop ×6, Knight ×6, Pawn ×30.
    pub const STANDARD_DECK: Counts = Counts {
        castles: 10,
        kings: 8,
        queens: 6,
        bishops: 6,
        knights: 6,
        pawns: 30,
    };

    pub fn of(cards: &[Card]) -> Counts {
        let mut counts = Counts::default();
        for &card in cards {
            *counts.get_mut(card) += 1;
        }
        counts
    }

    pub fn get(&self, card: Card) -> u8 {
        match card {
            Card::Castle => self.castles,
            Card::King => self.kings,
            Card::Queen => self.queens,
            Card::Bishop => self.bishops,
            Card::Knight => self.knights,
            Card::Pawn => self.pawns,
        }
    }

    fn get_mut(&mut self, card: Card) -> &mut u8 {
        match card {
            Card::Castle => &mut self.castles,
            Card::King => &mut self.kings,
            Card::Queen => &mut self.queens,
            Card::Bishop => &mut self.bishops,
            Card::Knight => &mut self.knights,
            Card::Pawn => &mut self.pawns,
        }
    }

    /// These and `cards` together (each count at most 255).
    pub fn with(mut self, cards: &[Card]) -> Counts {
        for &card in cards {
            let slot = self.get_mut(card);
            *slot = slot.saturating_add(1);
        }
        self
    }

    pub fn total(&self) -> u32 {
        Card::ALL.iter().map(|&c| u32::from(self.get(c))).sum()
    }

    /// The cards, in the order of [`Card::ALL`].
    pub fn cards(&self) -> Vec<Card> {
        Card::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c, usize::from(self.get(c))))
            .collect()
    }

    /// Letters, one per card (`CCKQBPPP`), in any order; spaces ignored.
    pub fn parse(text: &str) -> Result<Counts, String> {
        let mut counts = Counts::default();
        for letter in text.chars().filter(|c| !c.is_whitespace()) {
            let card = Card::from_letter(letter.to_ascii_uppercase())
                .ok_or(format!("“{letter}” is not a card (C, K, Q, B, N or P)"))?;
            let slot = counts.get_mut(card);
            *slot = slot
                .checked_add(1)
                .ok_or("a collection has at most 255 of a card")?;
        }
        Ok(counts)
    }

    /// As letters, in the order of [`Card::ALL`].
    pub fn letters(&self) -> String {
        self.cards().into_iter().map(Card::letter).collect()
    }
}

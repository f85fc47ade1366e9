//! The cards (RULINGS §5): six action cards named after the chess pieces they move, two
//! treasures, their costs, and the supply piles they are bought from. A card is written as
//! one letter: `P` Pawn, `N` Knight, `B` Bishop, `R` Rook, `Q` Queen, `K` King, `C` Copper,
//! `S` Silver.

use shakmaty::Role;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Pawn,
    Rook,
    Knight,
    Bishop,
    King,
    Queen,
    Copper,
    Silver,
}

impl Card {
    /// Every card, in the order of the supply piles (the rule text's order).
    pub const ALL: [Card; 8] = [
        Card::Pawn,
        Card::Rook,
        Card::Knight,
        Card::Bishop,
        Card::King,
        Card::Queen,
        Card::Copper,
        Card::Silver,
    ];

    /// What it costs to buy (and what the Bishop's trade counts).
    pub fn cost(self) -> u8 {
        match self {
            Card::Pawn | Card::Copper => 2,
            Card::Rook | Card::Knight | Card::Silver => 3,
            Card::Bishop | Card::King => 4,
            Card::Queen => 5,
        }
    }

    /// What it adds to the treasure in the buy phase: Copper 1, Silver 2, and a Queen 1
    /// (held or played).
    pub fn treasure(self) -> u8 {
        match self {
            Card::Copper | Card::Queen => 1,
            Card::Silver => 2,
            _ => 0,
        }
    }

    /// Whether it is played in the action phase (everything but the two treasures).
    pub fn is_action(self) -> bool {
        !matches!(self, Card::Copper | Card::Silver)
    }

    /// The piece an action card moves.
    pub fn role(self) -> Option<Role> {
        Some(match self {
            Card::Pawn => Role::Pawn,
            Card::Rook => Role::Rook,
            Card::Knight => Role::Knight,
            Card::Bishop => Role::Bishop,
            Card::King => Role::King,
            Card::Queen => Role::Queen,
            Card::Copper | Card::Silver => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Card::Pawn => "Pawn",
            Card::Rook => "Rook",
            Card::Knight => "Knight",
            Card::Bishop => "Bishop",
            Card::King => "King",
            Card::Queen => "Queen",
            Card::Copper => "Copper",
            Card::Silver => "Silver",
        }
    }

    /// What playing it does, in a few words (our own).
    pub fn effect(self) -> &'static str {
        match self {
            Card::Pawn => "Move a pawn · +1 action",
            Card::Rook => "Move a rook · draw 2 cards",
            Card::Knight => "Move a knight · draw 1 card · +1 action",
            Card::Bishop => "Move a bishop, or trade a card up by 1",
            Card::King => "Move the king, or bring back a lost piece",
            Card::Queen => "Move the queen · +1 buy · worth 1",
            Card::Copper => "Treasure 1",
            Card::Silver => "Treasure 2",
        }
    }

    pub fn letter(self) -> char {
        match self {
            Card::Pawn => 'P',
            Card::Rook => 'R',
            Card::Knight => 'N',
            Card::Bishop => 'B',
            Card::King => 'K',
            Card::Queen => 'Q',
            Card::Copper => 'C',
            Card::Silver => 'S',
        }
    }

    pub fn from_letter(letter: char) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.letter() == letter)
    }

    /// Its index among the supply piles.
    pub fn pile(self) -> usize {
        Card::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// Cards as letters, in order ("CCCPP"); "-" for none.
pub fn letters(cards: &[Card]) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    cards.iter().map(|c| c.letter()).collect()
}

/// Cards written by [`letters`].
pub fn from_letters(text: &str) -> Result<Vec<Card>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.chars()
        .map(|l| Card::from_letter(l).ok_or(format!("“{l}” is not a card")))
        .collect()
}

/// The supply: how many of each card are left to buy, in the order of [`Card::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Supply(pub [u8; 8]);

impl Supply {
    /// RULINGS §5: ten of each action card, thirty Copper, twenty Silver.
    pub const STANDARD: Supply = Supply([10, 10, 10, 10, 10, 10, 30, 20]);
    /// The house rule "a short supply": half of every pile.
    pub const SHORT: Supply = Supply([5, 5, 5, 5, 5, 5, 15, 10]);

    pub fn left(&self, card: Card) -> u8 {
        self.0[card.pile()]
    }

    pub(crate) fn take(&mut self, card: Card) -> bool {
        let pile = &mut self.0[card.pile()];
        if *pile == 0 {
            return false;
        }
        *pile -= 1;
        true
    }

    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// Written as eight counts separated by dots (`10.10.10.10.10.10.30.20`).
    pub fn to_text(&self) -> String {
        self.0
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(".")
    }

    pub fn from_text(text: &str) -> Result<Supply, String> {
        let counts = text
            .split('.')
            .map(|n| {
                n.parse::<u8>()
                    .map_err(|_| format!("“{n}” is not a pile size"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let piles: [u8; 8] = counts
            .try_into()
            .map_err(|_| "the supply is eight pile sizes".to_string())?;
        Ok(Supply(piles))
    }
}

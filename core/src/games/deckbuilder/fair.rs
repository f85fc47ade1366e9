//! The Chess deckbuilder on two phones, each holding only its own deck (issue 42). Nobody,
//! the owner included, chooses or foresees a draw, and nobody sees the other's hand; at the
//! end both decks are opened and each phone checks the whole game.
//!
//! - Every card a phone holds unseen is a *slot*: a commitment ([`crate::commit`]) to the
//!   card, bound to the seat and the slot's number. The first hand is five slots
//!   (`Said::Joined`); a discard pile shuffled into a new draw pile is committed again, card
//!   by card, in an order drawn from the phone's own secret (`Said::Shuffled`), so the other
//!   phone cannot follow a card it saw played into the new pile.
//! - A draw picks slots of the owner's draw pile, each remaining one as likely, with
//!   randomness both phones make together (each phone's hash chain, one link per draw,
//!   [`crate::commit::joint`]). Drawing at random from the pile is drawing from the top of a
//!   well-shuffled one. The other phone learns which slots went to the hand, never what they
//!   hold.
//! - A card played is opened (its card and salt), and so is the card a Bishop trades away;
//!   the other phone checks the opening against its slot, that the slot is in the hand,
//!   that the deck holds that many of the card (the starting deck and every card bought,
//!   gained or trashed are counted in public), and the action against the rules (the
//!   board, the actions and buys left are public). Which of the hand's copies is opened is
//!   drawn from the phone's secret, so it says nothing of where the others are.
//! - What depends on the unseen hand — that a buy is paid for, that no card could get out of
//!   check before a card-less escape, that a shuffle committed the discard pile's very cards,
//!   that the first hand was the starting deck — is checked at the end: both phones open
//!   every slot (`Said::Shown`) and each plays the whole game again with both decks known
//!   ([`Deal::verdict`]).
//!
//! A phone that opens a slot wrongly, plays a card not in its hand, speaks out of turn or
//! fails the check at the end is named ([`Broke`]); one that will not answer is named by the
//! app's clock ([`Deal::would_not_answer`]); a phone that hears its own words other than it
//! said them names the relay, the other player's phone (`Breach::Forged`; its actions are
//! the session's to check, as it alone knows what it sent). Until both decks are shown the
//! outcome is provisional ([`Deal::outcome`] against [`Deal::verdict`]). What it does not
//! hide, where a real table would: the slot numbers say which draw brought a card that is
//! later played (of a Rook's two cards, that this one was among them). Hiding it would mean
//! committing the whole hand again after every draw.

use super::cards::Card;
use super::game::{Action, Config, Deckbuilder, End, Event, How, State};
use super::illegal::Illegal;
use super::view::DeckbuilderView;
use crate::commit::{Chain, Commitment, Domain, Salt, below, digest, follows, joint};
use crate::game::{Game, RefereeOnly};
use crate::seats::{ConfigError, Viewer};
use crate::seed::Seed;

/// Draws a game may make (each draw opens one link of each chain). A game that makes more
/// ends drawn ([`Outcome::OutOfDraws`]): a draw is made at most a few times a turn, so
/// that is a game of several hundred turns.
pub const CHAIN_LENGTH: u32 = 1024;

/// One slot opened: the card it holds and its salt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    pub slot: u32,
    pub card: Card,
    pub salt: Salt,
}

/// One thing a seat's phone says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The seat's phone is in: its chain's head and its first hand, a slot per card.
    Joined {
        seat: u8,
        head: [u8; 32],
        slots: Vec<Commitment>,
    },
    /// The seat's action on its turn, with the slots it opens: the card played, then the
    /// card a Bishop trades away; none for any other action.
    Act {
        seat: u8,
        action: Action,
        opened: Vec<Opening>,
    },
    /// The seat's discard pile became its draw pile: a new slot per card.
    Shuffled { seat: u8, slots: Vec<Commitment> },
    /// The seat's link for draw `draw`.
    Link { seat: u8, draw: u32, link: [u8; 32] },
    /// At the end: every slot the seat committed, opened, in order.
    Shown { seat: u8, opened: Vec<Opening> },
}

impl Said {
    pub fn seat(&self) -> u8 {
        match self {
            Said::Joined { seat, .. }
            | Said::Act { seat, .. }
            | Said::Shuffled { seat, .. }
            | Said::Link { seat, .. }
            | Said::Shown { seat, .. } => *seat,
        }
    }
}

/// How a phone broke the rules of the game or of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    OutOfOrder,
    /// A link that does not follow the seat's chain.
    WrongLink,
    /// An opening that does not open its slot, of a slot not in the hand, or not the card
    /// the action names.
    WrongOpening,
    /// A shuffle committed more or fewer cards than the discard pile holds.
    WrongShuffle,
    /// An action the rules refuse (seen at once, or at the end with both decks known: a buy
    /// not paid for, an escape while a card could get out of check).
    Illegal(Illegal),
    /// A card opened that the deck does not hold so many of (more of them played or seen
    /// in the discard pile since the last shuffle than were ever bought).
    NotInDeck,
    /// This phone's own words heard otherwise than it said them: the relay (the other
    /// player's phone) changed them.
    Forged,
    /// Found at the end: the first hand was not the starting deck.
    WrongFirstHand,
    /// Found at the end: a shuffle committed other cards than the discard pile's.
    ShuffleChanged,
    /// It did not answer (said by the app's clock).
    WouldNotAnswer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broke {
    pub seat: u8,
    pub breach: Breach,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ended(End),
    /// The chains ran out ([`CHAIN_LENGTH`] draws): a draw.
    OutOfDraws,
}

/// What hearing one value gave: what this phone must say now and what happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heard {
    pub say: Vec<Said>,
    pub news: Vec<Event>,
}

/// Why this phone cannot act so now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Rules(Illegal),
    /// A draw or a shuffle waits for a phone, or the game has not begun.
    Waiting,
    NotYourTurn,
    /// The game is over, or a rule was broken.
    Over,
}

/// A card in a pile: a slot (its card known to this phone or not), or a card everybody saw
/// go there (bought, gained, played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    Slot(u32),
    Open(Card),
}

#[derive(Clone, Debug, Default)]
struct Deck {
    commitments: Vec<Commitment>,
    /// Each slot's card, where this phone knows it.
    cards: Vec<Option<Card>>,
    hand: Vec<u32>,
    draw: Vec<Item>,
    discard: Vec<Item>,
    played: Vec<Item>,
    /// Shuffles so far (each orders its slots from the owner's secret).
    shuffles: u64,
    /// Whether this phone knows every card of this deck (its own; both in the end check).
    book: bool,
    last_link: Option<[u8; 32]>,
    shown: bool,
    /// How many of each card the deck holds (`Card as usize`), as everybody counts them:
    /// the starting deck, and every card bought, gained or trashed since.
    owned: [u8; 8],
}

impl Deck {
    fn card(&self, item: Item) -> Option<Card> {
        match item {
            Item::Open(card) => Some(card),
            Item::Slot(slot) => self.cards.get(slot as usize).copied().flatten(),
        }
    }
}

/// A draw being made: what it waits for.
#[derive(Clone, Debug)]
enum Stage {
    /// The owner's new slots for its discard pile.
    Shuffle,
    /// Each seat's link.
    Links([Option<[u8; 32]>; 2]),
}

#[derive(Clone, Debug)]
struct Drawing {
    seat: u8,
    need: usize,
    got: Vec<u32>,
    stage: Stage,
}

/// This phone's seat and secret (32 bytes from a cryptographic generator: its chain, its
/// salts and the order of its shuffles all come from it).
#[derive(Clone, Debug)]
struct Mine {
    seat: u8,
    secret: [u8; 32],
    context: Vec<u8>,
    chain: Chain,
}

/// A game of the deckbuilder as one phone follows it (or, with both decks open, as the end
/// check plays it again).
#[derive(Clone, Debug)]
pub struct Deal {
    config: Config,
    context: Vec<u8>,
    /// The rules' state: the board, the phase, the supply are everyone's. This phone's hand
    /// is in it card by card; the other's is not (the cards it opens are put there for the
    /// one action that plays them). The draw and discard piles are the decks' (`decks`).
    state: State,
    mine: Option<Mine>,
    decks: [Deck; 2],
    started: bool,
    draws: u32,
    drawing: Option<Drawing>,
    outcome: Option<Outcome>,
    broke: Option<Broke>,
    verdict: Option<Result<Outcome, Broke>>,
    said: Vec<Said>,
}

const SLOT: &str = "deckbuilder slot";
const DRAW: &str = "deckbuilder draw";

/// The starting deck, which is also the first hand (RULINGS §5).
const FIRST_HAND: [Card; 5] = [
    Card::Copper,
    Card::Copper,
    Card::Copper,
    Card::Pawn,
    Card::Pawn,
];

/// The bytes a slot commits to: the seat, the slot's number and the card, so that no
/// opening serves another slot or the other seat.
fn slot_value(seat: u8, slot: u32, card: Card) -> [u8; 6] {
    let s = slot.to_le_bytes();
    [seat, s[0], s[1], s[2], s[3], card as u8]
}

/// Bytes for one use (`label`, `number`) from a phone's secret, bound to the game and the
/// seat: a secret used again in another game gives nothing in common.
fn derive(secret: &[u8; 32], context: &[u8], label: &[u8], seat: u8, number: u64) -> [u8; 32] {
    digest(&[
        b"intrigue deckbuilder secret v1",
        label,
        secret,
        context,
        &[seat],
        &number.to_le_bytes(),
    ])
}

impl Mine {
    fn derive(&self, label: &[u8], number: u64) -> [u8; 32] {
        derive(&self.secret, &self.context, label, self.seat, number)
    }

    fn salt(&self, slot: u32) -> Salt {
        let bytes = self.derive(b"salt", u64::from(slot));
        let mut salt = [0; 16];
        salt.copy_from_slice(&bytes[..16]);
        Salt(salt)
    }

    /// The order the cards of shuffle `number` are committed in: a permutation drawn from
    /// the secret, so the slot numbers say nothing of where a card was in the discard pile.
    fn order(&self, number: u64, cards: &mut [Card]) {
        for i in (1..cards.len()).rev() {
            let random = self.derive(b"order", number.wrapping_mul(1 << 20).wrapping_add(i as u64));
            let j = below(&random, i as u64 + 1) as usize;
            cards.swap(i, j);
        }
    }
}

impl Deal {
    /// The game of `config` for `context` (bytes both phones agree on), on a phone whose seat
    /// is `seat`, with `secret` 32 fresh random bytes kept through a reload.
    pub fn new(
        config: &Config,
        context: Vec<u8>,
        seat: u8,
        secret: [u8; 32],
    ) -> Result<Deal, ConfigError> {
        let mut deal = Deal::blank(config, context)?;
        if seat < 2 {
            let chain = Chain::new(derive(&secret, &deal.context, b"chain", seat, 0), CHAIN_LENGTH);
            deal.mine = Some(Mine {
                seat,
                secret,
                context: deal.context.clone(),
                chain,
            });
            deal.decks[usize::from(seat)].book = true;
        }
        Ok(deal)
    }

    fn blank(config: &Config, context: Vec<u8>) -> Result<Deal, ConfigError> {
        let mut state = Deckbuilder::deal(config, Seed(0), RefereeOnly::new())?;
        for player in &mut state.players {
            player.hand.clear();
        }
        Ok(Deal {
            config: config.clone(),
            context,
            state,
            mine: None,
            decks: [Deck::default(), Deck::default()],
            started: false,
            draws: 0,
            drawing: None,
            outcome: None,
            broke: None,
            verdict: None,
            said: Vec::new(),
        })
    }

    fn domain(&self) -> Domain<'_> {
        Domain {
            label: SLOT,
            context: &self.context,
        }
    }

    fn commit(&self, mine: &Mine, slot: u32, card: Card) -> Commitment {
        self.domain()
            .commit(&slot_value(mine.seat, slot, card), &mine.salt(slot))
    }

    /// What this phone says first: its chain's head and its first hand.
    pub fn join(&self) -> Option<Said> {
        let mine = self.mine.as_ref()?;
        Some(Said::Joined {
            seat: mine.seat,
            head: mine.chain.head(),
            slots: (0..FIRST_HAND.len() as u32)
                .map(|slot| self.commit(mine, slot, FIRST_HAND[slot as usize]))
                .collect(),
        })
    }

    pub fn transcript(&self) -> &[Said] {
        &self.said
    }

    pub fn broke(&self) -> Option<&Broke> {
        self.broke.as_ref()
    }

    pub fn started(&self) -> bool {
        self.started
    }

    /// How the game ended, once it has (the end check may still name someone).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The end check's finding, once both decks are shown: the outcome stands, or a phone
    /// broke the rules (and the game goes to the other).
    pub fn verdict(&self) -> Option<&Result<Outcome, Broke>> {
        self.verdict.as_ref()
    }

    /// The game as `viewer` sees it: this phone's own hand only, the other's as a count.
    pub fn view(&self, viewer: Viewer) -> DeckbuilderView {
        let mut view = Deckbuilder::view(&self.state, viewer);
        for (s, deck) in self.decks.iter().enumerate() {
            view.piles[s].hand = deck.hand.len();
            view.piles[s].draw = deck.draw.len();
            view.piles[s].discard = deck.discard.len();
        }
        if self.to_move() != self.mine.as_ref().map(|m| m.seat) {
            view.legal.clear();
        }
        // Whether a card of the mover's hand could get out of check is the mover's to show
        // (by playing one or escaping without): to anyone else, the first card must get out.
        if viewer != Viewer::Seat(self.state.seat) && self.state.phase == super::Phase::Escape {
            view.phase = super::Phase::Action;
            view.must_escape = true;
        }
        view
    }

    /// The seat to act while the game goes on and nothing waits.
    pub fn to_move(&self) -> Option<u8> {
        (self.started && self.outcome.is_none() && self.broke.is_none() && self.drawing.is_none())
            .then_some(self.state.seat)
    }

    /// What this phone's seat may do now.
    pub fn legal_actions(&self) -> Vec<Action> {
        match &self.mine {
            Some(mine) if self.to_move() == Some(mine.seat) => {
                Deckbuilder::legal_actions(&self.state)
            }
            _ => Vec::new(),
        }
    }

    /// The seats the game waits for: to join, to shuffle, to open a link, to show a deck.
    pub fn waiting_for(&self) -> Vec<u8> {
        if self.broke.is_some() || self.verdict.is_some() {
            return Vec::new();
        }
        if !self.started {
            return (0..2).filter(|&s| self.decks[usize::from(s)].last_link.is_none()).collect();
        }
        if self.outcome.is_some() {
            return (0..2).filter(|&s| !self.decks[usize::from(s)].shown).collect();
        }
        match &self.drawing {
            Some(Drawing {
                seat,
                stage: Stage::Shuffle,
                ..
            }) => vec![*seat],
            Some(Drawing {
                stage: Stage::Links(links),
                ..
            }) => (0..2).filter(|&s| links[usize::from(s)].is_none()).collect(),
            None => Vec::new(),
        }
    }

    /// What this phone owes and has not been heard saying: its words again after a reload
    /// or a drop (they may have been lost on the way).
    pub fn owed(&self) -> Vec<Said> {
        let Some(mine) = &self.mine else {
            return Vec::new();
        };
        if self.broke.is_some() {
            return Vec::new();
        }
        let me = usize::from(mine.seat);
        if self.decks[me].last_link.is_none() {
            return self.join().into_iter().collect();
        }
        if self.outcome.is_some() {
            return if self.decks[me].shown {
                Vec::new()
            } else {
                vec![self.show(mine)]
            };
        }
        match &self.drawing {
            Some(Drawing {
                seat,
                stage: Stage::Shuffle,
                ..
            }) if *seat == mine.seat => vec![self.shuffle(mine)],
            Some(Drawing {
                stage: Stage::Links(links),
                ..
            }) if links[me].is_none() => self.link(mine).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    pub fn would_not_answer(&mut self, seat: u8) -> Broke {
        self.name(seat, Breach::WouldNotAnswer)
    }

    /// What this phone says for its seat's action: the action and the slots it opens.
    pub fn act(&self, action: Action) -> Result<Said, Refused> {
        let Some(mine) = &self.mine else {
            return Err(Refused::NotYourTurn);
        };
        if self.broke.is_some() || self.outcome.is_some() {
            return Err(Refused::Over);
        }
        if !self.started || self.drawing.is_some() {
            return Err(Refused::Waiting);
        }
        if self.state.seat != mine.seat {
            return Err(Refused::NotYourTurn);
        }
        let mut probe = self.state.clone();
        Deckbuilder::apply(&mut probe, action).map_err(Refused::Rules)?;
        let deck = &self.decks[usize::from(mine.seat)];
        let mut opened: Vec<Opening> = Vec::new();
        if let Action::Play { card, how } = action {
            let mut wanted = vec![card];
            if let How::Trade { trash, .. } = how {
                wanted.push(trash);
            }
            for (k, want) in wanted.into_iter().enumerate() {
                // Any of the hand's copies, each as likely (from the secret): which slot is
                // opened says nothing of where the other copies are.
                let copies: Vec<u32> = deck
                    .hand
                    .iter()
                    .copied()
                    .filter(|&s| {
                        deck.cards[s as usize] == Some(want) && opened.iter().all(|o| o.slot != s)
                    })
                    .collect();
                if copies.is_empty() {
                    return Err(Refused::Rules(Illegal::NotInHand(want)));
                }
                let random = mine.derive(b"pick", (self.said.len() as u64) << 1 | k as u64);
                let slot = copies[below(&random, copies.len() as u64) as usize];
                opened.push(Opening {
                    slot,
                    card: want,
                    salt: mine.salt(slot),
                });
            }
        }
        Ok(Said::Act {
            seat: mine.seat,
            action,
            opened,
        })
    }

    fn link(&self, mine: &Mine) -> Option<Said> {
        Some(Said::Link {
            seat: mine.seat,
            draw: self.draws,
            link: mine.chain.link(self.draws)?,
        })
    }

    /// The cards of this phone's discard pile in the order of its next shuffle.
    fn shuffled_cards(&self, mine: &Mine) -> Vec<Card> {
        let deck = &self.decks[usize::from(mine.seat)];
        let mut cards: Vec<Card> = deck.discard.iter().filter_map(|&i| deck.card(i)).collect();
        mine.order(deck.shuffles, &mut cards);
        cards
    }

    fn shuffle(&self, mine: &Mine) -> Said {
        let first = self.decks[usize::from(mine.seat)].commitments.len() as u32;
        Said::Shuffled {
            seat: mine.seat,
            slots: self
                .shuffled_cards(mine)
                .into_iter()
                .enumerate()
                .map(|(k, card)| self.commit(mine, first + k as u32, card))
                .collect(),
        }
    }

    fn show(&self, mine: &Mine) -> Said {
        let deck = &self.decks[usize::from(mine.seat)];
        Said::Shown {
            seat: mine.seat,
            opened: (0..deck.commitments.len() as u32)
                .filter_map(|slot| {
                    Some(Opening {
                        slot,
                        card: deck.cards[slot as usize]?,
                        salt: mine.salt(slot),
                    })
                })
                .collect(),
        }
    }

    /// Hear one value, in the relay's order.
    pub fn hear(&mut self, said: Said) -> Result<Heard, Broke> {
        if let Some(broke) = &self.broke {
            return Err(broke.clone());
        }
        let seat = said.seat();
        if seat >= 2 {
            // No seat of this game said it: dropped, and nobody named for it.
            return Ok(Heard::default());
        }
        self.said.push(said.clone());
        let owed = self.owed();
        // Every word of this phone's own but its actions is one it owed: heard otherwise,
        // the relay changed it.
        if let Some(mine) = &self.mine
            && seat == mine.seat
            && !matches!(said, Said::Act { .. })
            && !owed.contains(&said)
        {
            let other = 1 - mine.seat;
            return Err(self.name(other, Breach::Forged));
        }
        let mut heard = Heard::default();
        let result = self.dispatch(said, &mut heard);
        if let Err(breach) = result {
            return Err(self.name(seat, breach));
        }
        // What this phone must say now that it did not owe before: its link for a draw,
        // its shuffle, its deck at the end (the words `owed` repeats after a reload).
        heard.say = self.owed().into_iter().filter(|s| !owed.contains(s)).collect();
        if let Some(Err(broke)) = &self.verdict {
            self.broke = Some(broke.clone());
            return Err(broke.clone());
        }
        Ok(heard)
    }

}

/// What a phone keeps of a game through a reload: its seat and secret, and everything said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub seat: u8,
    pub secret: [u8; 32],
    pub said: Vec<Said>,
}

impl Deal {
    pub fn kept(&self) -> Option<Kept> {
        let mine = self.mine.as_ref()?;
        Some(Kept {
            seat: mine.seat,
            secret: mine.secret,
            said: self.said.clone(),
        })
    }

    /// The game a phone kept, taken up again: everything said heard again, in order, each
    /// value checked as the first time.
    pub fn restore(config: &Config, context: Vec<u8>, kept: &Kept) -> Result<Deal, Broke> {
        let mut deal = Deal::new(config, context, kept.seat, kept.secret).map_err(|_| Broke {
            seat: 0,
            breach: Breach::OutOfOrder,
        })?;
        for said in &kept.said {
            deal.hear(said.clone())?;
        }
        Ok(deal)
    }
}

/// A phone's words as bytes (`crate::wire`).
pub fn to_bytes(said: &Said) -> Vec<u8> {
    crate::wire::to_bytes(said)
}

/// A phone's words read from bytes, checked.
pub fn from_bytes(bytes: &[u8]) -> Result<Said, crate::wire::WireError> {
    if bytes.len() > crate::wire::MOST_BYTES {
        return Err(crate::wire::WireError::TooLong);
    }
    crate::wire::from_bytes(bytes)
}

mod hearing;
mod seat;

#[cfg(test)]
#[path = "fair_tests.rs"]
mod tests;

//! Usurp with every seat on a phone and a deck that no device stacks or foresees, the
//! table's included (issue 42). Everything in Usurp is public but the deck's order; here the
//! deck has no order: it is the cards still to come, and each draw picks one of them with
//! randomness every seat's phone makes together ([`crate::commit::Chain`], `joint`): each
//! phone publishes the head of its hash chain when it joins (`Said::Joined`), and every
//! draw — who starts, then each card — waits for every phone's next link (`Link`), checked
//! against the one before. The table's device and every phone run the same [`Deal`] on what
//! was said, in the relay's order, and see the same game; the table contributes nothing and
//! can change nothing.
//!
//! A phone that opens a link that does not follow its chain is named ([`Broke`]); one that
//! will not open is named by the app's clock ([`Deal::would_not_answer`]).

use super::cards::Card;
use super::game::{Action, Config, Event, State, Usurp};
use super::illegal::Illegal;
use super::view::UsurpView;
use crate::commit::{Chain, Domain, below, follows, joint};
use crate::game::{Game, RefereeOnly};
use crate::seats::{ConfigError, Viewer};
use crate::seed::Seed;

/// More links than any game draws (the standard deck has 60 cards, and one draw says who
/// starts).
pub const CHAIN_LENGTH: u32 = 128;

/// One thing a seat's phone says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The seat's phone is in: the head of its chain.
    Joined { seat: u8, head: [u8; 32] },
    /// The seat's action on its turn.
    Act { seat: u8, action: Action },
    /// The seat's link for draw `draw`.
    Link { seat: u8, draw: u32, link: [u8; 32] },
}

/// How a phone broke the rules of the game or of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    OutOfOrder,
    /// A link that does not follow the seat's chain.
    WrongLink,
    /// An action the rules refuse.
    Illegal(Illegal),
    /// It did not open its link (said by the app's clock).
    WouldNotAnswer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broke {
    pub seat: u8,
    pub breach: Breach,
}

/// What hearing one value gave: what this phone must say (its link, when a draw waits for
/// it) and what happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heard {
    pub say: Vec<Said>,
    pub news: Vec<Event>,
}

/// Why this device cannot act so now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Rules(Illegal),
    /// A draw waits for every phone's link.
    Waiting,
    NotYourTurn,
    /// This device plays no seat (the table).
    NoSeat,
}

/// A game of Usurp as every device of the table follows it.
#[derive(Clone, Debug)]
pub struct Deal {
    context: Vec<u8>,
    state: State,
    /// This phone's seat and chain (and the chain's seed, kept through a reload); `None` on
    /// the table's device.
    mine: Option<(u8, Chain)>,
    seed: Option<[u8; 32]>,
    /// Each seat's last link opened (its head at first).
    last: Vec<Option<[u8; 32]>>,
    /// The next draw's number; draw 0 says who starts.
    draws: u32,
    /// The draw being made: each seat's link, as they come.
    pending: Option<Vec<Option<[u8; 32]>>>,
    started: bool,
    broke: Option<Broke>,
    said: Vec<Said>,
}

const DRAW: &str = "usurp draw";

impl Deal {
    /// The game of `config` for `context` (bytes every device agrees on), on this device:
    /// `mine` is its seat and a chain made from 32 fresh random bytes, `None` on the table.
    pub fn new(
        config: &Config,
        context: Vec<u8>,
        mine: Option<(u8, [u8; 32])>,
    ) -> Result<Deal, ConfigError> {
        let mut state = Usurp::deal(config, Seed(0), RefereeOnly::new())?;
        // No order: the cards to come, in the cards' own order.
        state.deck.sort();
        let players = usize::from(config.seats.players());
        Ok(Deal {
            context,
            state,
            mine: mine
                .filter(|&(seat, _)| usize::from(seat) < players)
                .map(|(seat, seed)| (seat, Chain::new(seed, CHAIN_LENGTH))),
            seed: mine.map(|(_, seed)| seed),
            last: vec![None; players],
            draws: 0,
            pending: None,
            started: false,
            broke: None,
            said: Vec::new(),
        })
    }

    fn players(&self) -> usize {
        self.last.len()
    }

    /// What this phone says first: its chain's head.
    pub fn join(&self) -> Option<Said> {
        self.mine.as_ref().map(|(seat, chain)| Said::Joined {
            seat: *seat,
            head: chain.head(),
        })
    }

    pub fn transcript(&self) -> &[Said] {
        &self.said
    }

    pub fn broke(&self) -> Option<&Broke> {
        self.broke.as_ref()
    }

    /// The game as `viewer` sees it (everyone sees everything but the deck's order, which
    /// here does not exist until a card is drawn).
    pub fn view(&self, viewer: Viewer) -> UsurpView {
        Usurp::view(&self.state, viewer)
    }

    /// The game as a seat's screen (or the table's) draws it: as the one-device referee
    /// shows it, but while a draw waits for the phones' links nothing may be drawn again,
    /// and once a seat is named as having broken the rules the game is over, won by every
    /// other seat together (nothing of the named seat's is opened or played for it).
    pub fn seat_view(&self, viewer: Viewer) -> crate::game::View<UsurpView> {
        use crate::game::{Status, ToAct};
        let mut body = self.view(viewer);
        if self.pending.is_some() || !self.started {
            body.can_draw = false;
        }
        let (to_act, status) = match &self.broke {
            Some(broke) => {
                let others: Vec<u8> = (0..self.players() as u8).filter(|&s| s != broke.seat).collect();
                body.seat = None;
                body.drawn = None;
                body.can_draw = false;
                body.placeable.clear();
                body.takeable.clear();
                body.winners = others.clone();
                (ToAct::Nobody, Status::Over { winners: others, scores: Vec::new() })
            }
            None => (Usurp::to_act(&self.state), Usurp::status(&self.state)),
        };
        crate::game::View {
            to_act,
            status,
            can_undo: false,
            body,
        }
    }

    /// The game's check: a fingerprint of its context and of everything said, in order.
    /// Every device that heard the same game shows the same check; a table that showed
    /// different phones different games (it could pass each a different value in another
    /// seat's name, having no way to sign it) cannot make their checks agree, so the
    /// players compare them on their screens.
    pub fn check(&self) -> [u8; 32] {
        let said: Vec<Vec<u8>> = self.said.iter().map(to_bytes).collect();
        let mut parts: Vec<&[u8]> = vec![b"usurp game check", &self.context];
        parts.extend(said.iter().map(Vec::as_slice));
        crate::commit::digest(&parts)
    }

    /// What the seat to move may do now (nothing while a draw waits for its links, or
    /// before the game begins, or once it is over or a rule was broken).
    pub fn legal_actions(&self) -> Vec<Action> {
        if !self.started || self.pending.is_some() || self.broke.is_some() {
            return Vec::new();
        }
        Usurp::legal_actions(&self.state)
    }

    /// The seat to move, while the game goes on.
    pub fn to_move(&self) -> Option<u8> {
        (self.started && !self.state.over && self.broke.is_none()).then_some(self.state.seat)
    }

    /// Whether the game has begun (every seat joined, who starts drawn).
    pub fn started(&self) -> bool {
        self.started
    }

    /// The seats the game waits for: those yet to join, or to open their link.
    pub fn waiting_for(&self) -> Vec<u8> {
        if self.broke.is_some() {
            return Vec::new();
        }
        let missing = |links: &[Option<[u8; 32]>]| {
            (0..links.len() as u8)
                .filter(|&s| links[usize::from(s)].is_none())
                .collect()
        };
        match &self.pending {
            Some(links) => missing(links),
            None if !self.started => missing(&self.last),
            None => Vec::new(),
        }
    }

    /// The link this phone owes the draw being made, if it has not been heard yet: what a
    /// phone says again after a reload or a drop (its words may have been lost on the way).
    pub fn owed(&self) -> Option<Said> {
        let (seat, chain) = self.mine.as_ref()?;
        let links = self.pending.as_ref()?;
        if links.get(usize::from(*seat))?.is_some() {
            return None;
        }
        Some(Said::Link {
            seat: *seat,
            draw: self.draws,
            link: chain.link(self.draws)?,
        })
    }

    pub fn would_not_answer(&mut self, seat: u8) -> Broke {
        let broke = Broke {
            seat,
            breach: Breach::WouldNotAnswer,
        };
        self.broke = Some(broke.clone());
        broke
    }

    /// What this phone says for its seat's action.
    pub fn act(&self, action: Action) -> Result<Said, Refused> {
        let Some((seat, _)) = self.mine else {
            return Err(Refused::NoSeat);
        };
        if self.pending.is_some() || !self.started {
            return Err(Refused::Waiting);
        }
        if self.broke.is_some() {
            return Err(Refused::Rules(Illegal::GameOver));
        }
        if self.state.seat != seat && !self.state.over {
            return Err(Refused::NotYourTurn);
        }
        let mut probe = self.state.clone();
        Usurp::apply(&mut probe, action).map_err(Refused::Rules)?;
        Ok(Said::Act { seat, action })
    }

    /// Hear one value, in the relay's order.
    pub fn hear(&mut self, said: Said) -> Result<Heard, Broke> {
        if let Some(broke) = &self.broke {
            return Err(broke.clone());
        }
        let seat = match said {
            Said::Joined { seat, .. } | Said::Act { seat, .. } | Said::Link { seat, .. } => seat,
        };
        if usize::from(seat) >= self.players() {
            // No seat of this table said it: dropped, and nobody named for it.
            return Ok(Heard::default());
        }
        self.said.push(said.clone());
        let mut heard = Heard::default();
        let result = match said {
            Said::Joined { seat, head } => self.joined(seat, head, &mut heard),
            Said::Act { seat, action } => self.acted(seat, action, &mut heard),
            Said::Link { seat, draw, link } => self.linked(seat, draw, link, &mut heard),
        };
        match result {
            Ok(()) => Ok(heard),
            Err(breach) => Err(self.name(seat, breach)),
        }
    }

    fn name(&mut self, seat: u8, breach: Breach) -> Broke {
        let broke = Broke { seat, breach };
        self.broke = Some(broke.clone());
        broke
    }

    /// A draw begins: every seat owes its next link; this phone says its own.
    fn open_draw(&mut self, heard: &mut Heard) {
        self.pending = Some(vec![None; self.players()]);
        if let Some((seat, chain)) = &self.mine
            && let Some(link) = chain.link(self.draws)
        {
            heard.say.push(Said::Link {
                seat: *seat,
                draw: self.draws,
                link,
            });
        }
    }

    fn joined(&mut self, seat: u8, head: [u8; 32], heard: &mut Heard) -> Result<(), Breach> {
        let s = usize::from(seat);
        if self.started || self.pending.is_some() || self.last[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        self.last[s] = Some(head);
        if self.last.iter().all(Option::is_some) {
            self.open_draw(heard);
        }
        Ok(())
    }

    fn acted(&mut self, seat: u8, action: Action, heard: &mut Heard) -> Result<(), Breach> {
        if !self.started || self.pending.is_some() || self.state.seat != seat {
            return Err(Breach::OutOfOrder);
        }
        if action == Action::Draw {
            // Checked now; played once the draw's card is known.
            let mut probe = self.state.clone();
            Usurp::apply(&mut probe, action).map_err(Breach::Illegal)?;
            self.open_draw(heard);
            return Ok(());
        }
        let events = Usurp::apply(&mut self.state, action).map_err(Breach::Illegal)?;
        heard.news.extend(events);
        Ok(())
    }

    fn linked(
        &mut self,
        seat: u8,
        draw: u32,
        link: [u8; 32],
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        let s = usize::from(seat);
        let Some(links) = &mut self.pending else {
            return Err(Breach::OutOfOrder);
        };
        if draw != self.draws || links[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        let previous = self.last[s].ok_or(Breach::OutOfOrder)?;
        if !follows(&link, &previous) {
            return Err(Breach::WrongLink);
        }
        links[s] = Some(link);
        if links.iter().any(Option::is_none) {
            return Ok(());
        }
        let links: Vec<[u8; 32]> = links.iter().flatten().copied().collect();
        self.pending = None;
        for (last, link) in self.last.iter_mut().zip(&links) {
            *last = Some(*link);
        }
        let domain = Domain {
            label: DRAW,
            context: &self.context,
        };
        let random = joint(&domain, draw, &links);
        self.draws += 1;
        if !self.started {
            self.started = true;
            self.state.seat = below(&random, self.players() as u64) as u8;
            heard.news.push(Event::RoundStarted {
                round: 1,
                first: self.state.seat,
            });
            return Ok(());
        }
        // The card drawn: one of those to come, each as likely.
        let deck = &mut self.state.deck;
        let index = below(&random, deck.len() as u64) as usize;
        let last = deck.len() - 1;
        deck.swap(index, last);
        let card: Card = deck[last];
        let events = Usurp::apply(&mut self.state, Action::Draw).map_err(Breach::Illegal)?;
        debug_assert!(matches!(events[..], [Event::Drew { card: c, .. }] if c == card));
        // The rest stays without an order.
        self.state.deck.sort();
        heard.news.extend(events);
        Ok(())
    }
}

/// What a device keeps of a table's game through a reload: its seat and its chain's seed
/// (its own secret) and everything said so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub mine: Option<(u8, [u8; 32])>,
    pub said: Vec<Said>,
}

impl Deal {
    pub fn kept(&self) -> Kept {
        Kept {
            mine: self
                .mine
                .as_ref()
                .zip(self.seed)
                .map(|((seat, _), seed)| (*seat, seed)),
            said: self.said.clone(),
        }
    }

    /// The game a device kept, taken up again: everything said heard again, in order, each
    /// value checked as the first time. A game that ended with a rule broken by its last
    /// value reads back so, naming the same seat; a value that breaks the rules before the
    /// last was never played on, so the storage was changed: that names who broke it, and
    /// nothing is read back.
    pub fn restore(config: &Config, context: Vec<u8>, kept: &Kept) -> Result<Deal, Broke> {
        let mut deal = Deal::new(config, context, kept.mine).map_err(|_| Broke {
            seat: 0,
            breach: Breach::OutOfOrder,
        })?;
        let last = kept.said.len();
        for (i, said) in kept.said.iter().enumerate() {
            match deal.hear(said.clone()) {
                Ok(_) => {}
                Err(_) if i + 1 == last => {}
                Err(broke) => return Err(broke),
            }
        }
        Ok(deal)
    }

    /// The seat the app's clock named as not answering, if it named one (a verdict no
    /// value said: a device keeps it beside what was said).
    pub fn silent(&self) -> Option<u8> {
        self.broke
            .as_ref()
            .filter(|b| b.breach == Breach::WouldNotAnswer)
            .map(|b| b.seat)
    }
}

/// A phone's words as bytes (`crate::wire`).
pub fn to_bytes(said: &Said) -> Vec<u8> {
    crate::wire::to_bytes(said)
}

/// A phone's words read from bytes, checked (a seat beyond the table's is the deal's to
/// refuse, `Deal::hear`).
pub fn from_bytes(bytes: &[u8]) -> Result<Said, crate::wire::WireError> {
    if bytes.len() > crate::wire::MOST_BYTES {
        return Err(crate::wire::WireError::TooLong);
    }
    crate::wire::from_bytes(bytes)
}

#[cfg(test)]
#[path = "fair_tests.rs"]
mod tests;

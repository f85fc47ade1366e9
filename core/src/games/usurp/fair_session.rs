//! A table of Usurp with every seat on a phone, from the first frame to the last (issue
//! 42): the table's device shows the town squares and relays (`crate::wire::relay`); each
//! phone plays its seat and gives its chain's links to every draw ([`super::fair::Deal`]).
//! The table contributes nothing to a draw, and can change nothing: every phone checks
//! every value.
//!
//! On every link the table says hello to the phone (the game's public terms, its name and
//! the link's seat); the phone answers with its chain's head the first time, and with where
//! it stands after that; the relay's answer ends with where the game stands, and a phone
//! whose own words were lost with a dropped link says them again.

use super::cards::Counts;
use super::fair::{Broke, Deal, Kept, Refused, Said};
use super::game::{Action, Config, Event};
use crate::seats::{ConfigError, Seats, Viewer};
use crate::wire::relay::{Answer, Down, FromRelay, Relay, RelayRefusal, Speaker, Spoke, ToRelay};
use crate::wire::{Reader, Wire, WireError, ensure, wire_struct};

/// The game's public terms, chosen on the table's device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// One name per seat.
    pub names: Vec<String>,
    pub deck: Counts,
}

impl Terms {
    pub fn config(&self) -> Result<Config, ConfigError> {
        let players = u8::try_from(self.names.len()).unwrap_or(u8::MAX);
        let config = Config {
            seats: Seats::new(players, self.names.clone())?,
            deck: self.deck,
        };
        // The rules' own check (a count of players, castles enough), and a deck no longer
        // than each phone's chain has links (one a draw, and one for who starts).
        Deal::new(&config, Vec::new(), None)?;
        if self.deck.cards().len() >= super::fair::CHAIN_LENGTH as usize {
            return Err(ConfigError::UnknownOption(super::KIND));
        }
        Ok(config)
    }
}

fn terms_fit(terms: &Terms) -> Result<(), WireError> {
    ensure(terms.config().is_ok(), "game's terms")
}

wire_struct!(Terms { names, deck }, checked by terms_fit);

/// The table's first words on every link: the terms, the game's name, the link's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub terms: Terms,
    pub game: [u8; 16],
    pub seat: u8,
}

fn hello_fits(hello: &Hello) -> Result<(), WireError> {
    ensure(usize::from(hello.seat) < hello.terms.names.len(), "seat")
}

wire_struct!(Hello { terms, game, seat }, checked by hello_fits);

/// What the table sends a phone: its hello, or a relay frame.
pub type ToPhone = Down<Hello, Said>;

/// The game's context (the bytes every draw is bound to), from its name.
fn context(game: &[u8; 16]) -> Vec<u8> {
    let mut context = b"usurp fair game ".to_vec();
    context.extend_from_slice(game);
    context
}

/// A frame that changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    Garbled(WireError),
    /// A hello of another game or seat than this phone's.
    OtherGame,
    Refused(RelayRefusal),
    /// A frame before the hello.
    NotDealt,
    /// The table passed on words for this phone's seat that it did not say, or passed the
    /// game on otherwise than it had (a value heard changed, values lost): it cannot be
    /// trusted to relay, and the game stops on this phone.
    Forged,
    /// This phone's last words have not come back yet.
    Waiting,
}

/// What one frame or action gave on the table's device: frames for every phone, frames
/// for the phone that sent it, what happened, and the seat named if a rule was broken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableStep {
    pub everyone: Vec<Vec<u8>>,
    pub this: Vec<Vec<u8>>,
    pub news: Vec<Event>,
    pub broke: Option<Broke>,
}

/// The table's device: the relay and the town squares.
#[derive(Clone, Debug)]
pub struct Table {
    terms: Terms,
    game: [u8; 16],
    deal: Deal,
    relay: Relay<Said>,
}

/// What the table keeps through a reload: the terms, the name, everything said, and the
/// seat its clock named as not answering, if it named one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableKept {
    pub terms: Terms,
    pub game: [u8; 16],
    pub said: Vec<Said>,
    pub silent: Option<u8>,
}

impl Wire for TableKept {
    fn put(&self, out: &mut Vec<u8>) {
        self.terms.put(out);
        self.game.put(out);
        Kept {
            mine: None,
            said: self.said.clone(),
        }
        .put(out);
        self.silent.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(TableKept {
            terms: Wire::take(r)?,
            game: Wire::take(r)?,
            said: Kept::take(r)?.said,
            silent: Wire::take(r)?,
        })
    }
}

impl Table {
    /// A game of `terms` named by `game` (fresh random bytes).
    pub fn new(terms: Terms, game: [u8; 16]) -> Result<Table, ConfigError> {
        let deal = Deal::new(&terms.config()?, context(&game), None)?;
        Ok(Table {
            terms,
            game,
            deal,
            relay: Relay::new(),
        })
    }

    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// The game as the table shows it.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn deal_mut(&mut self) -> &mut Deal {
        &mut self.deal
    }

    /// The first frame on the link of `seat`.
    pub fn hello(&self, seat: u8) -> Vec<u8> {
        ToPhone::Hello(Hello {
            terms: self.terms.clone(),
            game: self.game,
            seat,
        })
        .to_bytes()
    }

    /// The bytes the phone of `seat` sent.
    pub fn heard(&mut self, seat: u8, bytes: &[u8]) -> TableStep {
        let mut step = TableStep::default();
        let wrap = |frame: FromRelay<Said>| ToPhone::Relay(frame).to_bytes();
        // Once a seat is named the game is over: nothing more is said in it (a phone that
        // asks where the game stands is still answered, and learns the verdict).
        if self.deal.broke().is_some()
            && matches!(ToRelay::<Said>::from_bytes(bytes), Ok(ToRelay::Say(_)))
        {
            return step;
        }
        match self.relay.answer(seat, bytes) {
            Answer::This(frames) => {
                step.this = frames.into_iter().map(wrap).collect();
                // A phone back on a new link after the clock ended the game learns it
                // after its catch-up.
                if let Some(silent) = self.deal.silent() {
                    step.this.push(ToPhone::Ended(silent).to_bytes());
                }
            }
            Answer::Everyone(frame) => {
                step.everyone.push(wrap(frame.clone()));
                if let FromRelay::Said { said, .. } = frame {
                    match self.deal.hear(said) {
                        Ok(heard) => step.news = heard.news,
                        Err(broke) => step.broke = Some(broke),
                    }
                }
            }
        }
        step
    }

    /// The table's clock ends the game: the phone of `seat` did not answer for a minute
    /// when the game needed it (its share of a draw, or its turn with its link down).
    /// Nothing is opened or played on its behalf; every phone is told. `None` if the game
    /// was not waiting on that seat (it has not begun, is over, or waits on another).
    pub fn not_answering(&mut self, seat: u8) -> Option<TableStep> {
        if !needs(&self.deal, seat) {
            return None;
        }
        let broke = self.deal.would_not_answer(seat);
        Some(TableStep {
            everyone: vec![ToPhone::Ended(seat).to_bytes()],
            broke: Some(broke),
            ..TableStep::default()
        })
    }

    pub fn kept(&self) -> TableKept {
        TableKept {
            terms: self.terms.clone(),
            game: self.game,
            said: self.relay.log().to_vec(),
            silent: self.deal.silent(),
        }
    }

    /// The table taken up again after a reload: everything said heard again, checked.
    pub fn restore(kept: &TableKept) -> Result<Table, Broke> {
        let mut table = Table::new(kept.terms.clone(), kept.game).map_err(|_| Broke {
            seat: 0,
            breach: super::fair::Breach::OutOfOrder,
        })?;
        let config = kept.terms.config().map_err(|_| Broke {
            seat: 0,
            breach: super::fair::Breach::OutOfOrder,
        })?;
        table.deal = Deal::restore(
            &config,
            context(&kept.game),
            &Kept {
                mine: None,
                said: kept.said.clone(),
            },
        )?;
        table.relay = Relay::from_log(kept.said.clone());
        if let Some(seat) = kept.silent {
            table.deal.would_not_answer(seat);
        }
        Ok(table)
    }
}

/// Whether the game, as `deal` stands, needs the phone of `seat`: for its share of the draw
/// being made, or for its player's turn. Only then may a clock end the game on it (a phone
/// told of a verdict on a seat the game did not need learns that the table lies).
fn needs(deal: &Deal, seat: u8) -> bool {
    deal.started()
        && deal.broke().is_none()
        && (deal.waiting_for().contains(&seat) || deal.to_move() == Some(seat))
}

/// What one frame or action gave on a phone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhoneStep {
    pub send: Vec<Vec<u8>>,
    pub news: Vec<Event>,
    pub broke: Option<Broke>,
}

/// A seat's phone at the table.
#[derive(Clone, Debug)]
pub struct Phone {
    /// The chain's seed: 32 fresh random bytes, this phone's one secret.
    seed: [u8; 32],
    hello: Option<Hello>,
    deal: Option<Deal>,
    /// Its place in the relay's order, and its words not yet heard back.
    speaker: Speaker<Said>,
    /// The table passed on words in this seat's name that it did not say.
    forged: bool,
}

/// What a phone keeps through a reload (`silent`: as the table's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneKept {
    pub seed: [u8; 32],
    pub hello: Option<Hello>,
    pub said: Vec<Said>,
    pub unheard: Vec<Said>,
    pub silent: Option<u8>,
}

impl Wire for PhoneKept {
    fn put(&self, out: &mut Vec<u8>) {
        self.seed.put(out);
        self.hello.put(out);
        Kept {
            mine: None,
            said: self.said.clone(),
        }
        .put(out);
        self.unheard.put(out);
        self.silent.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(PhoneKept {
            seed: Wire::take(r)?,
            hello: Wire::take(r)?,
            said: Kept::take(r)?.said,
            unheard: Wire::take(r)?,
            silent: Wire::take(r)?,
        })
    }
}

impl Phone {
    pub fn new(seed: [u8; 32]) -> Phone {
        Phone {
            seed,
            hello: None,
            deal: None,
            speaker: Speaker::default(),
            forged: false,
        }
    }

    /// This phone's seat and the game's terms, once the table said hello.
    pub fn hello(&self) -> Option<&Hello> {
        self.hello.as_ref()
    }

    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    pub fn deal_mut(&mut self) -> Option<&mut Deal> {
        self.deal.as_mut()
    }

    /// The game as this phone's seat sees it.
    pub fn view(&self) -> Option<super::view::UsurpView> {
        let seat = self.hello.as_ref()?.seat;
        Some(self.deal.as_ref()?.view(Viewer::Seat(seat)))
    }

    fn says(&mut self, said: Said, step: &mut PhoneStep) {
        step.send.push(self.speaker.say(said));
    }

    /// The bytes the table sent.
    pub fn heard(&mut self, bytes: &[u8]) -> Result<PhoneStep, Trouble> {
        if self.forged {
            return Err(Trouble::Forged);
        }
        let mut step = PhoneStep::default();
        match ToPhone::from_bytes(bytes).map_err(Trouble::Garbled)? {
            ToPhone::Hello(hello) => {
                if self.hello.as_ref().is_some_and(|h| *h != hello) {
                    return Err(Trouble::OtherGame);
                }
                if self.deal.is_none() {
                    let config = hello.terms.config().map_err(|_| Trouble::NotDealt)?;
                    let deal = Deal::new(
                        &config,
                        context(&hello.game),
                        Some((hello.seat, self.seed)),
                    )
                    .map_err(|_| Trouble::NotDealt)?;
                    let join = deal.join();
                    self.deal = Some(deal);
                    if let Some(join) = join {
                        self.says(join, &mut step);
                    }
                }
                self.hello = Some(hello);
                // A new link: what was said on the last one and not heard back may be lost.
                let new = step.send.len();
                step.send.push(self.speaker.linked(new));
            }
            ToPhone::Relay(frame) => {
                let Some(deal) = &mut self.deal else {
                    return Err(Trouble::NotDealt);
                };
                let seat = self.hello.as_ref().map_or(u8::MAX, |h| h.seat);
                match self.speaker.take(frame, seat, deal.transcript()) {
                    Spoke::Hear(said) => match deal.hear(said) {
                        Ok(heard) => {
                            step.news = heard.news;
                            for said in heard.say {
                                self.says(said, &mut step);
                            }
                        }
                        Err(broke) => step.broke = Some(broke),
                    },
                    Spoke::Send(frames) => step.send = frames,
                    Spoke::Forged => {
                        self.forged = true;
                        return Err(Trouble::Forged);
                    }
                    Spoke::Refused(why) => return Err(Trouble::Refused(why)),
                }
            }
            ToPhone::Ended(seat) => {
                let Some(deal) = &mut self.deal else {
                    return Err(Trouble::NotDealt);
                };
                match deal.broke() {
                    // Over already on this phone (told again after a catch-up, or its own
                    // clock's verdict first): nothing new.
                    Some(_) => {}
                    None if needs(deal, seat) => step.broke = Some(deal.would_not_answer(seat)),
                    // A verdict on a seat the game did not wait for: the table lies.
                    None => {
                        self.forged = true;
                        return Err(Trouble::Forged);
                    }
                }
            }
        }
        Ok(step)
    }

    /// What to send after waiting long with nothing heard.
    pub fn ask_again(&self) -> Vec<u8> {
        self.speaker.ask()
    }

    /// This phone's words not heard back from the relay yet (said on a link that may have
    /// lost them, or that the relay did not pass on).
    pub fn unheard(&self) -> &[Said] {
        self.speaker.unheard()
    }

    /// This phone's seat acts.
    pub fn act(&mut self, action: Action) -> Result<PhoneStep, Refused> {
        // A second tap before the first came back waits.
        if !self.speaker.unheard().is_empty() {
            return Err(Refused::Waiting);
        }
        let said = self.deal.as_ref().ok_or(Refused::Waiting)?.act(action)?;
        let mut step = PhoneStep::default();
        self.says(said, &mut step);
        Ok(step)
    }

    pub fn kept(&self) -> PhoneKept {
        PhoneKept {
            seed: self.seed,
            hello: self.hello.clone(),
            said: self
                .deal
                .as_ref()
                .map(|d| d.transcript().to_vec())
                .unwrap_or_default(),
            unheard: self.speaker.unheard().to_vec(),
            silent: self.deal.as_ref().and_then(Deal::silent),
        }
    }

    /// The phone taken up again after a reload: everything said heard again, checked.
    pub fn restore(kept: &PhoneKept) -> Result<Phone, Broke> {
        let mut phone = Phone::new(kept.seed);
        if let Some(hello) = &kept.hello {
            let unplayable = |_| Broke {
                seat: hello.seat,
                breach: super::fair::Breach::OutOfOrder,
            };
            let config = hello.terms.config().map_err(unplayable)?;
            let deal = Deal::restore(
                &config,
                context(&hello.game),
                &Kept {
                    mine: Some((hello.seat, kept.seed)),
                    said: kept.said.clone(),
                },
            )?;
            phone.speaker = Speaker::restore(deal.transcript().len() as u32, kept.unheard.clone());
            phone.deal = Some(deal);
            if let (Some(seat), Some(deal)) = (kept.silent, &mut phone.deal) {
                deal.would_not_answer(seat);
            }
            phone.hello = Some(hello.clone());
        }
        Ok(phone)
    }
}

/// A device's kept bytes, and read back checked.
pub fn kept_to_bytes<T: Wire>(kept: &T) -> Vec<u8> {
    crate::wire::to_bytes(kept)
}

pub fn kept_from_bytes<T: Wire>(bytes: &[u8]) -> Result<T, WireError> {
    crate::wire::from_bytes(bytes)
}

#[cfg(test)]
#[path = "fair_session_tests.rs"]
mod tests;

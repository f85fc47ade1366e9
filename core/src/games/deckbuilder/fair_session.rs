//! The Chess deckbuilder on two phones, from the first frame to the last (issue 42): the
//! host's device relays (`crate::wire::relay`) and plays its own seat, the guest's plays the
//! other; each holds only its own deck ([`super::fair::Deal`]).
//!
//! No coin toss is needed to begin: the game's name is the host's fresh random bytes, and
//! everything random in the game comes from both phones' chains, each bound to that name
//! and to a secret the other never learns. On every link the host says hello (the terms and
//! the name); the guest answers with where it stands, and says again whatever of its own
//! words a dropped link lost. A guest that hears its own words other than it said them, or
//! a relay that passes the game on otherwise than before, names the host's player.

use super::fair::{Breach, Broke, Deal, Kept, Refused, Said};
use super::game::{Action, Config, Event};
use crate::seats::{ConfigError, Seats};
use crate::wire::relay::{Answer, Down, FromRelay, Relay, RelayRefusal, Speaker, Spoke, ToRelay};
use crate::wire::{Wire, WireError, ensure, wire_struct};

/// The game's public terms, chosen on the host's device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// White's name, then Black's.
    pub names: Vec<String>,
    /// The seat the host's own player plays: 0 White, 1 Black.
    pub host_seat: u8,
}

impl Terms {
    pub fn config(&self) -> Result<Config, ConfigError> {
        let config = Config::standard(Seats::new(2, self.names.clone())?);
        Deal::new(&config, Vec::new(), 0, [0; 32])?;
        Ok(config)
    }

    pub fn guest_seat(&self) -> u8 {
        1 - self.host_seat
    }
}

fn terms_fit(terms: &Terms) -> Result<(), WireError> {
    ensure(
        terms.host_seat < 2 && terms.names.len() == 2 && terms.config().is_ok(),
        "game's terms",
    )
}

wire_struct!(Terms { names, host_seat }, checked by terms_fit);

/// The host's first words on every link: the terms and the game's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub terms: Terms,
    pub game: [u8; 16],
}

wire_struct!(Hello { terms, game });

/// What the host's device sends the guest: its hello, or a relay frame.
pub type ToGuest = Down<Hello, Said>;

/// The game's context (the bytes every slot and every draw is bound to), from its name.
fn context(game: &[u8; 16]) -> Vec<u8> {
    let mut context = b"deckbuilder fair game ".to_vec();
    context.extend_from_slice(game);
    context
}

/// A frame that changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    Garbled(WireError),
    /// A hello of another game than this device's.
    OtherGame,
    /// The relay refused what this device said.
    Refused(RelayRefusal),
    /// A frame before the hello.
    NotDealt,
}

/// What one frame, or one of this device's own actions, gave: the frames to send the other
/// device, what happened, and the player named if a rule was broken (the frames are still
/// to be sent: the other device must hear it too).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub send: Vec<Vec<u8>>,
    pub news: Vec<Event>,
    pub broke: Option<Broke>,
}

/// A verdict no value says, kept beside what was said: the seat named and how, `0` by the
/// app's clock (it did not answer), `1` as a relay that passed the game on otherwise than it
/// was played.
fn unsaid(deal: &Deal) -> Option<(u8, u8)> {
    let broke = deal.broke()?;
    match broke.breach {
        Breach::WouldNotAnswer => Some((broke.seat, 0)),
        Breach::Forged => Some((broke.seat, 1)),
        _ => None,
    }
}

/// A kept game heard again: a value that broke the rules last reads back so (the game
/// ended on it), one before the last means the storage was changed; then the verdict no
/// value says, if there was one (`unsaid`).
fn heard_again(
    config: &Config,
    game: &[u8; 16],
    kept: &Kept,
    unsaid: Option<(u8, u8)>,
) -> Result<Deal, Broke> {
    let mut deal = Deal::new(config, context(game), kept.seat, kept.secret).map_err(|_| Broke {
        seat: kept.seat,
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
    match unsaid {
        Some((seat, 0)) => {
            deal.would_not_answer(seat);
        }
        Some((seat, _)) => {
            deal.name_relay(seat);
        }
        None => {}
    }
    Ok(deal)
}

/// The host's device: the relay, and its own player's seat.
#[derive(Clone, Debug)]
pub struct Host {
    hello: Hello,
    deal: Deal,
    relay: Relay<Said>,
}

/// What the host's device keeps through a reload: the hello, its secret, everything said,
/// and a verdict no value says (`unsaid`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostKept {
    pub hello: Hello,
    pub kept: Kept,
    pub unsaid: Option<(u8, u8)>,
}

wire_struct!(HostKept {
    hello,
    kept,
    unsaid
});

fn wrap(frame: FromRelay<Said>) -> Vec<u8> {
    ToGuest::Relay(frame).to_bytes()
}

impl Host {
    /// A game of `terms` named by `game`, the host's deck from `secret` (fresh random
    /// bytes, both).
    pub fn new(terms: Terms, game: [u8; 16], secret: [u8; 32]) -> Result<Host, ConfigError> {
        let config = terms.config()?;
        let deal = Deal::new(&config, context(&game), terms.host_seat, secret)?;
        let mut host = Host {
            hello: Hello { terms, game },
            deal,
            relay: Relay::new(),
        };
        // The host's deck is in from the start: its chain's head and its first hand.
        if let Some(join) = host.deal.join() {
            host.said(join);
        }
        Ok(host)
    }

    pub fn terms(&self) -> &Terms {
        &self.hello.terms
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn deal_mut(&mut self) -> &mut Deal {
        &mut self.deal
    }

    /// The first frame on every link.
    pub fn hello(&self) -> Vec<u8> {
        ToGuest::Hello(self.hello.clone()).to_bytes()
    }

    /// The bytes the guest sent.
    pub fn heard(&mut self, bytes: &[u8]) -> Step {
        let guest = self.hello.terms.guest_seat();
        let mut step = Step::default();
        // Once a player is named the game is over: nothing more is said in it (the guest
        // asking where the game stands is still answered, and learns the verdict).
        if self.deal.broke().is_some()
            && matches!(ToRelay::<Said>::from_bytes(bytes), Ok(ToRelay::Say(_)))
        {
            return step;
        }
        match self.relay.answer(guest, bytes) {
            Answer::This(frames) => {
                step.send = frames.into_iter().map(wrap).collect();
                // The guest's phone back after the host's clock named it learns it after its
                // catch-up (nothing was opened or played on its behalf).
                if let Some((seat, 0)) = unsaid(&self.deal) {
                    step.send.push(ToGuest::Ended(seat).to_bytes());
                }
            }
            Answer::Everyone(frame) => {
                step.send.push(wrap(frame.clone()));
                if let FromRelay::Said { said, .. } = frame {
                    self.own(said, true, &mut step);
                }
            }
        }
        step
    }

    /// The host's seat says `said`, or hears it numbered already (`numbered`), and says
    /// what it must in answer.
    fn own(&mut self, said: Said, numbered: bool, step: &mut Step) {
        let (deal, news) = (&mut self.deal, &mut step.news);
        step.broke = self
            .relay
            .own_seat(self.hello.terms.host_seat, said, numbered, &mut step.send, wrap, |said| {
                deal.hear(said).map(|heard| {
                    news.extend(heard.news);
                    heard.say
                })
            })
            .or(step.broke.take());
    }

    fn said(&mut self, said: Said) -> Step {
        let mut step = Step::default();
        self.own(said, false, &mut step);
        step
    }

    /// The host's own player acts.
    pub fn act(&mut self, action: Action) -> Result<Step, Refused> {
        let said = self.deal.act(action)?;
        Ok(self.said(said))
    }

    /// The host's clock names the guest's phone as not answering when the game needed it
    /// (an answer owed, or its turn with its link down): nothing is opened or played on its
    /// behalf, and the guest's phone is told at once if it is still linked (else after its
    /// catch-up). `None` if the game was not waiting on it.
    pub fn not_answering(&mut self) -> Option<Step> {
        let guest = self.hello.terms.guest_seat();
        let deal = &mut self.deal;
        let needed = deal.started()
            && deal.broke().is_none()
            && (deal.waiting_for().contains(&guest) || deal.to_move() == Some(guest));
        needed.then(|| Step {
            send: vec![ToGuest::Ended(guest).to_bytes()],
            news: Vec::new(),
            broke: Some(deal.would_not_answer(guest)),
        })
    }

    pub fn kept(&self) -> HostKept {
        HostKept {
            hello: self.hello.clone(),
            kept: self.deal.kept().expect("the host plays a seat"),
            unsaid: unsaid(&self.deal),
        }
    }

    /// The host's device taken up again after a reload: everything said heard again.
    pub fn restore(kept: &HostKept) -> Result<Host, Broke> {
        let unplayable = |_| Broke {
            seat: kept.hello.terms.host_seat,
            breach: Breach::OutOfOrder,
        };
        if kept.kept.seat != kept.hello.terms.host_seat {
            return Err(unplayable(()));
        }
        let config = kept.hello.terms.config().map_err(|_| unplayable(()))?;
        let deal = heard_again(&config, &kept.hello.game, &kept.kept, kept.unsaid)?;
        Ok(Host {
            hello: kept.hello.clone(),
            relay: Relay::from_log(deal.transcript().to_vec()),
            deal,
        })
    }
}

/// The guest's device: its own player's seat.
#[derive(Clone, Debug)]
pub struct Guest {
    /// The deck's secret: 32 fresh random bytes, this phone's one secret.
    secret: [u8; 32],
    hello: Option<Hello>,
    deal: Option<Deal>,
    /// Its place in the relay's order, and its words not yet heard back.
    speaker: Speaker<Said>,
}

/// What the guest's device keeps through a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestKept {
    pub secret: [u8; 32],
    pub hello: Option<Hello>,
    pub said: Vec<Said>,
    pub unheard: Vec<Said>,
    pub unsaid: Option<(u8, u8)>,
}

wire_struct!(GuestKept {
    secret,
    hello,
    said,
    unheard,
    unsaid
});

impl Guest {
    pub fn new(secret: [u8; 32]) -> Guest {
        Guest {
            secret,
            hello: None,
            deal: None,
            speaker: Speaker::default(),
        }
    }

    pub fn terms(&self) -> Option<&Terms> {
        self.hello.as_ref().map(|h| &h.terms)
    }

    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    pub fn deal_mut(&mut self) -> Option<&mut Deal> {
        self.deal.as_mut()
    }

    fn says(&mut self, said: Said, step: &mut Step) {
        step.send.push(self.speaker.say(said));
    }

    /// The relay passed the game on otherwise than it was played: the host's player is
    /// named (this device alone knows what it said), and the game is over here.
    fn forged(&mut self, step: &mut Step) {
        let host = self.hello.as_ref().map_or(0, |h| h.terms.host_seat);
        if let Some(deal) = &mut self.deal
            && deal.broke().is_none()
        {
            step.broke = Some(deal.name_relay(host));
        }
    }

    /// The bytes the host sent.
    pub fn heard(&mut self, bytes: &[u8]) -> Result<Step, Trouble> {
        let mut step = Step::default();
        match ToGuest::from_bytes(bytes).map_err(Trouble::Garbled)? {
            ToGuest::Hello(hello) => {
                if self.hello.as_ref().is_some_and(|h| *h != hello) {
                    return Err(Trouble::OtherGame);
                }
                if self.deal.is_none() {
                    let config = hello.terms.config().map_err(|_| Trouble::NotDealt)?;
                    let deal = Deal::new(
                        &config,
                        context(&hello.game),
                        hello.terms.guest_seat(),
                        self.secret,
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
            ToGuest::Relay(frame) => {
                let seat = self.hello.as_ref().map_or(u8::MAX, |h| h.terms.guest_seat());
                let Some(deal) = &mut self.deal else {
                    return Err(Trouble::NotDealt);
                };
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
                    Spoke::Forged => self.forged(&mut step),
                    Spoke::Refused(why) => return Err(Trouble::Refused(why)),
                }
            }
            ToGuest::Ended(seat) => {
                let Some(deal) = &mut self.deal else {
                    return Err(Trouble::NotDealt);
                };
                let needed = deal.started()
                    && (deal.waiting_for().contains(&seat) || deal.to_move() == Some(seat));
                match deal.broke() {
                    // Over already here: nothing new.
                    Some(_) => {}
                    // The host's clock named this phone while it was gone.
                    None if needed => step.broke = Some(deal.would_not_answer(seat)),
                    // A verdict on a seat the game did not wait on: the relay lies.
                    None => self.forged(&mut step),
                }
            }
        }
        Ok(step)
    }

    /// This phone's words not heard back from the relay yet (said on a link that may have
    /// lost them, or that the relay did not pass on).
    pub fn unheard(&self) -> &[Said] {
        self.speaker.unheard()
    }

    /// The guest's own player acts.
    pub fn act(&mut self, action: Action) -> Result<Step, Refused> {
        // A second tap before the first came back waits.
        if !self.speaker.unheard().is_empty() {
            return Err(Refused::Waiting);
        }
        let said = self.deal.as_ref().ok_or(Refused::Waiting)?.act(action)?;
        let mut step = Step::default();
        self.says(said, &mut step);
        Ok(step)
    }

    pub fn kept(&self) -> GuestKept {
        GuestKept {
            secret: self.secret,
            hello: self.hello.clone(),
            said: self
                .deal
                .as_ref()
                .map(|d| d.transcript().to_vec())
                .unwrap_or_default(),
            unheard: self.speaker.unheard().to_vec(),
            unsaid: self.deal.as_ref().and_then(unsaid),
        }
    }

    /// The guest's device taken up again after a reload: everything said heard again.
    pub fn restore(kept: &GuestKept) -> Result<Guest, Broke> {
        let mut guest = Guest::new(kept.secret);
        if let Some(hello) = &kept.hello {
            let seat = hello.terms.guest_seat();
            let config = hello.terms.config().map_err(|_| Broke {
                seat,
                breach: Breach::OutOfOrder,
            })?;
            let mine = Kept {
                seat,
                secret: kept.secret,
                said: kept.said.clone(),
            };
            let deal = heard_again(&config, &hello.game, &mine, kept.unsaid)?;
            guest.speaker = Speaker::restore(deal.transcript().len() as u32, kept.unheard.clone());
            guest.deal = Some(deal);
            guest.hello = Some(hello.clone());
        }
        Ok(guest)
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

//! An Espionage game refereed by two phones, from the first frame to the last (issue 42):
//! the two devices agree on the game, then play it over one link, the host's device
//! relaying (`crate::wire::relay`) and playing its own seat, the guest playing the other.
//! Each device holds only its own army ([`super::fair::Side`]).
//!
//! **The deal.** The board's volcanoes come from a seed neither device chooses alone, by
//! the standard commit-then-open coin toss: the host sends the game's public terms with a
//! commitment to a fresh random share ([`Hello`]); the guest answers with its own share;
//! the host opens its share ([`ToGuest::Dealt`], which also says which guest share it took).
//! The seed and the game's context (the bytes every piece's commitment is bound to) are
//! digests of both shares. The host keeps the first share it was sent: a guest that learnt
//! the host's share cannot send another.
//!
//! **Reloads and drops.** Each device keeps what it needs ([`HostKept`], [`GuestKept`]: its
//! share, its army's salts, everything said); after a new link the host says hello again
//! and the guest answers with where it stands, and the relay sends what it missed.

use super::fair::{self, Breach, Broke, Kept, Refused, Said, Side};
use super::game::{Action, Config, Espionage, Event, Placement};
use crate::commit::{Domain, Salt, digest};
use crate::game::{Game, RefereeOnly};
use crate::seats::ConfigError;
use crate::seed::Seed;
use crate::wire::relay::{Answer, Ear, FromRelay, Next, Relay, RelayRefusal, ToRelay};
use crate::wire::{Wire, WireError, wire_struct};

pub use super::fair_frames::{Hello, Share, Terms, ToGuest, ToHost};

const DEAL: &str = "espionage deal";

/// The deal's seed and the game's context, from both shares.
fn dealt(config: &Config, game: &[u8; 16], host: &Share, guest: &Share) -> (Vec<u8>, Vec<u8>) {
    let seed = digest(&[b"espionage fair seed", game, host, guest]);
    let context = digest(&[b"espionage fair game", game, host, guest]).to_vec();
    let mut first = [0; 8];
    first.copy_from_slice(&seed[..8]);
    let volcanoes = Espionage::deal(config, Seed(u64::from_le_bytes(first)), RefereeOnly::new())
        .map(|state| state.volcanoes)
        .unwrap_or_default();
    (volcanoes, context)
}

/// What one frame, or one of this device's own actions, gave: the frames to send the
/// other device, what happened as this seat is told it, and the player named if a rule
/// was broken (the frames are still to be sent: the other device must hear it too).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub send: Vec<Vec<u8>>,
    pub news: Vec<Event>,
    pub broke: Option<Broke>,
}

/// A frame that changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// Not a frame of this game's protocol.
    Garbled(WireError),
    /// A hello of another game than the one this device plays.
    OtherGame,
    /// The relay refused what this device said.
    Refused(RelayRefusal),
    /// A frame that comes before the game is dealt.
    NotDealt,
}

/// The host's device: the relay, and its own player's seat.
#[derive(Clone, Debug)]
pub struct Host {
    hello: Hello,
    share: Share,
    salt: Salt,
    guest: Option<Share>,
    side: Option<Side>,
    relay: Relay<Said>,
}

/// What the host's device keeps through a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostKept {
    pub hello: Hello,
    pub share: Share,
    pub salt: Salt,
    pub guest: Option<Share>,
    pub side: Option<Kept>,
}

wire_struct!(HostKept {
    hello,
    share,
    salt,
    guest,
    side
});

impl Host {
    /// A game of `terms`, named by `game`, with the host's `share` of the seed and its
    /// `salt` (all fresh random bytes).
    pub fn new(terms: Terms, game: [u8; 16], share: Share, salt: Salt) -> Result<Host, ConfigError> {
        terms.config()?;
        let commitment = Domain {
            label: DEAL,
            context: &game,
        }
        .commit(&share, &salt);
        Ok(Host {
            hello: Hello {
                terms,
                game,
                commitment,
            },
            share,
            salt,
            guest: None,
            side: None,
            relay: Relay::new(),
        })
    }

    pub fn terms(&self) -> &Terms {
        &self.hello.terms
    }

    /// The host's side, once the game is dealt.
    pub fn side(&self) -> Option<&Side> {
        self.side.as_ref()
    }

    pub fn side_mut(&mut self) -> Option<&mut Side> {
        self.side.as_mut()
    }

    /// The first frame on every link.
    pub fn hello(&self) -> Vec<u8> {
        ToGuest::Hello(self.hello.clone()).to_bytes()
    }

    fn dealt_frame(&self) -> Option<Vec<u8>> {
        Some(
            ToGuest::Dealt {
                share: self.share,
                salt: self.salt,
                guest: self.guest?,
            }
            .to_bytes(),
        )
    }

    /// The bytes the guest sent.
    pub fn heard(&mut self, bytes: &[u8]) -> Result<Step, Trouble> {
        match ToHost::from_bytes(bytes).map_err(Trouble::Garbled)? {
            ToHost::Share(share) => {
                if self.guest.is_none() {
                    self.guest = Some(share);
                    let config = self.hello.terms.config().map_err(|_| Trouble::NotDealt)?;
                    let (volcanoes, context) =
                        dealt(&config, &self.hello.game, &self.share, &share);
                    self.side = Some(Side::new(
                        config,
                        volcanoes,
                        self.hello.terms.host_seat,
                        context,
                    ));
                }
                // The first share stands, whatever the guest sends after.
                Ok(Step {
                    send: self.dealt_frame().into_iter().collect(),
                    ..Step::default()
                })
            }
            ToHost::Relay(frame) => {
                let Some(side) = &self.side else {
                    return Err(Trouble::NotDealt);
                };
                // Once a player is named the game is over: nothing more is said in it (the
                // guest asking where the game stands is still answered, and learns it).
                if matches!(side.verdict(), Some(fair::Verdict::Broke(_)))
                    && matches!(frame, ToRelay::Say(_))
                {
                    return Ok(Step::default());
                }
                let guest = self.hello.terms.guest_seat();
                let mut step = Step::default();
                match self.relay.answer_frame(guest, frame) {
                    Answer::This(frames) => {
                        step.send = frames.iter().map(|f| wrap(f.clone())).collect();
                        // The guest's phone back after the host's clock named it learns it
                        // after its catch-up (nothing was opened on its behalf).
                        if let Some(fair::Verdict::Broke(broke)) = side.verdict()
                            && broke.seat == guest
                            && broke.breach == Breach::WouldNotAnswer
                        {
                            step.send.push(ToGuest::Ended(guest).to_bytes());
                        }
                    }
                    Answer::Everyone(frame) => {
                        step.send.push(wrap(frame.clone()));
                        if let FromRelay::Said { said, .. } = frame {
                            self.own(said, true, &mut step);
                        }
                    }
                }
                Ok(step)
            }
        }
    }

    /// The host's seat says `said`, or hears it numbered already (`numbered`), and says
    /// what it must in answer.
    fn own(&mut self, said: Said, numbered: bool, step: &mut Step) {
        let Some(side) = &mut self.side else { return };
        let news = &mut step.news;
        step.broke = self
            .relay
            .own_seat(self.hello.terms.host_seat, said, numbered, &mut step.send, wrap, |said| {
                side.hear(said).map(|heard| {
                    news.extend(heard.news);
                    heard.say
                })
            })
            .or(step.broke.take());
    }

    /// The host's own player sets up (`salts`: one fresh random salt per piece).
    pub fn set_up(&mut self, placement: Placement, salts: &[Salt]) -> Result<Step, Refused> {
        let side = self.side.as_mut().ok_or(Refused::Waiting)?;
        let said = side.set_up(placement, salts)?;
        Ok(self.said(said))
    }

    /// The host's own player acts.
    pub fn act(&mut self, action: Action) -> Result<Step, Refused> {
        let side = self.side.as_mut().ok_or(Refused::Waiting)?;
        let said = side.act(action)?;
        Ok(self.said(said))
    }

    fn said(&mut self, said: Said) -> Step {
        let mut step = Step::default();
        self.own(said, false, &mut step);
        step
    }

    /// The host's clock names the guest's phone as not answering (as the deckbuilder's
    /// host does): the guest is told at once if still linked, else after its catch-up.
    pub fn not_answering(&mut self) -> Option<Step> {
        let guest = self.hello.terms.guest_seat();
        let side = self.side.as_mut()?;
        let needed = side.verdict().is_none()
            && (side.waiting_for() == Some(guest) || side.to_act() == crate::game::ToAct::Seat(guest));
        match needed.then(|| side.would_not_answer(guest))? {
            fair::Verdict::Broke(broke) => Some(Step {
                send: vec![ToGuest::Ended(guest).to_bytes()],
                news: Vec::new(),
                broke: Some(broke),
            }),
            fair::Verdict::Fair(_) => None,
        }
    }

    pub fn kept(&self) -> HostKept {
        HostKept {
            hello: self.hello.clone(),
            share: self.share,
            salt: self.salt,
            guest: self.guest,
            side: self.side.as_ref().map(Side::kept),
        }
    }

    /// The host's device taken up again after a reload.
    pub fn restore(kept: &HostKept) -> Result<Host, fair::Unkept> {
        let config = kept
            .hello
            .terms
            .config()
            .map_err(|_| fair::Unkept::Damaged(WireError::Bad("game's terms")))?;
        let side = match (&kept.side, kept.guest) {
            (Some(side), Some(guest)) => {
                let (volcanoes, context) = dealt(&config, &kept.hello.game, &kept.share, &guest);
                Some(Side::restore(
                    config,
                    volcanoes,
                    kept.hello.terms.host_seat,
                    context,
                    side,
                )?)
            }
            (None, _) => None,
            (Some(_), None) => return Err(fair::Unkept::Damaged(WireError::Bad("deal"))),
        };
        let relay = Relay::from_log(side.as_ref().map(|s| s.transcript().to_vec()).unwrap_or_default());
        Ok(Host {
            hello: kept.hello.clone(),
            share: kept.share,
            salt: kept.salt,
            guest: kept.guest,
            side,
            relay,
        })
    }
}

fn wrap(frame: FromRelay<Said>) -> Vec<u8> {
    ToGuest::Relay(frame).to_bytes()
}

/// The guest's device: its own player's seat.
#[derive(Clone, Debug)]
pub struct Guest {
    share: Share,
    hello: Option<Hello>,
    /// The host's opened share and salt, once dealt.
    host: Option<(Share, Salt)>,
    side: Option<Side>,
    ear: Ear,
    broke: Option<Broke>,
    /// How many of this device's words not yet heard back were said on an earlier link
    /// (counted at a new link's hello): those the relay did not have are said again.
    lost: usize,
}

/// What the guest's device keeps through a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestKept {
    pub share: Share,
    pub hello: Option<Hello>,
    pub host: Option<(Share, Salt)>,
    pub side: Option<Kept>,
}

wire_struct!(GuestKept {
    share,
    hello,
    host,
    side
});

impl Guest {
    /// A guest with its `share` of the seed (fresh random bytes).
    pub fn new(share: Share) -> Guest {
        Guest {
            share,
            hello: None,
            host: None,
            side: None,
            ear: Ear::default(),
            broke: None,
            lost: 0,
        }
    }

    pub fn terms(&self) -> Option<&Terms> {
        self.hello.as_ref().map(|h| &h.terms)
    }

    pub fn side(&self) -> Option<&Side> {
        self.side.as_ref()
    }

    pub fn side_mut(&mut self) -> Option<&mut Side> {
        self.side.as_mut()
    }

    /// The host broke the deal (its share did not open its commitment), or did not open
    /// it at all (said by the app's clock).
    pub fn broke(&self) -> Option<&Broke> {
        self.broke.as_ref()
    }

    /// The guest's share was sent and the host, which then knew the board, has not dealt:
    /// said by the app's clock, the host's player is named as not answering and the deal
    /// ends here. Nothing once the game is dealt (its side's clock says it then).
    pub fn would_not_answer(&mut self) -> Option<Broke> {
        if self.side.is_some() || self.broke.is_some() {
            return None;
        }
        let broke = Broke {
            seat: self.hello.as_ref()?.terms.host_seat,
            breach: Breach::WouldNotAnswer,
        };
        self.broke = Some(broke.clone());
        Some(broke)
    }

    /// The bytes the host sent.
    pub fn heard(&mut self, bytes: &[u8]) -> Result<Step, Trouble> {
        let mut step = Step::default();
        // A deal that ended with the host named goes no further.
        if self.broke.is_some() && self.side.is_none() {
            return Ok(step);
        }
        match ToGuest::from_bytes(bytes).map_err(Trouble::Garbled)? {
            ToGuest::Hello(hello) => {
                if self.hello.as_ref().is_some_and(|h| *h != hello) {
                    return Err(Trouble::OtherGame);
                }
                self.hello = Some(hello);
                self.lost = self.side.as_ref().map_or(0, |s| s.unheard().len());
                step.send.push(if self.side.is_some() {
                    ToHost::Relay(self.ear.resume()).to_bytes()
                } else {
                    ToHost::Share(self.share).to_bytes()
                });
            }
            ToGuest::Dealt { share, salt, guest } => {
                let hello = self.hello.as_ref().ok_or(Trouble::NotDealt)?;
                if self.side.is_some() {
                    return Ok(step);
                }
                if guest != self.share {
                    return Err(Trouble::OtherGame);
                }
                let domain = Domain {
                    label: DEAL,
                    context: &hello.game,
                };
                if !domain.opens(&hello.commitment, &share, &salt) {
                    let broke = Broke {
                        seat: hello.terms.host_seat,
                        breach: Breach::WrongOpening,
                    };
                    self.broke = Some(broke.clone());
                    step.broke = Some(broke);
                    return Ok(step);
                }
                let config = hello.terms.config().map_err(|_| Trouble::NotDealt)?;
                let (volcanoes, context) = dealt(&config, &hello.game, &share, &self.share);
                let me = hello.terms.guest_seat();
                self.host = Some((share, salt));
                self.side = Some(Side::new(config, volcanoes, me, context));
                step.send.push(ToHost::Relay(self.ear.resume()).to_bytes());
            }
            ToGuest::Relay(frame) => {
                let Some(side) = &mut self.side else {
                    return Err(Trouble::NotDealt);
                };
                match self.ear.take(frame) {
                    Next::Hear(said) => {
                        if said.seat() == side.seat() {
                            self.lost = self.lost.saturating_sub(1);
                        }
                        match side.hear(said) {
                            Ok(heard) => {
                                step.news = heard.news;
                                step.send = heard
                                    .say
                                    .into_iter()
                                    .map(|said| ToHost::Relay(ToRelay::Say(said)).to_bytes())
                                    .collect();
                            }
                            Err(broke) => step.broke = Some(broke),
                        }
                    }
                    // A value sent again must be the one heard at its place; a relay with
                    // less than this phone heard goes on with another game.
                    Next::Again { index, said } => {
                        if side.transcript().get(index as usize) != Some(&said) {
                            step.broke = side.rewritten(1 - side.seat());
                        }
                    }
                    Next::Behind { .. } => step.broke = side.rewritten(1 - side.seat()),
                    // Whatever of its own words the relay never had, it has now.
                    // (Those said since went by this link after the ask: not lost.)
                    Next::CaughtUp => {
                        let lost = std::mem::take(&mut self.lost);
                        step.send = side
                            .unheard()
                            .into_iter()
                            .take(lost)
                            .map(|said| ToHost::Relay(ToRelay::Say(said)).to_bytes())
                            .collect();
                    }
                    Next::Gap { heard } => {
                        step.send
                            .push(ToHost::Relay(ToRelay::From { heard }).to_bytes());
                    }
                    Next::Refused(why) => return Err(Trouble::Refused(why)),
                }
            }
            ToGuest::Ended(seat) => {
                let Some(side) = &mut self.side else {
                    return Err(Trouble::NotDealt);
                };
                let needed = side.waiting_for() == Some(seat)
                    || side.to_act() == crate::game::ToAct::Seat(seat);
                match side.verdict() {
                    // Over already here: nothing new.
                    Some(_) => {}
                    // The host's clock named this phone while it was gone.
                    None if needed => {
                        if let fair::Verdict::Broke(broke) = side.would_not_answer(seat) {
                            step.broke = Some(broke);
                        }
                    }
                    // A verdict on a seat the game did not wait on: the relay lies.
                    None => step.broke = side.rewritten(1 - side.seat()),
                }
            }
        }
        Ok(step)
    }

    /// What to send after waiting long with nothing heard: where this device stands.
    pub fn ask_again(&self) -> Option<Vec<u8>> {
        self.side
            .as_ref()
            .map(|_| ToHost::Relay(self.ear.resume()).to_bytes())
    }

    /// The guest's own player sets up (`salts`: one fresh random salt per piece).
    pub fn set_up(&mut self, placement: Placement, salts: &[Salt]) -> Result<Step, Refused> {
        let side = self.side.as_mut().ok_or(Refused::Waiting)?;
        let said = side.set_up(placement, salts)?;
        Ok(Step {
            send: vec![ToHost::Relay(ToRelay::Say(said)).to_bytes()],
            ..Step::default()
        })
    }

    /// The guest's own player acts.
    pub fn act(&mut self, action: Action) -> Result<Step, Refused> {
        let side = self.side.as_mut().ok_or(Refused::Waiting)?;
        let said = side.act(action)?;
        Ok(Step {
            send: vec![ToHost::Relay(ToRelay::Say(said)).to_bytes()],
            ..Step::default()
        })
    }

    pub fn kept(&self) -> GuestKept {
        GuestKept {
            share: self.share,
            hello: self.hello.clone(),
            host: self.host,
            side: self.side.as_ref().map(Side::kept),
        }
    }

    /// The guest's device taken up again after a reload.
    pub fn restore(kept: &GuestKept) -> Result<Guest, fair::Unkept> {
        let mut guest = Guest::new(kept.share);
        guest.hello = kept.hello.clone();
        if let (Some(hello), Some((share, salt)), Some(side)) = (&kept.hello, kept.host, &kept.side)
        {
            let config = hello.terms.config().map_err(|_| fair::Unkept::Damaged(WireError::Bad("game's terms")))?;
            let (volcanoes, context) = dealt(&config, &hello.game, &share, &kept.share);
            let side = Side::restore(config, volcanoes, hello.terms.guest_seat(), context, side)?;
            guest.ear = Ear {
                heard: side.transcript().len() as u32,
            };
            guest.host = Some((share, salt));
            guest.side = Some(side);
        }
        Ok(guest)
    }
}

/// A device's kept bytes (`storage`), and read back checked.
pub fn kept_to_bytes<T: Wire>(kept: &T) -> Vec<u8> {
    crate::wire::to_bytes(kept)
}

pub fn kept_from_bytes<T: Wire>(bytes: &[u8]) -> Result<T, fair::Unkept> {
    crate::wire::from_bytes(bytes).map_err(fair::Unkept::Damaged)
}

#[cfg(test)]
#[path = "fair_session_tests.rs"]
mod tests;

//! The host's part in a game refereed by the phones together (issue 42): not a referee, a
//! relay. Every value a phone says (`games::espionage::fair::Said`,
//! `games::usurp::fair::Said`) goes to the relay, which numbers it in the one order of the
//! game and passes it on to every phone, the sayer's included; the host's own phone hears
//! its words in that order too. The relay holds nothing but what was said aloud, so a host
//! that reads its own storage learns nothing the rules have not opened.
//!
//! A phone's [`Ear`] hears each numbered value once, in order: one heard already is passed
//! over, and one that comes after a gap (a frame lost while a link dropped) asks the relay
//! for everything from where the phone stands ([`ToRelay::From`]), as a phone does after
//! every link and reload. The relay refuses a value that speaks for another seat than its
//! link's: no phone can put words in another's mouth, and a relay that changes words is
//! caught by the phones themselves (each checks that its own words come back as it said
//! them).

use super::{Reader, Wire, WireError};

/// A value the phones say: whose it is, and its checked bytes.
pub trait Spoken: Sized + Clone {
    /// The seat that says it.
    fn seat(&self) -> u8;
    fn to_bytes(&self) -> Vec<u8>;
    /// Read back checked: a frame cut short, too long or impossible is refused.
    fn from_bytes(bytes: &[u8]) -> Result<Self, WireError>;
}

/// What a phone sends the relay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToRelay<T> {
    /// Send everything from the value numbered `heard` on (after a link, a reload, a gap).
    From { heard: u32 },
    /// One value this phone's seat says.
    Say(T),
}

/// What the relay sends a phone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromRelay<T> {
    /// The value numbered `index` in the game's one order.
    Said { index: u32, said: T },
    /// What this phone sent was not passed on.
    Refused(RelayRefusal),
    /// The answer to [`ToRelay::From`] ends here: the game has said `len` values. A phone
    /// that has heard them all and still waits for some of its own words to come back
    /// knows they were lost (a link that dropped) and says them again.
    Upto { len: u32 },
}

/// Why the relay did not pass a phone's value on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayRefusal {
    /// The bytes were not a value of the game.
    Garbled,
    /// The value spoke for another seat than the link's.
    NotYourSeat,
    /// The game has said more than any game says (a phone that will not stop).
    TooLong,
}

/// The most values one game's relay keeps: far beyond any game (Espionage's longest is a
/// few thousand), small enough that a phone that will not stop is refused, not kept.
pub const MOST_SAID: usize = 200_000;

const FROM: u8 = 0;
const SAY: u8 = 1;
const SAID: u8 = 2;
const REFUSED: u8 = 3;
const UPTO: u8 = 4;

fn refusal_tag(why: RelayRefusal) -> u8 {
    match why {
        RelayRefusal::Garbled => 0,
        RelayRefusal::NotYourSeat => 1,
        RelayRefusal::TooLong => 2,
    }
}

impl<T: Spoken> ToRelay<T> {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            ToRelay::From { heard } => {
                out.push(FROM);
                heard.put(&mut out);
            }
            ToRelay::Say(said) => {
                out.push(SAY);
                out.extend(said.to_bytes());
            }
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WireError> {
        if bytes.len() > super::MOST_BYTES {
            return Err(WireError::TooLong);
        }
        let mut r = Reader::new(bytes);
        match r.byte()? {
            FROM => {
                let heard = u32::take(&mut r)?;
                r.end()?;
                Ok(ToRelay::From { heard })
            }
            SAY => Ok(ToRelay::Say(T::from_bytes(&bytes[1..])?)),
            _ => Err(WireError::Bad("relay frame")),
        }
    }
}

impl<T: Spoken> FromRelay<T> {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            FromRelay::Said { index, said } => {
                out.push(SAID);
                index.put(&mut out);
                out.extend(said.to_bytes());
            }
            FromRelay::Refused(why) => out.extend([REFUSED, refusal_tag(*why)]),
            FromRelay::Upto { len } => {
                out.push(UPTO);
                len.put(&mut out);
            }
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WireError> {
        if bytes.len() > super::MOST_BYTES {
            return Err(WireError::TooLong);
        }
        let mut r = Reader::new(bytes);
        match r.byte()? {
            SAID => {
                let index = u32::take(&mut r)?;
                let head = bytes.len() - r.bytes.len();
                Ok(FromRelay::Said {
                    index,
                    said: T::from_bytes(&bytes[head..])?,
                })
            }
            REFUSED => {
                let why = match r.byte()? {
                    0 => RelayRefusal::Garbled,
                    1 => RelayRefusal::NotYourSeat,
                    2 => RelayRefusal::TooLong,
                    _ => return Err(WireError::Bad("refusal")),
                };
                r.end()?;
                Ok(FromRelay::Refused(why))
            }
            UPTO => {
                let len = u32::take(&mut r)?;
                r.end()?;
                Ok(FromRelay::Upto { len })
            }
            _ => Err(WireError::Bad("relay frame")),
        }
    }
}

/// The relay's answer to one frame of a phone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<T> {
    /// A value now in the order: send it to every phone (the sayer's included), and let
    /// the host's own phone hear it.
    Everyone(FromRelay<T>),
    /// Frames for this phone alone.
    This(Vec<FromRelay<T>>),
}

/// The one order of a game's values, kept by the host.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relay<T> {
    log: Vec<T>,
}

impl<T: Spoken> Relay<T> {
    pub fn new() -> Relay<T> {
        Relay { log: Vec::new() }
    }

    /// A relay that had passed these values on (read back from the host's storage).
    pub fn from_log(log: Vec<T>) -> Relay<T> {
        Relay { log }
    }

    /// Everything said so far, in order.
    pub fn log(&self) -> &[T] {
        &self.log
    }

    /// `seat` says `said` (the seat of the link it came by, or the host's own): numbered
    /// and passed on, or refused.
    pub fn say(&mut self, seat: u8, said: T) -> Result<FromRelay<T>, RelayRefusal> {
        if said.seat() != seat {
            return Err(RelayRefusal::NotYourSeat);
        }
        if self.log.len() >= MOST_SAID {
            return Err(RelayRefusal::TooLong);
        }
        let index = self.log.len() as u32;
        self.log.push(said.clone());
        Ok(FromRelay::Said { index, said })
    }

    /// Every value from the one numbered `heard` on, and where the game stands.
    pub fn since(&self, heard: u32) -> Vec<FromRelay<T>> {
        let from = (heard as usize).min(self.log.len());
        let mut frames: Vec<FromRelay<T>> = self.log[from..]
            .iter()
            .enumerate()
            .map(|(i, said)| FromRelay::Said {
                index: (from + i) as u32,
                said: said.clone(),
            })
            .collect();
        frames.push(FromRelay::Upto {
            len: self.log.len() as u32,
        });
        frames
    }

    /// The bytes a phone of `seat` sent: what to send, and to whom.
    pub fn answer(&mut self, seat: u8, bytes: &[u8]) -> Answer<T> {
        match ToRelay::<T>::from_bytes(bytes) {
            Err(_) => Answer::This(vec![FromRelay::Refused(RelayRefusal::Garbled)]),
            Ok(frame) => self.answer_frame(seat, frame),
        }
    }

    /// A frame a phone of `seat` sent, read already.
    pub fn answer_frame(&mut self, seat: u8, frame: ToRelay<T>) -> Answer<T> {
        match frame {
            ToRelay::From { heard } => Answer::This(self.since(heard)),
            ToRelay::Say(said) => match self.say(seat, said) {
                Ok(frame) => Answer::Everyone(frame),
                Err(why) => Answer::This(vec![FromRelay::Refused(why)]),
            },
        }
    }
}

/// What a phone does with one frame of the relay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next<T> {
    /// The next value in the order: hear it.
    Hear(T),
    /// A value heard already, sent again (after a gap, or asked for twice): the phone
    /// checks it is the value it heard at `index`. One that differs is a relay that
    /// rewrote the game after this phone heard it.
    Again { index: u32, said: T },
    /// The relay has fewer values than this phone heard: it lost some it had passed on
    /// (its device read back from older storage), and a game it goes on with is not the
    /// one this phone heard.
    Behind { len: u32 },
    /// Values were lost before this one: ask the relay for everything from `heard`.
    Gap { heard: u32 },
    /// The relay refused what this phone said.
    Refused(RelayRefusal),
    /// The phone has heard everything the relay had (the end of an answer to
    /// [`ToRelay::From`]): its own words not yet heard back were lost, and are to be said
    /// again.
    CaughtUp,
}

/// A phone's place in the relay's order: how many values it has heard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ear {
    pub heard: u32,
}

impl Ear {
    /// What to do with `frame`: hear it only when it is the very next value.
    pub fn take<T>(&mut self, frame: FromRelay<T>) -> Next<T> {
        match frame {
            FromRelay::Refused(why) => Next::Refused(why),
            FromRelay::Upto { len } if len == self.heard => Next::CaughtUp,
            FromRelay::Upto { len } if len > self.heard => Next::Gap { heard: self.heard },
            FromRelay::Upto { len } => Next::Behind { len },
            FromRelay::Said { index, said } if index == self.heard => {
                self.heard += 1;
                Next::Hear(said)
            }
            FromRelay::Said { index, said } if index < self.heard => Next::Again { index, said },
            FromRelay::Said { .. } => Next::Gap { heard: self.heard },
        }
    }

    /// What to ask the relay for after a link or a reload.
    pub fn resume<T>(&self) -> ToRelay<T> {
        ToRelay::From { heard: self.heard }
    }
}

impl<T: Spoken> Relay<T> {
    /// The relay's device plays seat `seat` too, and it says `said`, or hears a value
    /// already numbered (`numbered`): each value in the order is framed by `wrap` into
    /// `send` and heard by the seat's game (`hear`: what the seat says in answer, said in
    /// turn; or that a rule was broken, returned, and nothing more heard).
    pub fn own_seat<B>(
        &mut self,
        seat: u8,
        said: T,
        numbered: bool,
        send: &mut Vec<Vec<u8>>,
        wrap: impl Fn(FromRelay<T>) -> Vec<u8>,
        mut hear: impl FnMut(T) -> Result<Vec<T>, B>,
    ) -> Option<B> {
        let mut queue = std::collections::VecDeque::new();
        let mut say = |relay: &mut Relay<T>, said: T, queue: &mut std::collections::VecDeque<T>| {
            if let Ok(frame) = relay.say(seat, said) {
                send.push(wrap(frame.clone()));
                if let FromRelay::Said { said, .. } = frame {
                    queue.push_back(said);
                }
            }
        };
        if numbered {
            queue.push_back(said);
        } else {
            say(self, said, &mut queue);
        }
        while let Some(said) = queue.pop_front() {
            match hear(said) {
                Ok(answers) => {
                    for said in answers {
                        say(self, said, &mut queue);
                    }
                }
                Err(broke) => return Some(broke),
            }
        }
        None
    }
}

/// What a relay's device sends a phone, in a game whose first words on every link are a
/// hello (`H`: the game's public terms): the hello, a relay frame, or the game ended by the
/// relay's clock — the phone of a seat did not answer for a minute when the game needed
/// it (said on every link then, and again after a phone's catch-up on a new link).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Down<H, T> {
    Hello(H),
    Relay(FromRelay<T>),
    Ended(u8),
}

impl<H: Wire, T: Spoken> Down<H, T> {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Down::Hello(hello) => {
                out.push(0);
                hello.put(&mut out);
            }
            Down::Relay(frame) => {
                out.push(1);
                out.extend(frame.to_bytes());
            }
            Down::Ended(seat) => out.extend([2, *seat]),
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WireError> {
        let (&tag, rest) = bytes.split_first().ok_or(WireError::Short)?;
        match tag {
            0 => {
                let mut r = Reader::new(rest);
                let hello = H::take(&mut r)?;
                r.end()?;
                Ok(Down::Hello(hello))
            }
            1 => FromRelay::from_bytes(rest).map(Down::Relay),
            2 => crate::wire::from_bytes(rest).map(Down::Ended),
            _ => Err(WireError::Bad("frame to a phone")),
        }
    }
}

/// A phone's side of the relay for its own seat: its place in the order, its words not yet
/// heard back, and how many of those an earlier link may have lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Speaker<T> {
    ear: Ear,
    unheard: Vec<T>,
    lost: usize,
}

impl<T> Default for Speaker<T> {
    fn default() -> Self {
        Speaker {
            ear: Ear::default(),
            unheard: Vec::new(),
            lost: 0,
        }
    }
}

/// What one relay frame gave a [`Speaker`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spoke<T> {
    /// The next value in the order, for the game to hear (this seat's own came back as it
    /// was said).
    Hear(T),
    /// Frames for the relay: words a dropped link lost, said again; an ask after a gap.
    Send(Vec<Vec<u8>>),
    /// The relay passed the game on otherwise than it was said or heard (words this seat
    /// did not say, a value heard changed, values lost): it cannot be trusted to relay.
    Forged,
    Refused(RelayRefusal),
}

impl<T: Spoken + PartialEq> Speaker<T> {
    /// A phone read back after a reload: it had heard `heard` values, and said `unheard`
    /// that had not come back.
    pub fn restore(heard: u32, unheard: Vec<T>) -> Speaker<T> {
        Speaker {
            ear: Ear { heard },
            unheard,
            lost: 0,
        }
    }

    /// This seat's words not yet heard back, oldest first.
    pub fn unheard(&self) -> &[T] {
        &self.unheard
    }

    /// This seat says `said`: kept until it comes back; its frame for the relay.
    pub fn say(&mut self, said: T) -> Vec<u8> {
        let frame = ToRelay::Say(said.clone()).to_bytes();
        self.unheard.push(said);
        frame
    }

    /// A new link, on which the `new` last of this seat's unheard words were just said:
    /// those said before may have been lost with the last link. The ask for what this phone
    /// missed.
    pub fn linked(&mut self, new: usize) -> Vec<u8> {
        self.lost = self.unheard.len().saturating_sub(new);
        self.ear.resume::<T>().to_bytes()
    }

    /// What to ask the relay after waiting long with nothing heard.
    pub fn ask(&self) -> Vec<u8> {
        self.ear.resume::<T>().to_bytes()
    }

    /// A relay frame, for a phone playing `seat` that has heard `transcript` so far.
    pub fn take(&mut self, frame: FromRelay<T>, seat: u8, transcript: &[T]) -> Spoke<T> {
        match self.ear.take(frame) {
            Next::Hear(said) => {
                if said.seat() == seat {
                    // This seat's words come back as this phone said them, or the relay
                    // put words in its mouth.
                    if self.unheard.first() != Some(&said) {
                        return Spoke::Forged;
                    }
                    self.unheard.remove(0);
                    self.lost = self.lost.saturating_sub(1);
                }
                Spoke::Hear(said)
            }
            // A value sent again must be the one heard at its place; a relay with less than
            // this phone heard goes on with another game.
            Next::Again { index, said } => {
                if transcript.get(index as usize) == Some(&said) {
                    Spoke::Send(Vec::new())
                } else {
                    Spoke::Forged
                }
            }
            Next::Behind { .. } => Spoke::Forged,
            // Words said on an earlier link that the relay never had: lost. (Those said
            // since went by this link after the ask: not lost.)
            Next::CaughtUp => {
                let lost = std::mem::take(&mut self.lost);
                Spoke::Send(
                    self.unheard
                        .iter()
                        .take(lost)
                        .map(|said| ToRelay::Say(said.clone()).to_bytes())
                        .collect(),
                )
            }
            Next::Gap { heard } => Spoke::Send(vec![ToRelay::<T>::From { heard }.to_bytes()]),
            Next::Refused(why) => Spoke::Refused(why),
        }
    }

    /// Where this phone stands in the order: how many values it has heard.
    pub fn heard(&self) -> u32 {
        self.ear.heard
    }
}

#[cfg(test)]
#[path = "relay_tests.rs"]
mod tests;

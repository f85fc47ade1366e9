//! What two phones refereeing an Espionage game say to each other (issue 42;
//! `super::fair_session` plays it): the game's public terms, the host's hello, and the
//! frames each way — the deal's shares, the relay's frames, and the host's clock's verdict.

use super::fair::Said;
use super::game::{Config, Espionage};
use crate::commit::{Commitment, Salt};
use crate::game::{Game, RefereeOnly};
use crate::seats::{ConfigError, Seats};
use crate::seed::Seed;
use crate::wire::relay::{FromRelay, ToRelay};
use crate::wire::{Reader, Wire, WireError, ensure, wire_struct};

/// A random share of the deal's seed, from a cryptographic generator.
pub type Share = [u8; 16];

/// The game's public terms, chosen on the host's device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// South's name, then North's.
    pub names: Vec<String>,
    pub width: u8,
    pub volcanoes: u8,
    pub quiet_draw: Option<u32>,
    /// The seat the host's own player plays: 0 South (sets up and moves first), 1 North.
    pub host_seat: u8,
}

impl Terms {
    pub fn config(&self) -> Result<Config, ConfigError> {
        let mut config = Config::standard(Seats::new(2, self.names.clone())?);
        config.width = self.width;
        config.volcanoes = self.volcanoes;
        config.quiet_draw = self.quiet_draw;
        // The rules' own check of the terms (a width, a count of volcanoes).
        Espionage::deal(&config, Seed(0), RefereeOnly::new())?;
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

wire_struct!(Terms { names, width, volcanoes, quiet_draw, host_seat }, checked by terms_fit);

/// The host's first words on every link: the terms, the game's name (fresh random bytes)
/// and its commitment to its share of the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub terms: Terms,
    pub game: [u8; 16],
    pub commitment: Commitment,
}

wire_struct!(Hello {
    terms,
    game,
    commitment
});

/// What the host's device sends the guest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToGuest {
    Hello(Hello),
    /// The host's share and its salt, and the guest's share it took.
    Dealt {
        share: Share,
        salt: Salt,
        guest: Share,
    },
    Relay(FromRelay<Said>),
    /// The host's clock ended the game: the guest's phone did not answer for a minute when
    /// the game needed it (said after its catch-up when it comes back on a new link).
    Ended(u8),
}

/// What the guest sends the host's device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToHost {
    Share(Share),
    Relay(ToRelay<Said>),
}

impl ToGuest {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            ToGuest::Hello(hello) => {
                out.push(0);
                hello.put(&mut out);
            }
            ToGuest::Dealt { share, salt, guest } => {
                out.push(1);
                share.put(&mut out);
                salt.put(&mut out);
                guest.put(&mut out);
            }
            ToGuest::Relay(frame) => {
                out.push(2);
                out.extend(frame.to_bytes());
            }
            ToGuest::Ended(seat) => out.extend([3, *seat]),
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<ToGuest, WireError> {
        let (&tag, rest) = bytes.split_first().ok_or(WireError::Short)?;
        match tag {
            0 => crate::wire::from_bytes(rest).map(ToGuest::Hello),
            1 => {
                let mut r = Reader::new(rest);
                let dealt = ToGuest::Dealt {
                    share: Wire::take(&mut r)?,
                    salt: Wire::take(&mut r)?,
                    guest: Wire::take(&mut r)?,
                };
                r.end()?;
                Ok(dealt)
            }
            2 => FromRelay::from_bytes(rest).map(ToGuest::Relay),
            3 => crate::wire::from_bytes(rest).map(ToGuest::Ended),
            _ => Err(WireError::Bad("frame to a guest")),
        }
    }
}

impl ToHost {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            ToHost::Share(share) => {
                out.push(0);
                share.put(&mut out);
            }
            ToHost::Relay(frame) => {
                out.push(1);
                out.extend(frame.to_bytes());
            }
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<ToHost, WireError> {
        let (&tag, rest) = bytes.split_first().ok_or(WireError::Short)?;
        match tag {
            0 => crate::wire::from_bytes(rest).map(ToHost::Share),
            1 => ToRelay::from_bytes(rest).map(ToHost::Relay),
            _ => Err(WireError::Bad("frame to a host")),
        }
    }
}

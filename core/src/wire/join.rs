//! Joining a seat from a phone, by two codes (issue 22): the host shows an [`Invitation`]
//! for one seat (the game, the seat, and the host's connection offer), the phone answers
//! with a [`Reply`] (the seat, and its connection answer). Being in the room is the
//! credential: the invitation is shown on the host's screen only, and the connection made
//! from it is that seat's. Once connected, the host hands the phone its seat's key over the
//! encrypted channel (`ToPhone::Welcome`), with which it can rejoin after a drop.
//!
//! Both are base32 with a CRC-32, like every code of the app: an invitation with a
//! browser's two mDNS candidates is 166 characters (a QR code of version 6), shown for
//! typing in groups of four. The answer names the invitation it answers ([`Invitation::
//! mark`]): an answer to an earlier invitation of the seat (a phone that kept showing an old
//! one, or reloaded) is told apart from a network that keeps the devices apart.

use super::handshake::{Handshake, HandshakeError};
use super::{Reader, Wire, WireError};
use crate::catalogue::GameKind;
use crate::share::{INVITATION, JOIN_VERSION, REPLY, crc32, decode, encode, in_fours};

/// The host's code for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub game: GameKind,
    pub seat: u8,
    /// A game the phones referee together (issue 42: each holds only its own secrets, the
    /// inviting device relays): the phone plays it by `games::<game>::fair_session`.
    pub fair: bool,
    pub offer: Handshake,
}

/// The seat byte's high bit: the invitation is to a game the phones referee.
const FAIR: u8 = 0x80;

/// The phone's answer to an invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub seat: u8,
    /// The [`Invitation::mark`] of the invitation it answers.
    pub invitation: u16,
    pub answer: Handshake,
}

fn seal(tag: u8, body: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut bytes = vec![JOIN_VERSION, tag];
    body(&mut bytes);
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_be_bytes());
    encode(&bytes)
}

/// The body of a code of kind `tag`, its checksum and version checked.
fn open(text: &str, tag: u8) -> Result<Vec<u8>, HandshakeError> {
    let mut bytes = decode(text).map_err(|_| HandshakeError::Damaged)?;
    if bytes.len() < 6 {
        return Err(HandshakeError::Damaged);
    }
    let crc = bytes.split_off(bytes.len() - 4);
    if crc32(&bytes).to_be_bytes()[..] != crc[..] {
        return Err(HandshakeError::Damaged);
    }
    match (bytes[0], bytes[1]) {
        (JOIN_VERSION, t) if t == tag => {}
        // The other kind of the two: said as such (an invitation typed back into the host,
        // an answer opened as an invitation).
        (JOIN_VERSION, INVITATION) => return Err(HandshakeError::Invitation),
        (JOIN_VERSION, REPLY) => return Err(HandshakeError::Answer),
        (v, INVITATION | REPLY) if v > JOIN_VERSION => return Err(HandshakeError::Newer(v)),
        (_, INVITATION | REPLY) => return Err(HandshakeError::Older),
        // A table's code: its second byte is a kind and a game, at most 0x35.
        (v, kind) if v == crate::share::VERSION && kind <= 0x3f => {
            return Err(HandshakeError::TableCode);
        }
        _ => return Err(HandshakeError::Damaged),
    }
    Ok(bytes.split_off(2))
}

fn read_all<T>(
    bytes: &[u8],
    read: impl FnOnce(&mut Reader<'_>) -> Result<T, WireError>,
) -> Result<T, HandshakeError> {
    let mut r = Reader::new(bytes);
    let value = read(&mut r).map_err(|_| HandshakeError::Damaged)?;
    r.end().map_err(|_| HandshakeError::Damaged)?;
    Ok(value)
}

impl Invitation {
    /// What names this invitation in its answer: a checksum of the offer's ICE user name
    /// and password, which a new invitation draws afresh.
    pub fn mark(&self) -> u16 {
        let mut bytes = self.offer.ufrag.as_bytes().to_vec();
        bytes.extend_from_slice(self.offer.pwd.as_bytes());
        (crc32(&bytes) & 0xffff) as u16
    }

    /// The code in groups of four, for typing (the readers skip the dashes).
    pub fn to_typed_text(&self) -> String {
        in_fours(&self.to_text())
    }

    pub fn to_text(&self) -> String {
        seal(INVITATION, |out| {
            out.push(self.game.id());
            out.push(self.seat | if self.fair { FAIR } else { 0 });
            self.offer.put(out);
        })
    }

    pub fn from_text(text: &str) -> Result<Invitation, HandshakeError> {
        let body = open(text, INVITATION)?;
        read_all(&body, |r| {
            let game = GameKind::from_id(r.byte()?).ok_or(WireError::Bad("game"))?;
            let byte = r.byte()?;
            let (seat, fair) = (byte & !FAIR, byte & FAIR != 0);
            let offer = Handshake::take(r)?;
            if offer.answer {
                return Err(WireError::Bad("offer"));
            }
            Ok(Invitation {
                game,
                seat,
                fair,
                offer,
            })
        })
    }
}

impl Reply {
    /// The code in groups of four, for typing (the readers skip the dashes).
    pub fn to_typed_text(&self) -> String {
        in_fours(&self.to_text())
    }

    pub fn to_text(&self) -> String {
        seal(REPLY, |out| {
            out.push(self.seat);
            out.extend_from_slice(&self.invitation.to_be_bytes());
            self.answer.put(out);
        })
    }

    pub fn from_text(text: &str) -> Result<Reply, HandshakeError> {
        let body = open(text, REPLY)?;
        read_all(&body, |r| {
            let seat = r.byte()?;
            let invitation = u16::from_be_bytes([r.byte()?, r.byte()?]);
            let answer = Handshake::take(r)?;
            if !answer.answer {
                return Err(WireError::Bad("answer"));
            }
            Ok(Reply {
                seat,
                invitation,
                answer,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::handshake::{Address, Candidate};
    use super::*;

    fn handshake(answer: bool) -> Handshake {
        Handshake {
            answer,
            ufrag: "Zzr4".into(),
            pwd: "irpGtr979EM8BBljMKltVhsO".into(),
            fingerprint: [0xA8; 32],
            candidates: vec![
                Candidate {
                    address: Address::Mdns([2; 16]),
                    port: 35461,
                },
                Candidate {
                    address: Address::Mdns([6; 16]),
                    port: 36260,
                },
            ],
        }
    }

    #[test]
    fn an_invitation_and_its_reply_read_back_and_fit_a_qr_code() {
        let invitation = Invitation {
            game: crate::games::espionage::KIND,
            seat: 1,
            fair: false,
            offer: handshake(false),
        };
        let text = invitation.to_text();
        assert!(text.len() <= 170, "{} characters", text.len());
        assert_eq!(Invitation::from_text(&text), Ok(invitation.clone()));
        // An invitation to a game the phones referee reads back as one, for its seat.
        let fair = Invitation {
            fair: true,
            ..invitation.clone()
        };
        assert_eq!(Invitation::from_text(&fair.to_text()), Ok(fair.clone()));
        assert_ne!(fair.to_text(), text);
        let reply = Reply {
            seat: 1,
            invitation: invitation.mark(),
            answer: handshake(true),
        };
        let text = reply.to_text();
        assert!(text.len() <= 170, "{} characters", text.len());
        assert_eq!(Reply::from_text(&text), Ok(reply.clone()));
        // Typed in groups of four, dashes and all, they read back the same.
        let typed = reply.to_typed_text();
        assert!(typed.split('-').all(|group| group.len() <= 4), "{typed}");
        assert_eq!(typed.replace('-', ""), text);
        assert_eq!(Reply::from_text(&typed), Ok(reply));
        let typed = invitation.to_typed_text();
        assert_eq!(Invitation::from_text(&typed), Ok(invitation));
    }

    #[test]
    fn a_new_invitation_has_a_new_mark() {
        let first = Invitation {
            game: crate::games::espionage::KIND,
            seat: 1,
            fair: false,
            offer: handshake(false),
        };
        let mut again = first.clone();
        again.offer.ufrag = "Qw9x".into();
        again.offer.pwd = "Xq0PkTz3gHv81LmNc7RsB2dW".into();
        assert_ne!(first.mark(), again.mark());
    }

    #[test]
    fn a_code_of_the_wrong_kind_or_damaged_is_refused() {
        let invitation = Invitation {
            game: crate::games::usurp::KIND,
            seat: 0,
            fair: false,
            offer: handshake(false),
        }
        .to_text();
        // An invitation read as a reply, and the other way round: each is said to be
        // what it is.
        assert_eq!(
            Reply::from_text(&invitation),
            Err(HandshakeError::Invitation)
        );
        let reply = Reply {
            seat: 0,
            invitation: 7,
            answer: handshake(true),
        }
        .to_text();
        assert_eq!(Invitation::from_text(&reply), Err(HandshakeError::Answer));
        // A table's code (a seat's) where an answer belongs.
        let deal = crate::table::TableDeal::new(
            crate::SecretGame::new(crate::games::carousel_chess::KIND, 0).unwrap(),
            crate::Seats::new(3, Vec::new()).unwrap(),
            crate::Seed(5),
        )
        .unwrap();
        let seat_code = deal.seat_code(0).unwrap().to_typed_code();
        assert_eq!(Reply::from_text(&seat_code), Err(HandshakeError::TableCode));
        // And the other way round: a table's readers say what a linking code is.
        assert_eq!(
            crate::Code::parse(&invitation).err(),
            Some(crate::ShareError::Invitation)
        );
        assert_eq!(
            crate::Code::parse(&reply).err(),
            Some(crate::ShareError::PhoneAnswer)
        );
        // An answer where an offer belongs.
        let wrong = Invitation {
            game: crate::games::usurp::KIND,
            seat: 0,
            fair: false,
            offer: handshake(true),
        }
        .to_text();
        assert_eq!(Invitation::from_text(&wrong), Err(HandshakeError::Damaged));
        // One character changed.
        let mut chars: Vec<char> = invitation.chars().collect();
        chars[20] = if chars[20] == '0' { '1' } else { '0' };
        let damaged: String = chars.into_iter().collect();
        assert_eq!(
            Invitation::from_text(&damaged),
            Err(HandshakeError::Damaged)
        );
    }
}

//! Share tokens: how the table hands a seat its deal, by QR code or typed code.
//!
//! A token is a few bytes written in Crockford's base32 (digits and capital letters
//! without I, L, O and U: URL-safe, easy to read aloud, and case-insensitive when typed).
//!
//! | bytes | meaning |
//! | --- | --- |
//! | 0 | format version ([`VERSION`]) |
//! | 1 | game: 1 A City of Spies, 2 Carousel Chess (3–5 are the games without a secret deal) |
//! | 2 | player count (high 4 bits) and seat, 0-based (low 4 bits) |
//! | 3 | option bits: bit 0 "target may equal own Life-Piece"; bit 7 "names follow" |
//! | 4–11 | the seed, big-endian |
//! | names | only with bit 7: for each seat, a length byte and that many bytes of UTF-8 |
//! | last 4 | CRC-32 (IEEE) of every byte before it, big-endian |
//!
//! The typed code is the token without names (26 characters, shown in groups of four);
//! the QR link carries the names too. Decoding is strict: a mistyped, truncated, padded or
//! tampered code fails its checksum or its structure and is refused with a reason.

use std::fmt;

use crate::catalogue::GameKind;
use crate::games::city_of_spies;
use crate::seed::Seed;
use crate::table::{MAX_NAME_CHARS, Seats, SecretGame, TableDeal};

/// The format version written by this app. Readers refuse anything newer.
pub const VERSION: u8 = 1;

const NAMES_FOLLOW: u8 = 0x80;
const TARGET_MAY_BE_OWN_LIFE: u8 = 0x01;
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// One seat's ticket to its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShareToken {
    pub deal: TableDeal,
    pub seat: u8,
}

/// Why a code or link was refused, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    Empty,
    BadCharacter(char),
    Truncated,
    Checksum,
    FutureVersion(u8),
    UnknownGame(u8),
    NoSecretDeal(GameKind),
    Damaged(&'static str),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => f.write_str("There is no code here. Scan your seat's QR code on the table, or type the code it shows."),
            ShareError::BadCharacter(c) => write!(f, "The code contains “{c}”, which never appears in an Intrigue code. Check it and type it again."),
            ShareError::Truncated => f.write_str("The code is too short: part of it is missing. Scan the QR code again, or type the whole code."),
            ShareError::Checksum => f.write_str("The code does not check out: a character is wrong, missing or extra. Scan the QR code again, or ask the table to show the code."),
            ShareError::FutureVersion(_) => f.write_str("This code was made by a newer version of Intrigue. Reload the app to update it, then open the code again."),
            ShareError::UnknownGame(_) => f.write_str("This code is for a game this version of Intrigue does not know. Reload the app to update it, then open the code again."),
            ShareError::NoSecretDeal(game) => write!(f, "This code is for {}, which has no secret cards to show on a phone.", game.title()),
            ShareError::Damaged(what) => write!(f, "The code is damaged ({what}). Scan the QR code again, or ask the table to show the code."),
        }
    }
}

impl std::error::Error for ShareError {}

/// The option bits of a game's deal (also part of the fingerprint).
pub fn option_bits(game: SecretGame) -> u8 {
    match game {
        SecretGame::CityOfSpies(options) if options.target_may_be_own_life => {
            TARGET_MAY_BE_OWN_LIFE
        }
        SecretGame::CityOfSpies(_) | SecretGame::CarouselChess => 0,
    }
}

impl ShareToken {
    pub fn new(deal: TableDeal, seat: u8) -> Option<ShareToken> {
        (seat < deal.players()).then_some(ShareToken { deal, seat })
    }

    /// The token for links and QR codes: with the players' names when there are any.
    pub fn to_link_token(&self) -> String {
        encode(&self.bytes(self.deal.seats.any_named()))
    }

    /// The short form to type: no names, grouped in fours ("1A2B-3C4D-…").
    pub fn to_typed_code(&self) -> String {
        let plain = encode(&self.bytes(false));
        let groups: Vec<String> = plain
            .as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        groups.join("-")
    }

    fn bytes(&self, with_names: bool) -> Vec<u8> {
        let game = match self.deal.game {
            SecretGame::CityOfSpies(_) => 1,
            SecretGame::CarouselChess => 2,
        };
        let mut options = option_bits(self.deal.game);
        if with_names {
            options |= NAMES_FOLLOW;
        }
        let mut bytes = vec![
            VERSION,
            game,
            (self.deal.players() << 4) | self.seat,
            options,
        ];
        bytes.extend_from_slice(&self.deal.seed.0.to_be_bytes());
        if with_names {
            for name in self.deal.seats.given_names() {
                bytes.push(name.len() as u8);
                bytes.extend_from_slice(name.as_bytes());
            }
        }
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_be_bytes());
        bytes
    }

    /// Read a link token or a typed code. Spaces and hyphens are ignored, case does not
    /// matter, and I, L and O are read as 1, 1 and 0.
    pub fn parse(text: &str) -> Result<ShareToken, ShareError> {
        let bytes = decode(text)?;
        if bytes.len() < 16 {
            return Err(ShareError::Truncated);
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if crc32(body).to_be_bytes() != crc {
            return Err(ShareError::Checksum);
        }
        let version = body[0];
        if version > VERSION {
            return Err(ShareError::FutureVersion(version));
        }
        if version == 0 {
            return Err(ShareError::Damaged("no version"));
        }
        let options = body[3];
        let game = match body[1] {
            1 => SecretGame::CityOfSpies(city_of_spies::Options {
                target_may_be_own_life: options & TARGET_MAY_BE_OWN_LIFE != 0,
            }),
            2 => SecretGame::CarouselChess,
            3 => return Err(ShareError::NoSecretDeal(GameKind::Espionage)),
            4 => return Err(ShareError::NoSecretDeal(GameKind::Usurp)),
            5 => return Err(ShareError::NoSecretDeal(GameKind::ChessDeckbuilder)),
            other => return Err(ShareError::UnknownGame(other)),
        };
        if options & !(NAMES_FOLLOW | TARGET_MAY_BE_OWN_LIFE) != 0
            || (game == SecretGame::CarouselChess && options & TARGET_MAY_BE_OWN_LIFE != 0)
        {
            return Err(ShareError::Damaged("unknown options"));
        }
        let players = body[2] >> 4;
        let seat = body[2] & 0x0F;
        let seed = Seed(u64::from_be_bytes(body[4..12].try_into().expect("8 bytes")));
        let mut rest = &body[12..];
        let mut names = Vec::new();
        if options & NAMES_FOLLOW != 0 {
            for _ in 0..players {
                let (&len, tail) = rest
                    .split_first()
                    .ok_or(ShareError::Damaged("names cut short"))?;
                if tail.len() < len as usize {
                    return Err(ShareError::Damaged("names cut short"));
                }
                let (name, tail) = tail.split_at(len as usize);
                let name = std::str::from_utf8(name)
                    .map_err(|_| ShareError::Damaged("a name is not text"))?;
                if name.chars().count() > MAX_NAME_CHARS {
                    return Err(ShareError::Damaged("a name is too long"));
                }
                names.push(name.to_string());
                rest = tail;
            }
        }
        if !rest.is_empty() {
            return Err(ShareError::Damaged("extra data"));
        }
        let seats = Seats::new(players, names).map_err(|_| ShareError::Damaged("names"))?;
        let deal =
            TableDeal::new(game, seats, seed).map_err(|_| ShareError::Damaged("player count"))?;
        ShareToken::new(deal, seat).ok_or(ShareError::Damaged("no such seat"))
    }
}

fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let mut buffer = 0u32;
    let mut bits = 0;
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn decode(text: &str) -> Result<Vec<u8>, ShareError> {
    let mut buffer = 0u32;
    let mut bits = 0;
    let mut bytes = Vec::new();
    let mut symbols = 0;
    for c in text.chars() {
        if c == '-' || c.is_whitespace() {
            continue;
        }
        let value = match c.to_ascii_uppercase() {
            'O' => 0,
            'I' | 'L' => 1,
            upper => ALPHABET
                .iter()
                .position(|&a| a as char == upper)
                .ok_or(ShareError::BadCharacter(c))? as u32,
        };
        symbols += 1;
        buffer = ((buffer << 5) | value) & 0xFFFF;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push((buffer >> bits) as u8);
        }
    }
    if symbols == 0 {
        return Err(ShareError::Empty);
    }
    // A canonical encoding leaves fewer than 5 spare bits, all zero.
    if bits >= 5 || buffer & ((1 << bits) - 1) != 0 {
        return Err(ShareError::Checksum);
    }
    Ok(bytes)
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

#[cfg(test)]
mod tests;

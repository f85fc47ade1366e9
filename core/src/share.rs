//! The codes a table hands out, by QR link or typed: their bytes, their checksum, and the
//! text they are written in.
//!
//! A code is a few bytes written in Crockford's base32 (digits and capital letters without
//! I, L, O and U: URL-safe, easy to read aloud, case-insensitive when typed). Format
//! version 2 (this app) has four kinds of code:
//!
//! | kind | who gets it | carries |
//! | --- | --- | --- |
//! | 0 seat | one phone | the table id, **that seat's own secrets**, the names (link only) |
//! | 1 rounds | one phone | the table id, that seat's cards for nine more rounds (A City of Spies) |
//! | 2 reveal | every phone, at the end | the seed, the rounds played |
//! | 3 table | nobody: the table's own save | the seed, the names |
//!
//! | bytes | meaning |
//! | --- | --- |
//! | 0 | format version ([`VERSION`]) |
//! | 1 | kind (high 4 bits), game (low 4 bits): 1 A City of Spies, 2 Carousel Chess (3–5 are the games without a secret deal) |
//! | 2 | player count (high 4 bits) and seat, 0-based (low 4 bits; 0 in reveal and table codes) |
//! | 3 | option bits: bit 0 "target may equal own Life-Piece"; bit 7 "names follow" |
//! | … | the kind's own bytes (see `seat.rs` and `table.rs`) |
//! | names | only with bit 7: for each seat, a length byte and that many bytes of UTF-8 |
//! | last 4 | CRC-32 (IEEE) of every byte before it, big-endian |
//!
//! A seat code carries nothing from which another seat's secret can be computed: the table
//! id is the first 8 bytes of a SHA-256 of the seed (see [`crate::table::TableId`]), and the
//! seed itself leaves the table only in the reveal code. Decoding is strict: a mistyped,
//! truncated, padded or tampered code fails its checksum or its structure and is refused
//! with a reason. Version 1 (which carried the whole seed in every seat's code) is refused
//! as a phone code; the table still reads its own version-1 save.

use std::fmt;

use crate::catalogue::GameKind;
use crate::seats::{MAX_NAME_CHARS, Seats};
use crate::secret_game::SecretGame;

/// The format version written by this app. Readers refuse anything newer.
pub const VERSION: u8 = 2;

pub(crate) const NAMES_FOLLOW: u8 = 0x80;
pub(crate) const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The first byte of the two codes that link a phone to the device holding a game
/// (`wire::join`), and their second: an invitation (the host's) or a phone's answer. Kept
/// here so that every reader of a typed code can tell them from the table's codes.
pub const JOIN_VERSION: u8 = 3;
// The linking codes are told from the table's by their first two bytes together: their
// versions must differ, or a table's code whose second byte is 'I' or 'R' would read as one.
const _: () = assert!(JOIN_VERSION != VERSION);
pub const INVITATION: u8 = b'I';
pub const REPLY: u8 = b'R';

/// What a code is for (byte 1, high 4 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Seat = 0,
    Rounds = 1,
    Reveal = 2,
    Table = 3,
}

/// Why a code or link was refused, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    Empty,
    BadCharacter(char),
    Truncated,
    Checksum,
    OldVersion,
    FutureVersion(u8),
    UnknownGame(u8),
    NoSecretDeal(GameKind),
    NotForPhones,
    Damaged(&'static str),
    /// An invitation to play a seat from a phone (the device holding a game shows it):
    /// not a table's code, but it opens on a phone all the same (see `wire::join`).
    Invitation,
    /// A phone's answer to an invitation: it is typed on the device holding the game.
    PhoneAnswer,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Empty => f.write_str("There is no code here. Scan your seat's QR code on the table, or type the code it shows."),
            ShareError::BadCharacter(c) => write!(f, "The code contains {}, which never appears in an Intrigue code. Check it and type it again.", describe(*c)),
            ShareError::Truncated => f.write_str("The code is too short: part of it is missing. Scan the QR code again, or type the whole code."),
            ShareError::Checksum => f.write_str("The code does not check out: a character is wrong, missing or extra. Scan the QR code again, or ask the table to show the code."),
            ShareError::OldVersion => f.write_str("This code was made by an older Intrigue: ask the table for a new code."),
            ShareError::FutureVersion(_) => f.write_str("This code was made by a newer version of Intrigue. Reload the app to update it, then open the code again."),
            ShareError::UnknownGame(_) => f.write_str("This code is for a game this version of Intrigue does not know. Reload the app to update it, then open the code again."),
            ShareError::NoSecretDeal(game) => write!(f, "This code is for {}, which has no secret cards to show on a phone.", game.title()),
            ShareError::NotForPhones => f.write_str("This is the table's own save, not a code for a phone. Scan the code the table shows for your seat."),
            ShareError::Damaged(what) => write!(f, "The code is damaged ({what}). Scan the QR code again, or ask the table to show the code."),
            ShareError::Invitation => f.write_str("This is an invitation to play a seat from this phone, not a table's code: open it to link this phone to the game."),
            ShareError::PhoneAnswer => f.write_str("This is a phone's answer to an invitation, not a code for this screen: type it on the device that holds the game, under the seat's invitation."),
        }
    }
}

impl std::error::Error for ShareError {}

/// A character as a player would name it: visible ones in quotes, the rest by name.
fn describe(c: char) -> String {
    match c {
        ' ' => "a space".into(),
        '%' => "“%” (a link with an encoded character in it?)".into(),
        c if c.is_control() => format!("an invisible character (U+{:04X})", c as u32),
        c => format!("“{c}”"),
    }
}

/// The game a game byte and option bits name.
pub(crate) fn game_from(id: u8, options: u8) -> Result<SecretGame, ShareError> {
    let kind = GameKind::from_id(id).ok_or(ShareError::UnknownGame(id))?;
    if !kind.info().secret_deal {
        return Err(ShareError::NoSecretDeal(kind));
    }
    if options & !(NAMES_FOLLOW | SecretGame::allowed_code_bits(kind)) != 0 {
        return Err(ShareError::Damaged("unknown options"));
    }
    SecretGame::from_code(kind, options & !NAMES_FOLLOW).map_err(|_| ShareError::NoSecretDeal(kind))
}

/// The four header bytes every version-2 code starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub kind: Kind,
    pub game: SecretGame,
    pub players: u8,
    pub seat: u8,
    pub names_follow: bool,
}

impl Header {
    pub fn bytes(self) -> Vec<u8> {
        let mut options = self.game.code_bits();
        if self.names_follow {
            options |= NAMES_FOLLOW;
        }
        vec![
            VERSION,
            ((self.kind as u8) << 4) | self.game.kind().id(),
            (self.players << 4) | self.seat,
            options,
        ]
    }

    /// Read the header of a version-2 body whose checksum has been checked.
    pub fn read(reader: &mut Reader) -> Result<Header, ShareError> {
        let [_version, kind_game, table, options] = reader.array::<4>()?;
        let kind = match kind_game >> 4 {
            0 => Kind::Seat,
            1 => Kind::Rounds,
            2 => Kind::Reveal,
            3 => Kind::Table,
            _ => return Err(ShareError::Damaged("unknown kind of code")),
        };
        let game = game_from(kind_game & 0x0F, options)?;
        let players = table >> 4;
        let seat = table & 0x0F;
        if !game.kind().players().contains(&players) {
            return Err(ShareError::Damaged("player count"));
        }
        if seat >= players {
            return Err(ShareError::Damaged("no such seat"));
        }
        Ok(Header {
            kind,
            game,
            players,
            seat,
            names_follow: options & NAMES_FOLLOW != 0,
        })
    }
}

/// Reads a body front to back; running out is damage, never a panic.
pub(crate) struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { rest: bytes }
    }

    pub fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], ShareError> {
        if self.rest.len() < n {
            return Err(ShareError::Damaged(what));
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ShareError> {
        let bytes = self.take(N, "cut short")?;
        Ok(bytes.try_into().expect("took N bytes"))
    }

    pub fn u64(&mut self) -> Result<u64, ShareError> {
        Ok(u64::from_be_bytes(self.array::<8>()?))
    }

    /// The names of `players` seats (with the "names follow" bit), or none.
    pub fn names(&mut self, players: u8, follow: bool) -> Result<Seats, ShareError> {
        let mut names = Vec::new();
        if follow {
            for _ in 0..players {
                let [len] = self.array::<1>()?;
                let name = self.take(len as usize, "names cut short")?;
                let name = std::str::from_utf8(name)
                    .map_err(|_| ShareError::Damaged("a name is not text"))?;
                if name.chars().count() > MAX_NAME_CHARS {
                    return Err(ShareError::Damaged("a name is too long"));
                }
                names.push(name.to_string());
            }
        }
        Seats::new(players, names).map_err(|_| ShareError::Damaged("names"))
    }

    /// Whether everything has been read (what follows is optional).
    pub fn at_end(&self) -> bool {
        self.rest.is_empty()
    }

    /// Everything has been read.
    pub fn finish(self) -> Result<(), ShareError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(ShareError::Damaged("extra data"))
        }
    }
}

/// Append the names of every seat: a length byte and the UTF-8 bytes each.
pub(crate) fn write_names(bytes: &mut Vec<u8>, seats: &Seats) {
    for name in seats.given_names() {
        bytes.push(name.len() as u8);
        bytes.extend_from_slice(name.as_bytes());
    }
}

/// Add the checksum and write the bytes as base32.
pub(crate) fn seal(mut body: Vec<u8>) -> String {
    let crc = crc32(&body);
    body.extend_from_slice(&crc.to_be_bytes());
    encode(&body)
}

/// Read base32 text, check its checksum, and return the format version and the body
/// (checksum removed).
pub(crate) fn open(text: &str) -> Result<(u8, Vec<u8>), ShareError> {
    let mut bytes = decode(text)?;
    if bytes.len() < 16 {
        return Err(ShareError::Truncated);
    }
    let crc = bytes.split_off(bytes.len() - 4);
    if crc32(&bytes).to_be_bytes()[..] != crc[..] {
        return Err(ShareError::Checksum);
    }
    // A code that links a phone (of any version but the table's codes' own): its second
    // byte is a letter where a table's code has its kind and game.
    match (bytes[0], bytes[1]) {
        (v, INVITATION) if v != VERSION => return Err(ShareError::Invitation),
        (v, REPLY) if v != VERSION => return Err(ShareError::PhoneAnswer),
        _ => {}
    }
    match bytes[0] {
        0 => Err(ShareError::Damaged("no version")),
        v if v > VERSION => Err(ShareError::FutureVersion(v)),
        v => Ok((v, bytes)),
    }
}

/// Base32 in groups of four, for typing: "1A2B-3C4D-…".
pub fn in_fours(plain: &str) -> String {
    let groups: Vec<&str> = plain
        .as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).expect("base32 is ASCII"))
        .collect();
    groups.join("-")
}

pub(crate) fn encode(bytes: &[u8]) -> String {
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

/// Spaces and hyphens are ignored, case does not matter, and I, L and O are read as 1, 1
/// and 0.
pub(crate) fn decode(text: &str) -> Result<Vec<u8>, ShareError> {
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

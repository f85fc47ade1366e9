//! The wire between a host device and the players' phones (issue 22): what travels is a
//! seat's [`View`], its legal actions and the news it may see (host to phone), and one
//! action (phone to host) — never a state, a record, a seed or another seat's secret.
//!
//! Every message is a frame: the format's [`VERSION`], the game's id, a message tag and its
//! fields, each written by [`Wire`] in a compact binary form (integers as LEB128, as
//! postcard spells them; ARCHITECTURE.md gives the figures for keeping our own). Reading
//! is checked all the way: a frame that is short, too long, of another version or game,
//! with a value out of range or with bytes left over is refused with a [`WireError`],
//! never a panic; so is a frame naming a seat, a square or a count its game cannot hold
//! (see [`Wired`]). How the host answers each message is [`host`]; how a phone keeps what
//! it is sent, [`phone`].

mod frames;
pub mod handshake;
pub mod host;
pub mod join;
pub mod phone;
pub mod relay;

pub use frames::{MOST_RELINKS, Refusal, ToHost, ToPhone};

use crate::game::{Game, Status, ToAct, View};

/// The format of every frame. A phone and a host of different versions refuse each
/// other's frames (and say so). 2: a join names the news the phone holds by its digest,
/// and a Carousel view leaves its list of moves to the news.
pub const VERSION: u8 = 2;

/// The largest frame either side reads (a whole Espionage view with its legal moves is
/// a few kilobytes).
pub const MOST_BYTES: usize = 64 * 1024;

/// Longest string and list a frame may hold.
const MOST_CHARS: usize = 256;
const MOST_ITEMS: usize = 8192;

/// Why a frame was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireError {
    /// It ends in the middle of a value.
    Short,
    /// Longer than [`MOST_BYTES`], or a list or string longer than any game sends.
    TooLong,
    /// Of another version of the format.
    Version(u8),
    /// Of another game.
    OtherGame,
    /// A value no message holds (an unknown tag, a square off the board…).
    Bad(&'static str),
    /// Bytes left after the message.
    Trailing,
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::Short => write!(f, "the message was cut short"),
            WireError::TooLong => write!(f, "the message is too long"),
            WireError::Version(v) => write!(
                f,
                "the other device runs another version of Intrigue (message format {v}, this one reads {VERSION}): update both"
            ),
            WireError::OtherGame => write!(f, "the message is about another game"),
            WireError::Bad(what) => write!(f, "the message holds an impossible {what}"),
            WireError::Trailing => write!(f, "the message has bytes left over"),
        }
    }
}

/// Received bytes, read front to back; every read checks what is left.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    pub fn byte(&mut self) -> Result<u8, WireError> {
        let (&first, rest) = self.bytes.split_first().ok_or(WireError::Short)?;
        self.bytes = rest;
        Ok(first)
    }

    fn bytes(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        if self.bytes.len() < n {
            return Err(WireError::Short);
        }
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(taken)
    }

    /// An unsigned LEB128 integer of at most 64 bits, in its shortest form.
    fn varint(&mut self) -> Result<u64, WireError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let part = u64::from(b & 0x7f);
            if shift == 63 && part > 1 {
                return Err(WireError::Bad("number"));
            }
            value |= part << shift;
            if b & 0x80 == 0 {
                // The shortest form only: one value, one spelling.
                if b == 0 && shift > 0 {
                    return Err(WireError::Bad("number"));
                }
                return Ok(value);
            }
        }
        Err(WireError::Bad("number"))
    }

    /// A length, at most `most`.
    fn length(&mut self, most: usize) -> Result<usize, WireError> {
        let n = self.varint()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= most)
            .ok_or(WireError::TooLong)
    }

    /// A list of at most `most` items (a longer one is refused before any item is read).
    pub(crate) fn list<T: Wire>(&mut self, most: usize) -> Result<Vec<T>, WireError> {
        let n = self.length(most)?;
        // Each item takes at least a byte: a length beyond what is left is refused before
        // anything is allocated for it.
        if n > self.bytes.len() {
            return Err(WireError::Short);
        }
        (0..n).map(|_| T::take(self)).collect()
    }

    /// Nothing may be left once the message is read.
    pub fn end(&self) -> Result<(), WireError> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(WireError::Trailing)
        }
    }
}

fn put_varint(mut value: u64, out: &mut Vec<u8>) {
    loop {
        let part = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(part);
            return;
        }
        out.push(part | 0x80);
    }
}

/// A value that travels: written compactly, read back checked.
pub trait Wire: Sized {
    fn put(&self, out: &mut Vec<u8>);
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError>;
}

/// One value alone as bytes, and read back whole (nothing left over).
pub fn to_bytes<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.put(&mut out);
    out
}

pub fn from_bytes<T: Wire>(bytes: &[u8]) -> Result<T, WireError> {
    let mut r = Reader::new(bytes);
    let value = T::take(&mut r)?;
    r.end()?;
    Ok(value)
}

impl Wire for u8 {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        r.byte()
    }
}

macro_rules! wire_unsigned {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn put(&self, out: &mut Vec<u8>) {
                put_varint(*self as u64, out);
            }
            fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
                <$t>::try_from(r.varint()?).map_err(|_| WireError::Bad("number"))
            }
        }
    )*};
}
wire_unsigned!(u16, u32, u64, usize);

impl Wire for i32 {
    fn put(&self, out: &mut Vec<u8>) {
        // Zigzag: small magnitudes stay small, whatever their sign.
        put_varint(u64::from(((self << 1) ^ (self >> 31)) as u32), out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = u32::try_from(r.varint()?).map_err(|_| WireError::Bad("number"))?;
        Ok(((n >> 1) as i32) ^ -((n & 1) as i32))
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(WireError::Bad("yes or no")),
        }
    }
}

impl Wire for String {
    fn put(&self, out: &mut Vec<u8>) {
        put_varint(self.len() as u64, out);
        out.extend_from_slice(self.as_bytes());
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = r.length(MOST_CHARS * 4)?;
        let text = std::str::from_utf8(r.bytes(n)?).map_err(|_| WireError::Bad("text"))?;
        if text.chars().count() > MOST_CHARS {
            return Err(WireError::TooLong);
        }
        Ok(text.to_string())
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        put_varint(self.len() as u64, out);
        for item in self {
            item.put(out);
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        r.list(MOST_ITEMS)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.put(out);
            }
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(None),
            1 => T::take(r).map(Some),
            _ => Err(WireError::Bad("option")),
        }
    }
}

impl<T: Wire, const N: usize> Wire for [T; N] {
    fn put(&self, out: &mut Vec<u8>) {
        for item in self {
            item.put(out);
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let items: Vec<T> = (0..N).map(|_| T::take(r)).collect::<Result<_, _>>()?;
        items.try_into().map_err(|_| WireError::Short)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok((A::take(r)?, B::take(r)?))
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok((A::take(r)?, B::take(r)?, C::take(r)?))
    }
}

/// `Wire` for a struct, field by field in the order listed (every field); `checked by f`:
/// the value read is refused unless `f` passes it (a view naming a seat the game does not
/// have, a count the game cannot hold…).
macro_rules! wire_struct {
    ($t:ty { $($field:ident),* $(,)? } $(, checked by $check:path)?) => {
        impl $crate::wire::Wire for $t {
            fn put(&self, out: &mut Vec<u8>) {
                $( $crate::wire::Wire::put(&self.$field, out); )*
            }
            fn take(r: &mut $crate::wire::Reader<'_>) -> Result<Self, $crate::wire::WireError> {
                let value = Self { $( $field: $crate::wire::Wire::take(r)? ),* };
                $( $check(&value)?; )?
                Ok(value)
            }
        }
    };
}

/// `Wire` for an enum: each variant's tag byte (fixed here, so a variant added later keeps
/// the others' tags), then its fields. Variants are unit, `{ named }` or `(positional)`.
macro_rules! wire_enum {
    ($t:ident { $( $variant:ident $( { $($field:ident),* } )? $( ( $($part:ident),* ) )? = $tag:literal ),* $(,)? }) => {
        impl $crate::wire::Wire for $t {
            #[allow(unused_variables)]
            fn put(&self, out: &mut Vec<u8>) {
                match self {
                    $( $t::$variant $( { $($field),* } )? $( ( $($part),* ) )? => {
                        out.push($tag);
                        $( $( $crate::wire::Wire::put($field, out); )* )?
                        $( $( $crate::wire::Wire::put($part, out); )* )?
                    } )*
                }
            }
            fn take(r: &mut $crate::wire::Reader<'_>) -> Result<Self, $crate::wire::WireError> {
                match r.byte()? {
                    $( $tag => Ok($t::$variant
                        $( { $( $field: $crate::wire::Wire::take(r)? ),* } )?
                        $( ( $( { let $part = $crate::wire::Wire::take(r)?; $part } ),* ) )?
                    ), )*
                    _ => Err($crate::wire::WireError::Bad(stringify!($t))),
                }
            }
        }
    };
}

/// `Wire` for a one-field tuple struct (`Layout([Square; 11])`): its field alone.
macro_rules! wire_newtype {
    ($t:ident) => {
        impl $crate::wire::Wire for $t {
            fn put(&self, out: &mut Vec<u8>) {
                $crate::wire::Wire::put(&self.0, out);
            }
            fn take(r: &mut $crate::wire::Reader<'_>) -> Result<Self, $crate::wire::WireError> {
                Ok($t($crate::wire::Wire::take(r)?))
            }
        }
    };
}

pub(crate) use {wire_enum, wire_newtype, wire_struct};

// A commitment and its salt (fair play on phones, `crate::commit`).
use crate::commit::{Commitment, Salt};
wire_newtype!(Salt);
wire_newtype!(Commitment);

wire_enum!(ToAct { Table = 0, Seat(seat) = 1, Nobody = 2 });
wire_enum!(Status {
    Playing = 0,
    Over { winners, scores } = 1,
});

impl<B: Wire> Wire for View<B> {
    fn put(&self, out: &mut Vec<u8>) {
        self.to_act.put(out);
        self.status.put(out);
        self.can_undo.put(out);
        self.body.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(View {
            to_act: Wire::take(r)?,
            status: Wire::take(r)?,
            can_undo: Wire::take(r)?,
            body: Wire::take(r)?,
        })
    }
}

// Chess, as shakmaty spells it (the chess games' boards and moves).

impl Wire for shakmaty::Square {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let index = r.byte()?;
        if index >= 64 {
            return Err(WireError::Bad("square"));
        }
        Ok(shakmaty::Square::new(u32::from(index)))
    }
}

impl Wire for shakmaty::Role {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = r.byte()?;
        shakmaty::Role::ALL
            .into_iter()
            .find(|&role| role as u8 == n)
            .ok_or(WireError::Bad("piece"))
    }
}

impl Wire for shakmaty::Color {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(self.is_white()));
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(shakmaty::Color::from_white(bool::take(r)?))
    }
}

/// A board: which squares hold a piece (a 64-bit set), then each piece, a1 to h8.
impl Wire for shakmaty::Board {
    fn put(&self, out: &mut Vec<u8>) {
        let occupied = self.occupied();
        out.extend_from_slice(&u64::from(occupied).to_le_bytes());
        for square in occupied {
            if let Some(piece) = self.piece_at(square) {
                piece.color.put(out);
                piece.role.put(out);
            }
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let bits = u64::from_le_bytes(r.bytes(8)?.try_into().map_err(|_| WireError::Short)?);
        let mut board = shakmaty::Board::empty();
        for square in shakmaty::Bitboard(bits) {
            let color = shakmaty::Color::take(r)?;
            let role = shakmaty::Role::take(r)?;
            board.set_piece_at(square, shakmaty::Piece { color, role });
        }
        Ok(board)
    }
}

/// The reveal code a game with a secret deal shows at its end (each phone checks the deal
/// with it): the game and its house rules, the players, the seed (public by then) and the
/// rounds played, and the winners the table's game ended with.
impl Wire for crate::table::RevealCode {
    fn put(&self, out: &mut Vec<u8>) {
        self.game.kind().id().put(out);
        self.game.options().put(out);
        self.players.put(out);
        self.seed.0.put(out);
        self.rounds.put(out);
        self.winners.put(out);
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let kind =
            crate::catalogue::GameKind::from_id(u8::take(r)?).ok_or(WireError::Bad("game"))?;
        let game = crate::secret_game::SecretGame::new(kind, u8::take(r)?)
            .map_err(|_| WireError::Bad("game"))?;
        Ok(crate::table::RevealCode {
            game,
            players: Wire::take(r)?,
            seed: crate::seed::Seed(Wire::take(r)?),
            rounds: Wire::take(r)?,
            winners: Wire::take(r)?,
        })
    }
}

/// `Ok` when `fits`, else the frame holds an impossible `what`.
pub(crate) fn ensure(fits: bool, what: &'static str) -> Result<(), WireError> {
    if fits {
        Ok(())
    } else {
        Err(WireError::Bad(what))
    }
}

/// Whether every seat of `seats` is one of the first `players` (or every square one of a
/// board's first `players`).
pub(crate) fn seats_below(players: usize, seats: impl IntoIterator<Item = u8>) -> bool {
    seats.into_iter().all(|seat| usize::from(seat) < players)
}

/// A game whose views, actions and events travel, and what a frame of it may say. A phone
/// indexes its lists by the seats and squares it is sent: a frame naming one the game
/// does not have is refused when read, never a panic on the screen. Each game says it in
/// its `wire.rs`; a view's own reader has checked the view alone (its players within the
/// game's range, its seats among them, its counts within what the game holds).
pub trait Wired: Game<View: Wire, Action: Wire, Event: Wire> {
    /// How many seats play the game `view` shows.
    fn seats(view: &Self::View) -> usize;
    /// Whether `event` can happen in the game `view` shows (its seats, its squares).
    fn event_fits(view: &Self::View, event: &Self::Event) -> bool {
        let _ = (view, event);
        true
    }
    /// Whether `action` can be played in the game `view` shows.
    fn action_fits(view: &Self::View, action: &Self::Action) -> bool {
        let _ = (view, action);
        true
    }
    /// What a view leaves off the wire because the news spells it out, put back from the
    /// seat's whole news, oldest first (Carousel's list of moves: every ply is news, and
    /// sending the list again with every update cost a long game's frames tens of
    /// kilobytes). See [`phone::Feed`].
    fn restore(view: &mut Self::View, news: &[Self::Event]) {
        let _ = (view, news);
    }
}

/// What tells apart the news a phone holds from other news of as many actions: a CRC-32 of
/// the events, newest first, as the wire writes them. The host keeps it for what it sent
/// each phone, and a phone sends it when it joins: news that differs (the game was taken
/// back and played forward while the phone was away) is sent again whole.
pub fn news_digest<'a, G, I>(newest_first: I) -> u32
where
    G: Wired,
    G::Event: 'a,
    I: IntoIterator<Item = &'a G::Event>,
{
    let mut bytes = Vec::new();
    for event in newest_first {
        event.put(&mut bytes);
    }
    crate::share::crc32(&bytes)
}

#[cfg(test)]
/// The frame a seat is sent in `state` (its view and actions; the news aside).
pub(crate) fn frame_for<G: Wired>(state: &G::State, seat: u8) -> Vec<u8> {
    let to_act = G::to_act(state);
    ToPhone::<G>::Update {
        seat,
        actions: 0,
        view: View {
            to_act,
            status: G::status(state),
            can_undo: G::can_undo(state),
            body: G::view(state, crate::seats::Viewer::Seat(seat)),
        },
        legal: if to_act == ToAct::Seat(seat) {
            G::legal_actions(state)
        } else {
            Vec::new()
        },
        news_from: 0,
        news: Vec::new(),
    }
    .to_bytes()
}

#[cfg(test)]
mod host_tests;
#[cfg(test)]
mod tests;

//! What a table's deal hands out and a phone holds: each seat's secrets, its own seat's
//! code, the rounds codes that extend it, and — at the end — the table's reveal code,
//! checked against both.
//!
//! The kinds' own bytes (after the four header bytes of `share.rs`):
//!
//! | kind | bytes |
//! | --- | --- |
//! | 0 seat | table id (8), secrets (A City of Spies 8, Carousel Chess 1), names (link only) |
//! | 1 rounds | table id (8), first round (1), nine rounds of cards (8) |
//! | 2 reveal | seed (8, big-endian), rounds played (1) |
//!
//! Secrets, A City of Spies: a big-endian u64 whose top bit is the team (1 = Black) and
//! whose next 63 bits are nine rounds of 7 bits each, the first round highest; a round is
//! `life × 11 + target`, each the index of the piece in [`Piece::ALL`]. The rounds code
//! packs its nine rounds the same way with the top bit 0. Carousel Chess: one byte, 0
//! White, 1 Black, 2 Draw. The typed seat code of A City of Spies is 39 characters, a
//! rounds code 40, a reveal code 28.

use std::fmt;

use crate::fingerprint::Fingerprint;
use crate::games::carousel_chess;
use crate::games::city_of_spies::{self, Cards, Piece};
use crate::seats::Seats;
use crate::share::{self, Header, Kind, Reader, ShareError};
pub use crate::table::MAX_CODED_ROUND;
use crate::table::{RevealCode, SecretGame, TableDeal, TableId};

/// How many rounds of A City of Spies cards one seat code (or rounds code) carries.
pub const ROUNDS_PER_CODE: u32 = 9;

/// The first rounds of the rounds codes a table hands out by `round`: each batch of nine
/// one round before it is needed (rounds 10–18 from round 9 on, 19–27 from round 18 on, …).
pub fn rounds_batches(round: u32) -> Vec<u32> {
    (ROUNDS_PER_CODE + 1..=(round + 1).min(MAX_CODED_ROUND))
        .step_by(ROUNDS_PER_CODE as usize)
        .collect()
}

/// One seat's secrets, as its phone holds them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Secrets {
    /// The team for the whole game, and the two cards of rounds 1, 2, … in order.
    CityOfSpies {
        team: city_of_spies::Team,
        rounds: Vec<Cards>,
    },
    CarouselChess {
        team: carousel_chess::Team,
    },
}

impl Secrets {
    /// The team's name, for either game.
    pub fn team_name(&self) -> &'static str {
        match self {
            Secrets::CityOfSpies { team, .. } => team.name(),
            Secrets::CarouselChess { team } => team.name(),
        }
    }

    /// A City of Spies' cards of `round` (1-based), when held.
    pub fn cards(&self, round: u32) -> Option<Cards> {
        match self {
            Secrets::CityOfSpies { rounds, .. } => {
                rounds.get((round as usize).checked_sub(1)?).copied()
            }
            Secrets::CarouselChess { .. } => None,
        }
    }
}

/// A seat's code: everything its phone may know before the reveal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatCode {
    pub game: SecretGame,
    pub seats: Seats,
    pub seat: u8,
    pub table_id: TableId,
    pub secrets: Secrets,
}

/// Nine more rounds of one seat's cards (A City of Spies), for a game that outlasts the
/// seat code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundsCode {
    pub game: SecretGame,
    pub players: u8,
    pub seat: u8,
    pub table_id: TableId,
    /// The round of `cards[0]`.
    pub first: u32,
    pub cards: Vec<Cards>,
}

/// Any code a phone can be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Code {
    Seat(SeatCode),
    Rounds(RoundsCode),
    Reveal(RevealCode),
}

/// Why a phone refused a rounds code or a reveal code that is a valid code in itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The code belongs to another table.
    OtherTable {
        theirs: Fingerprint,
        ours: Fingerprint,
    },
    /// A rounds code for another seat of this table.
    OtherSeat { seat: u8 },
    /// A rounds code that starts after the rounds this phone holds.
    Gap { first: u32, held: u32 },
    /// The code disagrees with the secrets this phone already holds.
    Contradicts,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::OtherTable { theirs, ours } => write!(
                f,
                "This code belongs to another table (table words {theirs}); this phone's table is {ours}. Ask your own table for its code."
            ),
            Refused::OtherSeat { seat } => write!(
                f,
                "This code is for seat {}, not for the seat on this phone. Scan the code the table shows for your own seat.",
                seat + 1
            ),
            Refused::Gap { first, held } => write!(
                f,
                "This code starts at round {first}, but this phone holds rounds 1 to {held}: ask the table for the code of rounds {} to {} first.",
                held + 1,
                held + ROUNDS_PER_CODE
            ),
            Refused::Contradicts => f.write_str(
                "This code does not match the secrets this phone already holds, so it cannot be trusted. Ask the table to show it again.",
            ),
        }
    }
}

impl std::error::Error for Refused {}

fn piece_index(piece: Piece) -> u64 {
    Piece::ALL
        .iter()
        .position(|&p| p == piece)
        .expect("every piece is in ALL") as u64
}

/// Nine rounds (or fewer, padded with zero) of cards, 7 bits each, the first highest.
fn pack_rounds(cards: &[Cards]) -> u64 {
    (0..ROUNDS_PER_CODE as usize).fold(0u64, |bits, i| {
        let round = cards
            .get(i)
            .map_or(0, |c| piece_index(c.life) * 11 + piece_index(c.target));
        (bits << 7) | round
    })
}

/// The games that deal secrets, as this module spells out their secrets. A game whose
/// facts say it deals secrets has its arm here (a test walks the registry to hold it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dealt {
    CityOfSpies(city_of_spies::Options),
    CarouselChess,
}

impl Dealt {
    fn of(game: SecretGame) -> Dealt {
        if game.kind() == city_of_spies::KIND {
            Dealt::CityOfSpies(city_of_spies::Options::from_bits(game.options()))
        } else {
            Dealt::CarouselChess
        }
    }

    #[cfg(test)]
    fn kind(self) -> crate::GameKind {
        match self {
            Dealt::CityOfSpies(_) => city_of_spies::KIND,
            Dealt::CarouselChess => carousel_chess::KIND,
        }
    }
}

fn unpack_rounds(bits: u64, game: SecretGame) -> Result<Vec<Cards>, ShareError> {
    let Dealt::CityOfSpies(options) = Dealt::of(game) else {
        return Err(ShareError::Damaged("cards for a game without cards"));
    };
    (0..ROUNDS_PER_CODE)
        .map(|i| {
            let round = (bits >> (7 * (ROUNDS_PER_CODE - 1 - i))) & 0x7F;
            if round >= 121 {
                return Err(ShareError::Damaged("cards"));
            }
            let cards = Cards {
                life: Piece::ALL[(round / 11) as usize],
                target: Piece::ALL[(round % 11) as usize],
            };
            if cards.life == cards.target && !options.target_may_be_own_life {
                return Err(ShareError::Damaged("cards"));
            }
            Ok(cards)
        })
        .collect()
}

impl SeatCode {
    fn bytes(&self, with_names: bool) -> Vec<u8> {
        let mut bytes = Header {
            kind: Kind::Seat,
            game: self.game,
            players: self.seats.players(),
            seat: self.seat,
            names_follow: with_names,
        }
        .bytes();
        bytes.extend_from_slice(&self.table_id.0);
        match &self.secrets {
            Secrets::CityOfSpies { team, rounds } => {
                let team_bit = u64::from(*team == city_of_spies::Team::Black) << 63;
                bytes.extend_from_slice(&(team_bit | pack_rounds(rounds)).to_be_bytes());
            }
            Secrets::CarouselChess { team } => bytes.push(match team {
                carousel_chess::Team::White => 0,
                carousel_chess::Team::Black => 1,
                carousel_chess::Team::Draw => 2,
            }),
        }
        if with_names {
            share::write_names(&mut bytes, &self.seats);
        }
        bytes
    }

    /// The token for links and QR codes: with the players' names when there are any, and
    /// the cards of rounds 1 to 9 only (rounds added later travel in their own codes).
    pub fn to_link_token(&self) -> String {
        share::seal(self.first_code().bytes(self.seats.any_named()))
    }

    /// The short form to type: no names, grouped in fours ("1A2B-3C4D-…").
    pub fn to_typed_code(&self) -> String {
        share::in_fours(&share::seal(self.first_code().bytes(false)))
    }

    /// This code as the table handed it out: rounds 1 to 9.
    fn first_code(&self) -> SeatCode {
        let mut first = self.clone();
        if let Secrets::CityOfSpies { rounds, .. } = &mut first.secrets {
            rounds.truncate(ROUNDS_PER_CODE as usize);
        }
        first
    }

    fn read(header: Header, reader: &mut Reader) -> Result<SeatCode, ShareError> {
        let table_id = TableId(reader.array::<8>()?);
        let secrets = match Dealt::of(header.game) {
            Dealt::CityOfSpies(_) => {
                let bits = reader.u64()?;
                let team = if bits >> 63 == 1 {
                    city_of_spies::Team::Black
                } else {
                    city_of_spies::Team::White
                };
                let rounds = unpack_rounds(bits & !(1 << 63), header.game)?;
                Secrets::CityOfSpies { team, rounds }
            }
            Dealt::CarouselChess => {
                let team = match reader.array::<1>()? {
                    [0] => carousel_chess::Team::White,
                    [1] => carousel_chess::Team::Black,
                    [2] => carousel_chess::Team::Draw,
                    _ => return Err(ShareError::Damaged("team")),
                };
                Secrets::CarouselChess { team }
            }
        };
        let seats = reader.names(header.players, header.names_follow)?;
        Ok(SeatCode {
            game: header.game,
            seats,
            seat: header.seat,
            table_id,
            secrets,
        })
    }

    pub fn players(&self) -> u8 {
        self.seats.players()
    }

    /// This seat's name, or "Seat N".
    pub fn name(&self) -> String {
        self.seats.name(self.seat)
    }

    pub fn fingerprint(&self) -> Fingerprint {
        self.table_id.fingerprint()
    }

    /// The rounds whose cards this phone holds (0 for a game without rounds).
    pub fn rounds_held(&self) -> u32 {
        match &self.secrets {
            Secrets::CityOfSpies { rounds, .. } => rounds.len() as u32,
            Secrets::CarouselChess { .. } => 0,
        }
    }

    /// Add the cards of a rounds code for this seat; rounds already held must agree.
    pub fn add_rounds(&mut self, code: &RoundsCode) -> Result<(), Refused> {
        if code.table_id != self.table_id
            || code.game != self.game
            || code.players != self.players()
        {
            return Err(Refused::OtherTable {
                theirs: code.table_id.fingerprint(),
                ours: self.fingerprint(),
            });
        }
        if code.seat != self.seat {
            return Err(Refused::OtherSeat { seat: code.seat });
        }
        let Secrets::CityOfSpies { rounds, .. } = &mut self.secrets else {
            return Err(Refused::Contradicts);
        };
        let held = rounds.len() as u32;
        if code.first > held + 1 {
            return Err(Refused::Gap {
                first: code.first,
                held,
            });
        }
        for (i, cards) in code.cards.iter().enumerate() {
            let index = (code.first - 1) as usize + i;
            match rounds.get(index) {
                Some(known) if known != cards => return Err(Refused::Contradicts),
                Some(_) => {}
                None => rounds.push(*cards),
            }
        }
        Ok(())
    }

    /// Check the table's reveal against this phone's table id and its own secrets; the
    /// whole deal (with this phone's names) when it belongs here.
    pub fn verify(&self, reveal: &RevealCode) -> Result<TableDeal, Refused> {
        let theirs = TableId::of(reveal.game, reveal.players, reveal.seed);
        if theirs != self.table_id || reveal.game != self.game || reveal.players != self.players() {
            return Err(Refused::OtherTable {
                theirs: theirs.fingerprint(),
                ours: self.fingerprint(),
            });
        }
        let deal = TableDeal {
            game: self.game,
            seats: self.seats.clone(),
            seed: reveal.seed,
        };
        if deal.secrets(self.seat, 1, self.rounds_held()) != self.secrets {
            return Err(Refused::Contradicts);
        }
        Ok(deal)
    }
}

impl RoundsCode {
    fn bytes(&self) -> Vec<u8> {
        let mut bytes = Header {
            kind: Kind::Rounds,
            game: self.game,
            players: self.players,
            seat: self.seat,
            names_follow: false,
        }
        .bytes();
        bytes.extend_from_slice(&self.table_id.0);
        bytes.push(self.first as u8);
        bytes.extend_from_slice(&pack_rounds(&self.cards).to_be_bytes());
        bytes
    }

    pub fn to_link_token(&self) -> String {
        share::seal(self.bytes())
    }

    pub fn to_typed_code(&self) -> String {
        share::in_fours(&self.to_link_token())
    }

    /// The last round this code carries.
    pub fn last(&self) -> u32 {
        self.first + self.cards.len() as u32 - 1
    }

    fn read(header: Header, reader: &mut Reader) -> Result<RoundsCode, ShareError> {
        let table_id = TableId(reader.array::<8>()?);
        let [first] = reader.array::<1>()?;
        let first = u32::from(first);
        if first <= ROUNDS_PER_CODE || first + ROUNDS_PER_CODE - 1 > MAX_CODED_ROUND {
            return Err(ShareError::Damaged("rounds"));
        }
        let bits = reader.u64()?;
        if bits >> 63 != 0 || header.names_follow {
            return Err(ShareError::Damaged("rounds"));
        }
        Ok(RoundsCode {
            game: header.game,
            players: header.players,
            seat: header.seat,
            table_id,
            first,
            cards: unpack_rounds(bits, header.game)?,
        })
    }
}

impl Code {
    /// Read a link token or a typed code of any kind. Spaces and hyphens are ignored, case
    /// does not matter, and I, L and O are read as 1, 1 and 0.
    pub fn parse(text: &str) -> Result<Code, ShareError> {
        let (version, body) = share::open(text)?;
        if version < share::VERSION {
            return Err(ShareError::OldVersion);
        }
        let mut reader = Reader::new(&body);
        let header = Header::read(&mut reader)?;
        let code = match header.kind {
            Kind::Seat => Code::Seat(SeatCode::read(header, &mut reader)?),
            Kind::Rounds => Code::Rounds(RoundsCode::read(header, &mut reader)?),
            Kind::Reveal => Code::Reveal(RevealCode::read(header, &mut reader)?),
            Kind::Table => return Err(ShareError::NotForPhones),
        };
        reader.finish()?;
        Ok(code)
    }

    /// The code written for a link (with names, for a seat code).
    pub fn to_link_token(&self) -> String {
        match self {
            Code::Seat(code) => code.to_link_token(),
            Code::Rounds(code) => code.to_link_token(),
            Code::Reveal(code) => code.to_link_token(),
        }
    }
}

/// What a table's deal hands out: each seat's secrets, the codes that carry them, and the
/// reveal at the end. Written here, beside the codes, so that the table's deal knows
/// nothing of them.
/// Every seat's secrets, for the reveal at the end: one row a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealReveal {
    pub rows: Vec<RevealRow>,
    /// Carousel Chess, even tables: the slip nobody drew.
    pub discarded: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RevealRow {
    pub name: String,
    pub team: &'static str,
    /// A City of Spies: the cards of rounds 1, 2, … (empty for Carousel Chess).
    pub cards: Vec<city_of_spies::Cards>,
}

impl TableDeal {
    /// The City of Spies deal, when this is one.
    pub(crate) fn city_of_spies(&self) -> Option<city_of_spies::Deal> {
        match Dealt::of(self.game) {
            Dealt::CityOfSpies(options) => Some(city_of_spies::Deal {
                players: self.players(),
                options,
                seed: self.seed,
            }),
            Dealt::CarouselChess => None,
        }
    }

    /// The Carousel chess deal, when this is one.
    fn carousel_chess(&self) -> Option<carousel_chess::Deal> {
        match Dealt::of(self.game) {
            Dealt::CarouselChess => Some(carousel_chess::Deal {
                players: self.players(),
                seed: self.seed,
            }),
            Dealt::CityOfSpies(_) => None,
        }
    }

    /// Every seat's secrets, rounds 1 to `rounds` (A City of Spies): the reveal's rows.
    pub fn reveal(&self, rounds: u32) -> DealReveal {
        let count = if self.game.has_rounds() {
            rounds.max(1)
        } else {
            0
        };
        DealReveal {
            rows: (0..self.players())
                .map(|seat| {
                    let secrets = self.secrets(seat, 1, count);
                    RevealRow {
                        name: self.seats.name(seat),
                        team: secrets.team_name(),
                        cards: match secrets {
                            Secrets::CityOfSpies { rounds, .. } => rounds,
                            Secrets::CarouselChess { .. } => Vec::new(),
                        },
                    }
                })
                .collect(),
            discarded: self
                .carousel_chess()
                .and_then(|c| c.discarded())
                .map(|t| t.name()),
        }
    }

    /// One seat's secrets, with A City of Spies' cards for rounds `first` to `first + count - 1`.
    pub fn secrets(&self, seat: u8, first: u32, count: u32) -> Secrets {
        match Dealt::of(self.game) {
            Dealt::CityOfSpies(options) => {
                let city = city_of_spies::Deal {
                    players: self.players(),
                    options,
                    seed: self.seed,
                };
                Secrets::CityOfSpies {
                    team: city.teams()[seat as usize],
                    rounds: (first..first + count)
                        .map(|round| city.cards(round)[seat as usize])
                        .collect(),
                }
            }
            Dealt::CarouselChess => {
                let carousel = carousel_chess::Deal {
                    players: self.players(),
                    seed: self.seed,
                };
                Secrets::CarouselChess {
                    team: carousel.team(seat),
                }
            }
        }
    }

    /// The code that hands `seat` its own secrets (rounds 1 to [`ROUNDS_PER_CODE`]).
    pub fn seat_code(&self, seat: u8) -> Option<SeatCode> {
        (seat < self.players()).then(|| SeatCode {
            game: self.game,
            seats: self.seats.clone(),
            seat,
            table_id: self.table_id(),
            secrets: self.secrets(seat, 1, ROUNDS_PER_CODE),
        })
    }

    /// The code that gives `seat` its cards for the nine rounds that hold `round` (A City
    /// of Spies past the rounds of the seat code): rounds 10–18 for round 10 to 18, and so on.
    pub fn rounds_code(&self, seat: u8, round: u32) -> Option<RoundsCode> {
        let city = self.city_of_spies()?;
        if seat >= self.players() || round <= ROUNDS_PER_CODE || round > MAX_CODED_ROUND {
            return None;
        }
        let first = round - (round - 1) % ROUNDS_PER_CODE;
        Some(RoundsCode {
            game: self.game,
            players: self.players(),
            seat,
            table_id: self.table_id(),
            first,
            cards: (first..first + ROUNDS_PER_CODE)
                .map(|r| city.cards(r)[seat as usize])
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests;

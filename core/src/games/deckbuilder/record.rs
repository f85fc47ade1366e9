//! A Chess deckbuilder game as text, for saves, exports and bug reports:
//!
//! `cdb2|<seed>:<supply>|<names>|<actions>;`
//!
//! - the seed in 16 hex digits (every shuffle comes from it); the supply as eight pile sizes
//!   in the order Pawn, Rook, Knight, Bishop, King, Queen, Copper, Silver
//!   (`10.10.10.10.10.10.30.20`);
//! - the names as `Seats::to_record` writes them;
//! - actions separated by spaces (see [`action_text`]); `;` ends them, so a save cut by even
//!   one character is known to be cut (`cdb1`, read still, had no end mark).

use shakmaty::{Role, Square};

use super::cards::{Card, Supply};
use super::game::{Action, ChessMove, Config, Deckbuilder, How};
use crate::game::{END_MARK, Record, read_seed, record_fields};
use crate::seats::Seats;

const VERSION: &str = "cdb2";
/// Written before the actions had their end mark; still read.
const OLDER: &str = "cdb1";

/// One action as text: a card's letter alone (played for its bonus), with a move in UCI
/// (`Pe2e4`, `Pe7e8q`, `Ke1g1`), with a trade (`BC>S`: trash a Copper, gain a Silver) or with
/// a revival (`Kb2=N`); `/` ends the action phase, `+Q` buys a Queen, `.` ends the turn,
/// `!e8d8` is the card-less escape from check, `resign` resigns.
pub fn action_text(action: &Action) -> String {
    match action {
        Action::Play { card, how } => {
            let l = card.letter();
            match how {
                How::Bonus => l.to_string(),
                How::Move(m) => format!("{l}{}", m.uci()),
                How::Trade { trash, gain } => format!("{l}{}>{}", trash.letter(), gain.letter()),
                How::Revive { at, role } => {
                    format!("{l}{at}={}", role.char().to_ascii_uppercase())
                }
            }
        }
        Action::EndActions => "/".into(),
        Action::Buy(card) => format!("+{}", card.letter()),
        Action::EndTurn => ".".into(),
        Action::Escape(m) => format!("!{}", m.uci()),
        Action::Resign => "resign".into(),
    }
}

/// An action written by [`action_text`].
pub fn read_action(text: &str) -> Result<Action, String> {
    let bad = || format!("“{text}” is not an action");
    match text {
        "/" => return Ok(Action::EndActions),
        "." => return Ok(Action::EndTurn),
        "resign" => return Ok(Action::Resign),
        _ => {}
    }
    let mut chars = text.chars();
    let first = chars.next().ok_or_else(bad)?;
    let rest = chars.as_str();
    match first {
        '+' => {
            let mut cs = rest.chars();
            match (cs.next().and_then(Card::from_letter), cs.next()) {
                (Some(card), None) => Ok(Action::Buy(card)),
                _ => Err(bad()),
            }
        }
        '!' => ChessMove::from_uci(rest)
            .map(Action::Escape)
            .ok_or_else(bad),
        _ => {
            let card = Card::from_letter(first).ok_or_else(bad)?;
            let how = if rest.is_empty() {
                How::Bonus
            } else if let Some((trash, gain)) = rest.split_once('>') {
                let one = |s: &str| {
                    let mut cs = s.chars();
                    match (cs.next().and_then(Card::from_letter), cs.next()) {
                        (Some(c), None) => Ok(c),
                        _ => Err(bad()),
                    }
                };
                How::Trade {
                    trash: one(trash)?,
                    gain: one(gain)?,
                }
            } else if let Some((at, role)) = rest.split_once('=') {
                let at: Square = at.parse().map_err(|_| bad())?;
                let role = match role {
                    "R" => Role::Rook,
                    "N" => Role::Knight,
                    "B" => Role::Bishop,
                    _ => return Err(bad()),
                };
                How::Revive { at, role }
            } else {
                How::Move(ChessMove::from_uci(rest).ok_or_else(bad)?)
            };
            Ok(Action::Play { card, how })
        }
    }
}

pub fn write(record: &Record<Deckbuilder>) -> String {
    let actions: Vec<String> = record.actions.iter().map(action_text).collect();
    format!(
        "{VERSION}|{:016x}:{}|{}|{}{END_MARK}",
        record.seed.0,
        record.config.supply.to_text(),
        record.config.seats.to_record(),
        actions.join(" ")
    )
}

/// Read a saved game. The record is not replayed here: `Record::replay` checks its actions.
pub fn read(text: &str) -> Result<Record<Deckbuilder>, String> {
    let (setting, names, actions) = record_fields(
        text,
        &[(VERSION, true), (OLDER, false)],
        "the Chess deckbuilder",
    )?;
    let (seed, supply) = setting
        .split_once(':')
        .ok_or("the game's settings cannot be read")?;
    let seed = read_seed(seed)?;
    let supply = Supply::from_text(supply)?;
    let seats = Seats::from_record(names)?;
    let actions = actions
        .split_whitespace()
        .map(read_action)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        config: Config { seats, supply },
        seed,
        actions,
    })
}

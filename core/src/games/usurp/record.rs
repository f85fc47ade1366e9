//! A Usurp game as text, for saves, exports and bug reports:
//!
//! `usu2|<seed>:<deck>|<names>|<actions>;`
//!
//! - the seed in 16 hex digits; the deck as six counts, castles, kings, queens, bishops,
//!   knights and pawns, separated by dots (`10.8.6.6.6.30`);
//! - the names as `Seats::to_record` writes them;
//! - actions separated by spaces: `D` draw, `P2` place on town square 2, `T1` take town
//!   square 1 (squares counted from 1); `;` ends them, so a save cut by even one
//!   character is known to be cut (`usu1`, read still, had no end mark).

use super::cards::Counts;
use super::game::{Action, Config, Usurp};
use crate::game::{END_MARK, Record, read_seed, record_fields};
use crate::seats::Seats;

const VERSION: &str = "usu2";
/// Written before the actions had their end mark; still read.
const OLDER: &str = "usu1";

/// One action as the record writes it.
pub(crate) fn action_text(a: &Action) -> String {
    match a {
        Action::Draw => "D".to_string(),
        Action::Place { square } => format!("P{}", square + 1),
        Action::Take { square } => format!("T{}", square + 1),
    }
}

pub fn write(record: &Record<Usurp>) -> String {
    let d = &record.config.deck;
    let actions: Vec<String> = record
        .actions
        .iter()
        .map(action_text)
        .collect();
    format!(
        "{VERSION}|{:016x}:{}.{}.{}.{}.{}.{}|{}|{}{END_MARK}",
        record.seed.0,
        d.castles,
        d.kings,
        d.queens,
        d.bishops,
        d.knights,
        d.pawns,
        record.config.seats.to_record(),
        actions.join(" ")
    )
}

/// Read a saved game. The record is not replayed here: `Record::replay` checks its actions.
pub fn read(text: &str) -> Result<Record<Usurp>, String> {
    let (setting, names, actions) =
        record_fields(text, &[(VERSION, true), (OLDER, false)], "Usurp")?;
    let (seed, deck) = setting
        .split_once(':')
        .ok_or("the game's settings cannot be read")?;
    let seed = read_seed(seed)?;
    let counts = deck
        .split('.')
        .map(|n| {
            n.parse::<u8>()
                .map_err(|_| format!("“{n}” is not a card count"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let [castles, kings, queens, bishops, knights, pawns] = counts[..] else {
        return Err("the deck is six counts".into());
    };
    // No more of a card than the game's deck holds: every screen (and a phone's reader,
    // which believes no more) is made for that deck.
    let most = Counts::STANDARD_DECK;
    let most = [most.castles, most.kings, most.queens, most.bishops, most.knights, most.pawns];
    if [castles, kings, queens, bishops, knights, pawns]
        .iter()
        .zip(most)
        .any(|(count, most)| *count > most)
    {
        return Err("the deck holds more of a card than Usurp's deck has".into());
    }
    let seats = Seats::from_record(names)?;
    let actions = actions
        .split_whitespace()
        .map(|a| {
            let square = || -> Result<u8, String> {
                a[1..]
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .map(|n| n - 1)
                    .ok_or(format!("“{a}” is not an action"))
            };
            match a.chars().next() {
                Some('D') if a.len() == 1 => Ok(Action::Draw),
                Some('P') => Ok(Action::Place { square: square()? }),
                Some('T') => Ok(Action::Take { square: square()? }),
                _ => Err(format!("“{a}” is not an action")),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        config: Config {
            seats,
            deck: Counts {
                castles,
                kings,
                queens,
                bishops,
                knights,
                pawns,
            },
        },
        seed,
        actions,
    })
}

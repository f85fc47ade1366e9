//! An Espionage game as text, for saves, exports and bug reports:
//!
//! `esp2|<seed>:<width>:<volcanoes>:<quiet draw>|<name>,<name>|<actions>;`
//!
//! - the seed in 16 hex digits (the volcanoes come from it); the quiet draw is the number of
//!   turns, or `0` when the table switched the rule off;
//! - the names as `Seats::to_record` writes them;
//! - actions separated by spaces: `P` and the set-up's letters (`Pxhx…`, see
//!   [`Placement::to_text`]), a move as `e4-e5`, `/` to submit the turn, `R` to resign;
//!   `;` ends them, so a save cut by even one character is known to be cut (`esp1`, read
//!   still, had no end mark).

use super::game::{Action, Config, Espionage, Placement};
use crate::game::{END_MARK, Record, read_seed, record_fields};
use crate::seats::Seats;

const VERSION: &str = "esp2";
/// Written before the actions had their end mark; still read.
const OLDER: &str = "esp1";

/// One action as the record writes it (squares named on the game's board).
pub(crate) fn action_text(config: &Config, action: &Action) -> String {
    let g = config.geometry();
    match action {
        Action::SetUp(placement) => format!("P{}", placement.to_text()),
        Action::Move { from, to } => format!("{}-{}", g.name(*from), g.name(*to)),
        Action::Submit => "/".into(),
        Action::Resign => "R".into(),
    }
}

pub fn write(record: &Record<Espionage>) -> String {
    let c = &record.config;
    let actions: Vec<String> = record
        .actions
        .iter()
        .map(|action| action_text(c, action))
        .collect();
    format!(
        "{VERSION}|{:016x}:{}:{}:{}|{}|{}{END_MARK}",
        record.seed.0,
        c.width,
        c.volcanoes,
        c.quiet_draw.unwrap_or(0),
        c.seats.to_record(),
        actions.join(" ")
    )
}

/// Read a saved game. The record is not replayed here: `Record::replay` checks its moves.
pub fn read(text: &str) -> Result<Record<Espionage>, String> {
    let (setting, names, actions) =
        record_fields(text, &[(VERSION, true), (OLDER, false)], "Espionage")?;
    let fields: Vec<&str> = setting.split(':').collect();
    let [seed, width, volcanoes, quiet] = fields[..] else {
        return Err("the game's settings cannot be read".into());
    };
    let number = |text: &str| -> Result<u32, String> {
        text.parse()
            .map_err(|_| format!("“{text}” is not a number"))
    };
    let seed = read_seed(seed)?;
    let seats = Seats::from_record(names)?;
    if seats.players() != 2 {
        return Err("Espionage is for two players".into());
    }
    let config = Config {
        seats,
        width: u8::try_from(number(width)?).map_err(|_| "the board's width cannot be read")?,
        volcanoes: u8::try_from(number(volcanoes)?)
            .map_err(|_| "the number of volcanoes cannot be read")?,
        quiet_draw: Some(number(quiet)?).filter(|&n| n > 0),
    };
    // Squares are read on the board's geometry: only a width the game offers has one.
    if !super::board::WIDTHS.contains(&config.width) {
        return Err(format!(
            "a board {} squares wide is not one this game offers",
            config.width
        ));
    }
    let g = config.geometry();
    let actions = actions
        .split_whitespace()
        .map(|a| match a {
            "/" => Ok(Action::Submit),
            "R" => Ok(Action::Resign),
            _ if a.starts_with('P') => Placement::from_text(&a[1..]).map(Action::SetUp),
            _ => {
                let (from, to) = a.split_once('-').ok_or(format!("“{a}” is not an action"))?;
                match (g.parse(from), g.parse(to)) {
                    (Some(from), Some(to)) => Ok(Action::Move { from, to }),
                    _ => Err(format!("“{a}” is not a move on this board")),
                }
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        config,
        seed,
        actions,
    })
}

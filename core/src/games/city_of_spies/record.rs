//! A City of Spies game as text, for saves and bug reports:
//!
//! `csp1|<table save>|<set-up choice>|<actions>`
//!
//! - the table save is `TableDeal::to_text` (players, names, options, seed): a game is
//!   saved only on the table device, which alone holds the seed;
//! - the set-up choice is `S`tandard, `R`andom or `F`ree;
//! - actions are separated by spaces: `L` and eleven squares for a set-up (`Lb8g8…`, in the
//!   order of the Piece Cards), a move as two squares (`e2e4`), `P` pass, `C` claim,
//!   `D` decline.

use shakmaty::Square;

use super::board::Move;
use super::game::{Action, CityOfSpies, Config};
use super::layout::{Layout, LayoutChoice};
use crate::game::Record;
use crate::table::{SecretGame, TableDeal};

const VERSION: &str = "csp1";

pub fn write(record: &Record<CityOfSpies>) -> String {
    let deal = TableDeal {
        game: SecretGame::dealt(super::KIND, record.config.options.bits()),
        seats: record.config.seats.clone(),
        seed: record.seed,
    };
    let token = deal.to_text();
    let choice = match record.config.layout {
        LayoutChoice::Standard => 'S',
        LayoutChoice::Random => 'R',
        LayoutChoice::Free => 'F',
    };
    let actions: Vec<String> = record.actions.iter().map(action_text).collect();
    format!("{VERSION}|{token}|{choice}|{}", actions.join(" "))
}

pub(crate) fn action_text(action: &Action) -> String {
    match action {
        Action::SetUp(layout) => {
            let squares: String = layout.0.iter().map(|sq| sq.to_string()).collect();
            format!("L{squares}")
        }
        Action::Move(mv) => mv.to_string(),
        Action::Pass => "P".into(),
        Action::Claim => "C".into(),
        Action::Decline => "D".into(),
    }
}

fn square(text: &str) -> Result<Square, String> {
    text.parse()
        .map_err(|_| format!("“{text}” is not a square"))
}

fn action(text: &str) -> Result<Action, String> {
    match text {
        "P" => return Ok(Action::Pass),
        "C" => return Ok(Action::Claim),
        "D" => return Ok(Action::Decline),
        _ => {}
    }
    if let Some(squares) = text.strip_prefix('L') {
        if squares.len() != 22 || !squares.is_ascii() {
            return Err(format!("a set-up lists 11 squares: “{text}”"));
        }
        let mut layout = [Square::A1; 11];
        for (i, slot) in layout.iter_mut().enumerate() {
            *slot = square(&squares[2 * i..2 * i + 2])?;
        }
        return Ok(Action::SetUp(Layout(layout)));
    }
    if text.len() == 4 && text.is_ascii() {
        return Ok(Action::Move(Move {
            from: square(&text[..2])?,
            to: square(&text[2..])?,
        }));
    }
    Err(format!("“{text}” is not an action"))
}

/// Read a saved game. The record is not replayed here: `Record::replay` checks its moves.
pub fn read(text: &str) -> Result<Record<CityOfSpies>, String> {
    let parts: Vec<&str> = text.trim().splitn(4, '|').collect();
    let [version, token, choice, actions] = parts[..] else {
        return Err("this is not a saved game of A City of Spies".into());
    };
    if version != VERSION {
        return Err(crate::game::unknown_version(
            version,
            &[VERSION],
            "A City of Spies",
        ));
    }
    let deal = TableDeal::from_text(token).map_err(|e| e.to_string())?;
    if deal.game.kind() != super::KIND {
        return Err("this save belongs to another game".into());
    }
    let options = super::Options::from_bits(deal.game.options());
    let layout = match choice {
        "S" => LayoutChoice::Standard,
        "R" => LayoutChoice::Random,
        "F" => LayoutChoice::Free,
        other => return Err(format!("“{other}” is not a set-up choice")),
    };
    let actions = actions
        .split_whitespace()
        .map(action)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        config: Config {
            seats: deal.seats,
            options,
            layout,
        },
        seed: deal.seed,
        actions,
    })
}

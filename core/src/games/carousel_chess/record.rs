//! A Carousel game as text, for saves: `cc1|<table save>|<options>|<plies in UCI>`; the
//! options are `-` or `S` (only stalemate pays the Draw player).

use shakmaty::uci::UciMove;

use super::game::{Action, CarouselChess, Config, Options};
use crate::game::Record;
use crate::table::{SecretGame, TableDeal};

const VERSION: &str = "cc1";

/// One ply as the record writes it: its UCI move.
pub(crate) fn action_text(a: &Action) -> String {
    UciMove::Normal {
        from: a.from,
        to: a.to,
        promotion: a.promotion,
    }
    .to_string()
}

pub fn write(record: &Record<CarouselChess>) -> String {
    let deal = TableDeal {
        game: SecretGame::dealt(super::KIND, 0),
        seats: record.config.seats.clone(),
        seed: record.seed,
    };
    let token = deal.to_text();
    let options = if record.config.options.only_stalemate_pays {
        "S"
    } else {
        "-"
    };
    let plies: Vec<String> = record.actions.iter().map(action_text).collect();
    format!("{VERSION}|{token}|{options}|{}", plies.join(" "))
}

pub fn read(text: &str) -> Result<Record<CarouselChess>, String> {
    let parts: Vec<&str> = text.trim().splitn(4, '|').collect();
    let [version, token, options, plies] = parts[..] else {
        return Err("this is not a saved game of Carousel Chess".into());
    };
    if version != VERSION {
        return Err("this is not a saved game of Carousel Chess".into());
    }
    let deal = TableDeal::from_text(token).map_err(|e| e.to_string())?;
    if deal.game.kind() != super::KIND {
        return Err("this save belongs to another game".into());
    }
    let only_stalemate_pays = match options {
        "S" => true,
        "-" => false,
        other => return Err(format!("“{other}” is not a Carousel option")),
    };
    let actions = plies
        .split_whitespace()
        .map(|p| match p.parse::<UciMove>() {
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) => Ok(Action {
                from,
                to,
                promotion,
            }),
            _ => Err(format!("“{p}” is not a move")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record {
        config: Config {
            seats: deal.seats,
            options: Options {
                only_stalemate_pays,
            },
        },
        seed: deal.seed,
        actions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Seed;
    use crate::seats::Seats;

    #[test]
    fn round_trips_and_refuses_damage() {
        let config = Config {
            seats: Seats::new(3, vec![]).unwrap(),
            options: Options {
                only_stalemate_pays: true,
            },
        };
        let mut record = Record::<CarouselChess>::new(config, Seed(5));
        for m in ["e2e4", "e7e5", "g1f3"] {
            let UciMove::Normal {
                from,
                to,
                promotion,
            } = m.parse::<UciMove>().unwrap()
            else {
                panic!()
            };
            record.actions.push(Action {
                from,
                to,
                promotion,
            });
        }
        let text = write(&record);
        let back = read(&text).unwrap();
        assert_eq!(back.actions, record.actions);
        assert!(back.config.options.only_stalemate_pays);
        assert_eq!(back.replay().unwrap().0, record.replay().unwrap().0);
        for bad in [
            "",
            "cc2|x|-|",
            "csp1|x|R|",
            &text.replace("|S|", "|Q|"),
            &format!("{text} e9e10"),
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}

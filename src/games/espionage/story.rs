//! What the opponent did in their last turn, as a seat may know it: in words, and as
//! squares to mark on its board.

use intrigue_core::games::espionage::{Event, Geometry, Outcome};

use super::board::{kind_words, the_kind};

/// The events of the opponent's last turn as `me` may see them, oldest first: from `news`
/// (newest first, as `Referee::news_newest_first` gives them), skipping `me`'s own turn
/// being played, up to `me`'s previous turn.
pub fn their_last_turn<'a>(news: impl Iterator<Item = &'a Event>, me: u8) -> Vec<Event> {
    let mut theirs = Vec::new();
    let mut in_their_turn = false;
    for event in news {
        match event {
            Event::TurnEnded { seat, .. } if *seat == me => break,
            Event::TurnEnded { .. } => in_their_turn = true,
            Event::SetUp { .. } | Event::Ended { .. } => {}
            event if in_their_turn => theirs.push(event.clone()),
            _ => {}
        }
    }
    theirs.reverse();
    theirs
}

/// The squares the opponent's turn touched (to mark on the board).
pub fn touched(events: &[Event]) -> Vec<u8> {
    let mut squares = Vec::new();
    for event in events {
        if let Event::Moved { from, to, .. } = event {
            squares.extend([*from, *to]);
        }
    }
    squares
}

/// One sentence per thing that happened, as `me` would say it.
pub fn sentences(events: &[Event], me: u8, names: &[String], g: Geometry) -> Vec<String> {
    // "your Corporal (1)", "Bo's Spy"; "tu cabo (1)", "el espía de Bo".
    let whose = |owner: u8, kind| {
        let kind = kind_words(kind);
        if owner == me {
            trf!("your {kind}", "tu {kind}")
        } else {
            let name = &names[usize::from(owner)];
            let article = if kind.starts_with("mina") { "la" } else { "el" };
            let de_name = crate::i18n::de(name);
            trf!("{name}'s {kind}", "{article} {kind} {de_name}")
        }
    };
    let cap = |s: String| {
        let mut chars = s.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    };
    let mut said = Vec::new();
    for (i, event) in events.iter().enumerate() {
        match *event {
            Event::Moved { seat, from, to } => {
                // A move that ended in a combat is told by the combat.
                let fought = matches!(events.get(i + 1), Some(Event::Combat { .. }));
                if !fought {
                    let (from, to) = (g.name(from), g.name(to));
                    let name = &names[usize::from(seat)];
                    said.push(if crate::i18n::is_you(name) {
                        trf!("You moved a piece from {from} to {to}.", "Moviste una pieza de {from} a {to}.")
                    } else {
                        let who = crate::i18n::subject(name);
                        trf!("{who} moved a piece from {from} to {to}.", "{who} movió una pieza de {from} a {to}.")
                    });
                }
            }
            Event::Combat {
                seat,
                from,
                to,
                attacker,
                defender,
                outcome,
            } => {
                let a = whose(seat, attacker);
                let d = whose(1 - seat, defender);
                let result = match outcome {
                    Outcome::AttackerWins => trf!("{} won", "ganó {}", the_kind(attacker)),
                    Outcome::DefenderWins => trf!("{} held", "resistió {}", the_kind(defender)),
                    Outcome::MineCleared => {
                        tr!("the mine was cleared", "la mina quedó desactivada").to_string()
                    }
                    Outcome::MineHolds => trf!(
                        "{} died on the mine",
                        "{} murió en la mina",
                        the_kind(attacker)
                    ),
                    Outcome::HeadquartersTaken => {
                        tr!("the headquarters fell", "cayó el cuartelillo").to_string()
                    }
                };
                // "Tu cabo (1) desde B3 atacó a…": Spanish puts "a" before the attacked
                // piece ("al" before "el").
                let d = if crate::i18n::es() {
                    match d.strip_prefix("el ") {
                        Some(rest) => format!("al {rest}"),
                        None => format!("a {d}"),
                    }
                } else {
                    d
                };
                said.push(trf!(
                    "{} from {} attacked {} on {}: {result}.",
                    "{} desde {} atacó {} en {}: {result}.",
                    cap(a),
                    g.name(from),
                    d,
                    g.name(to)
                ));
            }
            Event::Unmasked {
                owner,
                square,
                kind,
            } => said.push(trf!(
                "A spy unmasked {} on {}.",
                "Un espía desenmascaró {} en {}.",
                {
                    let seen = whose(owner, kind);
                    // "desenmascaró a tu cabo", "al cabo de Bo".
                    if crate::i18n::es() {
                        match seen.strip_prefix("el ") {
                            Some(rest) => format!("al {rest}"),
                            None => format!("a {seen}"),
                        }
                    } else {
                        seen
                    }
                },
                g.name(square)
            )),
            Event::SetUp { .. } | Event::TurnEnded { .. } | Event::Ended { .. } => {}
        }
    }
    said
}

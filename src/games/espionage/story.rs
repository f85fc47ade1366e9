//! What the opponent did in their last turn, as a seat may know it: in words, and as
//! squares to mark on its board.

use intrigue_core::games::espionage::{Event, Geometry, Outcome};

use super::board::kind_words;

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
    let whose = |owner: u8| {
        if owner == me {
            "your".to_string()
        } else {
            format!("{}'s", names[usize::from(owner)])
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
                    said.push(format!(
                        "{} moved a piece from {} to {}.",
                        names[usize::from(seat)],
                        g.name(from),
                        g.name(to)
                    ));
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
                let a = format!("{} {}", whose(seat), kind_words(attacker));
                let d = format!("{} {}", whose(1 - seat), kind_words(defender));
                let result = match outcome {
                    Outcome::AttackerWins => format!("the {} won", attacker.name()),
                    Outcome::DefenderWins => format!("the {} held", defender.name()),
                    Outcome::MineCleared => "the mine was cleared".to_string(),
                    Outcome::MineHolds => format!("the {} died on the mine", attacker.name()),
                    Outcome::HeadquartersTaken => "the headquarters fell".to_string(),
                };
                said.push(format!(
                    "{} from {} attacked {} on {}: {result}.",
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
            } => said.push(format!(
                "A spy unmasked {} {} on {}.",
                whose(owner),
                kind_words(kind),
                g.name(square)
            )),
            Event::SetUp { .. } | Event::TurnEnded { .. } | Event::Ended { .. } => {}
        }
    }
    said
}

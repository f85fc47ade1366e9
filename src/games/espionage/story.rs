//! Espionage as a seat sees it: the board model of its view, and what the opponent did in
//! their last turn, in words and as squares to mark.

use intrigue_core::games::espionage::{
    EspionageView, Event, Geometry, Kind, Outcome, Seen, board::ROWS,
};

use crate::components::{BoardModel, BoardPiece, Face};

/// A piece's picture: South's pieces are blue discs, North's red squares (the shape tells
/// the armies apart without colour).
pub fn picture(owner: u8, kind: Kind) -> &'static str {
    macro_rules! both {
        ($($kind:ident => $file:literal),*) => {
            match (owner, kind) {
                $((0, Kind::$kind) => concat!("espionage/s-", $file, ".svg"),)*
                $((_, Kind::$kind) => concat!("espionage/n-", $file, ".svg"),)*
            }
        };
    }
    both!(
        Corporal => "corporal", Lieutenant => "lieutenant", Captain => "captain",
        Colonel => "colonel", General => "general", Spy => "spy",
        Minesweeper => "minesweeper", Mine => "mine", Headquarters => "headquarters"
    )
}

/// What a kind of piece does, in a few words (the legend).
pub fn kind_does(kind: Kind) -> &'static str {
    match kind {
        Kind::Corporal | Kind::Lieutenant | Kind::Captain | Kind::Colonel => {
            "beats a piece of equal or lower rank"
        }
        Kind::General => "the highest rank; only a minesweeper attacking it beats it",
        Kind::Spy => "takes only spies and minesweepers; unmasks the enemy pieces around it",
        Kind::Minesweeper => "clears mines; beats a general when it attacks",
        Kind::Mine => "never moves; destroys any attacker but a minesweeper",
        Kind::Headquarters => "never moves; whoever takes it wins",
    }
}

/// "Captain (3)", "Spy": a kind as the board's label says it.
pub fn kind_words(kind: Kind) -> String {
    match kind.rank() {
        Some(rank) => format!("{} ({rank})", kind.name()),
        None => kind.name().to_string(),
    }
}

/// The board as `me` sees it: own pieces with their kinds, the opponent's as "?" unless
/// unmasked; volcanoes blocked; seen from `me`'s side; the moves `me` may make.
pub fn model(view: &EspionageView, me: u8, marked: &[u8]) -> BoardModel {
    let them = &view.names[usize::from(1 - me)];
    let pieces = view
        .squares
        .iter()
        .enumerate()
        .filter_map(|(square, seen)| {
            let at = square as u8;
            let piece = match *seen {
                Seen::Own { id, kind, unmasked } => BoardPiece {
                    id: u16::from(id) + 100 * u16::from(me),
                    at,
                    owner: Some(me),
                    face: if unmasked { Face::Shown } else { Face::Up },
                    image: picture(me, kind),
                    label: if unmasked {
                        format!("Your {}, unmasked", kind_words(kind))
                    } else {
                        format!("Your {}", kind_words(kind))
                    },
                    badge: None,
                },
                Seen::Enemy { kind } => BoardPiece {
                    // The opponent's pieces have no name in a view: the square stands for it.
                    id: 1000 + u16::from(at),
                    at,
                    owner: Some(1 - me),
                    face: if kind.is_some() {
                        Face::Shown
                    } else {
                        Face::Down
                    },
                    image: kind.map_or("", |k| picture(1 - me, k)),
                    label: match kind {
                        Some(kind) => format!("{them}'s {}", kind_words(kind)),
                        None => format!("{them}'s hidden piece"),
                    },
                    badge: None,
                },
                Seen::Empty | Seen::Volcano => return None,
            };
            Some(piece)
        })
        .collect();
    let blocked = view
        .squares
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == Seen::Volcano)
        .map(|(i, _)| i as u8)
        .collect();
    BoardModel {
        width: view.width,
        height: ROWS,
        pieces,
        destinations: view.destinations.clone(),
        recent: marked.to_vec(),
        blocked,
        flipped: me == 1,
        ..Default::default()
    }
}

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

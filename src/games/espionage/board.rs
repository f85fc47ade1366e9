//! Espionage's board as a seat sees it: each piece's picture and words, and the board model
//! of a seat's view (its own army face up, the other face down unless shown).

use intrigue_core::games::espionage::{EspionageView, Kind, Seen, board::ROWS};

use crate::components::{BoardModel, BoardPiece, Face, TapShows};

/// A piece's picture: South's pieces are blue discs, North's red squares (the shape tells
/// the armies apart without colour).
pub fn picture(owner: u8, kind: Kind) -> &'static str {
    macro_rules! both {
        ($($kind:ident => $file:literal),*) => {
            match (owner, kind) {
                $((0, Kind::$kind) => concat!("espionage/s-", $file, ".webp"),)*
                $((_, Kind::$kind) => concat!("espionage/n-", $file, ".webp"),)*
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
        // A move onto a piece is a combat: the game alone knows how it ends.
        tap_shows: TapShows::QuietMoves,
        ..Default::default()
    }
}

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
        Kind::Corporal | Kind::Lieutenant | Kind::Captain | Kind::Colonel => tr!(
            "beats a piece of equal or lower rank",
            "vence a una pieza de rango igual o menor"
        ),
        Kind::General => tr!(
            "the highest rank; only a minesweeper attacking it beats it",
            "el rango más alto; solo lo vence un cazaminas que lo ataque"
        ),
        Kind::Spy => tr!(
            "takes only spies and minesweepers; unmasks the enemy pieces around it",
            "solo vence a espías y cazaminas; desenmascara a las piezas enemigas de alrededor"
        ),
        Kind::Minesweeper => tr!(
            "clears mines; beats a general when it attacks",
            "desactiva minas; vence a un general cuando lo ataca"
        ),
        Kind::Mine => tr!(
            "never moves; destroys any attacker but a minesweeper",
            "no se mueve nunca; destruye a cualquier atacante salvo a un cazaminas"
        ),
        Kind::Headquarters => tr!(
            "never moves; whoever takes it wins",
            "no se mueve nunca; quien lo toma gana"
        ),
    }
    .get()
}

/// A kind's name in the page's language: "Captain", "capitán" (the Spanish text's own
/// names).
pub fn kind_name(kind: Kind) -> &'static str {
    if crate::i18n::es() {
        kind.spanish()
    } else {
        kind.name()
    }
}

/// "Captain (3)", "Spy", "capitán (3)": a kind as the board's label says it.
pub fn kind_words(kind: Kind) -> String {
    match kind.rank() {
        Some(rank) => format!("{} ({rank})", kind_name(kind)),
        None => kind_name(kind).to_string(),
    }
}

/// A kind with its article, in Spanish ("el cabo", "la mina"); in English "the Corporal".
pub fn the_kind(kind: Kind) -> String {
    if !crate::i18n::es() {
        return format!("the {}", kind.name());
    }
    let article = if kind == Kind::Mine { "la" } else { "el" };
    format!("{article} {}", kind.spanish())
}

/// The board as `me` sees it: own pieces with their kinds, the opponent's as "?" unless
/// unmasked; volcanoes blocked; seen from `me`'s side; the moves `me` may make.
pub fn model(view: &EspionageView, me: u8, marked: &[u8]) -> BoardModel {
    let them = &crate::i18n::name_here(&view.names[usize::from(1 - me)]);
    let de_them = &crate::i18n::de(them);
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
                        trf!("Your {}, unmasked", "Tu {}, al descubierto", kind_words(kind))
                    } else {
                        trf!("Your {}", "Tu {}", kind_words(kind))
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
                        Some(kind) => trf!("{them}'s {}", "{} {de_them}", kind_words(kind)),
                        None => trf!("{them}'s hidden piece", "Pieza oculta {de_them}"),
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
        blocked_word: tr!("volcano", "volcán").to_string(),
        flipped: me == 1,
        // A move onto a piece is a combat: the game alone knows how it ends.
        tap_shows: TapShows::QuietMoves,
        ..Default::default()
    }
}

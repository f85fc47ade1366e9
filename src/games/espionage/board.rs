//! Espionage's board as a seat sees it: each piece's picture and words, and the board model
//! of a seat's view (its own army face up, the other face down unless shown).

use intrigue_core::games::espionage::{EspionageView, Illegal, Kind, Phase, Seen, board::ROWS};

use crate::components::{BoardModel, BoardPiece, Face, TapShows, square_name};
use crate::reasons::{Reason, Stays};

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

/// Why the piece on `square` cannot act now for `me`, in a game under way: the core's
/// reasons where it has one (a mine never moves, a piece moved already this turn, the
/// no-return rule), the other side's turn, or nowhere to go. `None` for a piece that can
/// move, an empty square, or a game not being played.
pub fn why_stays(view: &EspionageView, me: u8, square: u8) -> Option<Stays<Illegal>> {
    let Phase::Turn { seat } = view.phase else {
        return None;
    };
    let name = |at: u8| square_name(at, view.width);
    let kind = match view.squares.get(usize::from(square))? {
        Seen::Enemy { .. } => return Some(Stays::Game(Illegal::NotYours(name(square)))),
        Seen::Own { kind, .. } => *kind,
        Seen::Empty | Seen::Volcano => return None,
    };
    if !kind.moves() {
        return Some(Stays::Game(Illegal::NeverMoves(kind)));
    }
    if seat != me {
        return Some(Stays::TheirTurn(view.names.get(usize::from(seat))?.clone()));
    }
    if view.destinations.iter().any(|(from, to)| *from == square && !to.is_empty()) {
        return None;
    }
    Some(if view.moves_left == 0 {
        Stays::Game(Illegal::BothMovesMade)
    } else if view.moved.contains(&square) {
        Stays::Game(Illegal::MovedAlready)
    } else if let Some(&(_, back)) = view.barred.iter().find(|(at, _)| *at == square) {
        Stays::Game(Illegal::NoReturn(name(back)))
    } else {
        Stays::NoMove
    })
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
        refusals: (0..view.squares.len() as u8)
            .filter_map(|at| Some((at, why_stays(view, me, at)?.words())))
            .collect(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::Game;
    use intrigue_core::game::{Referee, ToAct};
    use intrigue_core::games::espionage::{Action, Espionage};
    use intrigue_core::seats::{Seats, Viewer};
    use intrigue_core::seed::Seed;

    use super::*;
    use crate::i18n::{Lang, speak};

    /// Both armies set up as the core suggests: South to move.
    fn game() -> Referee<Espionage> {
        let seats = Seats::new(2, vec!["Ann".into(), "Bo".into()]).unwrap();
        let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(5)).unwrap();
        for _ in 0..2 {
            let viewer = match referee.to_act() {
                ToAct::Seat(seat) => Viewer::Seat(seat),
                _ => Viewer::Table,
            };
            let set_up = referee.legal_actions(viewer)[0].clone();
            referee.act(set_up).unwrap();
        }
        referee
    }

    /// The reasons said on each square of `seat`'s board, by the words of the piece there.
    fn said(referee: &Referee<Espionage>, seat: u8) -> Vec<(String, String)> {
        let view = referee.view(Viewer::Seat(seat)).body;
        let model = model(&view, seat, &[]);
        model
            .refusals
            .iter()
            .map(|(at, why)| {
                let piece = model.pieces.iter().find(|p| p.at == *at).expect("a piece there");
                (piece.label.clone(), why.clone())
            })
            .collect()
    }

    /// A tap on a piece that cannot act says why, in both languages: a mine or the
    /// headquarters never moves, the other player's pieces are not yours, it is the other
    /// player's turn, a piece moved already, both moves made; a piece that can move says
    /// nothing.
    #[test]
    fn a_piece_that_cannot_act_says_why() {
        speak(Lang::En);
        let mut referee = game();
        let south = said(&referee, 0);
        let of = |label: &str| -> Vec<&str> {
            south
                .iter()
                .filter(|(l, _)| l == label)
                .map(|(_, why)| why.as_str())
                .collect()
        };
        assert!(of("Your Mine").iter().all(|w| *w == "A mine never moves."));
        assert_eq!(of("Your Mine").len(), 4, "every mine");
        assert_eq!(of("Your Headquarters"), ["A headquarters never moves."]);
        let hidden: Vec<&str> = of("Bo's hidden piece");
        assert_eq!(hidden.len(), intrigue_core::games::espionage::ARMY_SIZE, "every piece of Bo's army");
        assert!(hidden.iter().all(|w| w.starts_with("The piece on ") && w.ends_with(" is not yours.")));
        let view = referee.view(Viewer::Seat(0)).body;
        let movable: Vec<u8> = view.destinations.iter().map(|(from, _)| *from).collect();
        assert!(!movable.is_empty());
        let refusals = model(&view, 0, &[]).refusals;
        assert!(movable.iter().all(|at| refusals.iter().all(|(r, _)| r != at)), "a piece that can move says nothing");
        // A back-row piece boxed in by its own army has nowhere to go.
        assert!(south.iter().any(|(l, w)| l.starts_with("Your ") && w == "This piece has no move now."));

        // North waits for South.
        let north = said(&referee, 1);
        assert!(north.iter().any(|(l, w)| l.starts_with("Your ") && l != "Your Mine" && w == "It is Ann's turn."));

        // One move made: that piece has moved; two made: no piece moves.
        let (from, to) = view.destinations.iter().map(|(f, t)| (*f, t[0])).next().unwrap();
        referee.act(Action::Move { from, to }).unwrap();
        let view = referee.view(Viewer::Seat(0)).body;
        assert_eq!(
            why_stays(&view, 0, to).map(|w| w.words()).as_deref(),
            Some("This piece has already moved this turn: move another one."),
        );
        let (from, to) = view.destinations.iter().map(|(f, t)| (*f, t[0])).next().unwrap();
        referee.act(Action::Move { from, to }).unwrap();
        let view = referee.view(Viewer::Seat(0)).body;
        assert_eq!(
            why_stays(&view, 0, to).map(|w| w.words()).as_deref(),
            Some("Both moves of this turn are made: submit the turn."),
        );

        speak(Lang::Es);
        let north = said(&game(), 1);
        assert!(north.iter().any(|(_, w)| w == "Es el turno de Ann."));
        assert!(north.iter().any(|(_, w)| w == "La mina nunca se mueve."));
        speak(Lang::En);
    }
}

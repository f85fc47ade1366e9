//! Carousel Chess as the table shows it, the same on the table's device and on a linked
//! phone: the board, whose ply it is and for which colour, the public scoreboard, the move
//! list with who played what, and the reveal at the end.

use intrigue_core::games::carousel_chess::chess::{Color, Role, Square};
use intrigue_core::games::carousel_chess::{Action, CarouselChess, End, TableView, Team};
use leptos::prelude::*;

use crate::components::{Board, BoardModel, BoardPiece, Face, TapShows};
use crate::reasons::{Reason, Stays};
use crate::games::chess_pieces::{colour_slug, for_colour, picture};
use crate::games::shell::SeatFeed;

/// Why a piece of Carousel Chess cannot move now, beyond the reasons every board shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waits {
    /// The other colour is to move (this one).
    OtherColour(Color),
}

impl Reason for Waits {
    fn words(&self) -> String {
        match self {
            Waits::OtherColour(Color::White) => tr!(
                "White moves now: tap a white piece.",
                "Ahora mueven las blancas: toca una pieza blanca."
            ),
            Waits::OtherColour(Color::Black) => tr!(
                "Black moves now: tap a black piece.",
                "Ahora mueven las negras: toca una pieza negra."
            ),
        }
        .to_string()
    }
}

/// Why the piece on `square` cannot move now: `waiting` when whoever taps is not the one
/// to move (the computer's ply, another seat's on a phone). `None` for a piece that can
/// move, an empty square, or a game over.
pub fn why_stays(view: &TableView, square: Square, waiting: bool) -> Option<Stays<Waits>> {
    if view.end.is_some() {
        return None;
    }
    let &(_, colour, _) = view.board.iter().find(|(at, _, _)| *at == square)?;
    if waiting {
        let seat = view.seat_to_move?;
        return Some(Stays::TheirTurn(view.names.get(usize::from(seat))?.clone()));
    }
    if colour != view.turn {
        return Some(Stays::Game(Waits::OtherColour(view.turn)));
    }
    if view.destinations.iter().any(|(from, to)| *from == square && !to.is_empty()) {
        return None;
    }
    Some(if view.check.is_some() {
        Stays::CheckHolds
    } else {
        Stays::NoMove
    })
}

/// The board of `view`; `waiting`: whoever taps it is not the one to move (see
/// [`why_stays`]).
fn model_of(view: &TableView, waiting: bool) -> BoardModel {
    BoardModel {
        width: 8,
        height: 8,
        pieces: view
            .board
            .iter()
            .map(|&(sq, colour, role)| BoardPiece {
                // A chess position names no piece: the square stands for it.
                id: sq as u16,
                at: sq as u8,
                owner: None,
                face: Face::Up,
                image: picture(colour, role),
                label: crate::games::chess_pieces::piece_name(colour, role),
                badge: None,
            })
            .collect(),
        destinations: crate::games::destinations_of(&view.destinations, |sq| sq as u8, waiting),
        refusals: view
            .board
            .iter()
            .filter_map(|&(sq, _, _)| Some((sq as u8, why_stays(view, sq, waiting)?.words())))
            .collect(),
        last_move: view.last_move.map(|(a, b)| (a as u8, b as u8)),
        blocked: Vec::new(),
        check: view.check.map(|sq| sq as u8),
        // A promotion asks which piece first.
        tap_shows: TapShows::EveryMoveBut(
            view.promotions
                .iter()
                .map(|&(f, t)| (f as u8, t as u8))
                .collect(),
        ),
        ..Default::default()
    }
}

/// The public scoreboard, as one memo: a ply that changes none of it redraws none of it.
#[derive(Clone, PartialEq)]
struct Scoreboard {
    scores: Vec<u32>,
    captures: Vec<Vec<(Color, Role)>>,
    seat_to_move: Option<u8>,
    sitting_out: Option<u8>,
    teams: Option<Vec<Team>>,
    winners: Vec<u8>,
    discarded: Option<Team>,
}

/// How a game ended, in a few words (the banner of a game over without a mate, a refused
/// ply after the end).
pub(super) fn end_words(end: End) -> &'static str {
    match end {
        End::Checkmate { .. } => tr!("checkmate", "jaque mate"),
        End::Stalemate => tr!("stalemate", "ahogado"),
        End::InsufficientMaterial => tr!(
            "a draw: neither side can mate",
            "tablas: ningún bando puede dar mate"
        ),
        End::ThreefoldRepetition => tr!(
            "a draw by threefold repetition",
            "tablas por triple repetición"
        ),
        End::FiftyMoves => tr!(
            "a draw by the fifty-move rule",
            "tablas por la regla de las cincuenta jugadas"
        ),
    }
    .get()
}

/// The head of the screen as `v` stands: the kicker (the move's number), the banner and
/// its class, whether it is check, and who moves next (and who sits out). `thinking`: the
/// computer's seat while it thinks; `me`: a phone's own seat ("you").
fn head(v: &TableView, thinking: Option<u8>, me: Option<u8>) -> (String, String, String, bool, Option<String>) {
    let names = &crate::i18n::names_here(&v.names);
    let banner = match (v.seat_to_move, v.end) {
        (Some(seat), _) if thinking == Some(seat) => trf!(
            "{} is thinking {}…",
            "{} está pensando {}…",
            crate::i18n::subject(&names[seat as usize]),
            for_colour(v.turn)
        ),
        // On the player's own phone, or alone against the computer: "you".
        (Some(seat), _) if me == Some(seat) || crate::i18n::is_you(&names[seat as usize]) => {
            trf!("Your move {}", "Tu jugada {}", for_colour(v.turn))
        }
        (Some(seat), _) => trf!(
            "{} moves {}",
            "{} mueve {}",
            crate::i18n::subject(&names[seat as usize]),
            for_colour(v.turn)
        ),
        (None, Some(End::Checkmate { mater, colour })) if crate::i18n::is_you(&names[mater as usize]) => trf!(
            "Checkmate! You mated {}",
            "¡Jaque mate! Diste mate {}",
            for_colour(colour)
        ),
        (None, Some(End::Checkmate { mater, colour })) => trf!(
            "Checkmate! {} mated {}",
            "¡Jaque mate! {} dio mate {}",
            crate::i18n::subject(&names[mater as usize]),
            for_colour(colour)
        ),
        (None, Some(end)) => trf!("Game over: {}", "Fin de la partida: {}", end_words(end)),
        (None, None) => String::new(),
    };
    let class = if v.end.is_some() {
        "banner over".to_string()
    } else {
        format!("banner turn colour-{}", colour_slug(v.turn))
    };
    // Moves are counted as in chess (and as in the move list): White's ply and
    // Black's answer make one move.
    let kicker = if v.end.is_some() {
        trf!(
            "Carousel Chess · over after move {}",
            "Ajedrez carrusel · terminada tras la jugada {}",
            v.moves.len().div_ceil(2)
        )
    } else {
        trf!(
            "Carousel Chess · move {}",
            "Ajedrez carrusel · jugada {}",
            v.moves.len() / 2 + 1
        )
    };
    let next = v.seat_after.map(|seat| {
        let out = v
            .sitting_out
            .map(|out| {
                trf!(
                    " · {} sits out this lap",
                    " · {} no juega esta vuelta",
                    names[out as usize]
                )
            })
            .unwrap_or_default();
        trf!("Then {}{out}", "Después {}{out}", names[seat as usize])
    });
    (
        kicker,
        banner,
        class,
        v.check.is_some() && v.end.is_none(),
        next,
    )
}

/// What a screen reader hears after a ply: who played what, check, and the end.
fn spoken(v: &TableView) -> String {
    let Some((seat, colour, san)) = v.moves.last() else {
        return String::new();
    };
    let mut said = if crate::i18n::is_you(&v.names[*seat as usize]) {
        trf!(
            "You played {} {}.",
            "Jugaste {} {}.",
            crate::games::chess_pieces::san(san),
            for_colour(*colour)
        )
    } else {
        trf!(
            "{} played {} {}.",
            "{} jugó {} {}.",
            crate::i18n::subject(&crate::i18n::name_here(&v.names[*seat as usize])),
            crate::games::chess_pieces::san(san),
            for_colour(*colour)
        )
    };
    if v.end.is_none() && v.check.is_some() {
        said.push_str(tr!(" Check!", " ¡Jaque!").get());
    }
    if let Some(end) = v.end {
        said.push(' ');
        said.push_str(&match end {
            End::Checkmate { mater, colour } if crate::i18n::is_you(&v.names[mater as usize]) => trf!(
                "Checkmate: you mated {}.",
                "Jaque mate: diste mate {}.",
                for_colour(colour)
            ),
            End::Checkmate { mater, colour } => trf!(
                "Checkmate: {} mated {}.",
                "Jaque mate: {} dio mate {}.",
                crate::i18n::subject(&crate::i18n::name_here(&v.names[mater as usize])),
                for_colour(colour)
            ),
            end => trf!("Game over: {}.", "Fin de la partida: {}.", end_words(end)),
        });
    }
    said
}

/// The game as the table shows it: the board, whose ply it is and for which colour, the
/// scoreboard and the moves. `act` plays a ply; while the computer thinks (`thinking`) the
/// board waits. `me`: a phone's own seat, which moves only on its turn.
#[component]
pub(super) fn CarouselTable(
    feed: SeatFeed<CarouselChess>,
    thinking: Memo<Option<u8>>,
    problem: RwSignal<Option<String>>,
    me: Option<u8>,
) -> impl IntoView {
    let SeatFeed {
        view: view_now,
        act,
        ..
    } = feed;
    let promoting = RwSignal::new(None::<(u8, u8)>);
    // Everything around the board follows one frame after it (see `after_paint`).
    let view_later = crate::frame::after_paint(view_now);
    let act = move |action: Action| act.run(action);
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        let (f, t) = (Square::new(u32::from(from)), Square::new(u32::from(to)));
        let promotes = view_now.with_untracked(|v| v.body.promotions.contains(&(f, t)));
        if promotes {
            promoting.set(Some((from, to)));
        } else {
            act(Action {
                from: f,
                to: t,
                promotion: None,
            });
        }
    });
    let promote = move |role: Role| {
        if let Some((from, to)) = promoting.get_untracked() {
            promoting.set(None);
            act(Action {
                from: Square::new(u32::from(from)),
                to: Square::new(u32::from(to)),
                promotion: Some(role),
            });
        }
    };
    let model = Memo::new(move |_| {
        // The computer moves for itself: nothing can be moved for it; a phone moves for its
        // own seat only.
        let not_mine = me.is_some_and(|me| view_now.with(|v| v.body.seat_to_move != Some(me)));
        let waiting = thinking.get().is_some() || not_mine;
        view_now.with(|v| model_of(&v.body, waiting))
    });
    let names = view_now.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    // Each part follows its own memo: a ply redraws the squares it changed, the banner,
    // the scoreboard and one more line of moves, never the whole screen.
    let head = Memo::new(move |_| view_later.with(|v| head(&v.body, thinking.get(), me)));
    let spoken = Memo::new(move |_| view_later.with(|v| spoken(&v.body)));
    let scoreboard = Memo::new(move |_| {
        view_later.with(|v| {
            let v = &v.body;
            Scoreboard {
                scores: v.scores.clone(),
                captures: v.captures.clone(),
                seat_to_move: v.seat_to_move,
                sitting_out: v.sitting_out,
                teams: v.teams.clone(),
                winners: v.winners.clone(),
                discarded: v.discarded,
            }
        })
    });
    let moves = Memo::new(move |_| view_later.with(|v| v.body.moves.clone()));
    // Alone against the computer on this device: what the person may do, on request.
    let hints = crate::games::hint::table_hints(model, me);

    view! {
            <header class="play-head">
                <div>
                    <p class="kicker">{move || head.with(|h| h.0.clone())}</p>
                    <h1 class=move || head.with(|h| h.2.clone())>{move || head.with(|h| h.1.clone())}</h1>
                    {move || head.with(|h| h.4.clone()).map(|next| view! { <p class="next-up">{next}</p> })}
                </div>
            </header>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            {move || head.with(|h| h.3).then(|| view! { <p class="headline">{tr!("Check!", "¡Jaque!")}</p> })}
            // The one polite live region: every ply, check and end, said once.
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
            <Board model on_move label=tr!("Carousel Chess board", "Tablero de Ajedrez carrusel").get()/>
            <crate::games::hint::Hint hints/>
            // The computer's plies come paced, and Hard plays each ply out first: a person
            // may have it move at once (Hard: the best it has found so far).
            <div class="actions" hidden=move || thinking.get().is_none()>
                <button type="button" class="button" data-action="hurry"
                    on:click=move |_| crate::games::computer::hurry()>{tr!("Move now", "Juega ya")}</button>
            </div>
            {move || promoting.get().map(|_| view! {
                <Promotion promote=Callback::new(promote) cancel=Callback::new(move |()| promoting.set(None))/>
            })}
            <div class="play-side">
                <ScoreTable names=names.clone() scoreboard/>
                {move || scoreboard.with(|s| s.discarded).map(|slip| view! { <p class="reveal-discarded">{tr!("The slip nobody drew: ", "La papeleta que nadie sacó: ")}<strong>{crate::i18n::said(slip.name())}</strong></p> })}
                <MoveList names moves/>
            </div>
    }
}

/// Which piece a pawn becomes: queen, rook, bishop or knight, or Cancel.
#[component]
fn Promotion(promote: Callback<Role>, cancel: Callback<()>) -> impl IntoView {
    view! {
        <div class="claim answer-bar" role="dialog" aria-label=tr!("Promotion", "Coronación")>
            <p class="claim-question">{tr!("Promote the pawn to", "Coronar el peón a")}</p>
            <div class="actions">
                {[(Role::Queen, tr!("Queen", "Dama")), (Role::Rook, tr!("Rook", "Torre")), (Role::Bishop, tr!("Bishop", "Alfil")), (Role::Knight, tr!("Knight", "Caballo"))].into_iter().map(|(role, label)| view! {
                    <button type="button" class="button" on:click=move |_| promote.run(role)>{label}</button>
                }).collect_view()}
                <button type="button" class="button" on:click=move |_| cancel.run(())>{tr!("Cancel", "Cancelar")}</button>
            </div>
        </div>
    }
}

/// The public scoreboard: every player's captures and points, who moves and who sits
/// out, and at the end the teams and the winners.
#[component]
fn ScoreTable(names: Vec<String>, scoreboard: Memo<Scoreboard>) -> impl IntoView {
    let revealed = Memo::new(move |_| scoreboard.with(|s| s.teams.is_some()));
    view! {
        <table class="scoreboard" aria-label=tr!("Scores", "Puntuación")>
            <thead><tr><th>{tr!("Player", "Jugador")}</th><th>{tr!("Captured", "Capturas")}</th><th>{tr!("Points", "Puntos")}</th>{move || revealed.get().then(|| view! { <th>{tr!("Team", "Equipo")}</th> })}</tr></thead>
            <tbody>
                // The rows are drawn once; a ply changes only the cells it changed.
                {names.iter().enumerate().map(|(seat, name)| {
                    let winner = move || scoreboard.with(|s| s.winners.contains(&(seat as u8)));
                    let captured = Memo::new(move |_| scoreboard.with(|s| s.captures[seat].clone()));
                    view! {
                        <tr data-seat=seat class:now=move || scoreboard.with(|s| s.seat_to_move == Some(seat as u8)) class:winner=winner
                            class:sitting-out=move || scoreboard.with(|s| s.sitting_out == Some(seat as u8))>
                            <td>{name.clone()}{move || winner().then(|| view! { <span class="winner-badge">{tr!("wins", "gana")}</span> })}
                                {move || scoreboard.with(|s| s.sitting_out == Some(seat as u8)).then(|| view! { <span class="out-badge">{tr!("sits out this lap", "no juega esta vuelta")}</span> })}
                                {move || scoreboard.with(|s| s.seat_to_move == Some(seat as u8)).then(|| view! { <span class="now-badge">{tr!("to move", "le toca")}</span> })}</td>
                            <td class="captured">
                                {move || captured.with(|c| c.iter().map(|&(c, r)| view! { <img src=picture(c, r) alt=crate::games::chess_pieces::piece_name(c, r) width="20" height="20"/> }).collect_view())}
                            </td>
                            <td class="points">{move || scoreboard.with(|s| s.scores[seat])}</td>
                            {move || scoreboard.with(|s| s.teams.as_ref().map(|t| t[seat])).map(|team| view! { <td class="reveal-team">{match team { Team::White => tr!("White", "Blancas"), Team::Black => tr!("Black", "Negras"), Team::Draw => tr!("Draw", "Tablas") }}</td> })}
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// Every ply so far: its number, the move, and who played it.
#[component]
fn MoveList(names: Vec<String>, moves: Memo<Vec<(u8, Color, String)>>) -> impl IntoView {
    view! {
        <ol class="moves" aria-label=tr!("Moves", "Jugadas")>
            // Keyed by everything a line shows (a ply's number, who played it, its colour
            // and move): a ply adds one line, an undo removes one, and a ply played
            // again otherwise is a new line, never an old one's words.
            <For
                each=move || moves.get().into_iter().enumerate()
                key=|(ply, (seat, colour, san))| (*ply, *seat, colour_slug(*colour), san.clone())
                let:((ply, (seat, colour, san)))
            >
                <li class=format!("move colour-{}", colour_slug(colour))>
                    <span class="num">{format!("{}{}", ply / 2 + 1, if ply % 2 == 0 { "." } else { "…" })}</span>" "
                    <span class="san">{crate::games::chess_pieces::san(&san)}</span>" "<span class="by">{names[seat as usize].clone()}</span>
                </li>
            </For>
        </ol>
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::Viewer;
    use intrigue_core::game::Referee;
    use intrigue_core::games::carousel_chess::Action;
    use intrigue_core::seats::Seats;
    use intrigue_core::seed::Seed;
    use intrigue_core::Game;

    use super::*;
    use crate::i18n::{Lang, speak};

    fn ply(from: Square, to: Square) -> Action {
        Action {
            from,
            to,
            promotion: None,
        }
    }

    /// The head and what is heard follow the game: whose move for which colour, who is
    /// next, the ply said, and Fool's mate said as a mate, in both languages.
    #[test]
    fn the_head_and_the_spoken_line_say_the_game_as_it_stands() {
        let seats = Seats::new(3, vec!["Ann".into(), "Bo".into(), "Cy".into()]).unwrap();
        let mut r = Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(3)).unwrap();
        speak(Lang::En);
        let v = r.view(Viewer::Table).body;
        let (kicker, banner, class, check, next) = head(&v, None, None);
        assert_eq!(kicker, "Carousel Chess · move 1");
        let first = v.seat_to_move.unwrap();
        let name = &v.names[usize::from(first)];
        assert!(banner.starts_with(&format!("{name} moves ")), "{banner}");
        assert_eq!(class, "banner turn colour-white");
        assert!(!check);
        assert!(next.is_some_and(|n| n.starts_with("Then ")));
        assert_eq!(spoken(&v), "", "nothing played, nothing said");
        // The computer thinking, or a phone's own seat.
        assert!(head(&v, Some(first), None).1.starts_with(&format!("{name} is thinking ")));
        assert!(head(&v, None, Some(first)).1.starts_with("Your move "));
        for (from, to) in [(Square::F2, Square::F3), (Square::E7, Square::E5), (Square::G2, Square::G4), (Square::D8, Square::H4)] {
            r.act(ply(from, to)).unwrap();
        }
        let v = r.view(Viewer::Table).body;
        let (kicker, banner, class, check, next) = head(&v, None, None);
        assert_eq!(kicker, "Carousel Chess · over after move 2");
        assert!(banner.starts_with("Checkmate! ") && banner.contains(" mated "), "{banner}");
        assert_eq!(class, "banner over");
        assert!(!check, "the mate is said, not the check");
        assert_eq!(next, None);
        let said = spoken(&v);
        assert!(said.contains(" played Qh4") && said.contains("Checkmate: "), "{said}");
        speak(Lang::Es);
        let said = spoken(&v);
        assert!(said.contains(" jugó ") && said.contains("Jaque mate: "), "{said}");
        assert!(head(&v, None, None).0.starts_with("Ajedrez carrusel · terminada"));
        speak(Lang::En);
    }

    /// A tap on a piece that cannot move says why, in both languages: the other colour's
    /// piece, a piece boxed in, a piece that cannot answer a check, and every piece while
    /// the computer (or another phone's seat) is to move; a piece that can move says
    /// nothing.
    #[test]
    fn a_piece_that_cannot_move_says_why() {
        let seats = Seats::new(3, vec!["Ann".into(), "Bo".into(), "Cy".into()]).unwrap();
        let mut r = Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(3)).unwrap();
        speak(Lang::En);
        let said = |r: &Referee<CarouselChess>, sq: Square, waiting: bool| {
            model_of(&r.view(Viewer::Table).body, waiting)
                .refusals
                .into_iter()
                .find(|(at, _)| *at == sq as u8)
                .map(|(_, why)| why)
        };
        assert_eq!(said(&r, Square::E7, false).as_deref(), Some("White moves now: tap a white piece."));
        assert_eq!(said(&r, Square::A1, false).as_deref(), Some("This piece has no move now."));
        assert_eq!(said(&r, Square::E2, false), None, "a pawn that can move");
        assert_eq!(said(&r, Square::E4, false), None, "an empty square");
        let first = r.view(Viewer::Table).body.seat_to_move.unwrap();
        let name = ["Ann", "Bo", "Cy"][usize::from(first)];
        assert_eq!(said(&r, Square::E2, true), Some(format!("It is {name}'s turn.")));
        assert!(model_of(&r.view(Viewer::Table).body, true).destinations.is_empty());
        // 1. e4 d5 2. Bb5+: Black's rook cannot answer the check; the c-pawn can.
        for (from, to) in [(Square::E2, Square::E4), (Square::D7, Square::D5), (Square::F1, Square::B5)] {
            r.act(ply(from, to)).unwrap();
        }
        assert_eq!(
            said(&r, Square::A8, false).as_deref(),
            Some("The king is in check, and this piece cannot get it out.")
        );
        assert_eq!(said(&r, Square::C7, false), None, "the pawn that blocks");
        speak(Lang::Es);
        assert_eq!(said(&r, Square::E4, false).as_deref(), Some("Ahora mueven las negras: toca una pieza negra."));
        assert_eq!(said(&r, Square::A8, false).as_deref(), Some("El rey está en jaque y esta pieza no puede sacarlo."));
        speak(Lang::En);
    }
}

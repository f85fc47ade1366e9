//! Carousel Chess played on the table: the board, whose ply it is and for which colour,
//! the public scoreboard, the move list with who played what, and the reveal at the end.

use intrigue_core::Viewer;
use intrigue_core::game::{Referee, Status};
use intrigue_core::games::carousel_chess::chess::{Color, Role, Square};
use intrigue_core::games::carousel_chess::{
    Action, CarouselChess, End, Event, TableView, Team, pgn,
};
use leptos::prelude::*;

use crate::components::{Board, BoardModel, BoardPiece, Face, HoldToReveal, TapShows};
use crate::cues::Cue;
use crate::games::chess_pieces::{colour_slug, for_colour, picture};
use crate::games::host::PlayOnPhones;
use crate::games::shell::{SeatFeed, Shell};
use crate::saved;
use crate::screens::table::{RevealForPhones, mark_revealed};

fn model_of(view: &TableView) -> BoardModel {
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
        destinations: view
            .destinations
            .iter()
            .map(|(f, to)| (*f as u8, to.iter().map(|&t| t as u8).collect()))
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

/// Today as PGN wants it (YYYY.MM.DD), from the browser's clock.
fn today() -> String {
    let now = web_sys::js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    crate::games::screen::answer_on_phones::<CarouselChess, _>(
        call,
        |referee| view! { <CarouselPlay referee/> }.into_any(),
        |me, feed, problem| view! { <CarouselPhone me feed problem/> }.into_any(),
    )
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

/// How a game that ended without a mate ended, in words.
fn end_words(end: End) -> &'static str {
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

/// After every action, wherever it came from (a tap here, the computer, a phone, a take
/// back), and once as the screen opens: its sound, and at the game's end the table
/// revealed, logged.
fn heard(shell: Shell<CarouselChess>, events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Played { ply } if ply.captured.is_some() => Cue::Capture,
        Event::Ended { .. } => Cue::End,
        _ => Cue::Turn,
    });
    if shell.referee.try_with_untracked(|r| r.status() != Status::Playing) == Some(true) {
        mark_revealed(None);
    }
}

#[component]
fn CarouselPlay(referee: Referee<CarouselChess>) -> impl IntoView {
    let names = crate::i18n::names_here(&referee.view(Viewer::Table).body.names);
    let shell = Shell::new(referee, names.clone(), saved::Save::AfterTheFrame, heard);
    let referee = shell.referee;
    let feed = shell.feed(Viewer::Table);
    let view_now = feed.view;
    // The computer's seats play from their own views, one paced ply at a time
    // (`thinking`: its seat, while it thinks); the board waits for it.
    let computers = shell.computers.get_value();
    let offer_phones = computers.iter().all(Option::is_none);
    // One person alone with the computer: their own team is theirs to see here, from their
    // seat's view (no peek, no log: nobody else is at the table); the computer's stay hidden.
    let person = crate::games::computer::lone_person(&computers, names.len() as u8);
    let own = person.and_then(|me| {
        referee
            .with_untracked(|r| r.view(Viewer::Seat(me)).body.own)
            .map(|team| (me, team))
    });
    let thinking = crate::games::computer::drive(shell);
    // Built from the table's view: it can hold nothing the table may not show. Only while
    // the PGN is open, so a move does not pay for it.
    let pgn_open = RwSignal::new(false);
    let pgn_text = move || {
        pgn_open
            .get()
            .then(|| view_now.with(|v| pgn::export(&v.body, &today())))
    };
    let over = Memo::new(move |_| view_now.with(|v| v.body.end.is_some()));
    let reveal_code = Memo::new(move |_| view_now.with(|v| v.body.reveal_code.clone()));
    view! {
        <section class="play carousel" data-over=move || over.get().to_string()>
            <CarouselTable feed thinking problem=shell.problem me=None/>
            {move || (!over.get()).then_some(own).flatten().map(|(me, team)| view! {
                <section class="phone-secrets own-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(team, me)}
                    </HoldToReveal>
                </section>
            })}
            {move || reveal_code.get().map(|code| view! { <RevealForPhones code/> })}
            <details class="pgn" on:toggle=move |ev| pgn_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
                <summary>{tr!("PGN of this game", "PGN de esta partida")}</summary>
                <pre>{pgn_text}</pre>
            </details>
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::Here/>
            {offer_phones.then(|| view! { <PlayOnPhones shell keep_one=false/> })}
        </section>
    }
}

/// A player's own phone, linked to the table's device: the board as the table shows it,
/// and their own plies played from here when their turn comes (or on the table, as before).
#[component]
fn CarouselPhone(
    me: u8,
    feed: SeatFeed<CarouselChess>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let view_now = feed.view;
    let thinking = Memo::new(|_| None);
    let over = Memo::new(move |_| view_now.with(|v| v.body.end.is_some()));
    // The seat's own team comes with its view: shown while the player holds the pad, as
    // on a phone given its seat's code.
    let own = Memo::new(move |_| view_now.with(|v| v.body.own));
    view! {
        <section class="play carousel on-phone-play" data-over=move || over.get().to_string()>
            <CarouselTable feed thinking problem me=Some(me)/>
            {move || own.get().map(|team| view! {
                <section class="phone-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(team, me)}
                    </HoldToReveal>
                </section>
            })}
        </section>
    }
}

/// The game as the table shows it: the board, whose ply it is and for which colour, the
/// scoreboard and the moves. `act` plays a ply; while the computer thinks (`thinking`) the
/// board waits. `me`: a phone's own seat, which moves only on its turn.
#[component]
fn CarouselTable(
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
        let mut model = view_now.with(|v| model_of(&v.body));
        // The computer moves for itself: nothing can be moved for it; a phone moves for its
        // own seat only.
        let not_mine = me.is_some_and(|me| view_now.with(|v| v.body.seat_to_move != Some(me)));
        if thinking.get().is_some() || not_mine {
            model.destinations.clear();
        }
        model
    });
    let names = view_now.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    // Each part follows its own memo: a ply redraws the squares it changed, the banner,
    // the scoreboard and one more line of moves, never the whole screen.
    let head = Memo::new(move |_| {
        view_later.with(|v| {
            let v = &v.body;
            let names = &crate::i18n::names_here(&v.names);
            let banner = match (v.seat_to_move, v.end) {
                (Some(seat), _) if thinking.get() == Some(seat) => trf!(
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
        })
    });
    let spoken = Memo::new(move |_| {
        view_later.with(|v| {
            let v = &v.body;
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
        })
    });
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
    let revealed = Memo::new(move |_| scoreboard.with(|s| s.teams.is_some()));
    let moves = Memo::new(move |_| view_later.with(|v| v.body.moves.clone()));

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
            {move || promoting.get().map(|_| view! {
                <div class="claim answer-bar" role="dialog" aria-label=tr!("Promotion", "Coronación")>
                    <p class="claim-question">{tr!("Promote the pawn to", "Coronar el peón a")}</p>
                    <div class="actions">
                        {[(Role::Queen, tr!("Queen", "Dama")), (Role::Rook, tr!("Rook", "Torre")), (Role::Bishop, tr!("Bishop", "Alfil")), (Role::Knight, tr!("Knight", "Caballo"))].into_iter().map(|(role, label)| view! {
                            <button type="button" class="button" on:click=move |_| promote(role)>{label}</button>
                        }).collect_view()}
                        <button type="button" class="button" on:click=move |_| promoting.set(None)>{tr!("Cancel", "Cancelar")}</button>
                    </div>
                </div>
            })}
            <div class="play-side">
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
                {move || scoreboard.with(|s| s.discarded).map(|slip| view! { <p class="reveal-discarded">{tr!("The slip nobody drew: ", "La papeleta que nadie sacó: ")}<strong>{crate::i18n::said(slip.name())}</strong></p> })}
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
            </div>
    }
}

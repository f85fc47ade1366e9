//! A game on screen, whatever the game: its part of the app asked for its screen
//! (`GamePlay`, a phone's `linked_phone`), the answer every game's part gives
//! (`answer`, `answer_on_phones`), a save replayed to its referee (`from_save`), and the
//! actions under every game (`GameActions`). The registry it draws from is `games`.

use intrigue_core::Game;
use intrigue_core::game::{Referee, Status};
use leptos::prelude::*;

use super::shell::Shell;
use super::{GameFile, PartAnswer, PartCall, screens};
use crate::i18n::GameWords;
use crate::route::Route;
use crate::saved;
use crate::screens::Problem;
use crate::screens::game_file::ExportGame;
use crate::screens::table::PlayAgain;

/// The answer of `G`'s part of the app, its screen drawn by `screen` (each game's `part`
/// is this, with its own screen).
pub fn answer<G: Game>(call: PartCall, screen: impl FnOnce(Referee<G>) -> AnyView) -> PartAnswer
where
    Referee<G>: Send + Sync + 'static,
{
    match call {
        PartCall::Screen(text) => PartAnswer::Screen(from_save::<G>(&text, screen)),
        PartCall::Check(text) => PartAnswer::Checked(saved::read_game_file(&text).and_then(
            |(record, computers)| {
                check_record::<G>(record).map(|()| GameFile {
                    record: record.to_string(),
                    computers,
                })
            },
        )),
        // Only a game with a guided game is offered one (see `GameScreens::guided`).
        PartCall::Learn => PartAnswer::Screen(
            view! {
                <Problem title=tr!("No lesson for this game yet", "Este juego aún no tiene lección").get()
                    message=trf!("{}'s rules page explains it step by step.", "La página de reglas de {} lo explica paso a paso.", G::KIND.tr_title())/>
            }
            .into_any(),
        ),
        // Only the games `refereed_by_phones` are offered so (their game cards, `Route::Fair`).
        PartCall::Fair => PartAnswer::Screen(
            view! {
                <Problem title=tr!("Not refereed by the phones yet", "Aún no la arbitran los teléfonos").get()
                    message=trf!("{} is refereed by the device that holds it.", "{} la arbitra el dispositivo que la tiene.", G::KIND.tr_title())/>
            }
            .into_any(),
        ),
        // The host offers phones only for the games played on them (see `play_on_phones`).
        PartCall::Phone(_) => PartAnswer::Screen(
            view! {
                <Problem title=tr!("This game is not played on phones yet", "Este juego aún no se juega en los teléfonos").get()
                    message=trf!("{} is played on the device that holds it: pass it from hand to hand.", "{} se juega en el dispositivo que la tiene: pasadlo de mano en mano.", G::KIND.tr_title())/>
            }
            .into_any(),
        ),
    }
}

/// The answer of a game played on the players' own phones: as [`answer`], and a phone's
/// screen for its seat drawn by `phone` from what the host sends.
pub fn answer_on_phones<G, P>(
    call: PartCall,
    screen: impl FnOnce(Referee<G>) -> AnyView,
    phone: P,
) -> PartAnswer
where
    G: intrigue_core::wire::Wired + 'static,
    Referee<G>: Send + Sync + 'static,
    intrigue_core::game::View<G::View>: Clone + PartialEq + Send + Sync + 'static,
    G::Event: Clone + PartialEq + Send + Sync + 'static,
    G::Action: Clone + Send + Sync + 'static,
    P: Fn(u8, super::shell::SeatFeed<G>, RwSignal<Option<String>>) -> AnyView
        + Send
        + Sync
        + 'static,
{
    match call {
        PartCall::Phone(invitation) => {
            PartAnswer::Screen(super::phone::on_phone::<G, P>(invitation, phone))
        }
        call => answer(call, screen),
    }
}

/// A phone's screen for the invitation `code` (`#/link/<code>`): the invited game's part
/// draws it, or the code is said to be wrong.
pub fn linked_phone(code: String) -> AnyView {
    match intrigue_core::wire::join::Invitation::from_text(&code) {
        // Only the games `refereed_by_phones` are (their `fair_play`).
        Ok(invitation) if invitation.fair && !super::refereed_by_phones(invitation.game) => view! {
            <Problem title=tr!("This invitation could not be read", "No se pudo leer esta invitación").get()
                message=trf!("It is to {} refereed by the phones, which this version of Intrigue does not play: update it on both devices.", "Es para {} arbitrada por los teléfonos, que esta versión de Intrigue no juega: actualízala en los dos dispositivos.", invitation.game.tr_title())/>
        }
        .into_any(),
        Ok(invitation) => {
            let part = screens(invitation.game).part;
            let screen = Suspend::new(async move {
                match part(PartCall::Phone(invitation)).await {
                    PartAnswer::Screen(view) => view,
                    PartAnswer::Checked(_) => ().into_any(),
                }
            });
            view! {
                <Suspense fallback=|| view! { <p class="loading" role="status">{tr!("Opening the game…", "Abriendo la partida…")}</p> }>
                    {screen}
                </Suspense>
            }
            .into_any()
        }
        Err(e) => view! {
            <Problem title=tr!("This invitation could not be read", "No se pudo leer esta invitación").get() message=crate::words::sentence(&crate::net::handshake_words(e))/>
        }
        .into_any(),
    }
}

/// Where a game's take-back is: under the game ("Undo last move"), or the game's own,
/// beside its moves (a game played on one device, whose turn is taken back move by move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeBack {
    Here,
    BesideTheMoves,
}

/// The actions under every game on screen, wired one way for all: the screen kept awake
/// while the game is played, the last action taken back while the game allows it (see
/// [`TakeBack`]), Play again once it is over, the table's screen for a game with secrets,
/// the game as a file, and the sounds. It keeps the history's line for the game up to date.
#[component]
pub fn GameActions<G>(shell: Shell<G>, take_back: TakeBack) -> impl IntoView
where
    G: Game + 'static,
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    // A guided game is not a game of this device's history, nor a file, nor played
    // again: its coach says what comes next.
    if shell.is_guided() {
        return view! { <crate::awake::KeepAwake/> <crate::cues::CueSettings/> }.into_any();
    }
    let referee = shell.referee;
    let kind = G::KIND;
    let status = Memo::new(move |_| referee.with(Referee::status));
    let can_undo = Memo::new(move |_| referee.with(Referee::can_undo));
    // The history's line for this game, kept up to date: who plays, and once it is over,
    // the scores and winners (read when the game is replaced).
    Effect::new(move |_| {
        let (seats, _) = referee.with_untracked(Referee::rematch);
        let names = (0..seats.players())
            .map(|seat| crate::i18n::name_here(&seats.name(seat)))
            .collect();
        status.with(|status| saved::note_game(kind, names, status));
    });
    let over = Memo::new(move |_| status.with(|s| *s != Status::Playing));
    // The file says which seats the computer played, so it plays on with the same players.
    let record = Callback::new(move |()| {
        saved::game_file(
            referee.with_untracked(Referee::to_text),
            &saved::computers(),
        )
    });
    view! {
        {move || (!over.get()).then(|| view! { <crate::awake::KeepAwake/> })}
        <div class="actions">
            {move || if over.get() {
                let (seats, options) = referee.with_untracked(Referee::rematch);
                // The hints asked, said with the end, as everyone would want to know.
                let hints = crate::games::hint::hints_used(saved::game_hints())
                    .map(|said| view! { <p class="hints-used" data-hints-used="">{said}</p> });
                view! { {hints} <PlayAgain kind seats options on_screen=true/> }.into_any()
            } else if take_back == TakeBack::Here {
                view! {
                    <button type="button" class="button" prop:disabled=move || !can_undo.get() on:click=move |_| shell.take_back()>{tr!("Undo last move", "Deshacer la última jugada")}</button>
                }.into_any()
            } else {
                ().into_any()
            }}
            {kind.info().secret_deal.then(|| view! { <a class="button" href=Route::Table.href()>{tr!("Table and secrets", "Mesa y secretos")}</a> })}
            <ExportGame kind record playing=Signal::derive(move || !over.get())/>
        </div>
        <crate::cues::CueSettings/>
    }
    .into_any()
}

/// A game's screen from its saved record text: the referee it replays to (with what could
/// not be read said once), or why the save could not be read at all.
pub fn from_save<G: Game>(text: &str, screen: impl FnOnce(Referee<G>) -> AnyView) -> AnyView
where
    Referee<G>: Send + Sync + 'static,
{
    match saved::load_referee::<G>(text) {
        Ok((referee, lost)) => {
            let lost = lost.map(|note| view! { <p class="notice" role="alert">{note}</p> });
            view! { {lost} {screen(referee)} }.into_any()
        }
        Err(message) => {
            view! { <Problem title=tr!("The saved game could not be read", "No se pudo leer la partida guardada").get() message/> }.into_any()
        }
    }
}

/// Whether `text` is a whole game of `G` that replays to its last action. An imported file
/// must be: a save damaged at the end still opens with what replays (see
/// `saved::load_referee`), but a file would replace the game on this device, so a damaged
/// one is refused whole and nothing is lost.
pub fn check_record<G: Game>(text: &str) -> Result<(), String> {
    let damaged = |why: String| {
        trf!(
            "This game file is damaged{}: nothing was imported.",
            "Este archivo de partida está dañado{}: no se importó nada.",
            crate::i18n::because(&why)
        )
    };
    let record = G::read_record(text.trim()).map_err(damaged)?;
    Referee::from_record(record)
        .map(|_| ())
        .map_err(|illegal| damaged(illegal.to_string()))
}

/// The game this table plays on screen, whatever it is: found by its record's tag in the
/// registry, drawn by that game's own part of the app.
#[component]
pub fn GamePlay() -> impl IntoView {
    match saved::game_in_progress() {
        Ok(Some((kind, text))) => part_screen(
            kind,
            PartCall::Screen(text),
            tr!("Opening the game…", "Abriendo la partida…"),
        ),
        Ok(None) => view! {
            <section class="problem">
                <h1>{tr!("No game in progress", "No hay ninguna partida en curso")}</h1>
                <p>{tr!("This device is not playing a game on screen right now.", "Este dispositivo no está jugando ninguna partida en pantalla ahora mismo.")}</p>
                <div class="actions">
                    <a class="button primary" href=Route::NewDeal { game: None, board: false }.href()>{tr!("Start a game", "Empezar una partida")}</a>
                    <a class="button" href=Route::Home.href()>{tr!("All games", "Todos los juegos")}</a>
                </div>
            </section>
        }
        .into_any(),
        Err(message) => {
            view! { <Problem title=tr!("The saved game could not be read", "No se pudo leer la partida guardada").get() message/> }.into_any()
        }
    }
}

/// A game refereed by the players' phones together (issue 42), this device one of them:
/// drawn by that game's own part of the app.
#[component]
pub fn FairPlay(kind: intrigue_core::GameKind) -> impl IntoView {
    part_screen(
        kind,
        PartCall::Fair,
        tr!("Opening the game…", "Abriendo la partida…"),
    )
}

/// A game's guided first game ("Learn to play"), drawn by that game's own part of the app
/// (see `guide`), where this device left it.
#[component]
pub fn LessonPlay(kind: intrigue_core::GameKind) -> impl IntoView {
    part_screen(
        kind,
        PartCall::Learn,
        tr!("Opening the lesson…", "Abriendo la lección…"),
    )
}

/// `kind`'s screen for `call`, from the game's own part (loaded the first time: `loading`
/// says so meanwhile), under the way to its rules.
fn part_screen(kind: intrigue_core::GameKind, call: PartCall, loading: crate::i18n::Tr) -> AnyView {
    let part = screens(kind).part;
    // A screen that holds a link to another device draws its own way to the rules, opening
    // beside it: leaving the page would drop the link.
    let linked = matches!(call, PartCall::Phone(_) | PartCall::Fair);
    let screen = Suspend::new(async move {
        match part(call).await {
            PartAnswer::Screen(view) => view,
            PartAnswer::Checked(_) => ().into_any(),
        }
    });
    view! {
        {(!linked).then(|| view! {
            <a class="rules-link" href=Route::Rules(kind).href()>{trf!("{} rules", "Reglas de {}", kind.tr_title())}</a>
        })}
        <Suspense fallback=move || view! { <p class="loading" role="status">{loading.get()}</p> }>
            {screen}
        </Suspense>
    }
    .into_any()
}

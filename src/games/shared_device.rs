//! What the games two players share one device for have in common (Espionage, the
//! deckbuilder): a privacy curtain between the turns, and the other player's last turn
//! told in words after it.

use intrigue_core::GameKind;
use intrigue_core::game::ToAct;
use leptos::prelude::*;

use crate::i18n::GameWords;

/// Who is looking at the screen (`looking`: `None` while the curtain is up), and the
/// player whose turn could not be saved (`unsaved`), told so before the curtain. `alone`:
/// the only person, when the computer plays the other seat: the screen is theirs, with no
/// curtain, and they watch the computer's turns on it.
#[derive(Clone, Copy)]
pub struct Looking {
    pub looking: RwSignal<Option<u8>>,
    pub unsaved: RwSignal<Option<u8>>,
    pub alone: Option<u8>,
}

/// The curtain comes down whenever the seat to act changes, and whenever the page is
/// hidden (a phone locked, another app opened): nothing of an army or a hand stays in the
/// page. A turn that passed without being saved (`problem` set by the action that passed
/// it) is first told to the player who played it. A person alone with the computer
/// (`alone`) has no one to hide from: no curtain comes down.
pub fn looking(
    to_act: Memo<ToAct>,
    problem: RwSignal<Option<String>>,
    alone: Option<u8>,
) -> Looking {
    let looking = RwSignal::new(alone);
    let unsaved = RwSignal::new(None::<u8>);
    if alone.is_some() {
        return Looking {
            looking,
            unsaved,
            alone,
        };
    }
    Effect::new(move |previous: Option<ToAct>| {
        let now = to_act.get();
        if let Some(before) = previous
            && before != now
        {
            if let ToAct::Seat(seat) = before
                && problem.with_untracked(Option::is_some)
            {
                unsaved.set(Some(seat));
            }
            looking.set(None);
        }
        now
    });
    let hidden = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            let _ = looking.try_set(None);
        }
    });
    on_cleanup(move || hidden.remove());
    Looking {
        looking,
        unsaved,
        alone,
    }
}

/// Which screen a shared game shows (see [`screen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    Finale,
    NotSaved(u8),
    /// A seat's own screen; `acting`: the seat to act, while the screen is built anew for
    /// each (a set-up), `None` once it lasts from turn to turn.
    Seat {
        me: u8,
        acting: Option<u8>,
    },
    Curtain(u8),
    Nothing,
}

/// The screen of a shared game: the end once it is over; the player whose turn was not
/// saved, told so; the seat to act's own screen once they have lifted the curtain; the
/// curtain before. A person alone with the computer keeps their own screen through the
/// computer's turns (built once: a turn passing redraws what changed, not the screen),
/// except while `setting_up`, when each seat's set-up is a screen of its own.
#[allow(clippy::too_many_arguments)]
pub fn screen(
    over: Memo<bool>,
    seen: Looking,
    to_act: Memo<ToAct>,
    setting_up: Memo<bool>,
    finale: impl Fn() -> AnyView + Send + Sync + 'static,
    seat_screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
    curtain: impl Fn(u8) -> AnyView + Send + Sync + 'static,
    not_saved: impl Fn(u8) -> AnyView + Send + Sync + 'static,
) -> impl Fn() -> AnyView + Send + Sync + 'static {
    let shown = Memo::new(move |_| {
        match (
            over.get(),
            seen.unsaved.get(),
            seen.looking.get(),
            to_act.get(),
        ) {
            (true, _, _, _) => Shown::Finale,
            (false, Some(played), _, _) => Shown::NotSaved(played),
            (false, None, Some(me), ToAct::Seat(seat)) if me == seat || seen.alone == Some(me) => {
                Shown::Seat {
                    me,
                    acting: setting_up.get().then_some(seat),
                }
            }
            (false, None, _, ToAct::Seat(seat)) => Shown::Curtain(seat),
            _ => Shown::Nothing,
        }
    });
    move || match shown.get() {
        Shown::Finale => finale(),
        Shown::NotSaved(played) => not_saved(played),
        Shown::Seat { me, .. } => seat_screen(me),
        Shown::Curtain(seat) => curtain(seat),
        Shown::Nothing => ().into_any(),
    }
}

/// "Pass the device to Bo": nothing of either player's secrets is in the page under it.
/// Its button ignores taps for a moment (a double tap on the last player's "Submit turn"
/// must not lift it), and it tells everyone of the game's exports while it was played.
#[component]
pub fn Curtain(
    kind: GameKind,
    seat: u8,
    name: String,
    /// What comes next, and that everyone else looks away.
    said: String,
    /// What lifting it shows ("show my army"): the button's last words.
    shows: crate::i18n::Tr,
    seen: Looking,
) -> impl IntoView {
    let armed = crate::guard::armed_after_a_moment();
    let exported = crate::screens::game_file::exports_said(
        &crate::saved::game_exports(),
        crate::games::screens(kind).file_holds.get(),
    );
    view! {
        <section class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-title" data-seat=seat>
            <p class="kicker">{kind.tr_title()}</p>
            <h1 id="curtain-title">{tr!("Pass the device to ", "Pasa el dispositivo a ")}{name.clone()}</h1>
            <p>{said}</p>
            {exported.map(|said| view! { <p class="notice exported" data-exported="">{said}</p> })}
            <button type="button" class="button primary big" data-action="lift" class:arming=move || !armed.get()
                on:click=move |_| if armed.get_untracked() { seen.looking.set(Some(seat)) }>
                {tr!("I am ", "Soy ")}{name}": "{shows}
            </button>
        </section>
    }
}

/// The turn just played was not saved (storage full, another tab): its player is told
/// before the curtain, with the export below, and then passes the device on.
#[component]
pub fn NotSaved(
    name: String,
    next: String,
    problem: RwSignal<Option<String>>,
    seen: Looking,
) -> impl IntoView {
    view! {
        <section class="not-saved" role="alertdialog" aria-labelledby="not-saved-title">
            <h1 id="not-saved-title">{name}{tr!(": your turn was not saved", ": tu turno no se guardó")}</h1>
            <p class="form-error">{move || problem.get()}</p>
            <p>{tr!(
                "Export this game below before anyone reloads the page; then pass the device on.",
                "Exporta esta partida aquí abajo antes de que nadie recargue la página; luego pasa el dispositivo."
            )}</p>
            <button type="button" class="button primary big" data-action="pass-on"
                on:click=move |_| seen.unsaved.set(None)>
                {tr!("Pass the device to ", "Pasa el dispositivo a ")}{next}
            </button>
        </section>
    }
}

/// Resign, asked first ("Ann, resign this game?"): the device is shared, so the question
/// names who gives up.
#[component]
pub fn Resign(name: String, #[prop(into)] resign: Callback<()>) -> impl IntoView {
    view! {
        <div class="actions leave">
            <button type="button" class="button" data-action="resign" on:click=move |_| {
                crate::dialog::ask(
                    if crate::i18n::is_you(&name) {
                        tr!("Resign this game?", "¿Abandonas esta partida?").to_string()
                    } else {
                        trf!("{name}, resign this game?", "{name}, ¿abandonas esta partida?")
                    },
                    tr!("Resign", "Abandonar"),
                    move || resign.run(()),
                );
            }>{tr!("Resign", "Abandonar")}</button>
        </div>
    }
}

/// Whose turn it is on a seat's own screen, and what to do now: `mine` while the seat acts,
/// `theirs` while the computer thinks (then the status says so, to screen readers too).
#[component]
pub fn WhoseTurn(
    mine: String,
    theirs: String,
    thinking: Memo<Option<u8>>,
    #[prop(into)] status: Signal<String>,
) -> impl IntoView {
    view! {
        <h1 class="banner turn">{move || if thinking.get().is_some() { theirs.clone() } else { mine.clone() }}</h1>
        <p class="next-up" data-status="turn" class:thinking=move || thinking.get().is_some()
            role=move || thinking.get().is_some().then_some("status")>{move || status.get()}</p>
    }
}

/// The other player's last turn, a sentence a line. `folded`: one line (its first
/// sentence and how many more), the rest on a tap, so that on a phone the board and the
/// hand below it stay in view (the deckbuilder: up to six lines stood above the board).
#[component]
pub fn TheirTurn(
    /// Their name.
    them: String,
    #[prop(into)] lines: Signal<Vec<String>>,
    #[prop(default = false)] folded: bool,
) -> impl IntoView {
    let de_them = crate::i18n::de(&them);
    let title = trf!("{them}'s last turn", "Último turno {de_them}");
    let story = move || {
        let lines = lines.get();
        if lines.is_empty() {
            view! { <p class="muted">{tr!("Nothing yet.", "Nada todavía.")}</p> }.into_any()
        } else {
            view! { <ul class="story">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }.into_any()
        }
    };
    if !folded {
        return view! {
            <section class="their-turn" aria-labelledby="their-turn-title">
                <h2 id="their-turn-title">{title}</h2>
                {story}
            </section>
        }
        .into_any();
    }
    let first = move || {
        lines.with(|l| match l.split_first() {
            None => tr!("Nothing yet.", "Nada todavía.").to_string(),
            Some((first, [])) => first.clone(),
            Some((first, rest)) => trf!("{first} (+{} more)", "{first} (y {} más)", rest.len()),
        })
    };
    view! {
        <section class="their-turn folded" aria-labelledby="their-turn-title">
            <details class="story-fold">
                <summary>
                    <h2 id="their-turn-title">{title}</h2>
                    <span class="story-first">{first}</span>
                </summary>
                {story}
            </details>
        </section>
    }
    .into_any()
}

/// "Ann resigned: Bo wins!", "You resigned: the computer wins!", "Abandonaste: ¡gana el
/// Ordenador!".
pub fn resigned(loser: &str, winner: &str) -> String {
    let wins = crate::i18n::wins(winner);
    if crate::i18n::is_you(loser) {
        trf!("You resigned: {wins}!", "Abandonaste: ¡{wins}!")
    } else {
        let loser = crate::i18n::subject(loser);
        trf!("{loser} resigned: {wins}!", "{loser} abandonó: ¡{wins}!")
    }
}

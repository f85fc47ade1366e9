//! What the screens of every game the players' phones referee together share (issue 42;
//! `games::fair`): the verdict, a problem and the wait heading the game, the terms of a game
//! on two phones, the host's game (its invitation row, and the seat's screen once dealt
//! with the rules beside it), the invited phone's page, and putting the game aside for
//! another.

use intrigue_core::GameKind;
use intrigue_core::wire::join::Invitation;
use leptos::prelude::*;

use crate::games::fair::{Fair, Part};
use crate::games::fair_link::{answering, inviting, send};
use crate::games::patience::{Patience, SAY_WAITING_MS, how_long};
use crate::games::phone_book::PhoneBook;
use crate::games::phone_link::LinkState;

/// What heads the game's screen on every device: the player named, if anyone broke the
/// rules; what went wrong; how long the game has waited for a phone (`why`: what the
/// rules need of it), with the way to end it after a minute. The clock ticks each second
/// while the screen is up.
pub fn header<P: Part>(fair: Fair<P>, why: crate::i18n::Tr) -> AnyView {
    fair.look();
    let ticking =
        set_interval_with_handle(move || fair.look(), std::time::Duration::from_secs(1)).ok();
    on_cleanup(move || {
        if let Some(handle) = ticking {
            handle.clear();
        }
    });
    let end = Callback::new(move |seat| fair.not_answering(seat));
    view! {
        {move || fair.broke.get().map(|broke| named_view(P::broke_seat(&broke), P::broke_words(&broke, &fair.names())))}
        {move || fair.problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        {move || {
            let gone = fair.gone.get();
            let why = if gone { gone_words() } else { why.to_string() };
            waiting(fair.patience.get(), fair.now.get(), &fair.names(), (why, gone), end)
        }}
    }
    .into_any()
}

/// Why a player's turn is timed: their phone's link is down.
fn gone_words() -> String {
    tr!(
        "It is their turn, and their phone is not linked: it may come back when it is on and in range.",
        "Es su turno y su teléfono no está enlazado: puede volver cuando esté encendido y al alcance."
    )
    .to_string()
}

/// The wait for `names[seat]`'s phone, once `patience` has waited long enough to say so at
/// `now`; `why` says what the rules need of it, and whether its phone is gone (its turn,
/// its link down). After a minute, `end` names it as not answering.
pub fn waiting(
    patience: Patience,
    now: u64,
    names: &[String],
    (why, gone): (String, bool),
    end: Callback<u8>,
) -> Option<AnyView> {
    let (seat, waited) = patience.waited(now)?;
    if waited < SAY_WAITING_MS {
        return None;
    }
    let name = names.get(usize::from(seat)).cloned().unwrap_or_default();
    let long = how_long(waited);
    let overdue = patience.overdue(now).is_some();
    let end_words = if gone {
        trf!(
            "End the game: {name}'s phone is gone",
            "Terminar la partida: el teléfono de {name} se ha ido"
        )
    } else {
        trf!(
            "End the game: {name}'s phone does not answer",
            "Terminar la partida: el teléfono de {name} no responde"
        )
    };
    Some(
        view! {
            <section class="waiting" role="status" data-waiting=seat>
                <p>{trf!(
                    "Waiting for {name}'s phone to answer: {long}. {why}",
                    "Esperando la respuesta del teléfono de {name}: {long}. {why}"
                )}</p>
                {overdue.then(|| view! {
                    <button class="button" data-action="not-answering" on:click=move |_| end.run(seat)>
                        {end_words.clone()}
                    </button>
                })}
            </section>
        }
        .into_any(),
    )
}

/// The verdict heading the screen once a player is named as having broken the rules.
pub fn named_view(seat: u8, words: String) -> AnyView {
    view! {
        <section class="problem broke" role="alert" data-broke=seat>
            <h1>{tr!("The rules were broken", "Se rompieron las reglas")}</h1>
            <p>{words}</p>
        </section>
    }
    .into_any()
}

/// The terms of a new game on two phones: the two names, and which seat this device's
/// player takes (`seats`: each seat's words, the first moving first). `start` is given the
/// names in seat order and the host's seat.
#[component]
pub fn TwoTerms(
    kicker: crate::i18n::Tr,
    title: crate::i18n::Tr,
    pitch: crate::i18n::Tr,
    seats: [crate::i18n::Tr; 2],
    start: Callback<(Vec<String>, u8)>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let mine = RwSignal::new(String::new());
    let theirs = RwSignal::new(String::new());
    let first = RwSignal::new(true);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = |s: RwSignal<String>, fallback: &str| {
            let typed = s
                .get_untracked()
                .trim()
                .chars()
                .take(24)
                .collect::<String>();
            if typed.is_empty() {
                fallback.to_string()
            } else {
                typed
            }
        };
        let (me, them) = (
            name(mine, tr!("Player 1", "Jugador 1").get()),
            name(theirs, tr!("Player 2", "Jugador 2").get()),
        );
        let host_seat = if first.get_untracked() { 0 } else { 1 };
        let names = if host_seat == 0 {
            vec![me, them]
        } else {
            vec![them, me]
        };
        start.run((names, host_seat));
    };
    view! {
        <header class="play-head">
            <div>
                <p class="kicker">{kicker}</p>
                <h1>{title}</h1>
            </div>
        </header>
        <p>{pitch}</p>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        <form class="fair-terms" on:submit=submit>
            <label for="fair-mine">{tr!("Your name", "Tu nombre")}</label>
            <input id="fair-mine" type="text" maxlength="24" prop:value=move || mine.get() on:input=move |ev| mine.set(event_target_value(&ev))/>
            <label for="fair-theirs">{tr!("The other player's name", "El nombre del otro jugador")}</label>
            <input id="fair-theirs" type="text" maxlength="24" prop:value=move || theirs.get() on:input=move |ev| theirs.set(event_target_value(&ev))/>
            <fieldset>
                <legend>{tr!("You play", "Juegas con")}</legend>
                <label><input type="radio" name="fair-seat" prop:checked=move || first.get() on:change=move |_| first.set(true)/>{seats[0]}</label>
                <label><input type="radio" name="fair-seat" prop:checked=move || !first.get() on:change=move |_| first.set(false)/>{seats[1]}</label>
            </fieldset>
            <button type="submit" class="button primary" data-action="start">{tr!("Start and invite the other phone", "Empezar e invitar al otro teléfono")}</button>
        </form>
    }
}

/// The host's invitation of the other phone, seat `seat` (again after a drop or a reload):
/// `hello` is what the host says first on each new link. Gone once a player is named: the
/// game is over, and no link is wanted, nor said to have failed.
pub fn invite_row<P: Part>(
    fair: Fair<P>,
    game: GameKind,
    seat: u8,
    hello: fn(&P) -> Option<Vec<u8>>,
) -> AnyView {
    let name = fair
        .names()
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_default();
    let phones = RwSignal::new(PhoneBook::new(&[false, false]));
    let state = Memo::new(move |_| phones.with(|p| p.state(seat)));
    // The other phone's turn is timed while its link is down.
    fair.follow_links(move || {
        (state.get() != crate::games::phone_book::SeatLink::Connected)
            .then_some(seat)
            .into_iter()
            .collect()
    });
    let (invite, answered) = inviting(
        game,
        phones,
        fair.links,
        move |_| {
            let hello = fair.part.with_value(|p| p.as_ref().and_then(hello));
            if let Some(hello) = hello {
                send(fair.links, None, &[hello]);
            }
        },
        move |seat, bytes| fair.heard(seat, &bytes),
    );
    let last_here = Memo::new(|_| false);
    let named = Memo::new(move |_| fair.broke.with(Option::is_some));
    view! {
        {move || (!named.get()).then(|| view! {
            <ul class="phone-seats">
                <crate::games::phone_seat::PhoneSeat seat name=name.clone() state last_here invite answered/>
            </ul>
        })}
    }
    .into_any()
}

/// What a game on two phones needs of its part to draw the host's screen: the game, why
/// the other phone is waited for, this device's seat once dealt, the host's hello, and the
/// storage key its game is kept under.
pub struct HostParts<P: Part> {
    pub game: GameKind,
    pub why: crate::i18n::Tr,
    pub dealt: fn(&P) -> Option<u8>,
    pub hello: fn(&P) -> Option<Vec<u8>>,
    pub key: &'static str,
}

/// The host's game on two phones: the other phone's invitation, seat `guest_seat` (again
/// after a drop or a reload), and this seat's screen (`screen`) once the other phone has
/// joined; the game put aside for another below.
pub fn host_game<P: Part>(
    fair: Fair<P>,
    parts: HostParts<P>,
    guest_seat: u8,
    screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    let waiting_name = fair
        .names()
        .get(usize::from(guest_seat))
        .cloned()
        .unwrap_or_default();
    let waiting = move || {
        view! {
            <p class="loading" role="status">{trf!(
                "Waiting for {}'s phone: invite it above.",
                "Esperando al teléfono de {}: invítalo arriba.",
                waiting_name.clone()
            )}</p>
        }
        .into_any()
    };
    view! {
        {invite_row(fair, parts.game, guest_seat, parts.hello)}
        {seat_screen(fair, parts.game, parts.why, parts.dealt, screen, waiting)}
        <NewFairGame key=parts.key/>
    }
    .into_any()
}

/// This device's seat once the game is dealt (`dealt` reads it from the part), followed.
pub fn dealt_seat<P: Part>(fair: Fair<P>, dealt: fn(&P) -> Option<u8>) -> Option<u8> {
    fair.tick.track();
    fair.part.with_value(|p| p.as_ref().and_then(dealt))
}

/// A game's screen on either of two phones: its header (`Fair::header`, `why` a phone is
/// waited for), then the seat's own screen (`screen`, given the seat) once the game is
/// dealt, with the rules beside it (opened apart: leaving the page would drop the link),
/// or `waiting` until then.
pub fn seat_screen<P: Part>(
    fair: Fair<P>,
    game: GameKind,
    why: crate::i18n::Tr,
    dealt: fn(&P) -> Option<u8>,
    screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    use crate::i18n::GameWords;
    let seat = Memo::new(move |_| dealt_seat(fair, dealt));
    view! {
        {header(fair, why)}
        {move || match seat.get() {
            Some(me) => view! {
                <a class="rules-link" href=crate::route::Route::Rules(game).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", game.tr_title())}</a>
                {screen(me)}
            }
            .into_any(),
            None => waiting(),
        }}
    }
    .into_any()
}

/// The other phone's page, from a fair invitation (`#/link/<code>`): its answer for the
/// host, then its seat's screen (`seat_screen`, `class` the page's classes). A game it kept
/// goes on when the host says hello for it.
pub fn guest_page<P: Part>(
    fair: Fair<P>,
    invitation: &Invitation,
    class: &'static str,
    why: crate::i18n::Tr,
    dealt: fn(&P) -> Option<u8>,
    screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    use crate::games::phone::{LinkAlert, Linking};
    let (state, slow) = answering(invitation, fair.links, move |bytes| fair.heard(0, &bytes));
    let seat = invitation.seat;
    let game = invitation.game;
    // The host's turn is timed while the link to its phone is down (two seats: it has the
    // other).
    fair.follow_links(move || {
        (state.get() != LinkState::Connected)
            .then_some(1 - seat.min(1))
            .into_iter()
            .collect()
    });
    view! {
        <section class=class data-fair="guest" data-seat=seat data-link=move || state.with(LinkState::slug)>
            // Once a player is named the game is over here: a link is no longer wanted.
            {move || fair.broke.with(Option::is_none).then(|| view! { <LinkAlert state/> })}
            // A game taken up again after a reload: its answer for the host's new
            // invitation above the game, until the two are linked.
            {move || (dealt_seat(fair, dealt).is_some() && state.get() != LinkState::Connected && fair.broke.with(Option::is_none))
                .then(|| view! { <Linking state slow game/> })}
            {seat_screen(fair, game, why, dealt, screen, move || view! { <Linking state slow game/> }.into_any())}
        </section>
    }
    .into_any()
}

/// Put this device's game (kept under `key`) aside to start another.
#[component]
pub fn NewFairGame(key: &'static str) -> impl IntoView {
    view! {
        <details class="fair-new">
            <summary>{tr!("Start another game", "Empezar otra partida")}</summary>
            <p>{tr!(
                "The game on this device is forgotten, and the other phones can no longer play it on.",
                "La partida de este dispositivo se olvida, y los otros teléfonos ya no podrán seguirla."
            )}</p>
            <button type="button" class="button" data-action="forget" on:click=move |_| {
                crate::storage::remove(key);
                let _ = window().location().reload();
            }>{tr!("Forget this game", "Olvidar esta partida")}</button>
        </details>
    }
}

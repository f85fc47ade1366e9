//! Hand out the secrets, one seat at a time: the seat's name, a large QR code of its
//! private-view link, the typed code and the table words. The same screen hands out the
//! next nine rounds of cards when A City of Spies outlasts the seat codes (only once the
//! table has reached them).
//!
//! A code's first showing is the hand-out itself. Showing it again (the table's "Hand out
//! the secrets" later in the game, "Previous seat") is public, like a peek: the player asks
//! for it, it is written into the table's log first, and a code the log cannot hold is not
//! shown.

use leptos::prelude::*;

use intrigue_core::seat::{ROUNDS_PER_CODE, rounds_batches};

use crate::components::CodeCard;
use crate::route::Route;
use crate::saved::{self, SavedTable};
use crate::screens::Problem;
use crate::screens::table::with_table;

/// Which code the hand-out shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Handing {
    /// The seat's own code (team, cards of rounds 1–9).
    Seat,
    /// Nine rounds of cards from this round on.
    Rounds(u32),
}

#[component]
pub fn Handout(seat: u8) -> impl IntoView {
    with_table(move |table| handout(table, seat, Handing::Seat))
}

#[component]
pub fn HandoutRounds(first: u32, seat: u8) -> impl IntoView {
    with_table(move |table| handout(table, seat, Handing::Rounds(first)))
}

fn handout(table: SavedTable, seat: u8, handing: Handing) -> AnyView {
    let players = table.deal.players();
    if seat >= players {
        return view! {
            <Problem title=tr!("No such seat", "Ese asiento no existe").get() message=trf!("This table has {players} seats.", "Esta mesa tiene {players} asientos.")/>
        }
        .into_any();
    }
    let name = crate::i18n::name_here(&table.deal.seats.name(seat));
    // The computer's seats (a game on this screen): nothing to hand out, so the hand-out
    // steps over them.
    let computers = saved::computers();
    let person = |s: &u8| !saved::is_computer(&computers, *s);
    let previous = (0..seat).rev().find(person);
    let next = (seat + 1..players).find(person);
    if saved::is_computer(&computers, seat) {
        return computer_seat(seat, players, name, previous, next, handing);
    }
    let words = table.deal.fingerprint().to_string();
    let (token, typed, kicker, instruction) = match handing {
        Handing::Seat => {
            let code = table.deal.seat_code(seat).expect("a seat of this table");
            (
                code.to_link_token(),
                code.to_typed_code(),
                trf!("Seat {} of {players}", "Asiento {} de {players}", seat + 1),
                trf!(
                    "{name}, scan this with your phone's camera. Everyone else, look away from the code.",
                    "{name}, escanea esto con la cámara de tu teléfono. Los demás, no miréis el código."
                ),
            )
        }
        Handing::Rounds(first) => {
            if !table.revealed && !rounds_batches(table.round).contains(&first) {
                let message = trf!(
                    "The cards of rounds {first} to {} are handed out from round {} on; the table is at round {}.",
                    "Las cartas de las rondas {first} a {} se reparten a partir de la ronda {}; la mesa está en la ronda {}.",
                    first + ROUNDS_PER_CODE - 1,
                    first.saturating_sub(1).max(1),
                    table.round
                );
                return view! {
                    <Problem title=tr!("Not yet", "Todavía no").get() message/>
                }
                .into_any();
            }
            let Some(code) = table.deal.rounds_code(seat, first) else {
                return view! {
                    <Problem title=tr!("No more rounds to hand out", "No quedan rondas que repartir").get() message=tr!("This table's phones already hold every round they can.", "Los teléfonos de esta mesa ya tienen todas las rondas que pueden tener.").get()/>
                }
                .into_any();
            };
            (
                code.to_link_token(),
                code.to_typed_code(),
                trf!(
                    "Rounds {}–{} · seat {} of {players}",
                    "Rondas {}–{} · asiento {} de {players}",
                    code.first,
                    code.last(),
                    seat + 1
                ),
                trf!(
                    "{name}, scan this with the phone that holds your seat: it adds your cards for rounds {} to {}. Everyone else, look away.",
                    "{name}, escanea esto con el teléfono que tiene tu asiento: añade tus cartas de las rondas {} a {}. Los demás, no miréis.",
                    code.first,
                    code.last()
                ),
            )
        }
    };
    let rounds = match handing {
        Handing::Seat => None,
        Handing::Rounds(first) => Some(first),
    };
    // A code shown before waits to be asked for again; a first showing is noted at once.
    let again = saved::code_shown(seat, rounds);
    let problem = RwSignal::new(None::<String>);
    let showing = RwSignal::new(false);
    if !again {
        match saved::show_code(seat, rounds) {
            Ok(()) => showing.set(true),
            Err(why) => problem.set(Some(trf!(
                "The code cannot be shown: {why}",
                "No se puede mostrar el código: {why}"
            ))),
        }
    }
    let show_again = move |_| {
        match saved::show_code(seat, rounds) {
        Ok(()) => showing.set(true),
        Err(why) => problem.set(Some(trf!(
            "This could not be written into the table's log, so the code stays hidden. {why}",
            "Esto no se pudo anotar en el registro de la mesa, así que el código sigue oculto. {why}"
        ))),
    }
    };
    let gate_name = name.clone();
    // A double tap on "Next seat" must not skip past the next player's code.
    let armed = crate::guard::armed_after_a_moment();
    view! {
        <section class="handout" data-seat=seat data-handing=if handing == Handing::Seat { "seat" } else { "rounds" }>
            <a class="back" href=Route::Table.href()>{tr!("← Table", "← Mesa")}</a>
            <p class="kicker">{kicker}</p>
            <h1 class="handout-name">{name}</h1>
            <Show
                when=move || showing.get()
                fallback=move || (again && problem.with(Option::is_none)).then(|| {
                    let name = gate_name.clone();
                    view! {
                        <div class="code-again">
                            <p class="lede">{trf!(
                                "{}'s code was handed out already. Showing it again is written into the table's log, for everyone to see, like a peek.",
                                "El código de {} ya se repartió. Volver a mostrarlo queda anotado en el registro de la mesa, a la vista de todos, como un vistazo.",
                                name.clone()
                            )}</p>
                            <button type="button" class="button primary big" data-action="show-again" on:click=show_again>
                                {trf!("Show {}'s code again", "Volver a mostrar el código de {}", name.clone())}
                            </button>
                        </div>
                    }
                })
            >
                <p class="handout-instruction">{instruction.clone()}</p>
                <CodeCard token=token.clone() typed=typed.clone()/>
                <p class="handout-words">
                    {tr!("The phone must show the table words ", "El teléfono debe mostrar las palabras de la mesa ")}{crate::words::words_view(words.clone(), "fingerprint")}"."
                </p>
            </Show>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <div class="actions answer-bar" class:arming=move || !armed.get()>
                {steps(previous, next, handing)}
            </div>
        </section>
    }
    .into_any()
}

/// The hand-out's way on: the previous seat with a code, and the next one (or Done).
fn steps(previous: Option<u8>, next: Option<u8>, handing: Handing) -> impl IntoView {
    let step = move |seat: u8| match handing {
        Handing::Seat => Route::Handout(seat),
        Handing::Rounds(first) => Route::HandoutRounds { first, seat },
    };
    let done = if matches!(saved::game_in_progress(), Ok(Some(_))) {
        Route::Play
    } else {
        Route::Table
    };
    view! {
        {previous.map(|seat| view! {
            <a class="button" href=step(seat).href()>{tr!("← Previous seat", "← Asiento anterior")}</a>
        })}
        {match next {
            Some(seat) => view! { <a class="button primary" href=step(seat).href()>{tr!("Next seat →", "Asiento siguiente →")}</a> }.into_any(),
            None => view! { <a class="button primary" href=done.href()>{tr!("Done", "Hecho")}</a> }.into_any(),
        }}
    }
}

/// A seat the computer plays: no code to hand out. Its secrets stay on this device, read
/// only as its own seat's view, and are shown with everyone's at the reveal.
fn computer_seat(
    seat: u8,
    players: u8,
    name: String,
    previous: Option<u8>,
    next: Option<u8>,
    handing: Handing,
) -> AnyView {
    view! {
        <section class="handout" data-seat=seat data-handing="computer">
            <a class="back" href=Route::Table.href()>{tr!("← Table", "← Mesa")}</a>
            <p class="kicker">{trf!("Seat {} of {players}", "Asiento {} de {players}", seat + 1)}</p>
            <h1 class="handout-name">{name}</h1>
            <p class="lede">{tr!(
                "The computer plays this seat, so it has no code to hand out. Its secrets stay on this device, where the computer sees only its own seat's, and everyone sees them at the reveal.",
                "El ordenador juega este asiento, así que no tiene código que repartir. Sus secretos se quedan en este dispositivo, donde el ordenador solo ve los de su propio asiento, y todos los ven en la revelación."
            )}</p>
            <div class="actions answer-bar">{steps(previous, next, handing)}</div>
        </section>
    }
    .into_any()
}

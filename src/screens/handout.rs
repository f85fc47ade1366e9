//! Hand out the secrets, one seat at a time: the seat's name, a large QR code of its
//! private-view link, the typed code and the table words. The same screen hands out the
//! next nine rounds of cards when A City of Spies outlasts the seat codes.

use leptos::prelude::*;

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
            <Problem title="No such seat" message=format!("This table has {players} seats.")/>
        }
        .into_any();
    }
    let name = table.deal.seats.name(seat);
    let words = table.deal.fingerprint().to_string();
    let (token, typed, kicker, instruction) = match handing {
        Handing::Seat => {
            let code = table.deal.seat_code(seat).expect("a seat of this table");
            (
                code.to_link_token(),
                code.to_typed_code(),
                format!("Seat {} of {players}", seat + 1),
                format!(
                    "{name}, scan this with your phone's camera. Everyone else, look away from the code."
                ),
            )
        }
        Handing::Rounds(first) => {
            let Some(code) = table.deal.rounds_code(seat, first) else {
                return view! {
                    <Problem title="No more rounds to hand out" message="This table's phones already hold every round they can."/>
                }
                .into_any();
            };
            (
                code.to_link_token(),
                code.to_typed_code(),
                format!(
                    "Rounds {}–{} · seat {} of {players}",
                    code.first,
                    code.last(),
                    seat + 1
                ),
                format!(
                    "{name}, scan this with the phone that holds your seat: it adds your cards for rounds {} to {}. Everyone else, look away.",
                    code.first,
                    code.last()
                ),
            )
        }
    };
    let last = seat + 1 == players;
    let done = if matches!(saved::game_in_progress(), Ok(Some(_))) {
        Route::Play
    } else {
        Route::Table
    };
    let step = move |seat: u8| match handing {
        Handing::Seat => Route::Handout(seat),
        Handing::Rounds(first) => Route::HandoutRounds { first, seat },
    };
    view! {
        <section class="handout" data-seat=seat data-handing=if handing == Handing::Seat { "seat" } else { "rounds" }>
            <a class="back" href=Route::Table.href()>"← Table"</a>
            <p class="kicker">{kicker}</p>
            <h1 class="handout-name">{name}</h1>
            <p class="handout-instruction">{instruction}</p>
            <CodeCard token typed/>
            <p class="handout-words">
                "The phone must show the table words "<span class="fingerprint">{words}</span>"."
            </p>
            <div class="actions answer-bar">
                {(seat > 0).then(|| view! {
                    <a class="button" href=step(seat - 1).href()>"← Previous seat"</a>
                })}
                {if last {
                    view! { <a class="button primary" href=done.href()>"Done"</a> }.into_any()
                } else {
                    view! { <a class="button primary" href=step(seat + 1).href()>"Next seat →"</a> }.into_any()
                }}
            </div>
        </section>
    }
    .into_any()
}

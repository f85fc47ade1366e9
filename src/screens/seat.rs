//! A phone's private view: the game, the seat, the table words and, while the player
//! holds, their secrets. Stored on the phone until the player leaves the game; works
//! offline; shows other seats only after an explicit "game over" reveal.

use intrigue_core::ShareToken;
use leptos::prelude::*;

use crate::components::{HoldToReveal, RevealAll, SeatSecrets};
use crate::dialog::confirm;
use crate::route::Route;
use crate::saved::{self, SavedSeat};
use crate::screens::{Join, Problem};

#[component]
pub fn SeatScreen(token: Option<String>) -> impl IntoView {
    let Some(text) = token else {
        // The seat stored on this phone, or the way to join one.
        return match saved::load_seat() {
            Ok(Some(seat)) => view! { <PrivateView seat/> }.into_any(),
            Ok(None) => view! { <Join/> }.into_any(),
            Err(message) => view! { <Problem title="Your saved seat could not be read" message offer_join=true/> }.into_any(),
        };
    };
    match ShareToken::parse(&text) {
        Err(error) => view! {
            <Problem title="This seat link does not work" message=error.to_string() offer_join=true/>
        }
        .into_any(),
        Ok(token) => {
            // The same seat keeps its round and reveal; another seat starts afresh.
            let seat = match saved::load_seat() {
                Ok(Some(saved)) if saved.token == token => saved,
                _ => SavedSeat { token, round: 1, revealed: false },
            };
            let stored = saved::save_seat(&seat).err();
            view! {
                {stored.map(|problem| view! {
                    <p class="notice">{problem}" Keep this page open: the seat is not saved on this phone."</p>
                })}
                <PrivateView seat/>
            }
            .into_any()
        }
    }
}

#[component]
fn PrivateView(seat: SavedSeat) -> impl IntoView {
    let deal = seat.token.deal.clone();
    let index = seat.token.seat;
    let name = deal.seats.name(index);
    let players = deal.players();
    let words = deal.fingerprint().to_string();
    let has_rounds = deal.city_of_spies().is_some();
    let state = RwSignal::new(seat);
    let update = move |change: &dyn Fn(&mut SavedSeat)| {
        let mut next = state.get();
        change(&mut next);
        let _ = saved::save_seat(&next);
        state.set(next);
    };
    let round = move || state.with(|s| s.round);
    let reveal = move |_| {
        if confirm("Is the game over? This shows every player's secrets on this phone.") {
            update(&|s| s.revealed = true);
        }
    };
    let leave = move |_| {
        if confirm("Leave this game? Your seat is removed from this phone.") {
            saved::clear_seat();
            Route::Home.go();
        }
    };
    let secrets_deal = deal.clone();
    let reveal_deal = deal.clone();

    view! {
        <section class="private-view" data-seat=index>
            <p class="kicker">{deal.game.kind().title()}" · seat "{index + 1}" of "{players}</p>
            <h1 class="private-name">{name}</h1>
            <p class="table-facts">"Table words "<span class="fingerprint">{words}</span></p>
            {has_rounds.then(|| view! {
                <div class="round-bar">
                    <button type="button" class="button" aria-label="Previous round"
                        prop:disabled={move || round() <= 1}
                        on:click=move |_| update(&|s| s.round -= 1)>"‹"</button>
                    <span class="round">"Round "<strong class="round-number">{round}</strong></span>
                    <button type="button" class="button" aria-label="Next round"
                        prop:disabled={move || round() >= saved::MAX_ROUND}
                        on:click=move |_| update(&|s| s.round += 1)>"›"</button>
                </div>
            })}
            {move || {
                let deal = secrets_deal.clone();
                let r = round();
                view! {
                    <HoldToReveal prompt="Press and hold to see your secrets. Check that nobody else can see your screen.">
                        <SeatSecrets deal=deal.clone() seat=index round=r/>
                    </HoldToReveal>
                }
            }}
            <Show
                when=move || state.with(|s| s.revealed)
                fallback=move || view! {
                    <button type="button" class="button" on:click=reveal>"Game over: reveal everything"</button>
                }
            >
                <h2>"Everyone's secrets"</h2>
                {
                    let deal = reveal_deal.clone();
                    move || view! { <RevealAll deal=deal.clone() rounds=round()/> }
                }
            </Show>
            <div class="actions">
                <button type="button" class="button danger" on:click=leave>"Leave this game"</button>
            </div>
        </section>
    }
}

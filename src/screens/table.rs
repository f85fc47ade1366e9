//! The table this device referees: seats, round, fingerprint, and the ways to hand out
//! the secrets. Built from the table view alone; secrets appear only at the reveal.

use leptos::prelude::*;

use crate::components::RevealAll;
use crate::dialog::confirm;
use crate::route::Route;
use crate::saved::{self, MAX_ROUND, SavedTable};
use crate::screens::Problem;

/// The saved table, or the screen that says why there is none.
pub fn with_table(render: impl FnOnce(SavedTable) -> AnyView) -> AnyView {
    match saved::load_table() {
        Ok(Some(table)) => render(table),
        Ok(None) => view! {
            <section class="problem">
                <h1>"No table here yet"</h1>
                <p>"This device is not running a table. Deal one to hand out secrets."</p>
                <div class="actions">
                    <a class="button primary" href=Route::NewDeal.href()>"Deal a new table"</a>
                    <a class="button" href=Route::Home.href()>"All games"</a>
                </div>
            </section>
        }
        .into_any(),
        Err(message) => {
            view! { <Problem title="The saved table could not be read" message/> }.into_any()
        }
    }
}

#[component]
pub fn TableScreen() -> impl IntoView {
    with_table(|table| view! { <DealtTable table/> }.into_any())
}

#[component]
fn DealtTable(table: SavedTable) -> impl IntoView {
    let state = RwSignal::new(table);
    let problem = RwSignal::new(None::<String>);
    let save = move |next: SavedTable| match saved::save_table(&next) {
        Ok(()) => state.set(next),
        Err(message) => problem.set(Some(message)),
    };
    let view_now = move || state.with(|t| t.deal.table_view(t.round));
    let players = state.with_untracked(|t| t.deal.players());
    // A game played on screen moves the rounds itself.
    let playing = matches!(saved::load_game(), Ok(Some(_)));

    let next_round = move |_| {
        let mut next = state.get();
        if next.round < MAX_ROUND
            && confirm(&format!(
                "Start round {}? Every player gets a new Life-Piece and Target-Piece.",
                next.round + 1
            ))
        {
            next.round += 1;
            save(next);
        }
    };
    let reveal = move |_| {
        if confirm("Game over? This shows every player's team and cards to everyone.") {
            let mut next = state.get();
            next.revealed = true;
            save(next);
        }
    };
    let abandon = move |_| {
        if confirm("Abandon this table? Its deal is deleted from this device.") {
            saved::clear_table();
            Route::Home.go();
        }
    };

    view! {
        <section class="table-screen">
            <p class="kicker">"Table"</p>
            <h1>{move || view_now().game.title()}</h1>
            <p class="table-facts">
                {players}" players · table words "
                <span class="fingerprint">{move || view_now().fingerprint.to_string()}</span>
            </p>
            {move || view_now().round.map(|round| view! {
                <div class="round-bar">
                    <span class="round">"Round "<strong class="round-number">{round}</strong></span>
                    <button type="button" class="button" on:click=next_round
                        prop:hidden=move || state.with(|t| t.revealed) || playing>"Start round "{round + 1}</button>
                </div>
            })}
            <ol class="seat-list">
                {move || view_now().names.into_iter().enumerate().map(|(seat, name)| view! {
                    <li data-seat=seat><span class="seat-number">{seat + 1}</span>{name}</li>
                }).collect_view()}
            </ol>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <Show
                when=move || state.with(|t| t.revealed)
                fallback=move || view! {
                    <div class="actions stacked">
                        {matches!(saved::load_game(), Ok(Some(_))).then(|| view! {
                            <a class="button primary big" href=Route::Play.href()>"Back to the game"</a>
                        })}
                        <a class="button primary big" href=Route::Handout(0).href()>"Hand out the secrets"</a>
                        <a class="button" href=Route::Peek(None).href()>"Peek for a player without a phone"</a>
                        <button type="button" class="button" on:click=reveal>"Game over: reveal everything"</button>
                    </div>
                }
            >
                <h2>"Everyone's secrets"</h2>
                {move || state.with(|t| view! { <RevealAll deal=t.deal.clone() rounds=t.round/> })}
            </Show>
            <div class="actions">
                <a class="button" href=Route::NewDeal.href()>"Deal a new table"</a>
                <button type="button" class="button danger" on:click=abandon>"Abandon this table"</button>
            </div>
        </section>
    }
}

//! The shell: a header, the screen the address names, a footer.

use leptos::prelude::*;

use crate::games::screen::{FairPlay, GamePlay, LessonPlay};
use crate::route::Route;
use crate::screens::{
    Handout, HandoutRounds, Home, Join, Lab, NewDeal, Peek, PlayAlone, RulesPage, SeatScreen,
    TableScreen, UnknownPage,
};

/// The table's own screens (dealing, handing out, peeking): their own part of the app,
/// loaded the first time this device acts as a table, so a phone never downloads them.
#[lazy]
fn table_side(route: Route) -> AnyView {
    match route {
        Route::NewDeal { game, board } => view! { <NewDeal game board/> }.into_any(),
        Route::PlayAlone(kind) => view! { <PlayAlone kind/> }.into_any(),
        Route::Table => view! { <TableScreen/> }.into_any(),
        Route::Handout(seat) => view! { <Handout seat/> }.into_any(),
        Route::HandoutRounds { first, seat } => view! { <HandoutRounds first seat/> }.into_any(),
        Route::Peek(seat) => view! { <Peek seat/> }.into_any(),
        Route::Lab => view! { <Lab/> }.into_any(),
        // The app's router sends only the routes above here.
        Route::Home
        | Route::Rules(_)
        | Route::Play
        | Route::Learn(_)
        | Route::Fair(_)
        | Route::Join
        | Route::Seat(_)
        | Route::Linked(_)
        | Route::Unknown(_) => ().into_any(),
    }
}

/// A phone's own screens (typing a seat's code, the private view of a seat): their own
/// part of the app, so the home screen a table opens on does not carry them.
#[lazy]
fn seat_side(route: Route) -> AnyView {
    match route {
        Route::Seat(token) => view! { <SeatScreen token/> }.into_any(),
        Route::Join => view! { <Join/> }.into_any(),
        // The app's router sends only the routes above here.
        _ => ().into_any(),
    }
}

/// A phone opening a host's invitation: its own part of the app (the link to another
/// device), then the game's part draws the seat's screen.
#[lazy]
fn phone_side(code: String) -> AnyView {
    crate::games::screen::linked_phone(code)
}

fn current_route() -> Route {
    let hash = window().location().hash().unwrap_or_default();
    Route::parse(&hash)
}

#[component]
pub fn App() -> impl IntoView {
    let route = RwSignal::new(current_route());
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        crate::dialog::forget();
        route.set(current_route());
        window().scroll_to_with_x_and_y(0.0, 0.0);
    });
    on_cleanup(move || listener.remove());
    // Another tab of this app wrote to the shared storage: this tab is out of date.
    let stale = RwSignal::new(false);
    let storage_listener = window_event_listener(leptos::ev::storage, move |ev| {
        // Another tab chose a language: a setting, not the game (this tab keeps its own
        // until it is loaded again).
        // Nor is how far a guided game got.
        if ev.key().as_deref() == Some(crate::language::KEY)
            || ev.key().as_deref() == Some(crate::saved::keys::LESSONS)
        {
            return;
        }
        if ev.key().is_none_or(|key| key.starts_with("intrigue.")) {
            crate::storage::mark_stale();
            stale.set(true);
        }
    });
    on_cleanup(move || storage_listener.remove());
    Effect::new(move |_| document().set_title(&route.get().title()));

    view! {
        <header class="topbar">
            <a class="brand" href="#/">
                <img src="icons/icon.svg" alt="" width="32" height="32"/>
                <span>"Intrigue"</span>
            </a>
            <crate::language::LanguageSwitch/>
        </header>
        {move || stale.get().then(|| view! {
            <div class="stale" role="alert">
                <p>{crate::storage::STALE}</p>
                <button type="button" class="button primary" on:click=move |_| { let _ = window().location().reload(); }>{tr!("Reload this tab", "Recargar esta pestaña")}</button>
            </div>
        })}
        <crate::dialog::Questions/>
        <main id="screen">
            {move || match route.get() {
                Route::Home => view! { <Home/> }.into_any(),
                Route::Rules(kind) => view! { <RulesPage kind/> }.into_any(),
                Route::Play => view! { <GamePlay/> }.into_any(),
                Route::Learn(kind) => view! { <LessonPlay kind/> }.into_any(),
                Route::Fair(kind) => view! { <FairPlay kind/> }.into_any(),
                other @ (Route::NewDeal { .. } | Route::PlayAlone(_) | Route::Table | Route::Handout(_) | Route::HandoutRounds { .. } | Route::Peek(_) | Route::Lab) => view! {
                    <Suspense fallback=|| view! { <p class="loading" role="status">{tr!("Opening…", "Abriendo…")}</p> }>
                        {Suspend::new(async move { table_side(other).await })}
                    </Suspense>
                }.into_any(),
                other @ (Route::Seat(_) | Route::Join) => view! {
                    <Suspense fallback=|| view! { <p class="loading" role="status">{tr!("Opening…", "Abriendo…")}</p> }>
                        {Suspend::new(async move { seat_side(other).await })}
                    </Suspense>
                }.into_any(),
                Route::Linked(code) => view! {
                    <Suspense fallback=|| view! { <p class="loading" role="status">{tr!("Opening…", "Abriendo…")}</p> }>
                        {Suspend::new(async move { phone_side(code).await })}
                    </Suspense>
                }.into_any(),
                Route::Unknown(hash) => view! { <UnknownPage hash/> }.into_any(),
            }}
        </main>
        <footer class="footer">
            <p>{tr!(
                "Everything runs on this device: no account, no server, nothing sent anywhere. Works offline once loaded. Free software under the GPL-3.0-or-later.",
                "Todo funciona en este dispositivo: sin cuenta, sin servidor, sin enviar nada a ningún sitio. Una vez cargada, funciona sin conexión. Software libre bajo la GPL-3.0 o posterior."
            )}</p>
        </footer>
    }
}

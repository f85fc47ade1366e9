//! A rules page per game, in our own words, with the app's rulings beside the rules.
//!
//! The texts are HTML fragments under `public/rules/`, written for this app (the original
//! rule texts in `shared/rules/` are source material, never copied). They are fetched when
//! the page opens rather than compiled in: the first load stays small, and the service
//! worker precaches them with the rest of the build, so they open offline too.

use intrigue_core::GameKind;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::i18n::GameWords;
use crate::route::Route;

/// The text of a file of this build, or why it could not be had.
async fn fetch_text(path: &str) -> Result<String, String> {
    let unavailable = || {
        tr!(
            "The rules could not be loaded. Reload the page when you are online again.",
            "No se pudieron cargar las reglas. Recarga la página cuando vuelvas a tener conexión."
        )
        .get()
        .to_string()
    };
    let window = web_sys::window().ok_or_else(unavailable)?;
    let response = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(|_| unavailable())?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| unavailable())?;
    if !response.ok() {
        return Err(unavailable());
    }
    let text = JsFuture::from(response.text().map_err(|_| unavailable())?)
        .await
        .map_err(|_| unavailable())?;
    text.as_string().ok_or_else(unavailable)
}

#[component]
pub fn RulesPage(kind: GameKind) -> impl IntoView {
    let text = RwSignal::new(None::<Result<String, String>>);
    // The page in the page's language (`rules/es/…` in Spanish).
    let path = match crate::i18n::lang() {
        crate::i18n::Lang::En => format!("rules/{}.html", kind.slug()),
        crate::i18n::Lang::Es => format!("rules/es/{}.html", kind.slug()),
    };
    leptos::task::spawn_local(async move {
        // The reader may have left the page already: then there is nothing to fill.
        let _ = text.try_set(Some(fetch_text(&path).await));
    });
    // A game or table in progress on this device: the way back to it, first.
    let back = match crate::saved::game_in_progress() {
        Ok(Some(playing)) => Some((Route::Play, Some(playing.0))),
        _ => match crate::saved::load_table() {
            Ok(Some(table)) if !table.revealed => Some((Route::Table, None)),
            _ => None,
        },
    };
    view! {
        <article class="rules" data-game=kind.slug()>
            {match back {
                Some((route, game)) => view! {
                    <a class="back" data-back="game" href=route.href()>{match game {
                        Some(game) => trf!("← Back to the game ({})", "← Volver a la partida ({})", game.tr_title()),
                        None => tr!("← Back to the table", "← Volver a la mesa").get().to_string(),
                    }}</a>
                }.into_any(),
                None => view! { <a class="back" href="#/">{tr!("← All games", "← Todos los juegos")}</a> }.into_any(),
            }}
            <h1>{kind.tr_title()}</h1>
            <p class="players">{kind.tr_players()}</p>
            <div class="actions">
                <a class="button primary" href=Route::NewDeal { game: Some(kind), board: false }.href()>{tr!("Play ", "Jugar a ")}{kind.tr_title()}</a>
                {super::home::learn_link(kind)}
            </div>
            {move || match text.get() {
                None => view! { <p class="rules-loading" aria-busy="true">{tr!("Loading the rules…", "Cargando las reglas…")}</p> }.into_any(),
                Some(Ok(html)) => view! { <div class="rules-text" data-loaded="true" inner_html=html></div> }.into_any(),
                Some(Err(problem)) => view! { <p class="form-error" role="alert">{problem}</p> }.into_any(),
            }}
            <div class="actions rules-end">
                <a class="button primary" href=Route::NewDeal { game: Some(kind), board: false }.href()>{tr!("Play ", "Jugar a ")}{kind.tr_title()}</a>
                <a class="button" href="#/">{tr!("All games", "Todos los juegos")}</a>
            </div>
        </article>
    }
}

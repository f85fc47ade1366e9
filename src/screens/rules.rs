//! A rules page per game, in our own words, with the app's rulings beside the rules.
//!
//! The texts are HTML fragments under `src/rules/`, written for this app (the original
//! rule texts in `shared/rules/` are source material, never copied).

use intrigue_core::GameKind;
use leptos::prelude::*;

use crate::boxed_games::playable;

fn rules_html(kind: GameKind) -> &'static str {
    match kind {
        GameKind::CityOfSpies => include_str!("../rules/city-of-spies.html"),
        GameKind::CarouselChess => include_str!("../rules/carousel-chess.html"),
        GameKind::Espionage => include_str!("../rules/espionage.html"),
        GameKind::Usurp => include_str!("../rules/usurp.html"),
        GameKind::ChessDeckbuilder => include_str!("../rules/chess-deckbuilder.html"),
    }
}

#[component]
pub fn RulesPage(kind: GameKind) -> impl IntoView {
    view! {
        <article class="rules" data-game=kind.slug()>
            <a class="back" href="#/">"← All games"</a>
            <h1>{kind.title()}</h1>
            <p class="players">{kind.players_label()}</p>
            {(!playable(kind)).then(|| view! {
                <p class="notice">
                    "This game is not playable in the app yet. The rules below are how the app will referee it."
                </p>
            })}
            <div class="rules-text" inner_html=rules_html(kind)></div>
        </article>
    }
}

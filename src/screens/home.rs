//! The box lid: every game with its player count, its pitch and whether it plays yet.

use intrigue_core::GameKind;
use leptos::prelude::*;

use crate::boxed_games::{pitch, playable};
use crate::route::Route;

#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>"Hidden-information games for game night"</h1>
            <p class="lede">
                "One device in the middle is the table: it shows the board and referees every move. "
                "Each player's phone shows only that player's secrets."
            </p>
        </section>
        <ul class="game-list" aria-label="Games">
            {GameKind::ALL.into_iter().map(|kind| view! { <GameCard kind/> }).collect_view()}
        </ul>
        <section class="how">
            <h2>"How a table plays"</h2>
            <ol>
                <li>"Put one tablet, laptop or phone in the middle: that is the table."</li>
                <li>"It deals the secrets and shows a QR code for each seat; each player scans theirs."</li>
                <li>"Moves are made on the table. Your phone keeps your team and your cards, and shows them only while you hold it."</li>
            </ol>
        </section>
    }
}

#[component]
fn GameCard(kind: GameKind) -> impl IntoView {
    let ready = playable(kind);
    view! {
        <li class="game-card" data-game=kind.slug()>
            <div class="game-card-head">
                <h2>{kind.title()}</h2>
                <span class="players">{kind.players_label()}</span>
            </div>
            <p class="pitch">{pitch(kind)}</p>
            <div class="game-card-foot">
                {if ready {
                    view! { <span class="status status-ready">"Ready to play"</span> }.into_any()
                } else {
                    view! { <span class="status status-later">"Not playable yet"</span> }.into_any()
                }}
                <a class="button" href=Route::Rules(kind).href()>"Rules"</a>
            </div>
        </li>
    }
}

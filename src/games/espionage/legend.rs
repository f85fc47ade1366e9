//! The legend: every piece of an army by its picture, its name (in English, the Spanish
//! text's name too), its rank
//! and what it does. Beside the board while setting up and playing, so nobody needs to
//! remember which picture is which.

use intrigue_core::games::espionage::ARMY;
use leptos::prelude::*;

use super::board::{kind_does, kind_name, picture};

#[component]
pub fn Legend(
    /// Whose pictures to show (South's discs or North's squares).
    me: u8,
) -> impl IntoView {
    view! {
        <details class="legend" open>
            <summary>{tr!("The pieces", "Las piezas")}</summary>
            <ul class="legend-list">
                {ARMY.iter().map(|&(kind, count)| view! {
                    <li data-kind=kind.name()>
                        <img src=picture(me, kind) alt="" width="32" height="32"/>
                        <span class="legend-name"><strong>{kind_name(kind)}</strong>
                            {kind.rank().map(|r| trf!(" · rank {r}", " · rango {r}"))}
                            // In English, the Spanish text's name beside ours.
                            {(!crate::i18n::es()).then(|| view! { " · "<span lang="es">{kind.spanish()}</span> })}
                            " · ×"{count}</span>
                        <span class="legend-does">{kind_does(kind)}</span>
                    </li>
                }).collect_view()}
            </ul>
        </details>
    }
}

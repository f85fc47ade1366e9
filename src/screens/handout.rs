//! Hand out the secrets, one seat at a time: the seat's name, a large QR code of its
//! private-view link, the typed code and the table words.

use intrigue_core::ShareToken;
use leptos::prelude::*;

use crate::components::QrCode;
use crate::route::Route;
use crate::saved;
use crate::screens::Problem;
use crate::screens::table::with_table;

/// This app's address without the fragment: where the phone's link must point.
fn app_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let location = w.location();
            Some(format!(
                "{}{}",
                location.origin().ok()?,
                location.pathname().ok()?
            ))
        })
        .unwrap_or_default()
}

#[component]
pub fn Handout(seat: u8) -> impl IntoView {
    with_table(move |table| {
        let players = table.deal.players();
        let Some(token) = ShareToken::new(table.deal.clone(), seat) else {
            return view! {
                <Problem title="No such seat" message=format!("This table has {players} seats.")/>
            }
            .into_any();
        };
        let name = table.deal.seats.name(seat);
        let link = format!(
            "{}{}",
            app_url(),
            Route::Seat(Some(token.to_link_token())).href()
        );
        let code = token.to_typed_code();
        let words = table.deal.fingerprint().to_string();
        let last = seat + 1 == players;
        let done = if matches!(saved::load_game(), Ok(Some(_))) {
            Route::Play
        } else {
            Route::Table
        };
        view! {
            <section class="handout" data-seat=seat>
                <a class="back" href=Route::Table.href()>"← Table"</a>
                <p class="kicker">"Seat "{seat + 1}" of "{players}</p>
                <h1 class="handout-name">{name.clone()}</h1>
                <p class="handout-instruction">{name}", scan this with your phone's camera. Everyone else, look away from the code."</p>
                <QrCode text=link/>
                <div class="handout-code">
                    <p>"No camera? In Intrigue on the phone choose “Join with a code” and type:"</p>
                    <p class="typed-code">{code}</p>
                </div>
                <p class="handout-words">
                    "Your phone must show the table words "<span class="fingerprint">{words}</span>"."
                </p>
                <div class="actions">
                    {(seat > 0).then(|| view! {
                        <a class="button" href=Route::Handout(seat - 1).href()>"← Previous seat"</a>
                    })}
                    {if last {
                        view! { <a class="button primary" href=done.href()>"Done"</a> }.into_any()
                    } else {
                        view! { <a class="button primary" href=Route::Handout(seat + 1).href()>"Next seat →"</a> }.into_any()
                    }}
                </div>
            </section>
        }
        .into_any()
    })
}

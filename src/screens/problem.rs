//! A problem, said plainly, with the ways forward.

use leptos::prelude::*;

use crate::route::Route;

#[component]
pub fn Problem(
    #[prop(into)] title: String,
    #[prop(into)] message: String,
    #[prop(optional)] offer_join: bool,
    /// Offer the way back to the seat this phone holds.
    #[prop(optional)]
    offer_seat: bool,
) -> impl IntoView {
    view! {
        <section class="problem" role="alert">
            <h1>{title}</h1>
            <p class="problem-message">{message}</p>
            <div class="actions">
                {offer_seat.then(|| view! { <a class="button primary" href=Route::Seat(None).href()>"Back to my seat"</a> })}
                {offer_join.then(|| view! { <a class="button primary" href=Route::Join.href()>"Type a code"</a> })}
                <a class="button" href=Route::Home.href()>"All games"</a>
            </div>
        </section>
    }
}

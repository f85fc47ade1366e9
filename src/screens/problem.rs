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
                {offer_seat.then(|| view! { <a class="button primary" href=Route::Seat(None).href()>{tr!("Back to my seat", "Volver a mi asiento")}</a> })}
                {offer_join.then(|| view! { <a class="button primary" href=Route::Join.href()>{tr!("Type a code", "Escribir un código")}</a> })}
                <a class="button" href=Route::Home.href()>{tr!("All games", "Todos los juegos")}</a>
            </div>
        </section>
    }
}

//! A code for the phones: a large QR code of its link, and the same code to type.

use leptos::prelude::*;

use crate::components::QrCode;
use crate::route::Route;

#[component]
pub fn CodeCard(
    /// The code as a link carries it.
    #[prop(into)]
    token: String,
    /// The code in groups of four, to type.
    #[prop(into)]
    typed: String,
) -> impl IntoView {
    let link = Route::Seat(Some(token)).link();
    view! {
        <div class="code-card">
            <QrCode text=link/>
            <div class="handout-code">
                <p>{tr!("No camera? In Intrigue on the phone choose “Join with a code” and type:", "¿Sin cámara? En Intrigue, en el teléfono, elige «Unirse con un código» y escribe:")}</p>
                <p class="typed-code">{typed}</p>
            </div>
        </div>
    }
}

//! An address this version does not know: say so, and offer the way home.

use leptos::prelude::*;

#[component]
pub fn UnknownPage(hash: String) -> impl IntoView {
    view! {
        <section class="problem">
            <h1>{tr!("This page does not exist", "Esta página no existe")}</h1>
            <p>
                {tr!("Intrigue has no page at ", "Intrigue no tiene ninguna página en ")}<code>{hash}</code>". "
                {tr!(
                    "The link may be mistyped, or made by a newer version of the app: reload to get the newest version.",
                    "Puede que el enlace esté mal escrito o que lo hiciera una versión más nueva de la aplicación: recarga para tener la más reciente."
                )}
            </p>
            <a class="button" href="#/">{tr!("Go to all games", "Ir a todos los juegos")}</a>
        </section>
    }
}

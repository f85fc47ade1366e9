//! An address this version does not know: say so, and offer the way home.

use leptos::prelude::*;

#[component]
pub fn UnknownPage(hash: String) -> impl IntoView {
    view! {
        <section class="problem">
            <h1>"This page does not exist"</h1>
            <p>
                "Intrigue has no page at "<code>{hash}</code>". "
                "The link may be mistyped, or made by a newer version of the app: reload to get the newest version."
            </p>
            <a class="button" href="#/">"Go to all games"</a>
        </section>
    }
}

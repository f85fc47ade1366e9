//! Join a table by typing the code the hand-out screen shows (for a phone whose camera
//! will not scan).

use intrigue_core::Code;
use leptos::prelude::*;

use crate::route::Route;

/// The code in what was pasted: a typed code as it is, or the code of a whole link that
/// a phone was sent (`https://…/#/seat/<code>`).
pub fn code_of(text: &str) -> &str {
    let text = text.trim();
    match text.rfind("#/seat/") {
        Some(at) => text[at + "#/seat/".len()..].trim_end_matches('/'),
        None => text,
    }
}

#[component]
pub fn Join() -> impl IntoView {
    let code = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let open = move || match Code::parse(code_of(&code.get())) {
        Ok(code) => Route::Seat(Some(code.to_link_token())).go(),
        Err(problem) => error.set(Some(problem.to_string())),
    };
    view! {
        <section class="form-screen join">
            <a class="back" href=Route::Home.href()>"← All games"</a>
            <h1>"Join a table"</h1>
            <p class="lede">"Type the code the table shows (your seat's code, the code for the next rounds, or the reveal code at the end), or paste the whole link. Capitals, spaces and dashes do not matter."</p>
            <form on:submit=move |ev| { ev.prevent_default(); open(); }>
                <label class="code-label" for="seat-code">"Code"</label>
                <input id="seat-code" class="code-input" type="text" inputmode="text" autocomplete="off"
                    autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX-XXXX-…"
                    prop:value=move || code.get()
                    on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); }/>
                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                <button type="submit" class="button primary big">"Open"</button>
            </form>
        </section>
    }
}

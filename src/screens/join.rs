//! Join a table by typing the code the hand-out screen shows (for a phone whose camera
//! will not scan).

use intrigue_core::ShareToken;
use leptos::prelude::*;

use crate::route::Route;

#[component]
pub fn Join() -> impl IntoView {
    let code = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let open = move || match ShareToken::parse(&code.get()) {
        Ok(token) => Route::Seat(Some(token.to_link_token())).go(),
        Err(problem) => error.set(Some(problem.to_string())),
    };
    view! {
        <section class="form-screen join">
            <a class="back" href=Route::Home.href()>"← All games"</a>
            <h1>"Join a table"</h1>
            <p class="lede">"Type the code the table shows for your seat. Capitals, spaces and dashes do not matter."</p>
            <form on:submit=move |ev| { ev.prevent_default(); open(); }>
                <label class="code-label" for="seat-code">"Seat code"</label>
                <input id="seat-code" class="code-input" type="text" inputmode="text" autocomplete="off"
                    autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XX"
                    prop:value=move || code.get()
                    on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); }/>
                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                <button type="submit" class="button primary big">"Open my seat"</button>
            </form>
        </section>
    }
}

//! Press and hold to see a secret; let go and it is hidden again. While hidden, the secret
//! is not in the page at all (not merely covered), so nothing can be read off the screen.

use leptos::prelude::*;

#[component]
pub fn HoldToReveal(prompt: crate::i18n::Tr, children: ChildrenFn) -> impl IntoView {
    let (held, set_held) = signal(false);
    let hide = move || set_held.set(false);
    // The secret shows above the pad, never under the thumb that holds it.
    view! {
        <div class="hold-wrap" class:held=held>
            <div class="hold-window">
                <Show
                    when=move || held.get()
                    fallback=|| view! { <p class="hold-placeholder">{tr!("Your secrets show here while you hold the pad below.", "Tus secretos aparecen aquí mientras mantienes pulsado el recuadro de abajo.")}</p> }
                >
                    {children()}
                </Show>
            </div>
            <div
                class="hold"
                class:held=held
                role="button"
                tabindex="0"
                aria-pressed=move || held.get().to_string()
                on:pointerdown=move |ev| {
                    ev.prevent_default();
                    // Keep the press on the pad until it is lifted, whatever moves under it.
                    if let Some(pad) = ev
                        .current_target()
                        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                    {
                        let _ = pad.set_pointer_capture(ev.pointer_id());
                    }
                    set_held.set(true);
                }
                on:pointerup=move |_| hide()
                on:pointerleave=move |_| hide()
                on:pointercancel=move |_| hide()
                on:blur=move |_| hide()
                on:contextmenu=move |ev| ev.prevent_default()
                on:keydown=move |ev| {
                    if ev.key() == " " || ev.key() == "Enter" {
                        ev.prevent_default();
                        set_held.set(true);
                    }
                }
                on:keyup=move |_| hide()
            >
                <div class="hold-prompt">
                    <svg class="hold-icon" viewBox="0 0 24 24" width="44" height="44" aria-hidden="true">
                        <path d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/>
                        <circle cx="12" cy="12" r="3.6" fill="currentColor"/>
                    </svg>
                    <span>{prompt}</span>
                </div>
            </div>
        </div>
    }
}

/// What the pad says over a seat's own secrets: on a phone given its seat's code, and on
/// a phone linked to play its seat.
pub fn secrets_prompt() -> crate::i18n::Tr {
    tr!(
        "Press and hold to see your secrets. Check that nobody else can see your screen.",
        "Mantén pulsado para ver tus secretos. Comprueba que nadie más ve tu pantalla."
    )
}

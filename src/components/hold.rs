//! Press and hold to see a secret; let go and it is hidden again. While hidden, the secret
//! is not in the page at all (not merely covered), so nothing can be read off the screen.

use leptos::prelude::*;

#[component]
pub fn HoldToReveal(#[prop(into)] prompt: String, children: ChildrenFn) -> impl IntoView {
    let (held, set_held) = signal(false);
    let hide = move || set_held.set(false);
    view! {
        <div
            class="hold"
            class:held=held
            role="button"
            tabindex="0"
            aria-pressed=move || held.get().to_string()
            on:pointerdown=move |ev| {
                ev.prevent_default();
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
            <Show
                when=move || held.get()
                fallback={
                    let prompt = prompt.clone();
                    move || view! {
                        <div class="hold-prompt">
                            <span class="hold-icon" aria-hidden="true">"👁"</span>
                            <span>{prompt.clone()}</span>
                        </div>
                    }
                }
            >
                {children()}
            </Show>
        </div>
    }
}

//! Installing the app on a phone's home screen: the browser's own install prompt where it
//! offers one (Chromium's `beforeinstallprompt`, kept from the moment the page loads), the
//! words for iOS ("Add to Home Screen" in the Share menu), nothing once installed.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The browser's deferred install prompt, once it has offered one.
    static PROMPT: RefCell<Option<web_sys::Event>> = const { RefCell::new(None) };
}

/// Keep the browser's install prompt for the home screen's button (called once, at start).
pub fn listen() {
    let keep = Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        event.prevent_default();
        PROMPT.with(|p| *p.borrow_mut() = Some(event));
    });
    let _ = window()
        .add_event_listener_with_callback("beforeinstallprompt", keep.as_ref().unchecked_ref());
    keep.forget();
}

/// Whether the app runs installed (from the home screen), where no hint is needed.
fn installed() -> bool {
    window()
        .match_media("(display-mode: standalone)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// An iPhone or iPad (Safari installs from its Share menu, with no prompt).
fn ios() -> bool {
    let navigator = window().navigator();
    let agent = navigator.user_agent().unwrap_or_default();
    agent.contains("iPhone")
        || agent.contains("iPad")
        || (agent.contains("Macintosh") && navigator.max_touch_points() > 1)
}

/// How this device can install the app.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Prompt,
    Ios,
    Menu,
}

/// The home screen's hint: a button where the browser offers its prompt, the words where
/// it does not, nothing once installed.
#[component]
pub fn InstallHint() -> impl IntoView {
    let way = RwSignal::new(if PROMPT.with(|p| p.borrow().is_some()) {
        Way::Prompt
    } else if ios() {
        Way::Ios
    } else {
        Way::Menu
    });
    // The prompt may be offered after the home screen is drawn.
    let offered = window_event_listener_untyped("beforeinstallprompt", move |_| {
        let _ = way.try_set(Way::Prompt);
    });
    on_cleanup(move || offered.remove());
    let install = move |_| {
        let Some(event) = PROMPT.with(|p| p.borrow_mut().take()) else {
            return;
        };
        if let Ok(prompt) = js_sys::Reflect::get(&event, &"prompt".into())
            && let Some(prompt) = prompt.dyn_ref::<js_sys::Function>()
        {
            let _ = prompt.call0(&event);
        }
        way.set(Way::Menu);
    };
    (!installed()).then(|| {
        view! {
            <p class="install-hint" data-install=move || match way.get() { Way::Prompt => "prompt", Way::Ios => "ios", Way::Menu => "menu" }>
                {move || match way.get() {
                    Way::Prompt => view! {
                        <span>{tr!("Keep Intrigue on this device: it opens like an app and works offline. ", "Guarda Intrigue en este dispositivo: se abre como una aplicación y funciona sin conexión. ")}</span>
                        <button type="button" class="button" data-action="install" on:click=install>{tr!("Install the app", "Instalar la aplicación")}</button>
                    }.into_any(),
                    Way::Ios => view! {
                        <span>{tr!(
                            "To keep Intrigue on this iPhone or iPad (it then works offline): tap Share, then “Add to Home Screen”.",
                            "Para guardar Intrigue en este iPhone o iPad (así funciona sin conexión): toca Compartir y luego «Añadir a pantalla de inicio»."
                        )}</span>
                    }.into_any(),
                    Way::Menu => view! {
                        <span>{tr!(
                            "To keep Intrigue on this device (it then works offline): your browser's menu has “Install app” or “Add to Home screen”.",
                            "Para guardar Intrigue en este dispositivo (así funciona sin conexión): el menú de tu navegador tiene «Instalar aplicación» o «Añadir a pantalla de inicio»."
                        )}</span>
                    }.into_any(),
                }}
            </p>
        }
    })
}

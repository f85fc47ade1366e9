//! The language switch in the top bar: the choice remembered on this device (the one
//! setting `first.js` reads before the first paint) and the page reloaded in it. Apart
//! from [`crate::i18n`], which every module uses and which stores nothing.

use leptos::prelude::*;

use crate::i18n::{Lang, lang};

/// The key this device remembers its language under.
pub use crate::saved::keys::LANG as KEY;

/// Speak `lang` from now on: remembered on this device (one that cannot remember still
/// switches, for this visit: `first.js` reads the address's `?lang` too) and the page
/// reloaded in it.
pub fn set(lang: Lang) {
    crate::storage::set_setting(KEY, lang.code());
    if let Some(window) = web_sys::window() {
        let location = window.location();
        let search = format!("?lang={}", lang.code());
        let _ = location.set_search(&search);
    }
}

/// The English/Español switch, in the top bar of every screen: it offers the other
/// language, in that language's own words.
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let offered = lang().other();
    let (name, label) = match offered {
        Lang::En => ("English", "English: switch the app to English"),
        Lang::Es => ("Español", "Español: usar la aplicación en español"),
    };
    view! {
        <button type="button" class="language-switch" data-action="language"
            lang=offered.code() aria-label=label on:click=move |_| set(offered)>
            {name}
        </button>
    }
}

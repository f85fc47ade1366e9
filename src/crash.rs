//! The crash screen. A Rust panic must never leave a frozen page: the panic hook hands the
//! details to `intrigueCrashed` in `public/boot.js`, which draws the screen in plain
//! JavaScript (the WebAssembly instance cannot be trusted after a panic).

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = window, js_name = intrigueCrashed, catch)]
    fn show_crash_screen(details: &str) -> Result<(), JsValue>;

    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(text: &str);
}

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        // Never the part after `#`: a seat's code or a game could be in it, and the details
        // are meant to be copied and sent to us.
        let page = crate::route::app_address();
        let details = format!(
            "Intrigue {} crashed.\n{info}\nPage: {page}\nBrowser: {}",
            env!("CARGO_PKG_VERSION"),
            web_sys::window()
                .and_then(|w| w.navigator().user_agent().ok())
                .unwrap_or_default(),
        );
        console_error(&details);
        let _ = show_crash_screen(&details);
    }));
}

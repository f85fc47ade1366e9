//! Intrigue, the app: Leptos screens that render views from `intrigue-core`.
//!
//! `main` only installs the crash screen and mounts; everything else lives in `app` and
//! the screens.

// First: its `tr!` and `trf!` serve every module below.
#[macro_use]
mod i18n;

mod app;
mod awake;
mod components;
mod crash;
mod cues;
mod dialog;
mod frame;
mod games;
mod guard;
mod install;
mod language;
mod net;
mod reasons;
mod route;
mod saved;
mod scan;
mod screens;
mod storage;
mod words;

fn main() {
    crash::install();
    install::listen();
    // The static first screen (index.html's [data-first] elements) gives way to the app in
    // this same task: no frame falls between them.
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        while let Ok(Some(first)) = document.query_selector("[data-first]") {
            first.remove();
        }
    }
    leptos::mount::mount_to_body(app::App);
}

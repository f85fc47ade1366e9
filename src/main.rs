//! Intrigue, the app: Leptos screens that render views from `intrigue-core`.
//!
//! `main` only installs the crash screen and mounts; everything else lives in `app` and
//! the screens.

mod app;
mod awake;
mod components;
mod crash;
mod cues;
mod dialog;
mod games;
mod guard;
mod install;
mod net;
mod route;
mod saved;
mod screens;
mod storage;
mod words;

fn main() {
    crash::install();
    install::listen();
    if let Some(status) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot-status"))
    {
        status.remove();
    }
    leptos::mount::mount_to_body(app::App);
}

//! A game as a file: export the game on screen (its record text, which holds its table's
//! deal too), import one back. For a device whose storage is full, and for moving a game
//! to another device. The file is plain text, as the saves are.

use intrigue_core::GameKind;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::dialog::ask;

/// Offer `text` as a download named `name`.
fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| {
        tr!(
            "This browser could not save the file.",
            "Este navegador no pudo guardar el archivo."
        )
        .get()
        .to_string()
    };
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let link: web_sys::HtmlAnchorElement = document()
        .create_element("a")
        .map_err(fail)?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The time of day of `at` (ms since 1970), as this device's clock says it ("21:04").
pub fn clock(at: u64) -> String {
    let date = js_sys::Date::new(&(at as f64).into());
    format!("{:02}:{:02}", date.get_hours(), date.get_minutes())
}

/// What the players are told of a running game's exports: one sentence, or none.
pub fn exports_said(exports: &[u64], holds: &str) -> Option<String> {
    let times: Vec<String> = exports.iter().map(|&at| clock(at)).collect();
    (!times.is_empty()).then(|| {
        trf!(
            "This game was exported to a file while it was being played ({}): that file holds {holds}.",
            "Esta partida se exportó a un archivo mientras se jugaba ({}): ese archivo contiene {holds}.",
            times.join(", ")
        )
    })
}

/// "Export this game": the game as it is on screen now (saved or not). A game with hidden
/// information still being played is exported only after saying what the file holds, and
/// the export is written into the game's log (and the table's), so every player is told;
/// a finished game exports freely.
#[component]
pub fn ExportGame(
    kind: GameKind,
    #[prop(into)] record: Callback<(), String>,
    /// Whether the game is still being played.
    #[prop(into)]
    playing: Signal<bool>,
) -> impl IntoView {
    let holds = crate::games::screens(kind).file_holds;
    let problem = RwSignal::new(None::<String>);
    let exports = RwSignal::new(crate::saved::game_exports());
    // The file itself, once the player has said yes (or was not asked).
    let made = move || {
        let date = js_sys::Date::new_0();
        let name = format!(
            "intrigue-{}-{}-{:02}-{:02}.txt",
            kind.slug(),
            date.get_full_year(),
            date.get_month() + 1,
            date.get_date()
        );
        if let Err(why) = download(&name, &record.run(())) {
            problem.set(Some(why));
        }
    };
    // A game still being played: logged first, or not made.
    let logged_then_made = move || {
        // An out-of-date tab (another tab wrote since) cannot log the export where the
        // players look (this tab's log is not the game's): no file is made, as no peek
        // is shown that cannot be logged. The other tab holds the game as it is.
        if crate::storage::is_stale() {
            problem.set(Some(trf!(
                "Not exported: {}",
                "No se exportó: {}",
                crate::storage::STALE.get()
            )));
            return;
        }
        // Storage full: the file is the only way to keep the game, so it is made all
        // the same, and the screen says what could not be logged.
        let logged = crate::saved::log_export();
        if let Err(why) = &logged
            && crate::storage::is_stale()
        {
            problem.set(Some(trf!("Not exported: {why}", "No se exportó: {why}")));
            return;
        }
        exports.update(|e| e.push(crate::saved::now()));
        if let Err(why) = logged {
            problem.set(Some(trf!(
                "This export could not be written into the game's log ({why}): tell every player that the file holds {holds}.",
                "Esta exportación no se pudo anotar en el registro de la partida ({why}): di a todos los jugadores que el archivo contiene {holds}."
            )));
        }
        made();
    };
    let export = move |_| {
        problem.set(None);
        if playing.get_untracked() {
            let asked = trf!(
                "This game is still being played, and its file holds {holds}: whoever opens it can see them. Export it anyway? The export is written into the game's log, and every player is told.",
                "Esta partida aún se está jugando y su archivo contiene {holds}: quien lo abra podrá verlo. ¿Exportarla de todos modos? La exportación queda anotada en el registro de la partida y se avisa a todos los jugadores."
            );
            ask(asked, tr!("Export it", "Exportarla"), logged_then_made);
        } else {
            made();
        }
    };
    view! {
        <button type="button" class="button" data-action="export" on:click=export>{tr!("Export this game", "Exportar esta partida")}</button>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        {move || exports.with(|e| exports_said(e, holds.get())).map(|said| view! { <p class="notice exported" data-exported="">{said}</p> })}
    }
}

/// A game file's text, read, checked and imported (asked first when it ends a game in
/// progress here): its own part of the app, loaded the first time a file is chosen (the
/// home screen every page shows first carries only the button). What went wrong is said
/// in `problem`.
#[leptos::lazy]
fn import_text(
    text: String,
    problem: RwSignal<Option<String>>,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
    Box::pin(async move {
        // The whole game must read and replay before it may replace anything here (the
        // check is in the game's own part of the app, loaded for it), with the seats the
        // computer played.
        let file = match intrigue_core::GameKind::of_record(text.trim()) {
            Some(kind) => match crate::games::check(kind, text).await {
                Ok(file) => file,
                Err(message) => return problem.set(Some(message)),
            },
            // Not a game: the import says so.
            None => crate::games::GameFile {
                record: text,
                computers: Vec::new(),
            },
        };
        // Said before the player is asked anything.
        if let Err(message) = crate::saved::readable(&file.record) {
            return problem.set(Some(message));
        }
        let import = move || match crate::saved::import_game(&file.record, &file.computers) {
            Ok(next) => next.go(),
            Err(message) => problem.set(Some(message)),
        };
        if crate::saved::in_progress() {
            ask(
                tr!(
                    "Import this game? The table and game in progress on this device end.",
                    "¿Importar esta partida? La mesa y la partida en curso en este dispositivo terminan."
                )
                .get(),
                tr!("Import it", "Importarla"),
                import,
            );
        } else {
            import();
        }
    })
}

/// "Import a game": a file exported by [`ExportGame`], here or on another device.
#[component]
pub fn ImportGame() -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let chosen = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        input.set_value("");
        problem.set(None);
        leptos::task::spawn_local(async move {
            let text = match JsFuture::from(file.text()).await {
                Ok(text) => text.as_string().unwrap_or_default(),
                Err(_) => {
                    problem.set(Some(
                        tr!(
                            "This file could not be read.",
                            "No se pudo leer este archivo."
                        )
                        .get()
                        .to_string(),
                    ));
                    return;
                }
            };
            import_text(text, problem).await.await;
        });
    };
    view! {
        <label class="button file-button">
            {tr!("Import a game", "Importar una partida")}
            <input type="file" accept=".txt,text/plain" class="visually-hidden" on:change=chosen/>
        </label>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
    }
}

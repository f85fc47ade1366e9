//! The app's own questions ("Start round 2?", "Resign this game?"): a modal dialog drawn in
//! the page, in the page's language, with buttons that say what they do. Never the
//! browser's `confirm()`, which speaks the browser's language, says "OK", and can be
//! switched off by the browser after a few questions.
//!
//! [`ask`] puts the question; [`Questions`], drawn once by the app's shell, shows it. One
//! question at a time: a second one asked while the first is open replaces it (the first
//! counts as answered "no", so nothing happens twice).

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;

/// What to do with the answer: called once, with true for the question's own button.
type Answer = Rc<dyn Fn(bool)>;

thread_local! {
    /// What to do with the answer to the question on screen, if one is.
    static ASKING: RefCell<Option<Answer>> = const { RefCell::new(None) };
    /// What the shell's dialog draws: the question and its button's words.
    static SHOWN: RwSignal<Option<(String, String)>> = RwSignal::new(None);
}

/// Ask `question`; `yes` names what its button does ("Start round 2", "Resign"). `then`
/// runs only on that button; Cancel, Escape or a new question leave everything as it was.
pub fn ask(question: impl Into<String>, yes: impl Into<String>, then: impl Fn() + 'static) {
    ask_then(question, yes, move |yes| {
        if yes {
            then();
        }
    });
}

/// [`ask`], and `answer` hears either answer (a screen that only exists to ask goes back on
/// "no").
pub fn ask_then(
    question: impl Into<String>,
    yes: impl Into<String>,
    answer: impl Fn(bool) + 'static,
) {
    let question = question.into();
    let yes = yes.into();
    let earlier = ASKING.with(|asking| asking.borrow_mut().replace(Rc::new(answer) as Answer));
    SHOWN.with(|shown| shown.set(Some((question, yes))));
    open_soon();
    if let Some(earlier) = earlier {
        earlier(false);
    }
}

/// Show the dialog, modal, once its words are drawn (the frame after), so the focus lands
/// on its button.
#[cfg(target_arch = "wasm32")]
fn open_soon() {
    crate::frame::after_frame(|| {
        // Still asked (not answered, nor gone with its screen, meanwhile).
        let asked = ASKING.with(|asking| asking.borrow().is_some());
        if asked
            && let Some(dialog) = the_dialog()
            && !dialog.open()
        {
            let _ = dialog.show_modal();
        }
    });
}

/// The shell's dialog element, once drawn (never on a page without the shell).
#[cfg(target_arch = "wasm32")]
fn the_dialog() -> Option<web_sys::HtmlDialogElement> {
    web_sys::window()?
        .document()?
        .query_selector("dialog.ask")
        .ok()??
        .dyn_into()
        .ok()
}

/// Close the dialog element, if it is open.
#[cfg(target_arch = "wasm32")]
fn close() {
    if let Some(dialog) = the_dialog()
        && dialog.open()
    {
        dialog.close();
    }
}

/// Answer the question on screen (once: a second click finds none).
fn answer(yes: bool) {
    let Some(asking) = ASKING.with(|asking| asking.borrow_mut().take()) else {
        return;
    };
    SHOWN.with(|shown| shown.set(None));
    close();
    asking(yes);
}

/// Close the question unanswered, its answer dropped: the screen that asked has gone (the
/// address changed), and what it would do belongs to that screen.
pub fn forget() {
    ASKING.with(|asking| asking.borrow_mut().take());
    SHOWN.with(|shown| shown.set(None));
    close();
}

/// Off the web (the unit tests) there is no page to show the dialog on: the question's
/// state is all there is.
#[cfg(not(target_arch = "wasm32"))]
fn open_soon() {}

#[cfg(not(target_arch = "wasm32"))]
fn close() {}

/// The dialog every question is shown in: drawn once, by the app's shell. It is modal (the
/// page behind cannot be used until it is answered), Escape is "Cancel", and the focus
/// starts on the question's own button, as the browser's dialog did.
#[component]
pub fn Questions() -> impl IntoView {
    let shown = SHOWN.with(|shown| *shown);
    view! {
        <dialog
            class="ask"
            aria-labelledby="ask-question"
            on:cancel=move |ev: web_sys::Event| {
                ev.prevent_default();
                answer(false);
            }
        >
            {move || shown.get().map(|(question, yes)| view! {
                <p id="ask-question" class="ask-question">{question}</p>
                <div class="actions">
                    <button type="button" class="button" data-answer="no" on:click=move |_| answer(false)>
                        {tr!("Cancel", "Cancelar")}
                    </button>
                    <button type="button" class="button primary" data-answer="yes" autofocus on:click=move |_| answer(true)>
                        {yes}
                    </button>
                </div>
            })}
        </dialog>
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::*;

    /// The words on screen now.
    fn shown() -> Option<(String, String)> {
        SHOWN.with(|shown| shown.get_untracked())
    }

    /// The question's own button acts once; Cancel, a new question or a screen that went
    /// away acts never; and each closes what was shown.
    #[test]
    fn a_question_acts_only_on_its_own_answer_and_once() {
        let done = Rc::new(Cell::new(0));
        let count = |done: &Rc<Cell<u32>>| {
            let done = done.clone();
            move || done.set(done.get() + 1)
        };
        ask("Resign?", "Resign", count(&done));
        assert_eq!(shown(), Some(("Resign?".into(), "Resign".into())));
        answer(true);
        assert_eq!(done.get(), 1);
        assert_eq!(shown(), None);
        answer(true);
        assert_eq!(done.get(), 1, "a second click finds no question");

        ask("Resign?", "Resign", count(&done));
        answer(false);
        assert_eq!((done.get(), shown()), (1, None), "Cancel does nothing");

        // A second question replaces the first, which counts as answered no.
        let heard = Rc::new(Cell::new(None));
        let first = heard.clone();
        ask_then("Start round 2?", "Start round 2", move |yes| {
            first.set(Some(yes))
        });
        ask("Export?", "Export it", count(&done));
        assert_eq!(heard.get(), Some(false));
        assert_eq!(shown().map(|s| s.0).as_deref(), Some("Export?"));
        answer(true);
        assert_eq!(done.get(), 2);

        // The screen that asked went away: the answer is dropped, unheard.
        let heard = Rc::new(Cell::new(None));
        let later = heard.clone();
        ask_then("End it?", "End it and deal", move |yes| {
            later.set(Some(yes))
        });
        forget();
        answer(true);
        assert_eq!((heard.get(), shown()), (None, None));
    }
}

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

use leptos::html::Dialog;
use leptos::prelude::*;

/// What to do with the answer: called once, with true for the question's own button.
type Answer = Rc<dyn Fn(bool)>;

thread_local! {
    /// What to do with the answer to the question on screen, if one is.
    static ASKING: RefCell<Option<Answer>> = const { RefCell::new(None) };
    /// What the shell's dialog draws: the question and its button's words.
    static SHOWN: RwSignal<Option<(String, String)>, LocalStorage> = RwSignal::new_local(None);
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
    if let Some(earlier) = earlier {
        earlier(false);
    }
}

/// Answer the question on screen (once: a second click finds none).
fn answer(yes: bool) {
    let Some(asking) = ASKING.with(|asking| asking.borrow_mut().take()) else {
        return;
    };
    SHOWN.with(|shown| shown.set(None));
    asking(yes);
}

/// Close the question unanswered, its answer dropped: the screen that asked has gone (the
/// address changed), and what it would do belongs to that screen.
pub fn forget() {
    ASKING.with(|asking| asking.borrow_mut().take());
    SHOWN.with(|shown| shown.set(None));
}

/// The dialog every question is shown in: drawn once, by the app's shell. It is modal (the
/// page behind cannot be used until it is answered), Escape is "Cancel", and the focus
/// starts on the question's own button, as the browser's dialog did.
#[component]
pub fn Questions() -> impl IntoView {
    let shown = SHOWN.with(|shown| *shown);
    let dialog = NodeRef::<Dialog>::new();
    Effect::new(move |_| {
        let open = shown.with(Option::is_some);
        let Some(dialog) = dialog.get() else {
            return;
        };
        if open && !dialog.open() {
            let _ = dialog.show_modal();
        } else if !open && dialog.open() {
            dialog.close();
        }
    });
    view! {
        <dialog
            class="ask"
            node_ref=dialog
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

//! The board: squares, pieces, highlights. It knows no rules: it is given the pieces, the
//! legal destinations of each square, the last move and the blocked squares, and it emits
//! `(from, to)`. Tap a piece then a destination, or drag it there (touch first); a tray
//! piece is placed the same two ways. Squares
//! are numbered rank × width + file from the bottom-left, so one component serves the
//! 8×8 boards and the 10×10 Espionage board.
//!
//! What is chosen and what a tap or a drop does is plain data (`choice`), as is every
//! square's look (`look`): both tested natively. The page's side: `draw` (the squares),
//! `pieces` (the pieces' layer), `pointer` (a press, a drag, a drop), `keys`.

mod choice;
mod drag;
mod draw;
mod keys;
mod look;
mod model;
mod pieces;
mod pointer;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use choice::{Choice, Tap};
use drag::Drag;
use draw::squares;
pub use model::{BoardModel, BoardPiece, Face, TapShows, square_name};
use pieces::piece_element;
use pointer::Pointer;

/// How long a reason stays over the board's foot, unless the player taps again first.
const REFUSAL_SHOWN: std::time::Duration = std::time::Duration::from_secs(6);

#[component]
pub fn Board(
    #[prop(into)] model: Signal<BoardModel>,
    #[prop(into)] on_move: Callback<(u8, u8)>,
    /// A tray piece (by id) placed on a square; only boards with a tray need it.
    #[prop(optional, into)]
    on_place: Option<Callback<(u16, u8)>>,
    /// Accessible name of the board ("A City of Spies board").
    #[prop(into)]
    label: String,
    /// Name the piece last tapped (or picked from the tray) under the board, in words: for
    /// pieces whose pictures a player may not know yet (Espionage).
    #[prop(optional)]
    tell: bool,
) -> impl IntoView {
    let choice = RwSignal::new(Choice::default());
    // A move made by dragging: the piece is already where it lands, so it does not slide.
    let just_dropped = StoredValue::new(false);
    // The last move the board has drawn (see the squares' effect).
    let last_seen = StoredValue::new(model.with_untracked(|m| m.last_move));
    // The piece last tapped, in words (with `tell`).
    let told = RwSignal::new(None::<String>);
    // Why the piece last tapped cannot act now (the model's refusal), until the next tap
    // or a new position.
    let refused = RwSignal::new(None::<String>);
    // How many reasons were said: a reason's own time to go is not a later one's.
    let said_count = StoredValue::new(0u32);
    Effect::new(move |_| {
        model.track();
        if refused.with_untracked(Option::is_some) {
            refused.set(None);
        }
    });
    // A press on a piece (of the board or the tray) that may become a drag.
    let drag = RwSignal::new(None::<Drag>);
    // The last press was a drag: the click that follows it is not a tap.
    let dragged = StoredValue::new(false);
    let set_from = move |from: Option<u8>| {
        choice.update(|c| {
            c.from = from;
            c.placing = None;
        })
    };

    // A move drawn at its tap, not yet played (see `TapShows`): the game plays it once that
    // frame is painted, and the board then draws the game's own position.
    let shown_early = StoredValue::new(None::<(u8, u8)>);
    let redraw = Trigger::new();
    // The pieces as drawn (see `draw::squares`).
    let pieces: pieces::Drawn = StoredValue::new_local(Vec::new());
    let play = move |from: u8, to: u8| {
        if !model.with_untracked(|m| m.shows_at_tap(from, to)) {
            set_from(None);
            on_move.run((from, to));
            return;
        }
        shown_early.set_value(Some((from, to)));
        // The tap's frame shows the piece sliding, drawn straight into the page, and
        // nothing else: no effect runs and no board is copied before it; the choice is let
        // go, and the squares drawn, once the game has played the move after that frame.
        let shape = model.with_untracked(|m| (m.width, m.height, m.flipped));
        let drawn = pieces
            .try_update_value(|drawn| pieces::show_move(drawn, (from, to), shape))
            .unwrap_or(false);
        if !drawn {
            // No piece drawn there yet: the board's effect draws the move.
            set_from(None);
        }
        crate::frame::after_frame(move || {
            if shown_early.try_set_value(None).is_some() {
                return;
            }
            set_from(None);
            on_move.try_run((from, to));
            // Drawn again from the game's board, even if the game did not play the move.
            redraw.notify();
        });
    };

    // A tap reads the model where it lies: copying it would cost the move's frame.
    let choose = move |index: u8| {
        // A move drawn but not yet played: the next tap waits for the game's board.
        if shown_early.get_value().is_some() {
            return;
        }
        let now = choice.get_untracked();
        // Said one frame after the tap: a move's frame draws the board alone.
        let say = move |said: Option<String>| {
            crate::frame::after_frame(move || {
                let _ = told.try_set(said);
            });
        };
        if tell {
            let said = model.with_untracked(|m| look::piece_said(m, index));
            if said.is_some() || now.placing.is_none() {
                say(said);
            }
        }
        let outcome = model.with_untracked(|m| choice::tap(m, now, index, tell));
        // A reason said before is old once the player taps again.
        if !matches!(outcome, Tap::Refused(_)) && refused.with_untracked(Option::is_some) {
            crate::frame::after_frame(move || {
                let _ = refused.try_set(None);
            });
        }
        match outcome {
            Tap::Refused(at) => {
                set_from(None);
                let why = model.with_untracked(|m| m.refusal(at).map(str::to_string));
                let said = said_count.get_value().wrapping_add(1);
                said_count.set_value(said);
                crate::frame::after_frame(move || {
                    let _ = refused.try_set(why);
                });
                // It clears the board's foot again after a while, unless said anew.
                set_timeout(
                    move || {
                        if said_count.try_get_value() == Some(said) {
                            let _ = refused.try_set(None);
                        }
                    },
                    REFUSAL_SHOWN,
                );
            }
            Tap::Play { from, to } => play(from, to),
            Tap::Choose(from) => set_from(from),
            Tap::Place { id, on } => {
                choice.update(|c| c.placing = None);
                if let Some(place) = on_place {
                    place.run((id, on));
                }
                if tell {
                    // What was said of the piece to place (how many were left) is old now.
                    say(Some(model.with_untracked(|m| look::placed_said(m, on))));
                }
            }
            // The piece stays chosen, and the player hears why.
            Tap::NotForThisPiece => say(Some(
                model.with_untracked(|m| look::not_here_said(m, index)),
            )),
        }
    };

    let tap = Callback::new(move |index: u8| {
        // The click that ends a drag is not a tap.
        if !std::mem::take(&mut *dragged.write_value()) {
            choose(index);
        }
    });
    let squares = squares(
        model,
        choice,
        (shown_early, redraw),
        (just_dropped, last_seen),
        pieces,
        tap,
    );
    let tray = Memo::new(move |_| model.with(|m| m.tray.clone()));
    let placing = Memo::new(move |_| choice.with(|c| c.placing));

    let pointer = Pointer {
        model,
        choice,
        drag,
        dragged,
        shown_early,
        just_dropped,
        on_move,
        on_place,
    };
    pointer.follow();
    // The keyboard: Enter or Space picks up and drops (a tap), Escape lets go, and the
    // arrow keys move the focus square as the viewer sees the board (see `keys`).
    let on_keydown = move |ev: web_sys::KeyboardEvent| keys::key_down(&ev, model, choice, choose);

    view! {
        <div class="board-wrap"
            on:pointermove=move |ev| pointer.moved(ev)
            on:pointerup=move |ev| pointer.up(ev)
            on:pointercancel=move |_| drag.set(None)>
            <div class="board" role="grid" aria-label=label
                on:keydown=on_keydown
                style:--files=move || model.with(|m| m.width.to_string())
                style:--ranks=move || model.with(|m| m.height.to_string())
                on:pointerdown=move |ev| pointer.down(ev)>
                {squares}
            </div>
            {pointer.ghost()}
            // Over the board, at its foot (a box the board's shape): why a piece tapped
            // cannot act, for the eyes and, as a status, for screen readers.
            <p class="board-refusal" role="status"
                style:--files=move || model.with(|m| m.width.to_string())
                style:--ranks=move || model.with(|m| m.height.to_string())>
                {move || refused.get().map(|why| view! { <span data-refusal="">{why}</span> })}
            </p>
            {tell.then(|| view! {
                <p class="board-told" data-told="">{move || told.get().unwrap_or_else(|| tr!("Tap a piece to see what it is.", "Toca una pieza para ver qué es.").to_string())}</p>
            })}
            {move || tray.with(|t| !t.is_empty()).then(|| view! {
                <Tray tray placing pointer tell told/>
            })}
        </div>
    }
}

/// After a button that hands the turn on (Espionage's "Ready" and "Submit turn"): that
/// button is then gone or disabled, and the keyboard's focus would drop to the page, with
/// the page left scrolled wherever the button was. Once the next screen is drawn, the
/// focus goes to the board (the square the arrow keys start from), which brings the board
/// into view; a focus the player already moved elsewhere is left where it is.
pub fn focus_board_after_frame() {
    // Two frames on: the parts around the board (the button itself) follow the board by a
    // frame (`frame::after_paint`).
    crate::frame::after_frame(|| crate::frame::after_frame(focus_board_if_lost));
}

/// The focus to the board's entry square, if it was dropped to the page or stands on a
/// disabled button.
fn focus_board_if_lost() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lost = match document.active_element() {
        None => true,
        Some(active) => {
            document.body().is_some_and(|body| active == *body.as_ref())
                || active.has_attribute("disabled")
        }
    };
    if !lost {
        return;
    }
    if let Some(square) = document
        .query_selector(".board .sq[tabindex=\"0\"]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = square.focus();
    }
}

/// The pieces waiting beside the board to be placed (a set-up's): one is chosen by a tap
/// (`placing`), or dragged onto its square (`pointer`); `tell`: the chosen one is said in
/// words (`told`).
#[component]
fn Tray(
    tray: Memo<Vec<BoardPiece>>,
    placing: Memo<Option<u16>>,
    pointer: Pointer,
    tell: bool,
    told: RwSignal<Option<String>>,
) -> impl IntoView {
    let Pointer {
        choice, dragged, ..
    } = pointer;
    view! {
        <div class="tray" role="listbox" aria-label=tr!("Pieces to place", "Piezas por colocar")>
            {tray.get().into_iter().map(|p| {
                let id = p.id;
                let label = p.label.clone();
                let p_told = p.clone();
                let button = NodeRef::<leptos::html::Button>::new();
                let drawn = p.clone();
                button.on_load(move |button| {
                    if let Ok(piece) = piece_element(&drawn) {
                        let _ = button.append_child(&piece);
                    }
                });
                view! {
                    <button type="button" class="tray-piece" role="option" aria-label=label node_ref=button
                        aria-selected=move || (placing.get() == Some(id)).to_string()
                        class:chosen=move || placing.get() == Some(id)
                        on:pointerdown=move |ev| pointer.tray_down(id, ev)
                        on:click=move |_| if !std::mem::take(&mut *dragged.write_value()) {
                            choice.update(|c| c.tray_tapped(id));
                            if tell {
                                told.set(Some(trf!("To place: {}", "Por colocar: {}", p_told.label)));
                            }
                        }>
                    </button>
                }
            }).collect_view()}
        </div>
    }
}

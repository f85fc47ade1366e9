//! The board: squares, pieces, highlights. It knows no rules: it is given the pieces, the
//! legal destinations of each square, the last move and the blocked squares, and it emits
//! `(from, to)`. Tap a piece then a destination, or drag it there (touch first). Squares
//! are numbered rank × width + file from the bottom-left, so one component serves the
//! 8×8 boards and the 10×10 Espionage board.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// One piece as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPiece {
    pub at: u8,
    pub image: &'static str,
    /// Said by screen readers and tests ("Rook 2").
    pub label: String,
    /// A small number that tells twins apart.
    pub badge: Option<u8>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardModel {
    pub width: u8,
    pub height: u8,
    pub pieces: Vec<BoardPiece>,
    pub destinations: Vec<(u8, Vec<u8>)>,
    pub last_move: Option<(u8, u8)>,
    /// Squares nothing may enter (the building), drawn as such.
    pub blocked: Vec<u8>,
    /// A king in check.
    pub check: Option<u8>,
}

/// "e4" for a square index on a board `width` wide.
pub fn square_name(index: u8, width: u8) -> String {
    let file = (b'a' + index % width) as char;
    format!("{file}{}", index / width + 1)
}

impl BoardModel {
    fn targets(&self, from: u8) -> Vec<u8> {
        self.destinations
            .iter()
            .find(|(f, _)| *f == from)
            .map(|(_, to)| to.clone())
            .unwrap_or_default()
    }
}

/// The square under a pointer, from the element there (`data-index`).
fn index_at(x: i32, y: i32) -> Option<u8> {
    let element = document().element_from_point(x as f32, y as f32)?;
    let square = element.closest("[data-index]").ok()??;
    square.get_attribute("data-index")?.parse().ok()
}

#[component]
pub fn Board(
    #[prop(into)] model: Signal<BoardModel>,
    #[prop(into)] on_move: Callback<(u8, u8)>,
    /// Accessible name of the board ("A City of Spies board").
    #[prop(into)]
    label: String,
) -> impl IntoView {
    let selected = RwSignal::new(None::<u8>);
    // While dragging: the piece's square and the pointer position.
    // Whole pixels: formatting a float would pull all of float printing into the wasm.
    let drag = RwSignal::new(None::<(u8, i32, i32)>);
    let moved_while_down = RwSignal::new(false);

    let choose = move |index: u8| {
        let m = model.get_untracked();
        match selected.get_untracked() {
            Some(from) if m.targets(from).contains(&index) => {
                selected.set(None);
                on_move.run((from, index));
            }
            Some(from) if from == index => selected.set(None),
            _ if !m.targets(index).is_empty() => selected.set(Some(index)),
            _ => selected.set(None),
        }
    };
    // A new position clears any selection.
    Effect::new(move |_| {
        model.track();
        selected.set(None);
    });

    let squares = move || {
        let m = model.get();
        let width = m.width;
        let chosen = selected.get();
        let targets = chosen.map(|c| m.targets(c)).unwrap_or_default();
        let dragging = drag.get().map(|(from, ..)| from);
        (0..m.height)
            .rev()
            .flat_map(|rank| (0..width).map(move |file| rank * width + file))
            .map(|index| {
                let piece = m.pieces.iter().find(|p| p.at == index).cloned();
                let blocked = m.blocked.contains(&index);
                let file = index % width;
                let rank = index / width;
                let mut class = String::from("sq");
                class.push_str(if (file + rank).is_multiple_of(2) { " dark" } else { " light" });
                if blocked {
                    class.push_str(" blocked");
                }
                if m.last_move.is_some_and(|(a, b)| a == index || b == index) {
                    class.push_str(" last");
                }
                if m.check == Some(index) {
                    class.push_str(" check");
                }
                if chosen == Some(index) {
                    class.push_str(" selected");
                }
                if targets.contains(&index) {
                    class.push_str(if piece.is_some() { " dest capture" } else { " dest" });
                }
                if !m.targets(index).is_empty() {
                    class.push_str(" movable");
                }
                let name = square_name(index, width);
                let aria = match &piece {
                    Some(p) => format!("{name}, {}", p.label),
                    None if blocked => format!("{name}, building"),
                    None => name.clone(),
                };
                let hidden = dragging == Some(index);
                view! {
                    <div class=class data-index=index data-square=name.clone() role="gridcell" aria-label=aria
                        on:click=move |_| {
                            if moved_while_down.get_untracked() {
                                moved_while_down.set(false);
                            } else {
                                choose(index);
                            }
                        }>
                        {(file == 0).then(|| view! { <span class="coord rank">{rank + 1}</span> })}
                        {(rank == 0).then(|| view! { <span class="coord file">{(b'a' + file) as char}</span> })}
                        {piece.map(|p| view! {
                            <span class="piece" class:ghosted=hidden data-piece=p.label.clone()>
                                <img src=p.image alt="" draggable="false"/>
                                {p.badge.map(|b| view! { <span class="badge">{b}</span> })}
                            </span>
                        })}
                    </div>
                }
            })
            .collect_view()
    };

    let on_pointerdown = move |ev: web_sys::PointerEvent| {
        let Some(index) = index_at(ev.client_x(), ev.client_y()) else {
            return;
        };
        if model.get_untracked().targets(index).is_empty() {
            return;
        }
        if let Some(target) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = target.release_pointer_capture(ev.pointer_id());
        }
        moved_while_down.set(false);
        drag.set(Some((index, ev.client_x(), ev.client_y())));
    };
    let on_pointermove = move |ev: web_sys::PointerEvent| {
        if let Some((from, x0, y0)) = drag.get_untracked() {
            let (x, y) = (ev.client_x(), ev.client_y());
            if (x - x0).abs() + (y - y0).abs() > 6 {
                moved_while_down.set(true);
                selected.set(Some(from));
            }
            if moved_while_down.get_untracked() {
                ev.prevent_default();
                drag.set(Some((from, x, y)));
            }
        }
    };
    let on_pointerup = move |ev: web_sys::PointerEvent| {
        let Some((from, ..)) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if !moved_while_down.get_untracked() {
            return;
        }
        let to = index_at(ev.client_x(), ev.client_y());
        match to {
            Some(to) if model.get_untracked().targets(from).contains(&to) => {
                selected.set(None);
                on_move.run((from, to));
            }
            _ => selected.set(Some(from)),
        }
    };
    let ghost = move || {
        let (from, x, y) = drag.get()?;
        if !moved_while_down.get() {
            return None;
        }
        let piece = model.with(|m| m.pieces.iter().find(|p| p.at == from).cloned())?;
        Some(view! {
            <span class="piece drag-ghost" style:left=format!("{x}px") style:top=format!("{y}px")>
                <img src=piece.image alt="" draggable="false"/>
            </span>
        })
    };

    view! {
        <div class="board-wrap">
            <div class="board" role="grid" aria-label=label
                style:--files=move || model.with(|m| m.width.to_string())
                style:--ranks=move || model.with(|m| m.height.to_string())
                on:pointerdown=on_pointerdown
                on:pointermove=on_pointermove
                on:pointerup=on_pointerup
                on:pointercancel=move |_| drag.set(None)>
                {squares}
            </div>
            {ghost}
        </div>
    }
}

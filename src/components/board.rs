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
        model.with(|_| ());
        selected.set(None);
    });

    // Squares are drawn once per board size; each square follows its own memos, so a move
    // touches only the squares whose piece or highlight changed (one frame on a slow phone).
    let size = Memo::new(move |_| model.with(|m| (m.width, m.height)));
    let targets = Memo::new(move |_| {
        selected
            .get()
            .map(|from| model.with(|m| m.targets(from)))
            .unwrap_or_default()
    });
    let dragging = Memo::new(move |_| drag.with(|d| d.map(|(from, ..)| from)));
    let square = move |index: u8, width: u8| {
        let piece =
            Memo::new(move |_| model.with(|m| m.pieces.iter().find(|p| p.at == index).cloned()));
        let class = Memo::new(move |_| {
            let file = index % width;
            let rank = index / width;
            let mut class = String::from("sq");
            class.push_str(if (file + rank).is_multiple_of(2) {
                " dark"
            } else {
                " light"
            });
            model.with(|m| {
                if m.blocked.contains(&index) {
                    class.push_str(" blocked");
                }
                if m.last_move.is_some_and(|(a, b)| a == index || b == index) {
                    class.push_str(" last");
                }
                if m.check == Some(index) {
                    class.push_str(" check");
                }
                if m.destinations
                    .iter()
                    .any(|(from, to)| *from == index && !to.is_empty())
                {
                    class.push_str(" movable");
                }
            });
            if selected.get() == Some(index) {
                class.push_str(" selected");
            }
            if targets.with(|t| t.contains(&index)) {
                class.push_str(if piece.with(Option::is_some) {
                    " dest capture"
                } else {
                    " dest"
                });
            }
            class
        });
        let name = square_name(index, width);
        let aria = {
            let name = name.clone();
            Memo::new(
                move |_| match piece.with(|p| p.as_ref().map(|p| p.label.clone())) {
                    Some(label) => format!("{name}, {label}"),
                    None if model.with(|m| m.blocked.contains(&index)) => {
                        format!("{name}, building")
                    }
                    None => name.clone(),
                },
            )
        };
        let file = index % width;
        let rank = index / width;
        view! {
            <div class=move || class.get() data-index=index data-square=name role="gridcell" aria-label=move || aria.get()
                on:click=move |_| {
                    if moved_while_down.get_untracked() {
                        moved_while_down.set(false);
                    } else {
                        choose(index);
                    }
                }>
                {(file == 0).then(|| view! { <span class="coord rank">{rank + 1}</span> })}
                {(rank == 0).then(|| view! { <span class="coord file">{(b'a' + file) as char}</span> })}
                {move || piece.get().map(|p| view! {
                    <span class="piece" class:ghosted=move || dragging.get() == Some(index) data-piece=p.label.clone()>
                        <img src=p.image alt="" draggable="false"/>
                        {p.badge.map(|b| view! { <span class="badge">{b}</span> })}
                    </span>
                })}
            </div>
        }
    };
    let squares = move || {
        let (width, height) = size.get();
        (0..height)
            .rev()
            .flat_map(|rank| (0..width).map(move |file| rank * width + file))
            .map(|index| square(index, width))
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
    // The dragged piece: one element, moved by a transform in its own signal.
    let ghost_image = Memo::new(move |_| {
        let from = dragging.get()?;
        if !moved_while_down.get() {
            return None;
        }
        model.with(|m| m.pieces.iter().find(|p| p.at == from).map(|p| p.image))
    });
    let ghost = move || {
        ghost_image.get().map(|image| {
            view! {
                <span class="piece drag-ghost"
                    style:transform=move || drag.with(|d| d.map(|(_, x, y)| format!("translate({x}px, {y}px) translate(-50%, -60%)")).unwrap_or_default())>
                    <img src=image alt="" draggable="false"/>
                </span>
            }
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

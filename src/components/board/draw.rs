//! How the board draws: every square's look from the model and the choice in hand (`look`),
//! drawn straight into the page where it changed; and the pieces, each in its own spot on a
//! layer above the squares, placed there by a transform (`pieces`). A move changes where one spot stands: the
//! compositor slides it there, and the squares (the move's marks, the choice cleared) follow
//! a frame later. Nothing is laid out or painted again for the piece itself (one frame on a
//! slow phone).

use std::rc::Rc;

use leptos::prelude::*;

use super::choice::Choice;
use super::look::{SquareLook, looks};
use super::model::{BoardModel, square_name};
use super::pieces::{Drawn, Lifted, draw_pieces};

/// Draw `now` into the squares `nodes` where it differs from `drawn`. What can wait a frame
/// is returned for the caller to draw after this one (see [`Later`]): the squares' names,
/// and a class change that only says whether a piece can move (the cursor, the
/// deckbuilder's ring).
pub(super) fn draw_squares(
    drawn: &mut [SquareLook],
    now: Vec<SquareLook>,
    nodes: &[NodeRef<leptos::html::Div>],
) -> Later {
    let mut later = Later::default();
    for (i, (look, shown)) in now.into_iter().zip(drawn.iter_mut()).enumerate() {
        let Some(square) = nodes.get(i).and_then(NodeRef::get_untracked) else {
            continue;
        };
        let square: web_sys::Element = square.into();
        if shown.class != look.class {
            let unmarked = |c: &str| c.replace(" movable", "");
            if unmarked(&shown.class) == unmarked(&look.class) {
                later
                    .classes
                    .push((square.clone(), shown.class.clone(), look.class.clone()));
            } else {
                square.set_class_name(&look.class);
            }
            shown.class = look.class;
        }
        if shown.aria != look.aria {
            shown.aria.clone_from(&look.aria);
            later.names.push((square, look.aria));
        }
    }
    later
}

/// What the board draws one frame after a move (see [`draw_squares`]).
#[derive(Default)]
pub(super) struct Later {
    /// Squares and their new accessible names.
    names: Vec<(web_sys::Element, String)>,
    /// Squares, the class they show now, and the class they take: taken only if the square
    /// still shows the first (a later drawing may have changed it since).
    classes: Vec<(web_sys::Element, String, String)>,
}

impl Later {
    /// Draw it after the next frame, if there is anything to draw.
    pub(super) fn after_paint(self) {
        if self.names.is_empty() && self.classes.is_empty() {
            return;
        }
        crate::frame::after_frame(move || self.draw_now());
    }

    /// Draw it now.
    fn draw_now(self) {
        for (square, name) in self.names {
            let _ = square.set_attribute("aria-label", &name);
        }
        for (square, was, class) in self.classes {
            if square.class_name() == was {
                square.set_class_name(&class);
            }
        }
    }
}

/// The squares and the pieces' layer, drawn once per board size and side, by the view;
/// after that one effect draws into them directly: the classes and names of the squares
/// that changed and the pieces that moved (a move touches a handful), with no signal or
/// task per square (one frame on a slow phone).
/// `tap`: a square was clicked (or tapped).
/// `shown_early`: a move drawn at its tap before the game plays it (then `redraw` draws the
/// game's board).
pub(super) fn squares(
    model: Signal<BoardModel>,
    choice: RwSignal<Choice>,
    (shown_early, redraw): (StoredValue<Option<(u8, u8)>>, Trigger),
    (just_dropped, last_seen): (StoredValue<bool>, StoredValue<Option<(u8, u8)>>),
    pieces: Drawn,
    tap: Callback<u8>,
) -> impl IntoView {
    let shape = Memo::new(move |_| model.with(|m| (m.width, m.height, m.flipped)));
    move || {
        shape.track();
        let first = model.with_untracked(|m| looks(m, choice.get_untracked()));
        let order = model.with_untracked(BoardModel::drawing_order);
        let (width, height, flipped) = shape.get_untracked();
        let nodes: Vec<NodeRef<leptos::html::Div>> = first.iter().map(|_| NodeRef::new()).collect();
        let layer = NodeRef::<leptos::html::Div>::new();
        // What each square shows, as the view draws it; the effect's first run draws the
        // pieces.
        let drawn = StoredValue::new(first.clone());
        // A new board (another size or side) draws every piece anew.
        pieces.try_set_value(Vec::new());
        let mut lifted = Lifted::default();
        let nodes: Rc<[NodeRef<leptos::html::Div>]> = nodes.into();
        // The squares' looks as the board shows them now (with a move drawn at its tap);
        // none once the board is gone (a move's squares are drawn a frame later, and the
        // move may have ended the game or the round that showed this board).
        let looks_now = move || {
            let early = shown_early.try_get_value()?;
            let choice = choice.try_get_untracked()?;
            model.try_with_untracked(|m| match early {
                Some(shown) => looks(&m.with_move_shown(shown), choice),
                None => looks(m, choice),
            })
        };
        {
            let nodes = nodes.clone();
            Effect::new(move |previous: Option<()>| {
                redraw.track();
                let early = shown_early.get_value();
                let (on_board, last, dragging, chosen) = model.with(|m| {
                    let choice = choice.get();
                    match early {
                        Some(shown) => (
                            m.pieces_with_move_shown(shown),
                            early,
                            choice.dragging,
                            None,
                        ),
                        None => (m.pieces.clone(), m.last_move, choice.dragging, choice.from),
                    }
                });
                // A dropped piece is already where it lands: it does not slide. A board
                // whose pieces have no lasting id (a chess position) moves the piece of a
                // new last move.
                let dropped = std::mem::take(&mut *just_dropped.write_value());
                let new_last = (last != last_seen.get_value()).then_some(last).flatten();
                last_seen.set_value(last);
                let animate = previous.is_some() && !dropped;
                let moved = layer.get_untracked().is_some_and(|layer| {
                    pieces
                        .try_update_value(|pieces| {
                            draw_pieces(
                                pieces,
                                on_board,
                                &layer,
                                (new_last, animate),
                                (width, height, flipped),
                                dragging,
                            )
                        })
                        .unwrap_or(false)
                });
                pieces.try_with_value(|pieces| lifted.lift(pieces, chosen));
                let nodes = nodes.clone();
                let draw = move || {
                    let now = looks_now()?;
                    drawn.try_update_value(|drawn| draw_squares(drawn, now, &nodes))
                };
                if previous.is_some() && moved {
                    // After a move, the squares (the move's marks, the choice cleared, their
                    // names) are worked out and drawn one frame later: the move's frame
                    // draws the piece the eye follows, and does nothing else.
                    crate::frame::after_frame(move || {
                        if let Some(later) = draw() {
                            later.draw_now();
                        }
                    });
                } else if let Some(later) = draw() {
                    // The squares' names in words, and whether each piece can move, follow
                    // one frame later.
                    later.after_paint();
                }
            });
        }
        // The keyboard reaches the board at one square (the top-left one the first time);
        // the arrow keys move from there (see `on_keydown`).
        let entry = order.first().copied().unwrap_or(0);
        let square = move |index: u8| {
            let look = &first[usize::from(index)];
            let (file, rank) = (index % width, index / width);
            // Coordinates along the viewer's left edge and bottom edge.
            let left = if flipped {
                file + 1 == width
            } else {
                file == 0
            };
            let bottom = if flipped {
                rank + 1 == height
            } else {
                rank == 0
            };
            view! {
                <div class=look.class.clone() data-index=index data-square=square_name(index, width) role="gridcell"
                    node_ref=nodes[usize::from(index)]
                    tabindex=if index == entry { "0" } else { "-1" }
                    aria-label=look.aria.clone()
                    on:click=move |_| tap.run(index)>
                    {left.then(|| view! { <span class="coord rank">{rank + 1}</span> })}
                    {bottom.then(|| view! { <span class="coord file">{(b'a' + file) as char}</span> })}
                </div>
            }
        };
        // One row per rank as the viewer sees it (a grid's rows, for screen readers; the
        // rows take no box of their own, so the squares stay the board's grid items).
        let rows = order
            .chunks(usize::from(width))
            .map(|row| {
                let squares = row.iter().map(|&index| square(index)).collect_view();
                view! { <div class="board-row" role="row">{squares}</div> }
            })
            .collect_view();
        // The pieces, above the squares: pictures only (each square's name says its piece).
        view! {
            {rows}
            <div class="pieces" aria-hidden="true" node_ref=layer></div>
        }
    }
}

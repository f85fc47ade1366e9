//! How the board draws: every square's look from the model and the choice in hand, drawn
//! straight into the page where it changed; and the pieces, each in its own spot on a layer
//! above the squares, placed there by a transform. A move changes where one spot stands: the
//! compositor slides it there, and the squares (the move's marks, the choice cleared) follow
//! a frame later. Nothing is laid out or painted again for the piece itself (one frame on a
//! slow phone).

use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::choice::Choice;
use super::model::{BoardModel, BoardPiece, Face, square_name};

/// One square as drawn: its classes and its accessible name.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SquareLook {
    pub(super) class: String,
    pub(super) aria: String,
}

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

/// A piece as the board last drew it: the spot that carries it (placed by a transform)
/// and the piece's own element inside it.
pub(super) struct DrawnPiece {
    piece: BoardPiece,
    ghosted: bool,
    spot: web_sys::Element,
    element: web_sys::Element,
}

/// The board's shape as drawn: width, height, seen from the far side.
pub(super) type Shape = (u8, u8, bool);

/// The same piece to the eye: its picture, face, owner, name and badge (not its id or
/// square).
fn looks_alike(a: &BoardPiece, b: &BoardPiece) -> bool {
    a.image == b.image
        && a.face == b.face
        && a.owner == b.owner
        && a.label == b.label
        && a.badge == b.badge
}

/// Which drawn piece becomes each piece of `now` (by index into `drawn`), so a piece that
/// moved keeps its element and slides: the same id looking the same; the last move's
/// piece, from its square to the move's end (a game whose ids are squares, a promotion);
/// a piece like one that left its square, the nearest (a rook castling, a move taken
/// back); a piece on a square whose piece changed its look (turned face up).
fn match_pieces(
    drawn: &[DrawnPiece],
    now: &[BoardPiece],
    last: Option<(u8, u8)>,
    width: u8,
) -> Vec<Option<usize>> {
    let mut taken = vec![false; drawn.len()];
    let mut pick: Vec<Option<usize>> = vec![None; now.len()];
    let choose = |taken: &mut [bool], pick: &mut [Option<usize>], j: usize, k: Option<usize>| {
        if let Some(k) = k {
            taken[k] = true;
            pick[j] = Some(k);
        }
    };
    for (j, p) in now.iter().enumerate() {
        let k = (0..drawn.len())
            .find(|&k| !taken[k] && drawn[k].piece.id == p.id && looks_alike(&drawn[k].piece, p));
        choose(&mut taken, &mut pick, j, k);
    }
    if let Some((from, to)) = last
        && let Some(j) = (0..now.len()).find(|&j| pick[j].is_none() && now[j].at == to)
    {
        let k = (0..drawn.len()).find(|&k| {
            !taken[k] && drawn[k].piece.at == from && drawn[k].piece.owner == now[j].owner
        });
        choose(&mut taken, &mut pick, j, k);
    }
    let distance = |a: u8, b: u8| {
        let (w, a, b) = (i32::from(width), i32::from(a), i32::from(b));
        (a % w - b % w).abs() + (a / w - b / w).abs()
    };
    for j in 0..now.len() {
        if pick[j].is_some() {
            continue;
        }
        let k = (0..drawn.len())
            .filter(|&k| !taken[k] && looks_alike(&drawn[k].piece, &now[j]))
            .min_by_key(|&k| distance(drawn[k].piece.at, now[j].at));
        choose(&mut taken, &mut pick, j, k);
    }
    for j in 0..now.len() {
        if pick[j].is_some() {
            continue;
        }
        let k = (0..drawn.len()).find(|&k| {
            !taken[k] && drawn[k].piece.at == now[j].at && drawn[k].piece.owner == now[j].owner
        });
        choose(&mut taken, &mut pick, j, k);
    }
    pick
}

/// Draw the pieces `now` on the layer `layer`, where they differ from `drawn`: a piece that
/// moved keeps its element, whose spot takes its new place (and slides there if `animate`:
/// not on the first drawing or for a piece dropped where it lands); a piece gone is taken
/// off. `ghosted`: the square of a piece being dragged (drawn faint). Whether any piece
/// moved, came or went.
pub(super) fn draw_pieces(
    drawn: &mut Vec<DrawnPiece>,
    now: Vec<BoardPiece>,
    layer: &web_sys::Element,
    (last, animate): (Option<(u8, u8)>, bool),
    shape: Shape,
    ghosted: Option<u8>,
) -> bool {
    let pick = match_pieces(drawn, &now, last, shape.0);
    let mut old: Vec<Option<DrawnPiece>> = std::mem::take(drawn).into_iter().map(Some).collect();
    let mut moved = false;
    let mut still = Vec::new();
    for (p, k) in now.into_iter().zip(pick) {
        let ghost = ghosted == Some(p.at);
        let Some(mut d) = k.and_then(|k| old.get_mut(k).and_then(Option::take)) else {
            if let Ok((spot, element)) = spot_element(&p, shape, ghost)
                && layer.append_child(&spot).is_ok()
            {
                drawn.push(DrawnPiece {
                    piece: p,
                    ghosted: ghost,
                    spot,
                    element,
                });
                moved = true;
            }
            continue;
        };
        if d.piece.at != p.at {
            if !animate {
                let _ = d.spot.class_list().add_1("still");
                still.push(d.spot.clone());
            }
            let _ = place(&d.spot, p.at, shape);
            moved = true;
        }
        if !looks_alike(&d.piece, &p) {
            if let Ok(element) = piece_element(&p)
                && d.spot.replace_child(&element, &d.element).is_ok()
            {
                d.element = element;
            }
        } else if d.piece.id != p.id {
            let _ = d.element.set_attribute("data-piece-id", &p.id.to_string());
        }
        if d.piece.at != p.at || !looks_alike(&d.piece, &p) {
            let _ = d
                .element
                .set_attribute("data-square", &square_name(p.at, shape.0));
        }
        if d.ghosted != ghost {
            let _ = d.spot.class_list().toggle_with_force("ghosted", ghost);
        }
        d.piece = p;
        d.ghosted = ghost;
        drawn.push(d);
    }
    // The pieces no longer on the board (taken).
    for d in old.into_iter().flatten() {
        d.spot.remove();
        moved = true;
    }
    // A piece placed without motion slides again from the next move on.
    if !still.is_empty() {
        crate::frame::after_frame(move || {
            for spot in still {
                let _ = spot.class_list().remove_1("still");
            }
        });
    }
    moved
}

/// The spot of the piece chosen to move, made a layer of its own while it is chosen
/// (`lifted`: `will-change: transform`). The frame that chooses it repaints the board's
/// squares anyway (the destinations marked), so the layer costs that frame little; and the
/// move's frame then only starts the slide of a layer the compositor already has — without
/// it, that frame painted the page again (traced: 1.0–1.3 ms of paint a move at 4×, none
/// with it). At most one spot is lifted; it is let down a frame after it
/// is no longer chosen (the move's own frame is not touched: while the spot slides, the
/// browser keeps it on its layer anyway).
#[derive(Default)]
pub(super) struct Lifted(Option<web_sys::Element>);

impl Lifted {
    /// Lift the spot of the piece on `at` (none: let any lifted spot down).
    pub(super) fn lift(&mut self, drawn: &[DrawnPiece], at: Option<u8>) {
        let spot = at
            .and_then(|at| drawn.iter().find(|d| d.piece.at == at))
            .map(|d| d.spot.clone());
        if spot == self.0 {
            return;
        }
        if let Some(old) = std::mem::replace(&mut self.0, spot.clone()) {
            crate::frame::after_frame(move || {
                let _ = old.class_list().remove_1("lifted");
            });
        }
        if let Some(spot) = spot {
            let _ = spot.class_list().add_1("lifted");
        }
    }
}

/// The pieces as a board draws them (see [`draw_pieces`]), kept by the board: a move drawn
/// at its tap is drawn straight into them (see [`show_move`]).
pub(super) type Drawn = StoredValue<Vec<DrawnPiece>, LocalStorage>;

/// Draw the move `from` → `to` at its tap, before the game plays it, straight into the
/// pieces drawn: the piece on `from` slides to `to`, and a piece on `to` is taken off (see
/// `TapShows`). Nothing else is worked out or drawn before that frame: the squares follow
/// with the game's own board. Whether there was a piece on `from`.
pub(super) fn show_move(drawn: &mut Vec<DrawnPiece>, (from, to): (u8, u8), shape: Shape) -> bool {
    if !drawn.iter().any(|d| d.piece.at == from) {
        return false;
    }
    if let Some(taken) = drawn.iter().position(|d| d.piece.at == to) {
        drawn.remove(taken).spot.remove();
    }
    for d in drawn.iter_mut().filter(|d| d.piece.at == from) {
        let _ = place(&d.spot, to, shape);
        let _ = d
            .element
            .set_attribute("data-square", &square_name(to, shape.0));
        d.piece.at = to;
    }
    true
}

/// Stand `spot` on square `at` as the viewer sees the board: its own transform, a whole
/// number of squares across and down, set through the CSSOM (a style attribute would break
/// the page's CSP). Not custom properties read by a transform in the style sheet: those are
/// inherited, so a move restyled and repainted the piece inside the spot too (measured in
/// Espionage at 4×: 3.4–4.3 ms more a move, of a median of 20).
fn place(spot: &web_sys::Element, at: u8, (width, height, flipped): Shape) -> Result<(), JsValue> {
    let (file, rank) = (at % width, at / width);
    let (col, row) = if flipped {
        (width - 1 - file, rank)
    } else {
        (file, height - 1 - rank)
    };
    let style = spot.unchecked_ref::<web_sys::HtmlElement>().style();
    style.set_property(
        "transform",
        &format!(
            "translate({}%, {}%)",
            u32::from(col) * 100,
            u32::from(row) * 100
        ),
    )
}

/// A piece's spot on the board, with the piece in it (which says its square).
fn spot_element(
    p: &BoardPiece,
    shape: Shape,
    ghosted: bool,
) -> Result<(web_sys::Element, web_sys::Element), JsValue> {
    let spot = document().create_element("div")?;
    spot.set_class_name(if ghosted {
        "piece-spot ghosted"
    } else {
        "piece-spot"
    });
    place(&spot, p.at, shape)?;
    let element = piece_element(p)?;
    element.set_attribute("data-square", &square_name(p.at, shape.0))?;
    spot.append_child(&element)?;
    Ok((spot, element))
}

/// Every square's look, indexed by square, in one pass over the model.
pub(super) fn looks(m: &BoardModel, choice: Choice) -> Vec<SquareLook> {
    let count = usize::from(m.width) * usize::from(m.height);
    let mut at: Vec<Option<&BoardPiece>> = vec![None; count];
    for p in &m.pieces {
        if let Some(slot) = at.get_mut(usize::from(p.at)) {
            *slot = Some(p);
        }
    }
    let mut movable = vec![false; count];
    for (from, to) in &m.destinations {
        if !to.is_empty()
            && let Some(slot) = movable.get_mut(usize::from(*from))
        {
            *slot = true;
        }
    }
    let targets = match (choice.from, choice.placing) {
        (Some(from), _) => m.targets(from),
        (None, Some(id)) => m.drop_squares(id),
        (None, None) => Vec::new(),
    };
    (0..count)
        .map(|i| {
            let index = i as u8;
            let (file, rank) = (index % m.width, index / m.width);
            let piece = at[i];
            let blocked = m.blocked.contains(&index);
            let mut class = String::from("sq");
            class.push_str(if (file + rank).is_multiple_of(2) {
                " dark"
            } else {
                " light"
            });
            if blocked {
                class.push_str(" blocked");
            }
            if m.marked.contains(&index) {
                class.push_str(" zone");
            }
            let last = m.last_move.is_some_and(|(a, b)| a == index || b == index)
                || m.recent.contains(&index);
            if last {
                class.push_str(" last");
            }
            if m.check == Some(index) {
                class.push_str(" check");
            }
            if movable[i] {
                class.push_str(" movable");
            }
            if choice.from == Some(index) {
                class.push_str(" selected");
            }
            if choice.dragging == Some(index) {
                class.push_str(" ghosted");
            }
            if targets.contains(&index) {
                class.push_str(if piece.is_some() {
                    " dest capture"
                } else {
                    " dest"
                });
            }
            let name = square_name(index, m.width);
            let mut aria = match piece {
                Some(p) => format!("{name}, {}", p.label),
                None if blocked && !m.blocked_word.is_empty() => {
                    format!("{name}, {}", m.blocked_word)
                }
                None => name,
            };
            // What the colours show, said in words too (colour is never the only signal).
            // In the page's language, as everything a screen reader hears.
            for (on, words) in [
                (m.check == Some(index), tr!(", in check", ", en jaque")),
                (
                    m.last_move.is_some_and(|(a, b)| a == index || b == index),
                    tr!(", last move", ", última jugada"),
                ),
                (
                    movable[i] && choice.from != Some(index),
                    tr!(", can move", ", se puede mover"),
                ),
                (
                    choice.from == Some(index),
                    tr!(", picked up", ", levantada"),
                ),
                (
                    targets.contains(&index) && piece.is_some(),
                    tr!(", can capture", ", se puede capturar"),
                ),
                (
                    targets.contains(&index) && piece.is_none(),
                    tr!(", can move here", ", se puede mover aquí"),
                ),
            ] {
                if on {
                    aria.push_str(words.get());
                }
            }
            SquareLook { class, aria }
        })
        .collect()
}

/// A piece element's classes: its face and its owner.
fn piece_class(p: &BoardPiece) -> String {
    let owner = p.owner.map(|o| format!(" owner-{o}")).unwrap_or_default();
    let face = match p.face {
        Face::Down => " down",
        Face::Shown => " shown",
        Face::Up => "",
    };
    format!("piece{face}{owner}")
}

/// A piece as drawn in its spot on the board or in the tray. Built directly: a move may
/// draw one (see [`draw_pieces`]).
pub(super) fn piece_element(p: &BoardPiece) -> Result<web_sys::Element, JsValue> {
    let document = document();
    let piece = document.create_element("span")?;
    piece.set_class_name(&piece_class(p));
    piece.set_attribute("data-piece", &p.label)?;
    piece.set_attribute("data-piece-id", &p.id.to_string())?;
    if p.face == Face::Down {
        // The back only, never an image or a badge.
        let back = document.create_element("span")?;
        back.set_class_name("back");
        back.set_attribute("aria-hidden", "true")?;
        back.set_text_content(Some("?"));
        piece.append_child(&back)?;
    } else {
        let image = document.create_element("img")?;
        image.set_attribute("src", p.image)?;
        image.set_attribute("alt", "")?;
        image.set_attribute("draggable", "false")?;
        piece.append_child(&image)?;
        if let Some(badge) = p.badge {
            let mark = document.create_element("span")?;
            mark.set_class_name("badge");
            mark.set_text_content(Some(&badge.to_string()));
            piece.append_child(&mark)?;
        }
    }
    Ok(piece)
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

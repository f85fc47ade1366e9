//! The board: squares, pieces, highlights. It knows no rules: it is given the pieces, the
//! legal destinations of each square, the last move and the blocked squares, and it emits
//! `(from, to)`. Tap a piece then a destination, or drag it there (touch first); a tray
//! piece is placed the same two ways. Squares
//! are numbered rank × width + file from the bottom-left, so one component serves the
//! 8×8 boards and the 10×10 Espionage board.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// How a piece lies on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Face {
    /// Face up, as on any chessboard.
    #[default]
    Up,
    /// Face down: the board draws the back only (never an image or a badge), whatever the
    /// caller passed; give it a label that says no more than the back shows.
    Down,
    /// Turned face up for everyone to see (an unmasked piece): drawn up and marked.
    Shown,
}

/// One piece as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPiece {
    /// Stable for the piece's whole life (moves keep it): tests and animations follow it.
    pub id: u16,
    pub at: u8,
    /// The seat it belongs to, if anyone's (drawn as a coloured ring: `owner-N`).
    pub owner: Option<u8>,
    pub face: Face,
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
    /// More squares marked like the last move (a turn of several moves).
    pub recent: Vec<u8>,
    /// Squares nothing may enter (the building, a volcano), drawn as such.
    pub blocked: Vec<u8>,
    /// A king in check.
    pub check: Option<u8>,
    /// Seen from the far side: the last rank at the bottom, the last file on the left.
    pub flipped: bool,
    /// Pieces waiting beside the board to be placed (a set-up), in the order drawn.
    pub tray: Vec<BoardPiece>,
    /// Where each tray piece (by id) may be placed.
    pub drops: Vec<(u16, Vec<u8>)>,
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

    /// The piece on `from` may move to `to`.
    fn can_move(&self, from: u8, to: u8) -> bool {
        self.destinations
            .iter()
            .any(|(f, dests)| *f == from && dests.contains(&to))
    }

    /// The piece on `from` has somewhere to go.
    fn movable(&self, from: u8) -> bool {
        self.destinations
            .iter()
            .any(|(f, dests)| *f == from && !dests.is_empty())
    }

    /// The tray piece `id` may be placed on `square`.
    fn can_drop(&self, id: u16, square: u8) -> bool {
        self.drops
            .iter()
            .any(|(piece, dests)| *piece == id && dests.contains(&square))
    }

    fn drop_squares(&self, id: u16) -> Vec<u8> {
        self.drops
            .iter()
            .find(|(piece, _)| *piece == id)
            .map(|(_, to)| to.clone())
            .unwrap_or_default()
    }

    /// The squares in the order they are drawn: top-left first, as the viewer sees them.
    fn drawing_order(&self) -> Vec<u8> {
        let (w, h) = (self.width, self.height);
        let ranks: Vec<u8> = if self.flipped {
            (0..h).collect()
        } else {
            (0..h).rev().collect()
        };
        ranks
            .into_iter()
            .flat_map(|rank| {
                let files: Vec<u8> = if self.flipped {
                    (0..w).rev().collect()
                } else {
                    (0..w).collect()
                };
                files.into_iter().map(move |file| rank * w + file)
            })
            .collect()
    }
}

/// What the board is doing with the player's pointer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Choice {
    /// A piece on the board, chosen to move.
    from: Option<u8>,
    /// A piece of the tray, chosen to place.
    placing: Option<u16>,
    /// The square of a piece being dragged.
    dragging: Option<u8>,
}

/// One square as drawn: its piece, its classes, its accessible name.
#[derive(Clone, Debug, PartialEq)]
struct SquareLook {
    piece: Option<BoardPiece>,
    class: String,
    aria: String,
}

/// What a square shows now, as the board last drew it: its piece, classes and accessible
/// name, and whether its piece slid in (its square then paints outside its box).
struct Drawn {
    piece: Option<BoardPiece>,
    class: String,
    aria: String,
    arriving: bool,
}

/// Draw `now` into the squares `nodes` where it differs from `drawn`. A piece found on
/// another square than before (by id), or the piece of `new_last` (a new last move),
/// slides in; `slides: None` draws without motion (the first drawing, a dropped piece).
/// The squares whose name changed, with their new names, are returned for the caller to
/// set (see the effect).
fn draw(
    drawn: &mut [Drawn],
    now: Vec<SquareLook>,
    nodes: &[NodeRef<leptos::html::Div>],
    slides: Option<Option<(u8, u8)>>,
    (width, flipped): (u8, bool),
) -> Vec<(web_sys::Element, String)> {
    let before: Vec<(u16, u8)> = drawn
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.piece.as_ref().map(|p| (p.id, i as u8)))
        .collect();
    let mut names = Vec::new();
    for (i, (look, shown)) in now.into_iter().zip(drawn.iter_mut()).enumerate() {
        let Some(square) = nodes.get(i).and_then(NodeRef::get_untracked) else {
            continue;
        };
        let square: web_sys::Element = square.into();
        if shown.piece != look.piece {
            let from = slides.and_then(|new_last| {
                let id = look.piece.as_ref()?.id;
                before
                    .iter()
                    .find(|&&(was, at)| was == id && usize::from(at) != i)
                    .map(|&(_, at)| at)
                    .or_else(|| {
                        new_last
                            .filter(|&(_, to)| usize::from(to) == i)
                            .map(|(from, _)| from)
                    })
            });
            let slide = from.map(|from| slide_from(from, i as u8, width, flipped));
            if let Ok(Some(old)) = square.query_selector(":scope > .piece") {
                old.remove();
            }
            if let Some(piece) = look
                .piece
                .as_ref()
                .and_then(|p| piece_element(p, slide).ok())
            {
                let _ = square.append_child(&piece);
            }
            shown.arriving = slide.is_some();
            shown.piece = look.piece;
        }
        // The square a piece slides into lets it paint outside its box (every other square
        // keeps `contain: strict`) until the next piece lands there.
        let class = if shown.arriving {
            format!("{} arriving", look.class)
        } else {
            look.class
        };
        if shown.class != class {
            square.set_class_name(&class);
            shown.class = class;
        }
        if shown.aria != look.aria {
            shown.aria.clone_from(&look.aria);
            names.push((square, look.aria));
        }
    }
    names
}

/// How far (in squares, x to the right and y down as the viewer sees it) a piece that
/// moved `from` → `to` starts from its new square.
fn slide_from(from: u8, to: u8, width: u8, flipped: bool) -> (i32, i32) {
    let (w, sign) = (i32::from(width), if flipped { -1 } else { 1 });
    let (from, to) = (i32::from(from), i32::from(to));
    ((from % w - to % w) * sign, (to / w - from / w) * sign)
}

/// Every square's look, indexed by square, in one pass over the model.
fn looks(m: &BoardModel, choice: Choice) -> Vec<SquareLook> {
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
                None if blocked => format!("{name}, building"),
                None => name,
            };
            // What the colours show, said in words too (colour is never the only signal).
            for (on, words) in [
                (m.check == Some(index), ", in check"),
                (
                    m.last_move.is_some_and(|(a, b)| a == index || b == index),
                    ", last move",
                ),
                (movable[i] && choice.from != Some(index), ", can move"),
                (choice.from == Some(index), ", picked up"),
                (targets.contains(&index) && piece.is_some(), ", can capture"),
                (
                    targets.contains(&index) && piece.is_none(),
                    ", can move here",
                ),
            ] {
                if on {
                    aria.push_str(words);
                }
            }
            SquareLook {
                piece: piece.cloned(),
                class,
                aria,
            }
        })
        .collect()
}

/// A piece as drawn on a square or in the tray; `slide`: it just moved, and slides in from
/// that many squares away (a transform only, see `.piece.sliding`). Built directly: a move
/// draws one of these into its square (see [`draw`]).
fn piece_element(
    p: &BoardPiece,
    slide: Option<(i32, i32)>,
) -> Result<web_sys::Element, wasm_bindgen::JsValue> {
    let document = document();
    let piece = document.create_element("span")?;
    let owner = p.owner.map(|o| format!(" owner-{o}")).unwrap_or_default();
    let sliding = if slide.is_some() { " sliding" } else { "" };
    let face = match p.face {
        Face::Down => " down",
        Face::Shown => " shown",
        Face::Up => "",
    };
    piece.set_class_name(&format!("piece{face}{owner}{sliding}"));
    piece.set_attribute("data-piece", &p.label)?;
    piece.set_attribute("data-piece-id", &p.id.to_string())?;
    if let Some((x, y)) = slide {
        // Through the CSSOM: a style attribute would break the page's CSP.
        let style = piece.unchecked_ref::<web_sys::HtmlElement>().style();
        style.set_property("--slide-x", &x.to_string())?;
        style.set_property("--slide-y", &y.to_string())?;
    }
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

/// The square under a pointer, from the element there (`data-index`).
fn index_at(x: i32, y: i32) -> Option<u8> {
    index_of(Some(
        document().element_from_point(x as f32, y as f32)?.into(),
    ))
}

/// The square an event happened on: its target or the square around it (`data-index`).
fn index_of(target: Option<web_sys::EventTarget>) -> Option<u8> {
    let element = target?.dyn_into::<web_sys::Element>().ok()?;
    let square = element.closest("[data-index]").ok()??;
    square.get_attribute("data-index")?.parse().ok()
}

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
    // While dragging: the piece's square and the pointer position.
    // Whole pixels: formatting a float would pull all of float printing into the wasm.
    let drag = RwSignal::new(None::<(u8, i32, i32)>);
    let moved_while_down = RwSignal::new(false);
    let set_from = move |from: Option<u8>| {
        choice.update(|c| {
            c.from = from;
            c.placing = None;
        })
    };

    // A tap reads the model where it lies: copying it would cost the move's frame.
    let choose = move |index: u8| {
        let now = choice.get_untracked();
        if tell {
            let said = model.with_untracked(|m| {
                let piece = m.pieces.iter().find(|p| p.at == index);
                piece.map(|p| format!("{}: {}", square_name(index, m.width), p.label))
            });
            if said.is_some() || now.placing.is_none() {
                told.set(said);
            }
        }
        if let Some(id) = now.placing {
            choice.update(|c| c.placing = None);
            if model.with_untracked(|m| m.can_drop(id, index))
                && let Some(place) = on_place
            {
                place.run((id, index));
            }
            return;
        }
        match now.from {
            Some(from) if model.with_untracked(|m| m.can_move(from, index)) => {
                set_from(None);
                on_move.run((from, index));
            }
            Some(from) if from == index => set_from(None),
            _ if model.with_untracked(|m| m.movable(index)) => set_from(Some(index)),
            _ => set_from(None),
        }
    };

    // Squares are drawn once per board size and side, by the view; after that one effect
    // draws into them directly: the classes, names and pieces of the squares that changed
    // (a move touches a handful), with no signal or task per square (one frame on a slow
    // phone).
    let shape = Memo::new(move |_| model.with(|m| (m.width, m.height, m.flipped)));
    let squares = move || {
        shape.track();
        let first = model.with_untracked(|m| looks(m, choice.get_untracked()));
        let order = model.with_untracked(BoardModel::drawing_order);
        let (width, height, flipped) = shape.get_untracked();
        let nodes: Vec<NodeRef<leptos::html::Div>> = first.iter().map(|_| NodeRef::new()).collect();
        // What each square shows: its look, and whether its piece slid in. The view draws
        // the looks; the effect's first run draws the pieces.
        let drawn = StoredValue::new(
            first
                .iter()
                .map(|look| Drawn {
                    piece: None,
                    class: look.class.clone(),
                    aria: look.aria.clone(),
                    arriving: false,
                })
                .collect::<Vec<_>>(),
        );
        {
            let nodes = nodes.clone();
            Effect::new(move |previous: Option<()>| {
                let now = model.with(|m| looks(m, choice.get()));
                // A dropped piece is already where it lands: it does not slide. A board
                // whose pieces have no lasting id (a chess position) slides the piece of a
                // new last move.
                let dropped = std::mem::take(&mut *just_dropped.write_value());
                let last = model.with(|m| m.last_move);
                let new_last = (last != last_seen.get_value()).then_some(last).flatten();
                last_seen.set_value(last);
                let animate = previous.is_some() && !dropped;
                let names = drawn.try_update_value(|drawn| {
                    draw(
                        drawn,
                        now,
                        &nodes,
                        animate.then_some(new_last),
                        (width, flipped),
                    )
                });
                // The squares' names in words follow one frame later: the move's frame
                // draws what the eye sees first (a name read out is a frame slower anyway).
                if let Some(names) = names.filter(|n| !n.is_empty()) {
                    request_animation_frame(move || {
                        set_timeout(
                            move || {
                                for (square, name) in names {
                                    let _ = square.set_attribute("aria-label", &name);
                                }
                            },
                            std::time::Duration::ZERO,
                        );
                    });
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
                    on:click=move |_| {
                        if moved_while_down.get_untracked() {
                            moved_while_down.set(false);
                        } else {
                            choose(index);
                        }
                    }>
                    {left.then(|| view! { <span class="coord rank">{rank + 1}</span> })}
                    {bottom.then(|| view! { <span class="coord file">{(b'a' + file) as char}</span> })}
                </div>
            }
        };
        // One row per rank as the viewer sees it (a grid's rows, for screen readers; the
        // rows take no box of their own, so the squares stay the board's grid items).
        order
            .chunks(usize::from(width))
            .map(|row| {
                let squares = row.iter().map(|&index| square(index)).collect_view();
                view! { <div class="board-row" role="row">{squares}</div> }
            })
            .collect_view()
    };
    // A new position clears any choice.
    Effect::new(move |previous: Option<()>| {
        model.with(|_| ());
        // Only when there is a choice to clear: a needless update would draw every square's
        // look a second time in the move's frame.
        if previous.is_some() && choice.with_untracked(|c| c.from.is_some() || c.placing.is_some())
        {
            choice.update(|c| {
                c.from = None;
                c.placing = None;
            });
        }
    });
    let dragging = Memo::new(move |_| drag.with(|d| d.map(|(from, ..)| from)));
    Effect::new(move |_| {
        let now = dragging.get();
        if choice.with_untracked(|c| c.dragging != now) {
            choice.update(|c| c.dragging = now);
        }
    });
    let tray = Memo::new(move |_| model.with(|m| m.tray.clone()));
    // A tray piece being dragged onto the board: its id and the pointer position.
    let tray_drag = RwSignal::new(None::<(u16, i32, i32)>);
    let tray_moved = RwSignal::new(false);
    let on_tray_down = move |id: u16, ev: web_sys::PointerEvent| {
        // A touch is captured by the button it started on: let it go, so the square under
        // the finger can be found when it lifts.
        if let Some(target) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = target.release_pointer_capture(ev.pointer_id());
        }
        tray_moved.set(false);
        tray_drag.set(Some((id, ev.client_x(), ev.client_y())));
    };
    let on_wrap_move = move |ev: web_sys::PointerEvent| {
        if let Some((id, x0, y0)) = tray_drag.get_untracked() {
            let (x, y) = (ev.client_x(), ev.client_y());
            if (x - x0).abs() + (y - y0).abs() > 6 && !tray_moved.get_untracked() {
                tray_moved.set(true);
                choice.update(|c| {
                    c.from = None;
                    c.placing = Some(id);
                });
            }
            if tray_moved.get_untracked() {
                ev.prevent_default();
                tray_drag.set(Some((id, x, y)));
            }
        }
    };
    let on_wrap_up = move |ev: web_sys::PointerEvent| {
        let Some((id, ..)) = tray_drag.get_untracked() else {
            return;
        };
        tray_drag.set(None);
        if !tray_moved.get_untracked() {
            return;
        }
        choice.update(|c| c.placing = None);
        if let Some(square) = index_at(ev.client_x(), ev.client_y())
            && model.with_untracked(|m| m.can_drop(id, square))
            && let Some(place) = on_place
        {
            place.run((id, square));
        }
    };
    let placing = Memo::new(move |_| choice.with(|c| c.placing));

    let on_pointerdown = move |ev: web_sys::PointerEvent| {
        // The square pressed is the event's target (its piece takes no pointer events): no
        // hit test, which would lay the page out before the tap is handled.
        let Some(index) = index_of(ev.target()) else {
            return;
        };
        if !model.with_untracked(|m| m.movable(index)) {
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
            if (x - x0).abs() + (y - y0).abs() > 6 && !moved_while_down.get_untracked() {
                moved_while_down.set(true);
                set_from(Some(from));
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
            Some(to) if model.with_untracked(|m| m.can_move(from, to)) => {
                set_from(None);
                just_dropped.set_value(true);
                on_move.run((from, to));
            }
            _ => set_from(Some(from)),
        }
    };
    // The dragged piece: one element, moved by a transform in its own signal.
    let ghost_image = Memo::new(move |_| {
        if let Some((id, ..)) = tray_drag.get() {
            return tray_moved
                .get()
                .then(|| model.with(|m| m.tray.iter().find(|p| p.id == id).map(|p| p.image)))
                .flatten();
        }
        let from = dragging.get()?;
        if !moved_while_down.get() {
            return None;
        }
        model.with(|m| m.pieces.iter().find(|p| p.at == from).map(|p| p.image))
    });
    let pointer = move || {
        tray_drag
            .get()
            .map(|(_, x, y)| (x, y))
            .or_else(|| drag.get().map(|(_, x, y)| (x, y)))
    };
    let ghost = move || {
        ghost_image.get().map(|image| {
            view! {
                <span class="piece drag-ghost"
                    style:transform=move || pointer().map(|(x, y)| format!("translate({x}px, {y}px) translate(-50%, -60%)")).unwrap_or_default()>
                    <img src=image alt="" draggable="false"/>
                </span>
            }
        })
    };

    // The keyboard: the arrow keys move the focus square as the viewer sees the board,
    // Enter or Space picks up and drops (a tap), Escape lets go. One square at a time is
    // in the tab order (roving tabindex), set here on the elements themselves.
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        let Some(square) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .filter(|e| e.has_attribute("data-index"))
        else {
            return;
        };
        let Some(index) = square
            .get_attribute("data-index")
            .and_then(|i| i.parse::<u8>().ok())
        else {
            return;
        };
        let key = ev.key();
        match key.as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                choose(index);
                return;
            }
            "Escape" => {
                choice.update(|c| {
                    c.from = None;
                    c.placing = None;
                });
                return;
            }
            _ => {}
        }
        let (width, height, order) =
            model.with_untracked(|m| (m.width, m.height, m.drawing_order()));
        let Some(at) = order.iter().position(|&i| i == index) else {
            return;
        };
        let (row, col) = (at / usize::from(width), at % usize::from(width));
        let (rows, cols) = (usize::from(height), usize::from(width));
        let next = match key.as_str() {
            "ArrowUp" if row > 0 => at - cols,
            "ArrowDown" if row + 1 < rows => at + cols,
            "ArrowLeft" if col > 0 => at - 1,
            "ArrowRight" if col + 1 < cols => at + 1,
            "Home" => row * cols,
            "End" => row * cols + cols - 1,
            _ => return,
        };
        ev.prevent_default();
        let Some(board) = square.parent_element().and_then(|row| row.parent_element()) else {
            return;
        };
        let selector = format!("[data-index=\"{}\"]", order[next]);
        if let Ok(Some(target)) = board.query_selector(&selector) {
            let _ = square.set_attribute("tabindex", "-1");
            let _ = target.set_attribute("tabindex", "0");
            if let Some(target) = target.dyn_ref::<web_sys::HtmlElement>() {
                let _ = target.focus();
            }
        }
    };

    view! {
        <div class="board-wrap"
            on:pointermove=on_wrap_move
            on:pointerup=on_wrap_up
            on:pointercancel=move |_| tray_drag.set(None)>
            <div class="board" role="grid" aria-label=label
                on:keydown=on_keydown
                style:--files=move || model.with(|m| m.width.to_string())
                style:--ranks=move || model.with(|m| m.height.to_string())
                on:pointerdown=on_pointerdown
                on:pointermove=on_pointermove
                on:pointerup=on_pointerup
                on:pointercancel=move |_| drag.set(None)>
                {squares}
            </div>
            {ghost}
            {tell.then(|| view! {
                <p class="board-told" data-told="">{move || told.get().unwrap_or_else(|| "Tap a piece to see what it is.".to_string())}</p>
            })}
            {move || tray.with(|t| !t.is_empty()).then(|| view! {
                <div class="tray" role="listbox" aria-label="Pieces to place">
                    {tray.get().into_iter().map(|p| {
                        let id = p.id;
                        let label = p.label.clone();
                        let p_told = p.clone();
                        let button = NodeRef::<leptos::html::Button>::new();
                        let drawn = p.clone();
                        button.on_load(move |button| {
                            if let Ok(piece) = piece_element(&drawn, None) {
                                let _ = button.append_child(&piece);
                            }
                        });
                        view! {
                            <button type="button" class="tray-piece" role="option" aria-label=label node_ref=button
                                aria-selected=move || (placing.get() == Some(id)).to_string()
                                class:chosen=move || placing.get() == Some(id)
                                on:pointerdown=move |ev| on_tray_down(id, ev)
                                on:click=move |_| if tray_moved.get_untracked() {
                                    tray_moved.set(false);
                                } else {
                                    choice.update(|c| {
                                    c.from = None;
                                    c.placing = if c.placing == Some(id) { None } else { Some(id) };
                                    });
                                    if tell {
                                        told.set(Some(format!("To place: {}", p_told.label)));
                                    }
                                }>
                            </button>
                        }
                    }).collect_view()}
                </div>
            })}
        </div>
    }
}

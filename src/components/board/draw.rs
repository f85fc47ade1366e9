//! How the board draws: every square's look from the model and the choice in hand, and
//! the squares that changed drawn straight into the page (a move touches a handful), with
//! the piece that moved sliding in.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::Choice;
use super::model::{BoardModel, BoardPiece, Face, square_name};

/// One square as drawn: its piece, its classes, its accessible name.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SquareLook {
    pub(super) piece: Option<BoardPiece>,
    pub(super) class: String,
    pub(super) aria: String,
}

/// What a square shows now, as the board last drew it: its piece, classes and accessible
/// name, and whether its piece slid in (its square then paints outside its box).
pub(super) struct Drawn {
    pub(super) piece: Option<BoardPiece>,
    pub(super) class: String,
    pub(super) aria: String,
    pub(super) arriving: bool,
}

/// Draw `now` into the squares `nodes` where it differs from `drawn`. A piece found on
/// another square than before (by id), or the piece of `new_last` (a new last move),
/// slides in; `slides: None` draws without motion (the first drawing, a dropped piece).
/// What can wait a frame is returned for the caller to draw after this one (see
/// [`Later`]): the squares' names, and a class change that only says whether a piece can
/// move (the cursor, the deckbuilder's ring): a move flips it on every piece of both
/// sides, and the move's frame draws the board the eye follows.
pub(super) fn draw(
    drawn: &mut [Drawn],
    now: Vec<SquareLook>,
    nodes: &[NodeRef<leptos::html::Div>],
    slides: Option<Option<(u8, u8)>>,
    (width, flipped): (u8, bool),
) -> Later {
    let before: Vec<(u16, u8)> = drawn
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.piece.as_ref().map(|p| (p.id, i as u8)))
        .collect();
    let mut later = Later::default();
    // The pieces leaving their squares, lifted out first: a piece found on another square
    // takes its own element along (moved, not built again).
    let mut lifted: Vec<(BoardPiece, web_sys::Element)> = Vec::new();
    for (i, (look, shown)) in now.iter().zip(drawn.iter()).enumerate() {
        if shown.piece == look.piece || renamed(&shown.piece, &look.piece) {
            continue;
        }
        let Some(square) = nodes.get(i).and_then(NodeRef::get_untracked) else {
            continue;
        };
        if let Ok(Some(old)) = square.query_selector(":scope > .piece") {
            old.remove();
            if let Some(piece) = &shown.piece {
                lifted.push((piece.clone(), old));
            }
        }
    }
    for (i, (look, shown)) in now.into_iter().zip(drawn.iter_mut()).enumerate() {
        let Some(square) = nodes.get(i).and_then(NodeRef::get_untracked) else {
            continue;
        };
        let square: web_sys::Element = square.into();
        if renamed(&shown.piece, &look.piece) {
            // The piece drawn at the tap, now the game's: the same element, still sliding.
            if let (Ok(Some(element)), Some(p)) =
                (square.query_selector(":scope > .piece"), &look.piece)
            {
                let _ = element.set_attribute("data-piece-id", &p.id.to_string());
            }
            shown.piece = look.piece;
        } else if shown.piece != look.piece {
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
            if let Some(p) = &look.piece {
                let same = lifted.iter().position(|(was, _)| {
                    BoardPiece {
                        at: p.at,
                        ..was.clone()
                    } == *p
                });
                let element = match same {
                    Some(k) => {
                        let (_, element) = lifted.swap_remove(k);
                        restyle(&element, p, slide).map(|()| element)
                    }
                    None => piece_element(p, slide),
                };
                if let Ok(element) = element {
                    let _ = square.append_child(&element);
                }
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
            let unmarked = |c: &str| c.replace(" movable", "");
            if unmarked(&shown.class) == unmarked(&class) {
                later
                    .classes
                    .push((square.clone(), shown.class.clone(), class.clone()));
            } else {
                square.set_class_name(&class);
            }
            shown.class = class;
        }
        if shown.aria != look.aria {
            shown.aria.clone_from(&look.aria);
            later.names.push((square, look.aria));
        }
    }
    later
}

/// The same piece on the same square under another id: a move drawn at its tap (see
/// `TapShows`) keeps the moving piece's id, and a game whose ids are squares gives it the
/// new square's.
fn renamed(shown: &Option<BoardPiece>, now: &Option<BoardPiece>) -> bool {
    match (shown, now) {
        (Some(shown), Some(now)) => {
            shown.id != now.id
                && BoardPiece {
                    id: now.id,
                    ..shown.clone()
                } == *now
        }
        _ => false,
    }
}

/// What the board draws one frame after a move (see [`draw`]).
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
        crate::components::after_frame(move || {
            for (square, name) in self.names {
                let _ = square.set_attribute("aria-label", &name);
            }
            for (square, was, class) in self.classes {
                if square.class_name() == was {
                    square.set_class_name(&class);
                }
            }
        });
    }
}

/// How far (in squares, x to the right and y down as the viewer sees it) a piece that
/// moved `from` → `to` starts from its new square.
fn slide_from(from: u8, to: u8, width: u8, flipped: bool) -> (i32, i32) {
    let (w, sign) = (i32::from(width), if flipped { -1 } else { 1 });
    let (from, to) = (i32::from(from), i32::from(to));
    ((from % w - to % w) * sign, (to / w - from / w) * sign)
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

/// A piece element's classes: its face, its owner, and `sliding` (the slide's class) when
/// it slides in.
fn piece_class(p: &BoardPiece, sliding: Option<&str>) -> String {
    let owner = p.owner.map(|o| format!(" owner-{o}")).unwrap_or_default();
    let face = match p.face {
        Face::Down => " down",
        Face::Shown => " shown",
        Face::Up => "",
    };
    format!("piece{face}{owner}{}", sliding.unwrap_or(""))
}

/// Where a sliding piece starts from, through the CSSOM (a style attribute would break the
/// page's CSP); nothing when it does not slide.
fn slide_style(piece: &web_sys::Element, slide: Option<(i32, i32)>) -> Result<(), JsValue> {
    let style = piece.unchecked_ref::<web_sys::HtmlElement>().style();
    match slide {
        Some((x, y)) => {
            style.set_property("--slide-x", &x.to_string())?;
            style.set_property("--slide-y", &y.to_string())?;
        }
        None => {
            style.remove_property("--slide-x")?;
            style.remove_property("--slide-y")?;
        }
    }
    Ok(())
}

/// A piece's own element, moved to its new square, set to slide in again. The slide takes
/// turns between two animations of the same motion (`sliding`, `sliding-again`): a new
/// animation name starts the motion over.
fn restyle(
    element: &web_sys::Element,
    p: &BoardPiece,
    slide: Option<(i32, i32)>,
) -> Result<(), JsValue> {
    let again = element.class_list().contains("sliding");
    let sliding = slide.map(|_| if again { " sliding-again" } else { " sliding" });
    element.set_class_name(&piece_class(p, sliding));
    slide_style(element, slide)
}

/// A piece as drawn on a square or in the tray; `slide`: it just moved, and slides in from
/// that many squares away (a transform only, see `.piece.sliding`). Built directly: a move
/// draws one of these into its square (see [`draw`]).
pub(super) fn piece_element(
    p: &BoardPiece,
    slide: Option<(i32, i32)>,
) -> Result<web_sys::Element, JsValue> {
    let document = document();
    let piece = document.create_element("span")?;
    piece.set_class_name(&piece_class(p, slide.map(|_| " sliding")));
    piece.set_attribute("data-piece", &p.label)?;
    piece.set_attribute("data-piece-id", &p.id.to_string())?;
    slide_style(&piece, slide)?;
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

/// The squares, drawn once per board size and side, by the view; after that one effect
/// draws into them directly: the classes, names and pieces of the squares that changed (a
/// move touches a handful), with no signal or task per square (one frame on a slow phone).
/// `tap`: a square was clicked (or tapped).
/// `shown_early`: a move drawn at its tap before the game plays it (then `redraw` draws the
/// game's board).
pub(super) fn squares(
    model: Signal<BoardModel>,
    choice: RwSignal<Choice>,
    (shown_early, redraw): (StoredValue<Option<(u8, u8)>>, Trigger),
    (just_dropped, last_seen): (StoredValue<bool>, StoredValue<Option<(u8, u8)>>),
    tap: Callback<u8>,
) -> impl IntoView {
    let shape = Memo::new(move |_| model.with(|m| (m.width, m.height, m.flipped)));
    move || {
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
                redraw.track();
                let early = shown_early.get_value();
                let (now, last) = model.with(|m| match early {
                    Some(shown) => (looks(&m.with_move_shown(shown), choice.get()), early),
                    None => (looks(m, choice.get()), m.last_move),
                });
                // A dropped piece is already where it lands: it does not slide. A board
                // whose pieces have no lasting id (a chess position) slides the piece of a
                // new last move.
                let dropped = std::mem::take(&mut *just_dropped.write_value());
                let new_last = (last != last_seen.get_value()).then_some(last).flatten();
                last_seen.set_value(last);
                let animate = previous.is_some() && !dropped;
                let later = drawn.try_update_value(|drawn| {
                    draw(
                        drawn,
                        now,
                        &nodes,
                        animate.then_some(new_last),
                        (width, flipped),
                    )
                });
                // The squares' names in words, and whether each piece can move, follow one
                // frame later: the move's frame draws what the eye sees first.
                if let Some(later) = later {
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
        order
            .chunks(usize::from(width))
            .map(|row| {
                let squares = row.iter().map(|&index| square(index)).collect_view();
                view! { <div class="board-row" role="row">{squares}</div> }
            })
            .collect_view()
    }
}

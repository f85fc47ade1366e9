//! The board's pieces, each in its own spot on a layer above the squares, placed there by a
//! transform: which drawn piece becomes each piece of a new position (so a piece that moved
//! keeps its element and slides), a move drawn at its tap, the chosen piece lifted onto a
//! layer of its own, and a piece's element as built for the board or the tray.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::model::{BoardPiece, Face, square_name};

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

//! The board under a pointer: a press on a piece that may become a drag, the piece picked
//! up past a few pixels and its ghost following the pointer, and the drop on the square
//! under it (what a drop does is `choice::dropped`'s). Touch first.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::choice::{self, Choice, Dropped};
use super::drag::{Drag, Held};
use super::model::BoardModel;

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

/// What the board's pointer handlers share (see `Board`): one copyable handle.
#[derive(Clone, Copy)]
pub(super) struct Pointer {
    pub model: Signal<BoardModel>,
    pub choice: RwSignal<Choice>,
    /// A press on a piece (of the board or the tray) that may become a drag.
    pub drag: RwSignal<Option<Drag>>,
    /// The last press was a drag: the click that follows it is not a tap.
    pub dragged: StoredValue<bool>,
    /// A move drawn at its tap, not yet played: no press picks anything up meanwhile.
    pub shown_early: StoredValue<Option<(u8, u8)>>,
    /// A move made by dragging: the piece is already where it lands, so it does not slide.
    pub just_dropped: StoredValue<bool>,
    pub on_move: Callback<(u8, u8)>,
    pub on_place: Option<Callback<(u16, u8)>>,
}

impl Pointer {
    fn set_from(self, from: Option<u8>) {
        self.choice.update(|c| {
            c.from = from;
            c.placing = None;
        });
    }

    /// A press on the board: a piece that can move may be dragged. The square pressed is
    /// the event's target (its piece takes no pointer events): no hit test, which would lay
    /// the page out before the tap is handled.
    pub fn down(self, ev: web_sys::PointerEvent) {
        let Pointer {
            model,
            drag,
            dragged,
            shown_early,
            ..
        } = self;
        dragged.set_value(false);
        if let Some(index) = index_of(ev.target())
            && shown_early.get_value().is_none()
            && model.with_untracked(|m| m.movable(index))
        {
            drag.set(Some(Drag::start(Held::Square(index), &ev)));
        }
    }

    /// A press on tray piece `id`.
    pub fn tray_down(self, id: u16, ev: web_sys::PointerEvent) {
        let Pointer { drag, dragged, .. } = self;
        dragged.set_value(false);
        drag.set(Some(Drag::start(Held::Tray(id), &ev)));
    }

    /// Past a few pixels a press is a drag: the piece is picked up (or the tray piece
    /// chosen), and its ghost follows the pointer.
    pub fn moved(self, ev: web_sys::PointerEvent) {
        let Pointer { choice, drag, .. } = self;
        let Some(mut now) = drag.get_untracked() else {
            return;
        };
        if now.follow((ev.client_x(), ev.client_y())) {
            match now.held {
                Held::Square(from) => self.set_from(Some(from)),
                Held::Tray(id) => choice.update(|c| {
                    c.from = None;
                    c.placing = Some(id);
                }),
            }
        }
        if now.moved {
            ev.prevent_default();
            drag.set(Some(now));
        }
    }

    /// A drag lands on the square under the pointer, if the piece may go there; a piece of
    /// the board that may not stays picked up.
    pub fn up(self, ev: web_sys::PointerEvent) {
        let Pointer {
            model,
            choice,
            drag,
            dragged,
            just_dropped,
            on_move,
            on_place,
            ..
        } = self;
        let Some(done) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        dragged.set_value(done.moved);
        if !done.moved {
            return;
        }
        let to = index_at(ev.client_x(), ev.client_y());
        match model.with_untracked(|m| choice::dropped(m, done.held, to)) {
            Dropped::Play { from, to } => {
                self.set_from(None);
                just_dropped.set_value(true);
                on_move.run((from, to));
            }
            Dropped::Hold(from) => self.set_from(Some(from)),
            Dropped::Place { id, on } => {
                choice.update(|c| c.placing = None);
                if let Some(place) = on_place {
                    place.run((id, on));
                }
            }
            Dropped::Nothing => choice.update(|c| c.placing = None),
        }
    }

    /// The choice follows the board: a new position clears it, and the square of a piece
    /// being dragged is marked.
    pub fn follow(self) {
        let Pointer {
            model,
            choice,
            drag,
            ..
        } = self;
        Effect::new(move |previous: Option<()>| {
            model.with(|_| ());
            // Only when there is a choice to clear: a needless update would draw every
            // square's look a second time in the move's frame.
            if previous.is_some()
                && choice.with_untracked(|c| c.from.is_some() || c.placing.is_some())
            {
                choice.update(Choice::clear);
            }
        });
        let dragging = Memo::new(move |_| drag.with(|d| d.and_then(Drag::square)));
        Effect::new(move |_| {
            let now = dragging.get();
            if choice.with_untracked(|c| c.dragging != now) {
                choice.update(|c| c.dragging = now);
            }
        });
    }

    /// The dragged piece: one element, moved by a transform in its own signal.
    pub fn ghost(self) -> impl IntoView {
        let Pointer { model, drag, .. } = self;
        let ghost_image = Memo::new(move |_| {
            let held = drag.with(|d| d.filter(|d| d.moved).map(|d| d.held))?;
            model.with(|m| match held {
                Held::Square(from) => m.pieces.iter().find(|p| p.at == from).map(|p| p.image),
                Held::Tray(id) => m.tray.iter().find(|p| p.id == id).map(|p| p.image),
            })
        });
        let pointer = move || drag.get().map(|d| d.at);
        move || {
            ghost_image.get().map(|image| {
                view! {
                    <span class="piece drag-ghost"
                        style:transform=move || pointer().map(|(x, y)| format!("translate({x}px, {y}px) translate(-50%, -60%)")).unwrap_or_default()>
                        <img src=image alt="" draggable="false"/>
                    </span>
                }
            })
        }
    }
}

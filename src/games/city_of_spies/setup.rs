//! A City of Spies' set-up of a round on the table: how the pieces start (standard,
//! random from the round's seed, or arranged by hand, kept across a reload), on the board
//! where the round will be played.

use intrigue_core::games::city_of_spies::{Layout, LayoutChoice, Square};
use leptos::prelude::*;

use super::look::{blocked, board_piece};
use crate::components::{Board, BoardModel};
use crate::saved;

/// Choose how the pieces start: standard, random from the round's seed, or arranged freely.
#[component]
pub(super) fn SetUp(
    round: u32,
    default_layout: LayoutChoice,
    /// The layout "random" gives this round (from the set-up view: the screen never holds
    /// the seed).
    random: Layout,
    on_start: Callback<Layout>,
) -> impl IntoView {
    // A hand-made arrangement survives a reload (it is saved at every step). A guided
    // game's set-up leaves the device's own game's arrangement as it was.
    let guided = crate::games::shell::guiding();
    let kept = (!guided)
        .then(|| saved::load_arrangement(round))
        .flatten()
        .and_then(|squares| {
            let squares: [u8; 11] = squares.try_into().ok()?;
            Some(Layout(squares.map(|s| Square::new(u32::from(s)))))
        })
        .filter(|layout| layout.board().is_ok());
    let choice = RwSignal::new(if kept.is_some() {
        LayoutChoice::Free
    } else {
        default_layout
    });
    let free = RwSignal::new(kept.unwrap_or(random));
    let keep = move || {
        if guided {
            return;
        }
        let squares: Vec<u8> = free.with_untracked(|l| l.0.iter().map(|s| *s as u8).collect());
        saved::save_arrangement(round, &squares);
    };
    let layout = move || match choice.get() {
        LayoutChoice::Standard => Layout::standard(),
        LayoutChoice::Random => random,
        LayoutChoice::Free => free.get(),
    };
    let model = Memo::new(move |_| {
        let layout = layout();
        let board = layout.board().unwrap_or_default();
        let open: Vec<u8> = (0..64u8)
            .filter(|&i| {
                !intrigue_core::games::city_of_spies::board::BUILDING
                    .iter()
                    .any(|&b| b as u8 == i)
                    && board.piece_at(Square::new(u32::from(i))).is_none()
            })
            .collect();
        let arranging = choice.get() == LayoutChoice::Free;
        BoardModel {
            width: 8,
            height: 8,
            pieces: board.pieces().map(|(sq, p)| board_piece(sq, p)).collect(),
            destinations: if arranging {
                board
                    .pieces()
                    .map(|(sq, _)| (sq as u8, open.clone()))
                    .collect()
            } else {
                vec![]
            },
            last_move: None,
            blocked: blocked(),
            blocked_word: tr!("building", "edificio").to_string(),
            check: None,
            ..Default::default()
        }
    });
    let rearrange = Callback::new(move |(from, to): (u8, u8)| {
        free.update(|l| {
            if let Some(slot) = l.0.iter_mut().find(|sq| **sq as u8 == from) {
                *slot = Square::new(u32::from(to));
            }
        });
        keep();
    });
    let option = move |value: LayoutChoice, label: &'static str| {
        view! {
            <label class="option-row">
                <input type="radio" name="layout" prop:checked=move || choice.get() == value on:change=move |_| {
                    if value == LayoutChoice::Free && choice.get_untracked() != LayoutChoice::Free {
                        free.set(layout());
                        keep();
                    } else if value != LayoutChoice::Free && !guided {
                        saved::clear_arrangement();
                    }
                    choice.set(value);
                }/>
                <span>{label}</span>
            </label>
        }
    };
    view! {
        <div class="setup">
            <fieldset class="choice">
                <legend>{tr!("How do the pieces start?", "¿Cómo empiezan las piezas?")}</legend>
                {option(LayoutChoice::Random, tr!("Random (drawn from this round's seed)", "Al azar (sacada de la semilla de esta ronda)").get())}
                {option(LayoutChoice::Standard, tr!("Standard layout", "Colocación normal").get())}
                {option(LayoutChoice::Free, tr!("Arrange them yourselves: tap a piece, then a free square", "Colocadlas vosotros: toca una pieza y luego una casilla libre").get())}
            </fieldset>
            <Board model on_move=rearrange label=tr!("Set-up board", "Tablero de colocación").get()/>
            <div class="answer-bar">
                <button type="button" class="button primary big" data-action="start-round" on:click=move |_| {
                    if !guided {
                        saved::clear_arrangement();
                    }
                    on_start.run(layout());
                }>
                    {tr!("Start round ", "Empezar la ronda ")}{round}
                </button>
            </div>
        </div>
    }
}

//! "What can I do?": in a game against the computer, the person may ask what they can do
//! now. The screen then marks what can act (the pieces that can move, the cards that can
//! be played, the town squares' buttons: the page's `hinting` class) and says in a sentence
//! what each does. Every hint asked is written in the game's log (`saved::log_hint`), and
//! the count is shown with the game's end, as everyone would want to know.
//!
//! What the sentences say is each game's, from what its screen shows: [`board_hints`] for a
//! board, the deckbuilder's and Usurp's own for cards and town squares.

use leptos::prelude::*;

use crate::components::{BoardModel, square_name};

/// At most this many sentences are shown: the rest are counted.
const SHOWN: usize = 8;

/// What a board lets the player do now: each piece that can move, by its name and square,
/// and the squares it may go to ("White pawn on e2: to e3 or e4."), in the board's order.
pub fn board_hints(model: &BoardModel) -> Vec<String> {
    model
        .destinations
        .iter()
        .filter(|(_, to)| !to.is_empty())
        .filter_map(|(from, to)| {
            let piece = model.pieces.iter().find(|p| p.at == *from)?;
            let to: Vec<String> = to.iter().map(|&t| square_name(t, model.width)).collect();
            Some(trf!(
                "{} on {}: to {}.",
                "{} en {}: a {}.",
                piece.label,
                square_name(*from, model.width),
                crate::words::or(&to)
            ))
        })
        .collect()
}

/// A table game's hints, as its board `model` stands: `me` is a phone's own seat (`None`:
/// this device holds the game), and only a game against the computer here offers them.
pub fn table_hints(model: Memo<BoardModel>, me: Option<u8>) -> Memo<Vec<String>> {
    let helped = me.is_none() && against_the_computer();
    Memo::new(move |_| {
        if helped {
            model.with(board_hints)
        } else {
            Vec::new()
        }
    })
}

/// The sentences shown: the first [`SHOWN`], and how many more there are.
pub fn shown(hints: &[String]) -> (Vec<String>, usize) {
    let first = hints.iter().take(SHOWN).cloned().collect();
    (first, hints.len().saturating_sub(SHOWN))
}

/// Whether this device plays the game against the computer: a hint is offered then only
/// (a table of people teaches itself; a guided game marks what to tap).
pub fn against_the_computer() -> bool {
    // A guided game marks what to tap itself.
    !crate::games::shell::guiding() && crate::saved::computers().iter().any(Option::is_some)
}

/// The hint's button and, once asked, its sentences; `hints`: what the player may do now
/// (none: no button). A new position puts the hint away.
#[component]
pub fn Hint(#[prop(into)] hints: Signal<Vec<String>>) -> impl IntoView {
    let open = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    // A new position, a new hint to ask for.
    Effect::new(move |_| {
        hints.track();
        open.set(false);
    });
    Effect::new(move |_| {
        let on = open.get();
        if let Some(body) = document().body() {
            let _ = body.class_list().toggle_with_force("hinting", on);
        }
    });
    on_cleanup(|| {
        if let Some(body) = document().body() {
            let _ = body.class_list().remove_1("hinting");
        }
    });
    let ask = move |_| {
        if open.get_untracked() {
            open.set(false);
            return;
        }
        // Asked for is logged: one that cannot be written is not shown.
        match crate::saved::log_hint() {
            Ok(()) => {
                problem.set(None);
                open.set(true);
            }
            Err(why) => problem.set(Some(why)),
        }
    };
    let offered = Memo::new(move |_| hints.with(|h| !h.is_empty()));
    view! {
        <div class="hint" hidden=move || !offered.get()>
            <button type="button" class="button" data-action="hint"
                aria-expanded=move || open.get().to_string() aria-controls="hint-list"
                on:click=ask>{tr!("What can I do?", "¿Qué puedo hacer?")}</button>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <div id="hint-list" role="status">
                {move || open.get().then(|| {
                    let (first, more) = hints.with(|h| shown(h));
                    view! {
                        <ul class="hint-list">
                            {first.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                            {(more > 0).then(|| view! { <li class="muted">{trf!("…and {} more.", "…y {} más.", more)}</li> })}
                        </ul>
                    }
                })}
            </div>
        </div>
    }
}

/// "You asked "What can I do?" twice in this game.": the hints of the game on screen, said
/// at its end (nothing when none was asked).
pub fn hints_used(count: usize) -> Option<String> {
    match count {
        0 => None,
        1 => Some(
            tr!(
                "You asked “What can I do?” once in this game.",
                "Preguntaste «¿Qué puedo hacer?» una vez en esta partida."
            )
            .to_string(),
        ),
        n => Some(trf!(
            "You asked “What can I do?” {n} times in this game.",
            "Preguntaste «¿Qué puedo hacer?» {n} veces en esta partida."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::BoardPiece;
    use crate::i18n::{Lang, speak};

    fn piece(at: u8, label: &str) -> BoardPiece {
        BoardPiece {
            id: u16::from(at),
            at,
            owner: None,
            face: crate::components::Face::Up,
            image: "",
            label: label.into(),
            badge: None,
        }
    }

    /// Each piece that can move is said with its square and where it may go, in both
    /// languages; a piece with nowhere to go is not.
    #[test]
    fn a_board_says_each_piece_that_can_move_and_where() {
        let model = BoardModel {
            width: 8,
            height: 8,
            pieces: vec![
                piece(12, "White pawn"),
                piece(6, "White knight"),
                piece(0, "White rook"),
            ],
            destinations: vec![(12, vec![20, 28]), (6, vec![21, 23]), (0, vec![])],
            ..BoardModel::default()
        };
        speak(Lang::En);
        assert_eq!(
            board_hints(&model),
            [
                "White pawn on e2: to e3 or e4.",
                "White knight on g1: to f3 or h3."
            ]
        );
        speak(Lang::Es);
        assert_eq!(board_hints(&model)[0], "White pawn en e2: a e3 o e4.");
        speak(Lang::En);
        assert!(
            board_hints(&BoardModel::default()).is_empty(),
            "nothing to do, no hint"
        );
    }

    /// Eight sentences at most are shown, the rest counted; the count of hints asked is
    /// said at the end, and nothing when none was.
    #[test]
    fn a_long_hint_is_cut_and_the_hints_asked_are_counted() {
        let hints: Vec<String> = (0..11).map(|i| format!("line {i}")).collect();
        let (first, more) = shown(&hints);
        assert_eq!(first.len(), 8);
        assert_eq!(first[7], "line 7");
        assert_eq!(more, 3);
        assert_eq!(shown(&hints[..2]), (hints[..2].to_vec(), 0));
        speak(Lang::En);
        assert_eq!(hints_used(0), None);
        assert_eq!(
            hints_used(1).as_deref(),
            Some("You asked “What can I do?” once in this game.")
        );
        assert_eq!(
            hints_used(3).as_deref(),
            Some("You asked “What can I do?” 3 times in this game.")
        );
        speak(Lang::Es);
        assert_eq!(
            hints_used(2).as_deref(),
            Some("Preguntaste «¿Qué puedo hacer?» 2 veces en esta partida.")
        );
        speak(Lang::En);
    }
}

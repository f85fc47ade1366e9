//! A City of Spies's round as the table shows it, the same on the table's device and on a
//! linked phone: the banner and the round's word, the board (or the table's set-up), the
//! claim and the pass, the order of play, the scores and what happened, said aloud.

use intrigue_core::games::city_of_spies::{
    Action, CityOfSpies, Layout, Move, Phase, Square, TableView, Team,
};
use leptos::prelude::*;

use super::look::{blocked, board_piece};
use super::story::{announce, rolled, spoken, team_words};
use super::setup::SetUp;
use super::illegal::why_stays;
use crate::components::{Board, BoardModel, TapShows};
use crate::reasons::Reason;
use crate::games::shell::SeatFeed;

/// The board of `view`; `waiting`: whoever taps it is not the seat to act (see
/// [`why_stays`]).
fn model_of(view: &TableView, waiting: bool) -> BoardModel {
    BoardModel {
        width: 8,
        height: 8,
        pieces: view
            .board
            .iter()
            .map(|&(sq, p)| board_piece(sq, p))
            .collect(),
        destinations: crate::games::destinations_of(&view.destinations, |sq| sq as u8, waiting),
        refusals: view
            .board
            .iter()
            .filter_map(|&(sq, _)| Some((sq as u8, why_stays(view, sq, waiting)?.words())))
            .collect(),
        last_move: view.last_move.map(|mv| (mv.from as u8, mv.to as u8)),
        blocked: blocked(),
        blocked_word: tr!("building", "edificio").to_string(),
        check: None,
        tap_shows: TapShows::EveryMove,
        ..Default::default()
    }
}

fn team_class(team: Team) -> &'static str {
    match team {
        Team::White => "team-chip team-white",
        Team::Black => "team-chip team-black",
    }
}

/// What the table's head shows as `v` stands: the kicker (the round and the cycle), the
/// banner and its class (`thinking`: the computer's seat; `actor`: the seat that acts now,
/// "you" on `me`'s own phone), the round's word until the reveal, and the scores.
type Head = (String, (String, &'static str), Option<(u32, &'static str)>, ([u32; 2], u32));

fn head(v: &TableView, thinking: Option<u8>, actor: Option<u8>, me: Option<u8>) -> Head {
    let cycle = if v.cycle > 0 && v.phase != Phase::SetUp {
        trf!(" · cycle {}", " · ciclo {}", v.cycle)
    } else {
        String::new()
    };
    let banner = match (thinking, actor) {
        (Some(seat), _) => (
            trf!("{} is thinking…", "{} está pensando…", crate::i18n::subject(&crate::i18n::name_here(&v.names[usize::from(seat)]))),
            "banner turn",
        ),
        (None, Some(seat)) if me == Some(seat) => match v.phase {
            Phase::Claim { .. } => (tr!("Your capture: claim or not?", "Tu captura: ¿reclamas o no?").to_string(), "banner claim-banner"),
            _ => (tr!("Your turn: move any piece", "Tu turno: mueve cualquier pieza").to_string(), "banner turn"),
        },
        (None, _) => banner(v),
    };
    (
        trf!("A City of Spies · round {}{cycle}", "Una ciudad de espías · ronda {}{cycle}", v.round),
        banner,
        (v.reveal.is_none()).then_some((v.round, v.round_word)),
        (v.scores, v.goal),
    )
}

/// The capture's question: claim the captured piece as one's Target, or not.
#[component]
fn ClaimQuestion(act: Callback<Action>) -> impl IntoView {
    view! {
        <div class="claim answer-bar" role="dialog" aria-label=tr!("Claim", "Reclamar")>
            <p class="claim-question">{tr!("Claim the captured piece as your Target?", "¿Reclamas la pieza capturada como tu objetivo?")}</p>
            <div class="actions">
                <button type="button" class="button primary" data-action="claim" on:click=move |_| act.run(Action::Claim)>{tr!("Claim it", "Reclamarla")}</button>
                <button type="button" class="button" data-action="decline" on:click=move |_| act.run(Action::Decline)>{tr!("No claim", "No reclamar")}</button>
            </div>
        </div>
    }
}

/// The round as the table shows it: the banner and the round's word, the board (or the
/// table's set-up), the claim and the pass, the order of play and what happened (`recent`:
/// the newest events, newest first). `act` plays an action; while the computer thinks
/// (`thinking`) nothing here can. `me`: a phone's own seat, which acts only on its turn
/// and leaves the set-up to the table.
#[component]
pub(super) fn CityTable(
    feed: SeatFeed<CityOfSpies>,
    thinking: Memo<Option<u8>>,
    problem: RwSignal<Option<String>>,
    me: Option<u8>,
    default_layout: Option<intrigue_core::games::city_of_spies::LayoutChoice>,
) -> impl IntoView {
    let SeatFeed {
        view: view_now,
        act,
        ..
    } = feed;
    // The newest few events, newest first (the headline, the log and what is said).
    let recent = Memo::new(move |_| feed.news.with(|n| n.iter().rev().take(24).cloned().collect::<Vec<_>>()));
    // Everything around the board follows one frame after it (see `after_paint`).
    let view_later = crate::frame::after_paint(view_now);
    let log = Memo::new(move |_| {
        let (names, round) = view_later.with(|v| (crate::i18n::names_here(&v.body.names), v.body.round));
        recent.with_untracked(|r| {
            r.iter()
                .filter_map(|e| announce(e, &names, (round, None)))
                .take(6)
                .collect::<Vec<_>>()
        })
    });
    let spoken = Memo::new(move |_| {
        let (names, word) =
            view_later.with(|v| (crate::i18n::names_here(&v.body.names), (v.body.round, v.body.round_word)));
        recent.with_untracked(|r| spoken(r, &names, word))
    });
    let act = move |action: Action| act.run(action);
    // The seat that acts now, and whether this screen may act for it (a phone only for
    // its own seat).
    let actor = Memo::new(move |_| {
        view_now.with(|v| match v.body.phase {
            Phase::Turn { seat } | Phase::Claim { seat, .. } => Some(seat),
            _ => None,
        })
    });
    let may_act = Memo::new(move |_| {
        thinking.get().is_none() && me.is_none_or(|me| actor.get() == Some(me))
    });
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        act(Action::Move(Move {
            from: Square::new(u32::from(from)),
            to: Square::new(u32::from(to)),
        }));
    });

    // Each part of the screen follows its own memo: a move redraws the board squares it
    // changed and the parts whose content changed, never the whole screen.
    let phase = Memo::new(move |_| view_now.with(|v| v.body.phase));
    let in_set_up = Memo::new(move |_| phase.get() == Phase::SetUp);
    let head = Memo::new(move |_| view_later.with(|v| head(&v.body, thinking.get(), actor.get(), me)));
    let order_changed = Memo::new(move |_| {
        view_later.with(|v| {
            let v = &v.body;
            (
                v.order.clone(),
                v.rolls.clone(),
                v.turn,
                v.active.clone(),
                v.teams.clone(),
                v.phase,
            )
        })
    });
    // The computer moves its own pieces: none can be moved for it; a phone moves only on
    // its own seat's turn.
    let model = Memo::new(move |_| {
        let waiting = !may_act.get();
        view_now.with(|v| model_of(&v.body, waiting))
    });
    // Alone against the computer on this device: what the person may do, on request.
    let hints = crate::games::hint::table_hints(model, me);
    let can_pass = Memo::new(move |_| {
        view_now
            .with(|v| matches!(v.body.phase, Phase::Turn { .. }) && v.body.destinations.is_empty())
    });

    view! {
            <header class="play-head">
                {move || {
                    let (kicker, (text, class), word, (scores, goal)) = head.get();
                    view! {
                        <div>
                            <p class="kicker">{kicker}</p>
                            <h1 class=class>{text}</h1>
                            {word.map(|(round, word)| view! {
                                <p class="round-word-line">{trf!("Round {}: every phone must say ", "Ronda {}: todos los teléfonos deben decir ", round)}<strong>{crate::words::words_view(word.to_string(), "round-word")}</strong></p>
                            })}
                        </div>
                        <Scores scores goal/>
                    }
                }}
            </header>
            {move || log.with(|l| l.first().cloned()).map(|news| view! { <p class="headline">{news}</p> })}
            // The one polite live region: every move, capture, claim and round end, said once.
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            {move || match (in_set_up.get(), default_layout) {
                (true, Some(default_layout)) => {
                    let (round, random) = view_now.with_untracked(|v| (v.body.round, v.body.random_layout.unwrap_or_else(Layout::standard)));
                    view! {
                        <SetUp round default_layout random on_start=Callback::new(move |layout| act(Action::SetUp(layout)))/>
                    }.into_any()
                }
                // A phone waits while the table sets up the round.
                (true, None) => view! {
                    <p class="next-up thinking" role="status">{tr!("The table sets up the pieces for this round…", "La mesa coloca las piezas para esta ronda…")}</p>
                }.into_any(),
                (false, _) => view! {
                    <Board model on_move label=tr!("A City of Spies board", "Tablero de Una ciudad de espías").get()/>
                    <crate::games::hint::Hint hints/>
                }.into_any(),
            }}
            // The computer's turns come paced, and Hard plays each move out first: a
            // person may have it move at once (Hard: the best it has found so far).
            <div class="actions" hidden=move || thinking.get().is_none()>
                <button type="button" class="button" data-action="hurry"
                    on:click=move |_| crate::games::computer::hurry()>{tr!("Move now", "Juega ya")}</button>
            </div>
            {move || (matches!(phase.get(), Phase::Claim { .. }) && may_act.get()).then(|| view! {
                <ClaimQuestion act=Callback::new(act)/>
            })}
            {move || (can_pass.get() && may_act.get()).then(|| view! {
                <button type="button" class="button primary" on:click=move |_| act(Action::Pass)>{tr!("No move possible: pass", "Ninguna jugada posible: pasar")}</button>
            })}
            <div class="play-side">
                {move || {
                    // Read, not only tracked: a memo that is never read never recomputes.
                    order_changed.with(|_| ());
                    view! { <Order view=view_later.with_untracked(|v| v.body.clone())/> }
                }}
                // The newest line is the headline above the board: the log holds what came
                // before it, so nothing is said twice on screen.
                {move || log.with(|l| l.len() > 1).then(|| view! {
                    <ul class="log" aria-label=tr!("Before that, newest first", "Antes de eso, lo más reciente primero")>
                        {move || log.get().into_iter().skip(1).map(|line| view! { <li>{line}</li> }).collect_view()}
                    </ul>
                })}
            </div>
    }
}


/// Whose turn it is, in words, and the banner's class.
fn banner(view: &TableView) -> (String, &'static str) {
    let name = |seat: u8| crate::i18n::name_here(&view.names[seat as usize]);
    let you = |seat: u8| crate::i18n::is_you(&view.names[seat as usize]);
    match view.phase {
        Phase::SetUp => (
            trf!("Set up the pieces for round {}", "Coloca las piezas para la ronda {}", view.round),
            "banner",
        ),
        Phase::Turn { seat } if you(seat) => (
            tr!("Your turn: move any piece", "Tu turno: mueve cualquier pieza").to_string(),
            "banner turn",
        ),
        Phase::Turn { seat } => (
            trf!("{}: move any piece", "{}: mueve cualquier pieza", name(seat)),
            "banner turn",
        ),
        Phase::Claim { seat, .. } if you(seat) => (
            tr!("Your capture: claim or not?", "Tu captura: ¿reclamas o no?").to_string(),
            "banner claim-banner",
        ),
        Phase::Claim { seat, .. } => (
            trf!("{}: claim or not?", "{}: ¿reclama o no?", name(seat)),
            "banner claim-banner",
        ),
        Phase::GameOver { winner } => (
            trf!("{} wins!", "¡Ganan {}!", team_words(winner)),
            "banner over",
        ),
    }
}

#[component]
fn Scores(scores: [u32; 2], goal: u32) -> impl IntoView {
    view! {
        <div class="scores" aria-label=tr!("Team scores", "Puntos de los equipos")>
            <span class="score team-white" data-team="white">{tr!("White ", "Blancas ")}<strong>{scores[0]}</strong></span>
            <span class="score team-black" data-team="black">{tr!("Black ", "Negras ")}<strong>{scores[1]}</strong></span>
            <span class="score-goal">{tr!("first to ", "gana quien llegue a ")}{goal}</span>
        </div>
    }
}

/// This cycle's dice and turn order, who has played, who is out, revealed teams.
#[component]
fn Order(view: TableView) -> impl IntoView {
    let current = match view.phase {
        Phase::Turn { seat } | Phase::Claim { seat, .. } => Some(seat),
        _ => None,
    };
    let mut seats: Vec<u8> = view.order.clone();
    seats.extend((0..view.names.len() as u8).filter(|s| !view.order.contains(s)));
    view! {
        <ol class="order" aria-label=tr!("Turn order", "Orden de turno")>
            {seats.into_iter().enumerate().map(|(i, seat)| {
                let rolls = view.rolls.iter().find(|(s, _)| *s == seat).map(|(_, r)| r.clone()).unwrap_or_default();
                // A new round's set-up: everyone is back in.
                let out = view.phase != Phase::SetUp && !view.active[seat as usize];
                let state = if out { "out" } else if current == Some(seat) { "now" } else if i < view.turn { "done" } else { "waiting" };
                view! {
                    <li class=format!("order-row {state}") data-seat=seat>
                        <span class="order-name">{crate::i18n::name_here(&view.names[seat as usize])}</span>
                        {view.teams[seat as usize].map(|t| view! { <span class=team_class(t)>{crate::i18n::word(t.name())}</span> })}
                        <span class="dice" role="img" aria-label=rolled(&rolls)>
                            {rolls.iter().map(|&d| view! { <span class="die" data-value=d>{d}</span> }).collect_view()}
                        </span>
                        <span class="order-state">{match state {
                            "out" => tr!("out", "fuera").get(),
                            "now" => tr!("now", "ahora").get(),
                            "done" => tr!("played", "jugó").get(),
                            _ => "",
                        }}</span>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::Game;
    use intrigue_core::game::{Referee, ToAct};
    use intrigue_core::seats::{Seats, Viewer};
    use intrigue_core::seed::{Rng, Seed};

    use super::*;
    use crate::i18n::{Lang, speak};

    /// A tap on a piece that cannot move says why, in both languages: every piece while
    /// the computer (or another phone's seat) is to act, a piece with nowhere to go, and
    /// every piece while a claim waits for its answer; a piece that can move says nothing.
    #[test]
    fn a_piece_that_cannot_move_says_why() {
        let seats = Seats::new(3, vec!["Ann".into(), "Bo".into(), "Cy".into()]).unwrap();
        let mut r = Referee::<CityOfSpies>::new(CityOfSpies::config(&seats, 0), Seed(4)).unwrap();
        let mut rng = Rng::from_state(4);
        let (mut turns, mut claims, mut boxed) = (0, 0, 0);
        speak(Lang::En);
        while r.actions() < 400 {
            let viewer = match r.to_act() {
                ToAct::Nobody => break,
                ToAct::Table => Viewer::Table,
                ToAct::Seat(seat) => Viewer::Seat(seat),
            };
            let view = r.view(Viewer::Table).body;
            match view.phase {
                Phase::Turn { seat } => {
                    let name = ["Ann", "Bo", "Cy"][usize::from(seat)];
                    let waiting = model_of(&view, true);
                    assert!(waiting.destinations.is_empty());
                    assert_eq!(waiting.refusals.len(), view.board.len(), "every piece");
                    let theirs = format!("It is {name}'s turn.");
                    assert!(waiting.refusals.iter().all(|(_, why)| *why == theirs));
                    let acting = model_of(&view, false);
                    for (at, why) in &acting.refusals {
                        assert_eq!(why, "This piece has no move now.");
                        assert!(!acting.destinations.iter().any(|(from, to)| from == at && !to.is_empty()));
                        boxed += 1;
                    }
                    let movable = acting.destinations.iter().filter(|(_, to)| !to.is_empty()).count();
                    assert_eq!(acting.refusals.len() + movable, view.board.len());
                    turns += 1;
                }
                Phase::Claim { .. } => {
                    let model = model_of(&view, false);
                    assert!(model.refusals.iter().all(|(_, why)| why == "First answer the claim question."));
                    assert_eq!(model.refusals.len(), view.board.len());
                    speak(Lang::Es);
                    assert_eq!(model_of(&view, false).refusals[0].1, "Primero responde: ¿reclamas o no?");
                    speak(Lang::En);
                    claims += 1;
                }
                _ => assert!(model_of(&view, false).refusals.is_empty()),
            }
            let legal = r.legal_actions(viewer);
            r.act(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        assert!(turns > 50 && claims > 0 && boxed > 0, "{turns} turns, {claims} claims, {boxed} boxed in");
        speak(Lang::Es);
        assert_eq!(
            crate::reasons::Stays::<intrigue_core::games::city_of_spies::Illegal>::TheirTurn("Bo".into()).words(),
            "Es el turno de Bo."
        );
        speak(Lang::En);
    }
}

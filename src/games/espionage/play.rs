//! Espionage on one shared device: a privacy curtain between the turns (and before each
//! set-up), the board from the active player's side with their two moves staged and then
//! submitted, and a summary of the opponent's last turn on the board and in words.
//!
//! While the curtain is up the screen is built from the table's view, which holds nothing
//! of either army: nothing of them is in the page.
//!
//! Against the computer there is no curtain: the person's own screen stays up, and the
//! computer's set-up and turns are played on it, paced, from the computer's seat's view
//! alone (`games::computer`).

use intrigue_core::Viewer;
use intrigue_core::game::{Referee, Status};
use intrigue_core::games::espionage::{Action, End, Espionage, Event, Geometry, Placement};
use leptos::prelude::*;

use super::legend::Legend;
use super::setup::SetUpArmy;
use super::board::{kind_words, model};
use super::story::{sentences, their_last_turn, touched};
use crate::components::Board;
use crate::cues::{Cue, cue, strongest};
use crate::games::shared_device::{self, Curtain, NotSaved, Resign, TheirTurn, WhoseTurn};
use crate::saved;

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    crate::games::answer::<Espionage>(call, |referee| {
        view! { <EspionagePlay referee/> }.into_any()
    })
}

fn end_words(end: End, names: &[String]) -> String {
    let name = |seat: u8| names[usize::from(seat)].clone();
    match end {
        End::HeadquartersTaken { winner } => format!(
            "{} took {}'s headquarters and wins!",
            name(winner),
            name(1 - winner)
        ),
        End::NoMove { loser } => format!(
            "{} had no legal move: {} wins!",
            name(loser),
            name(1 - loser)
        ),
        End::Resigned { loser } => format!("{} resigned: {} wins!", name(loser), name(1 - loser)),
        End::QuietDraw => "A draw: a hundred turns went by without a combat.".to_string(),
    }
}

#[component]
fn EspionagePlay(referee: Referee<Espionage>) -> impl IntoView {
    let referee = RwSignal::new(referee);
    let problem = RwSignal::new(None::<String>);
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let to_act = Memo::new(move |_| table.with(|v| v.to_act));
    let computers = saved::computers();
    let alone = crate::games::computer::lone_person(&computers, 2);
    // Who is looking at the screen: `None` while the curtain is up.
    let looking = shared_device::looking(to_act, problem, alone);
    let names = table.with_untracked(|v| v.body.names.clone());
    let width = table.with_untracked(|v| v.body.width);
    let g = Geometry { width };
    let act = move |action: Action| {
        if let Some(events) = saved::advance(referee, problem, action) {
            cue(strongest(events.iter().map(|e| match e {
                Event::Combat { .. } => Cue::Capture,
                Event::Ended { .. } => Cue::End,
                _ => Cue::Turn,
            })));
        }
    };
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));
    let setting_up = Memo::new(move |_| {
        table.with(|v| {
            matches!(
                v.body.phase,
                intrigue_core::games::espionage::Phase::SetUp { .. }
            )
        })
    });
    // The computer's seat while it thinks (its actions come one at a time, paced).
    let thinking = crate::games::computer::drive(referee, computers.clone(), act);
    let take_back = StoredValue::new(computers);

    let names_for_curtain = names.clone();
    let curtain = move |seat: u8| {
        let name = names_for_curtain[usize::from(seat)].clone();
        let setting_up = table.with_untracked(|v| {
            matches!(
                v.body.phase,
                intrigue_core::games::espionage::Phase::SetUp { .. }
            )
        });
        let what = if setting_up {
            format!("{name} sets up their army next.")
        } else {
            format!("It is {name}'s turn.")
        };
        view! {
            <Curtain kind=intrigue_core::games::espionage::KIND seat name said=format!("{what} Everyone else looks away.") shows="army" seen=looking/>
        }
    };

    let names_for_seat = names.clone();
    let seat_screen = move |me: u8| {
        let names = names_for_seat.clone();
        let view_me = Memo::new(move |_| referee.with(|r| r.view(Viewer::Seat(me))));
        let phase = view_me.with_untracked(|v| v.body.phase);
        if let intrigue_core::games::espionage::Phase::SetUp { seat } = phase
            && seat != me
        {
            // The computer sets up its army (the person's is already on the board).
            let them = names[usize::from(seat)].clone();
            return view! {
                <section class="espionage-turn" data-seat=me data-watching="set-up">
                    <header class="play-head">
                        <p class="kicker">"Espionage · set-up"</p>
                        <h1 class="banner turn">{them.clone()}" sets up"</h1>
                        <p class="next-up thinking" role="status">"Thinking…"</p>
                    </header>
                </section>
            }
            .into_any();
        }
        if let intrigue_core::games::espionage::Phase::SetUp { .. } = phase {
            let (zone, blocked) = view_me.with_untracked(|v| {
                let blocked = v
                    .body
                    .squares
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| **s == intrigue_core::games::espionage::Seen::Volcano)
                    .map(|(i, _)| i as u8)
                    .collect::<Vec<_>>();
                (v.body.zone.clone(), blocked)
            });
            let on_ready = Callback::new(move |placement: Placement| {
                saved::clear_arrangement();
                act(Action::SetUp(placement));
            });
            return view! {
                <SetUpArmy me name=names[usize::from(me)].clone() width zone blocked on_ready/>
            }
            .into_any();
        }
        let story = Memo::new(move |_| {
            referee.with(|r| their_last_turn(r.news_newest_first(Viewer::Seat(me)), me))
        });
        let marked = Memo::new(move |_| story.with(|s| touched(s)));
        let board = Memo::new(move |_| view_me.with(|v| marked.with(|m| model(&v.body, me, m))));
        let names_story = names.clone();
        let told = Memo::new(move |_| story.with(|s| sentences(s, me, &names_story, g)));
        let on_move = Callback::new(move |(from, to): (u8, u8)| act(Action::Move { from, to }));
        let name = names[usize::from(me)].clone();
        let them = names[usize::from(1 - me)].clone();
        // Everything around the board follows one frame after it (see `after_paint`).
        let shown = crate::games::after_paint(view_me);
        let them_thinking = them.clone();
        let status = Memo::new(move |_| {
            if thinking.get().is_some() {
                return format!("{them_thinking} is thinking…");
            }
            shown.with(|v| {
                let b = &v.body;
                if b.can_submit && b.moves_left == 0 {
                    "Both moves made: submit your turn.".to_string()
                } else if b.can_submit {
                    "No other piece can move: submit your turn.".to_string()
                } else if b.moves_left == 2 {
                    "Move 1 of 2: move a piece one square.".to_string()
                } else {
                    "Move 2 of 2: now move a different piece.".to_string()
                }
            })
        });
        let lost = Memo::new(move |_| shown.with(|v| v.body.lost.clone()));
        let spoken = Memo::new(move |_| told.with(|t| t.join(" ")));
        let can_undo = Memo::new(move |_| shown.with(|v| v.can_undo));
        let can_submit = Memo::new(move |_| shown.with(|v| v.body.can_submit));
        // Each player's turn counts: South plays turns 1, 3, 5…, North 2, 4, 6….
        let turn = Memo::new(move |_| shown.with(|v| v.body.turn + 1));
        // A double tap on the curtain's button must not move a piece: a moment's wait.
        let armed = crate::guard::armed_after_a_moment();
        view! {
            <section class="espionage-turn" data-seat=me class:arming=move || !armed.get()>
                <header class="play-head">
                    <p class="kicker">"Espionage · turn "{move || turn.get()}</p>
                    // Alone with the computer, the person is "you".
                    <WhoseTurn thinking status
                        mine=if alone.is_some() { "Your turn".to_string() } else { format!("{name}'s turn") }
                        theirs=format!("{them}'s turn")/>
                </header>
                {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
                <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
                <Board model=board on_move label=format!("Espionage board, {name}'s side") tell=true/>
                <div class="answer-bar">
                    <div class="actions">
                        <button type="button" class="button" prop:disabled=move || !can_undo.get() || thinking.get().is_some()
                            on:click=move |_| take_back.with_value(|computers| saved::undo_to_person(referee, computers))>"Take back"</button>
                        <button type="button" class="button primary" data-action="submit" prop:disabled=move || !can_submit.get()
                            on:click=move |_| act(Action::Submit)>"Submit turn"</button>
                    </div>
                </div>
                <TheirTurn them=them.clone() lines=told/>
                <Legend me/>
                <section class="losses" aria-label="Pieces lost">
                    {move || lost.with(|lost| {
                        let list = |kinds: &Vec<intrigue_core::games::espionage::Kind>| {
                            if kinds.is_empty() {
                                "none".to_string()
                            } else {
                                kinds.iter().map(|&k| kind_words(k)).collect::<Vec<_>>().join(", ")
                            }
                        };
                        view! {
                            <p><strong>"You lost: "</strong>{list(&lost[usize::from(me)])}</p>
                            <p><strong>{them.clone()}" lost: "</strong>{list(&lost[usize::from(1 - me)])}</p>
                        }
                    })}
                </section>
                {
                    let name = name.clone();
                    move || thinking.get().is_none().then(|| view! { <Resign name=name.clone() resign=move |()| act(Action::Resign)/> })
                }
            </section>
        }
        .into_any()
    };

    let names_for_saved = names.clone();
    let not_saved = move |played: u8| {
        let name = names_for_saved[usize::from(played)].clone();
        let next = names_for_saved[usize::from(1 - played)].clone();
        view! { <NotSaved name next problem seen=looking/> }.into_any()
    };

    let names_for_end = names.clone();
    let finale = move || {
        // The game is over: both armies are shown, from South's side.
        let view_all = Memo::new(move |_| referee.with(|r| r.view(Viewer::Seat(0))));
        let board = Memo::new(move |_| view_all.with(|v| model(&v.body, 0, &[])));
        let words = view_all.with_untracked(|v| {
            v.body
                .end
                .map(|e| end_words(e, &names_for_end))
                .unwrap_or_default()
        });
        view! {
            <section class="espionage-end">
                <header class="play-head">
                    <p class="kicker">"Espionage · game over"</p>
                    <h1 class="banner over">{words.clone()}</h1>
                </header>
                <p class="visually-hidden" aria-live="polite" data-live="game">{words}</p>
                <Board model=board on_move=Callback::new(|_: (u8, u8)| {}) label="Espionage board, both armies shown"/>
            </section>
        }
    };

    view! {
        <section class="play espionage" data-over=move || over.get().to_string()>
            {shared_device::screen(over, looking, to_act, setting_up, move || finale().into_any(), seat_screen, move |seat| curtain(seat).into_any(), not_saved)}
            <crate::games::GameActions referee take_back=crate::games::TakeBack::BesideTheMoves/>
        </section>
    }
}

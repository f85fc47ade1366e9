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
use intrigue_core::game::Status;
use intrigue_core::games::espionage::{Action, End, Espionage, Event, Geometry, Placement};
use leptos::prelude::*;

use super::legend::Legend;
use super::setup::SetUpArmy;
use super::board::{kind_words, model};
use super::story::{sentences, their_last_turn, touched};
use crate::components::Board;
use crate::cues::Cue;
use crate::games::host::PlayOnPhones;
use crate::games::shell::{SeatFeed, Shell};
use crate::games::shared_device::{self, Curtain, NotSaved, Resign, TheirTurn, WhoseTurn};
use crate::saved;

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    if let crate::games::PartCall::Fair = call {
        return crate::games::PartAnswer::Screen(super::fair_play::host_screen(fair_seat));
    }
    if let crate::games::PartCall::Phone(invitation) = &call
        && invitation.fair
    {
        return crate::games::PartAnswer::Screen(super::fair_play::guest_screen(
            invitation.clone(),
            fair_seat,
        ));
    }
    if let crate::games::PartCall::Learn = call {
        return crate::games::PartAnswer::Screen(crate::games::guide::lesson_screen(
            super::lesson::lesson(),
            heard,
            |shell| view! { <EspionagePlay shell/> }.into_any(),
        ));
    }
    crate::games::screen::answer_on_phones::<Espionage, _>(
        call,
        |referee| {
            let names = crate::i18n::names_here(&referee.view(Viewer::Table).body.names);
            let shell = Shell::new(referee, names, saved::Save::AtOnceIfTheTurnPasses, heard);
            view! { <EspionagePlay shell/> }.into_any()
        },
        |me, feed, problem| view! { <EspionagePhone me feed problem/> }.into_any(),
    )
}

/// A seat's screen in a game the phones referee: a linked phone's, without take-backs.
fn fair_seat(me: u8, feed: SeatFeed<Espionage>, problem: RwSignal<Option<String>>) -> AnyView {
    view! { <EspionagePhone me feed problem take_backs=false/> }.into_any()
}

/// Who won, in words: the board's end (`end`), unless a verdict gave the game to another
/// player (`winners`: a phone named at the final check, in a game the phones referee).
fn over_words(end: Option<End>, winners: &[u8], names: &[String]) -> String {
    match end {
        Some(end) if crate::i18n::board_says_who_won(end_winner(end), winners) => {
            end_words(end, names)
        }
        _ => match winners {
            [winner] => crate::i18n::wins_banner(&names[usize::from(*winner)]),
            _ => tr!("Game over", "Fin de la partida").to_string(),
        },
    }
}

/// The player the board's end gives the game to (none for a draw).
fn end_winner(end: End) -> Option<u8> {
    match end {
        End::HeadquartersTaken { winner } => Some(winner),
        End::NoMove { loser } | End::Resigned { loser } => Some(1 - loser.min(1)),
        End::QuietDraw => None,
    }
}

fn end_words(end: End, names: &[String]) -> String {
    let name = |seat: u8| names[usize::from(seat)].clone();
    let subject = |seat: u8| crate::i18n::subject(&name(seat));
    match end {
        End::HeadquartersTaken { winner } => {
            let (taker, headquarters) = (
                subject(winner),
                crate::i18n::of(&name(1 - winner), "headquarters", "cuartelillo"),
            );
            if crate::i18n::is_you(&name(winner)) {
                trf!("You took {headquarters} and win!", "¡Tomaste el {headquarters} y ganas!")
            } else {
                let the_headquarters = if crate::i18n::is_you(&name(1 - winner)) {
                    headquarters.clone()
                } else {
                    format!("el {headquarters}")
                };
                trf!(
                    "{taker} took {headquarters} and wins!",
                    "¡{taker} tomó {the_headquarters} y gana!"
                )
            }
        }
        End::NoMove { loser } => {
            let wins = crate::i18n::wins(&name(1 - loser));
            if crate::i18n::is_you(&name(loser)) {
                trf!("You had no legal move: {wins}!", "No tenías ningún movimiento legal: ¡{wins}!")
            } else {
                let loser = subject(loser);
                trf!("{loser} had no legal move: {wins}!", "{loser} no tenía ningún movimiento legal: ¡{wins}!")
            }
        }
        End::Resigned { loser } => crate::games::shared_device::resigned(&name(loser), &name(1 - loser)),
        End::QuietDraw => tr!(
            "A draw: a hundred turns went by without a combat.",
            "Tablas: pasaron cien turnos sin un combate."
        )
        .to_string(),
    }
}

/// What the table hears of an action: a combat, the end, or a turn.
fn heard(_: Shell<Espionage>, events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Combat { .. } => Cue::Capture,
        Event::Ended { .. } => Cue::End,
        _ => Cue::Turn,
    });
}

#[component]
fn EspionagePlay(shell: Shell<Espionage>) -> impl IntoView {
    let referee = shell.referee;
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));
    // Phones are offered to people: not at a game against the computer.
    let offer_phones = shell.computers.with_value(|c| c.iter().all(Option::is_none));
    // With the other player on their own phone, this device is one player's alone.
    let here = shell.played_here();
    view! {
        <section class="play espionage" data-over=move || over.get().to_string()>
            {move || shared_screen(shell, here.get())}
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::BesideTheMoves/>
            {offer_phones.then(|| view! { <PlayOnPhones shell/> })}
        </section>
    }
}

/// The game on this device: the curtain between two players sharing it, or one person's
/// own screen (`here`: the other seat is a phone's), the end once it is over.
fn shared_screen(shell: Shell<Espionage>, here: Option<u8>) -> AnyView {
    let Shell {
        referee, problem, ..
    } = shell;
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let to_act = Memo::new(move |_| table.with(|v| v.to_act));
    let alone =
        here.or_else(|| shell.computers.with_value(|c| crate::games::computer::lone_person(c, 2)));
    // Who is looking at the screen: `None` while the curtain is up.
    let looking = shared_device::looking(to_act, problem, alone);
    let names = shell.names.get_value();
    let width = table.with_untracked(|v| v.body.width);
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));
    let setting_up = Memo::new(move |_| {
        table.with(|v| {
            matches!(
                v.body.phase,
                intrigue_core::games::espionage::Phase::SetUp { .. }
            )
        })
    });
    // The other seat while it plays elsewhere: the computer thinking (its actions come
    // one at a time, paced), or a player on their own phone.
    let computer = crate::games::computer::drive(shell);
    let phone = shell.phone_to_act();
    let thinking = Memo::new(move |_| computer.get().or(phone.get()));

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
            trf!(
                "{name} sets up their army next.",
                "Ahora {name} coloca su ejército."
            )
        } else {
            let de_name = crate::i18n::de(&name);
            trf!("It is {name}'s turn.", "Es el turno {de_name}.")
        };
        view! {
            <Curtain kind=intrigue_core::games::espionage::KIND seat name said=trf!("{what} Everyone else looks away.", "{what} Los demás, no miréis.") shows=tr!("show my army", "muéstrame mi ejército") seen=looking/>
        }
    };

    let names_for_seat = names.clone();
    let seat_screen = move |me: u8| {
        let seating = Seating {
            names: names_for_seat.clone(),
            width,
            thinking,
            computer,
            problem,
            alone: alone.is_some(),
            helped: crate::games::hint::against_the_computer(),
            take_backs: true,
        };
        seat_screen(me, shell.feed(Viewer::Seat(me)), seating)
    };

    let names_for_saved = names.clone();
    let not_saved = move |played: u8| {
        let name = names_for_saved[usize::from(played)].clone();
        let next = names_for_saved[usize::from(1 - played)].clone();
        view! { <NotSaved name next problem seen=looking/> }.into_any()
    };

    let names_for_end = names.clone();
    // The game is over: both armies are shown, from South's side.
    let finale = move || {
        let view_all = Memo::new(move |_| referee.with(|r| r.view(Viewer::Seat(0))));
        finale(view_all, 0, &names_for_end)
    };

    shared_device::screen(over, looking, to_act, setting_up, finale, seat_screen, move |seat| curtain(seat).into_any(), not_saved).into_any()
}

/// What a seat's screen needs beside its view: the players' names, the board's width,
/// the other seat while it plays elsewhere (the computer thinking, a phone's turn), the
/// line that says what went wrong, and whether one person plays here alone ("your turn").
#[derive(Clone)]
struct Seating {
    names: Vec<String>,
    width: u8,
    thinking: Memo<Option<u8>>,
    /// The computer's seat while it thinks (it may be told to move now).
    computer: Memo<Option<u8>>,
    problem: RwSignal<Option<String>>,
    alone: bool,
    /// Against the computer on this device: "What can I do?" is offered.
    helped: bool,
    /// Moves may be taken back (not in a game the phones referee: each move is said aloud).
    take_backs: bool,
}

/// One seat's own screen, from its feed (its view, the story of the other's last turn,
/// its actions): its set-up, the other's set-up awaited, or its turn. The same screen on
/// the device that holds the game and on a player's own phone.
fn seat_screen(me: u8, feed: SeatFeed<Espionage>, seating: Seating) -> AnyView {
    let SeatFeed {
        view: view_me,
        act,
        take_back,
        ..
    } = feed;
    let story = Memo::new(move |_| feed.news.with(|n| their_last_turn(n.iter().rev(), me)));
    let Seating {
        names,
        width,
        thinking,
        computer,
        problem,
        alone,
        helped,
        take_backs,
    } = seating;
    let g = Geometry { width };
    let phase = view_me.with_untracked(|v| v.body.phase);
    if let intrigue_core::games::espionage::Phase::SetUp { seat } = phase
        && seat != me
    {
        // The other player sets up their army (this one's is already on the board).
        let them = names[usize::from(seat)].clone();
        return view! {
            <section class="espionage-turn" data-seat=me data-watching="set-up">
                <header class="play-head">
                    <p class="kicker">{tr!("Espionage · set-up", "Espionaje · colocación")}</p>
                    <h1 class="banner turn">{trf!("{} sets up", "{} coloca", them.clone())}</h1>
                    <p class="next-up thinking" role="status">{tr!("Thinking…", "Pensando…")}</p>
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
            act.run(Action::SetUp(placement));
        });
        return view! {
            <SetUpArmy me name=names[usize::from(me)].clone() width zone blocked on_ready/>
        }
        .into_any();
    }
    let marked = Memo::new(move |_| story.with(|s| touched(s)));
    let board = Memo::new(move |_| view_me.with(|v| marked.with(|m| model(&v.body, me, m))));
    let names_story = names.clone();
    let told = Memo::new(move |_| story.with(|s| sentences(s, me, &names_story, g)));
    let on_move = Callback::new(move |(from, to): (u8, u8)| act.run(Action::Move { from, to }));
    let hints = Memo::new(move |_| {
        if !helped {
            return Vec::new();
        }
        let mut hints = board.with(crate::games::hint::board_hints);
        if view_me.with(|v| v.body.can_submit) {
            hints.push(if hints.is_empty() {
                tr!("Submit your turn.", "Envía tu turno.").to_string()
            } else {
                tr!("Or submit your turn.", "O envía tu turno.").to_string()
            });
        }
        hints
    });
    let name = names[usize::from(me)].clone();
    let them = names[usize::from(1 - me)].clone();
    // Everything around the board follows one frame after it (see `after_paint`).
    let shown = crate::frame::after_paint(view_me);
    let them_thinking = them.clone();
    let status = Memo::new(move |_| {
        if thinking.get().is_some() {
            let who = crate::i18n::subject(&them_thinking);
            return trf!("{them_thinking} is thinking…", "{who} está pensando…");
        }
        shown.with(|v| {
            let b = &v.body;
            if b.can_submit && b.moves_left == 0 {
                tr!("Both moves made: submit your turn.", "Los dos movimientos hechos: envía tu turno.")
            } else if b.can_submit {
                tr!("No other piece can move: submit your turn.", "Ninguna otra pieza puede moverse: envía tu turno.")
            } else if b.moves_left == 2 {
                tr!("Move 1 of 2: move a piece one square.", "Movimiento 1 de 2: mueve una pieza una casilla.")
            } else {
                tr!("Move 2 of 2: now move a different piece.", "Movimiento 2 de 2: ahora mueve otra pieza.")
            }
            .to_string()
        })
    });
    let lost = Memo::new(move |_| shown.with(|v| v.body.lost.clone()));
    let spoken = Memo::new(move |_| told.with(|t| t.join(" ")));
    let can_undo = Memo::new(move |_| shown.with(|v| v.can_undo));
    let can_submit = Memo::new(move |_| shown.with(|v| v.body.can_submit));
    // A player's own turns, counted as each player counts them: South's second turn and
    // North's second are both "turn 2" (the game's count, 0, 1, 2…, numbers every turn).
    let turn = Memo::new(move |_| shown.with(|v| v.body.turn / 2 + 1));
    // A double tap on the curtain's button must not move a piece: a moment's wait.
    let armed = crate::guard::armed_after_a_moment();
    view! {
        <section class="espionage-turn" data-seat=me class:arming=move || !armed.get()>
            <header class="play-head">
                <p class="kicker">{tr!("Espionage · turn ", "Espionaje · turno ")}{move || turn.get()}</p>
                // Alone with the computer, or on their own phone, the person is "you".
                <WhoseTurn thinking status
                    mine=if alone { tr!("Your turn", "Tu turno").to_string() } else { trf!("{name}'s turn", "Turno de {name}") }
                    theirs={ let de_them = crate::i18n::de(&them); trf!("{them}'s turn", "Turno {de_them}") }/>
            </header>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
            <Board model=board on_move label=trf!("Espionage board, {}", "Tablero de Espionaje, {}", crate::i18n::of(&name, "side", "lado")) tell=true/>
            <crate::games::hint::Hint hints/>
            <div class="answer-bar">
                <div class="actions">
                    // The computer's turn comes paced, and Hard thinks first: a person may
                    // have it move at once (Hard: the best it has found so far).
                    <button type="button" class="button" data-action="hurry"
                        hidden=move || computer.get().is_none()
                        on:click=move |_| crate::games::computer::hurry()>{tr!("Move now", "Juega ya")}</button>
                    <button type="button" class="button" hidden=!take_backs prop:disabled=move || !can_undo.get() || thinking.get().is_some()
                        on:click=move |_| take_back.run(())>{tr!("Take back", "Deshacer")}</button>
                    <button type="button" class="button primary" data-action="submit" prop:disabled=move || !can_submit.get()
                        on:click=move |_| {
                            act.run(Action::Submit);
                            crate::components::focus_board_after_frame();
                        }>{tr!("Submit turn", "Enviar turno")}</button>
                </div>
            </div>
            <TheirTurn them=them.clone() lines=told/>
            <Legend me/>
            <section class="losses" aria-label=tr!("Pieces lost", "Piezas perdidas")>
                {move || lost.with(|lost| {
                    let list = |kinds: &Vec<intrigue_core::games::espionage::Kind>| {
                        if kinds.is_empty() {
                            tr!("none", "ninguna").to_string()
                        } else {
                            kinds.iter().map(|&k| kind_words(k)).collect::<Vec<_>>().join(", ")
                        }
                    };
                    view! {
                        <p><strong>{tr!("You lost: ", "Has perdido: ")}</strong>{list(&lost[usize::from(me)])}</p>
                        <p><strong>{trf!("{} lost: ", "{} ha perdido: ", them.clone())}</strong>{list(&lost[usize::from(1 - me)])}</p>
                    }
                })}
            </section>
            {
                let name = name.clone();
                move || thinking.get().is_none().then(|| view! { <Resign name=name.clone() resign=move |()| act.run(Action::Resign)/> })
            }
        </section>
    }
    .into_any()
}

/// The end: both armies shown, from `me`'s side, and who won.
fn finale(
    view_all: Memo<intrigue_core::game::View<intrigue_core::games::espionage::EspionageView>>,
    me: u8,
    names: &[String],
) -> AnyView {
    let board = Memo::new(move |_| view_all.with(|v| model(&v.body, me, &[])));
    // Followed: a verdict may come after the board's end (an army shown at the end fails
    // its check), and then says who won.
    let names = names.to_vec();
    let words = Memo::new(move |_| {
        view_all.with(|v| {
            let winners = match &v.status {
                Status::Over { winners, .. } => winners.clone(),
                _ => Vec::new(),
            };
            over_words(v.body.end, &winners, &names)
        })
    });
    view! {
        <section class="espionage-end">
            <header class="play-head">
                <div>
                    <p class="kicker">{tr!("Espionage · game over", "Espionaje · fin de la partida")}</p>
                    <h1 class="banner over">{move || words.get()}</h1>
                </div>
            </header>
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || words.get()}</p>
            <Board model=board on_move=Callback::new(|_: (u8, u8)| {}) label=tr!("Espionage board, both armies shown", "Tablero de Espionaje, con los dos ejércitos a la vista").get()/>
        </section>
    }
    .into_any()
}

/// A player's own phone, linked to the device that holds the game: their seat's screen
/// from what that device sends, redrawn when the phase changes (a set-up, the turns, the
/// end). No curtain: the phone is theirs.
#[component]
fn EspionagePhone(
    me: u8,
    feed: SeatFeed<Espionage>,
    problem: RwSignal<Option<String>>,
    /// Whether moves may be taken back (not when the phones referee the game).
    #[prop(default = true)]
    take_backs: bool,
) -> impl IntoView {
    let view = feed.view;
    let names = view.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    let width = view.with_untracked(|v| v.body.width);
    // The other seat's turn: it plays on its own device.
    let thinking = feed.others_turn(me);
    // A new screen for each phase: the set-ups, the turns, the end.
    let phase = Memo::new(move |_| {
        view.with(|v| match (v.status != Status::Playing, v.body.phase) {
            (true, _) => 3,
            (false, intrigue_core::games::espionage::Phase::SetUp { seat }) => seat,
            (false, _) => 2,
        })
    });
    view! {
        <section class="play espionage on-phone-play" data-over=move || (phase.get() == 3).to_string()>
            {move || {
                if phase.get() == 3 {
                    return finale(view, me, &names);
                }
                let seating = Seating {
                    names: names.clone(),
                    width,
                    thinking,
                    computer: Memo::new(|_| None),
                    problem,
                    alone: true,
                    helped: false,
                    take_backs,
                };
                seat_screen(me, feed, seating)
            }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, speak};

    /// The end says who won: the board's, unless a verdict gave the game to the other
    /// player (a resignation won by a phone named at the final check); in both languages.
    #[test]
    fn a_verdict_over_the_boards_end_says_who_won() {
        let names = vec!["Ann".to_string(), "Bo".to_string()];
        let resigned = Some(End::Resigned { loser: 0 });
        speak(Lang::En);
        assert_eq!(over_words(resigned, &[1], &names), "Ann resigned: Bo wins!");
        assert_eq!(over_words(resigned, &[0], &names), "Ann wins!");
        let you = vec!["You".to_string(), "Bo".to_string()];
        assert_eq!(over_words(resigned, &[0], &you), "You win!");
        assert_eq!(over_words(None, &[], &names), "Game over");
        let draw = Some(End::QuietDraw);
        assert!(over_words(draw, &[], &names).starts_with("A draw"));
        speak(Lang::Es);
        assert_eq!(over_words(resigned, &[0], &names), "¡Gana Ann!");
        speak(Lang::En);
    }
}

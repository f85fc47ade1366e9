//! A City of Spies played on the table: built from the core's table view alone (the round
//! itself is drawn by `table`, as on a phone). The game is its record; every change is
//! saved, so a reload or a closed tab loses nothing.

use intrigue_core::Viewer;
use intrigue_core::game::{Referee, Status};
use intrigue_core::games::city_of_spies::{CityOfSpies, Event, Phase, TableView};
use leptos::prelude::*;

use super::look::piece_words;
use super::table::CityTable;
use crate::components::HoldToReveal;
use crate::cues::Cue;
use crate::games::host::PlayOnPhones;
use crate::games::shell::{SeatFeed, Shell};
use crate::saved;
use crate::screens::table::{RevealForPhones, RoundsHandouts, mark_revealed};

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    if let crate::games::PartCall::Learn = call {
        return crate::games::PartAnswer::Screen(crate::games::guide::lesson_screen(
            super::lesson::lesson(),
            |_, events| sounds(events),
            |shell| view! { <CityPlay shell/> }.into_any(),
        ));
    }
    crate::games::screen::answer_on_phones::<CityOfSpies, _>(
        call,
        |referee| view! { <Playing referee/> }.into_any(),
        |me, feed, problem| view! { <CityPhone me feed problem/> }.into_any(),
    )
}

/// An action's sound.
fn sounds(events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Captured { .. } | Event::Eliminated { .. } => Cue::Capture,
        Event::GameWon { .. } => Cue::End,
        _ => Cue::Turn,
    });
}

/// The table's game on its screen.
#[component]
fn Playing(referee: Referee<CityOfSpies>) -> impl IntoView {
    let names = crate::i18n::names_here(&referee.view(Viewer::Table).body.names);
    // After every action, wherever it came from (a tap here, the computer, a phone, a take
    // back), and once as the screen opens: its sound; the table's save follows the round
    // (a peek shows this round's cards; a move within a round does not touch it); and the
    // game's end reveals the table, logged.
    let synced_round = std::sync::atomic::AtomicU32::new(0);
    let after = move |shell: Shell<CityOfSpies>, events: &[Event]| {
        sounds(events);
        let Some((round, over)) = shell.referee.try_with_untracked(|r| {
            (r.view(Viewer::Table).body.round, r.status() != Status::Playing)
        }) else {
            return;
        };
        if synced_round.swap(round, std::sync::atomic::Ordering::Relaxed) != round {
            sync_table_round(round);
        }
        if over {
            mark_revealed(Some(round));
        }
    };
    let shell = Shell::new(referee, names, saved::Save::AfterTheFrame, after);
    view! { <CityPlay shell/> }
}

/// A game on the table's screen, for real or guided (a lesson: no codes to hand out, no
/// phones to show the reveal to).
#[component]
fn CityPlay(shell: Shell<CityOfSpies>) -> impl IntoView {
    let referee = shell.referee;
    let default_layout = referee.with_untracked(|r| r.config().layout);
    let players = shell.names.with_value(Vec::len) as u8;
    let guided = shell.is_guided();
    let feed = shell.feed(Viewer::Table);
    let view_now = feed.view;
    // The computer's seats play from their own views, one paced action at a time
    // (`thinking`: its seat, while it thinks); the board and buttons wait for it.
    let computers = shell.computers.get_value();
    let offer_phones = computers.iter().all(Option::is_none);
    // One person alone with the computer: their own team and this round's cards are theirs
    // to see here, from their seat's view (no peek, no log: nobody else is at the table);
    // the computer's stay hidden. Asked again only when the round changes.
    let person = crate::games::computer::lone_person(&computers, players);
    let round_of_own = Memo::new(move |_| view_now.with(|v| v.body.round));
    let own = Memo::new(move |_| {
        round_of_own.track();
        person.and_then(|me| {
            referee
                .with_untracked(|r| r.view(Viewer::Seat(me)).body.own)
                .map(|own| (me, own))
        })
    });
    let thinking = crate::games::computer::drive(shell);
    let phase = Memo::new(move |_| view_now.with(|v| v.body.phase));
    let over = Memo::new(move |_| view_now.with(|v| v.body.reveal.is_some()));
    let round_now = Memo::new(move |_| view_now.with(|v| v.body.round));
    let reveal_code = Memo::new(move |_| {
        view_now.with(|v| v.body.reveal_code.clone().filter(|_| !guided))
    });
    view! {
        <section class="play city" data-phase=move || phase_name(phase.get())>
            <CityTable feed thinking problem=shell.problem me=None default_layout=Some(default_layout)/>
            {move || (!over.get()).then(|| own.get()).flatten().map(|(me, own)| view! {
                <section class="phone-secrets own-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(own.team, Some(own.cards), me, own.round)}
                    </HoldToReveal>
                </section>
            })}
            {move || over.get().then(|| {
                let v = view_now.with_untracked(|v| v.body.clone());
                view! { <FinalReveal view=v/> }
            })}
            {move || (!over.get() && !guided).then(|| view! { <RoundsHandouts round=round_now.get()/> })}
            {move || reveal_code.get().map(|code| view! { <RevealForPhones code/> })}
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::Here/>
            {offer_phones.then(|| view! { <PlayOnPhones shell keep_one=false/> })}
        </section>
    }
}

/// A player's own phone, linked to the table's device: the board and the round as the
/// table shows them, and their own moves, claims and passes played from here when their
/// turn comes (or on the table, as before). The set-up stays the table's.
#[component]
fn CityPhone(
    me: u8,
    feed: SeatFeed<CityOfSpies>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let view_now = feed.view;
    let thinking = Memo::new(|_| None);
    let phase = Memo::new(move |_| view_now.with(|v| v.body.phase));
    // The seat's own team and cards of this round come with its view: shown while the
    // player holds the pad, as on a phone given its seat's code.
    let own = Memo::new(move |_| view_now.with(|v| v.body.own));
    view! {
        <section class="play city on-phone-play" data-phase=move || phase_name(phase.get())>
            <CityTable feed thinking problem me=Some(me) default_layout=None/>
            {move || own.get().map(|own| view! {
                <section class="phone-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(own.team, Some(own.cards), me, own.round)}
                    </HoldToReveal>
                </section>
            })}
        </section>
    }
}

/// Every seat's team and cards of every round, at the end.
#[component]
fn FinalReveal(view: TableView) -> impl IntoView {
    let names = crate::i18n::names_here(&view.names);
    view.reveal.map(|reveal| view! {
        <h2>{tr!("Everyone's secrets", "Los secretos de todos")}</h2>
        <div class="reveal-scroll">
            <table class="reveal">
                <thead><tr><th>{tr!("Player", "Jugador")}</th><th>{tr!("Team", "Equipo")}</th>
                    {(1..=view.round).map(|r| view! { <th>{tr!("Round ", "Ronda ")}{r}<br/>{tr!("life / target", "vida / objetivo")}</th> }).collect_view()}
                </tr></thead>
                <tbody>
                    {reveal.into_iter().map(|s| view! {
                        <tr data-seat=s.seat>
                            <td>{names[s.seat as usize].clone()}</td>
                            <td class="reveal-team">{crate::i18n::said(s.team.name())}</td>
                            {s.cards.iter().map(|c| view! { <td>{piece_words(c.life)}" / "{piece_words(c.target)}</td> }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    })
}

/// The table's saved round follows the game, so a peek shows this round's cards.
fn sync_table_round(round: u32) {
    if let Ok(Some(mut table)) = saved::load_table()
        && table.round != round
    {
        table.round = round;
        let _ = saved::save_table(&table);
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::SetUp => "set-up",
        Phase::Turn { .. } => "turn",
        Phase::Claim { .. } => "claim",
        Phase::GameOver { .. } => "over",
    }
}

//! Carousel Chess played on the table: the game as the table shows it (`table`), the
//! seat's own team for one person alone with the computer, the PGN, the reveal for phones
//! at the end; and a linked phone's screen of the same game.

use intrigue_core::Viewer;
use intrigue_core::game::Status;
use intrigue_core::games::carousel_chess::{CarouselChess, Event, pgn};
use leptos::prelude::*;

use crate::components::HoldToReveal;
use crate::cues::Cue;
use crate::games::host::PlayOnPhones;
use crate::games::shell::{SeatFeed, Shell};
use crate::saved;
use crate::screens::table::{RevealForPhones, mark_revealed};

use super::table::CarouselTable;

/// Today as PGN wants it (YYYY.MM.DD), from the browser's clock.
fn today() -> String {
    let now = web_sys::js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date()
    )
}

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    if let crate::games::PartCall::Learn = call {
        return crate::games::PartAnswer::Screen(crate::games::guide::lesson_screen(
            super::lesson::lesson(),
            heard,
            |shell| view! { <CarouselPlay shell/> }.into_any(),
        ));
    }
    crate::games::screen::answer_on_phones::<CarouselChess, _>(
        call,
        |referee| {
            let names = crate::i18n::names_here(&referee.view(Viewer::Table).body.names);
            let shell = Shell::new(referee, names, saved::Save::AfterTheFrame, heard);
            view! { <CarouselPlay shell/> }.into_any()
        },
        |me, feed, problem| view! { <CarouselPhone me feed problem/> }.into_any(),
    )
}

/// After every action, wherever it came from (a tap here, the computer, a phone, a take
/// back), and once as the screen opens: its sound, and at the game's end the table
/// revealed, logged.
fn heard(shell: Shell<CarouselChess>, events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Played { ply } if ply.captured.is_some() => Cue::Capture,
        Event::Ended { .. } => Cue::End,
        _ => Cue::Turn,
    });
    // A guided game is no table's: nothing to reveal.
    if !shell.is_guided()
        && shell.referee.try_with_untracked(|r| r.status() != Status::Playing) == Some(true)
    {
        mark_revealed(None);
    }
}

#[component]
fn CarouselPlay(shell: Shell<CarouselChess>) -> impl IntoView {
    let players = shell.names.with_value(Vec::len) as u8;
    let referee = shell.referee;
    let feed = shell.feed(Viewer::Table);
    let view_now = feed.view;
    // The computer's seats play from their own views, one paced ply at a time
    // (`thinking`: its seat, while it thinks); the board waits for it.
    let computers = shell.computers.get_value();
    let offer_phones = computers.iter().all(Option::is_none);
    // One person alone with the computer: their own team is theirs to see here, from their
    // seat's view (no peek, no log: nobody else is at the table); the computer's stay hidden.
    let person = crate::games::computer::lone_person(&computers, players);
    let own = person.and_then(|me| {
        referee
            .with_untracked(|r| r.view(Viewer::Seat(me)).body.own)
            .map(|team| (me, team))
    });
    let thinking = crate::games::computer::drive(shell);
    // Built from the table's view: it can hold nothing the table may not show. Only while
    // the PGN is open, so a move does not pay for it.
    let pgn_open = RwSignal::new(false);
    let pgn_text = move || {
        pgn_open
            .get()
            .then(|| view_now.with(|v| pgn::export(&v.body, &today())))
    };
    let over = Memo::new(move |_| view_now.with(|v| v.body.end.is_some()));
    // A guided game is no table's: no phone to show the reveal to.
    let guided = shell.is_guided();
    let reveal_code = Memo::new(move |_| {
        view_now.with(|v| v.body.reveal_code.clone().filter(|_| !guided))
    });
    view! {
        <section class="play carousel" data-over=move || over.get().to_string()>
            <CarouselTable feed thinking problem=shell.problem me=None/>
            {move || (!over.get()).then_some(own).flatten().map(|(me, team)| view! {
                <section class="phone-secrets own-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(team, me)}
                    </HoldToReveal>
                </section>
            })}
            {move || reveal_code.get().map(|code| view! { <RevealForPhones code/> })}
            <details class="pgn" on:toggle=move |ev| pgn_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
                <summary>{tr!("PGN of this game", "PGN de esta partida")}</summary>
                <pre>{pgn_text}</pre>
            </details>
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::Here/>
            {offer_phones.then(|| view! { <PlayOnPhones shell keep_one=false/> })}
        </section>
    }
}

/// A player's own phone, linked to the table's device: the board as the table shows it,
/// and their own plies played from here when their turn comes (or on the table, as before).
#[component]
fn CarouselPhone(
    me: u8,
    feed: SeatFeed<CarouselChess>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let view_now = feed.view;
    let thinking = Memo::new(|_| None);
    let over = Memo::new(move |_| view_now.with(|v| v.body.end.is_some()));
    // The seat's own team comes with its view: shown while the player holds the pad, as
    // on a phone given its seat's code.
    let own = Memo::new(move |_| view_now.with(|v| v.body.own));
    view! {
        <section class="play carousel on-phone-play" data-over=move || over.get().to_string()>
            <CarouselTable feed thinking problem me=Some(me)/>
            {move || own.get().map(|team| view! {
                <section class="phone-secrets" aria-label=tr!("Your secrets", "Tus secretos")>
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        {super::secrets::seat_secrets(team, me)}
                    </HoldToReveal>
                </section>
            })}
        </section>
    }
}

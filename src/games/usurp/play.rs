//! Usurp on the shared device: whose turn it is, the deck, the card drawn, the town squares
//! with what taking each would do to the player's score, and every player's castles grouped
//! as they would score. At the end, each player's breakdown and the winners.

use intrigue_core::Viewer;
use intrigue_core::game::{Status, ToAct};
use intrigue_core::games::usurp::{Action, Event, Usurp, UsurpView};
use leptos::prelude::*;

use crate::cues::Cue;
use crate::games::host::PlayOnPhones;
use crate::games::shell::Shell;
use crate::saved;

use super::table::UsurpTable;

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    // Every seat on a phone, refereed by the phones together (issue 42).
    if let crate::games::PartCall::Fair = call {
        return crate::games::PartAnswer::Screen(super::fair_play::table_screen());
    }
    if let crate::games::PartCall::Phone(invitation) = &call
        && invitation.fair
    {
        return crate::games::PartAnswer::Screen(super::fair_play::phone_screen(invitation.clone()));
    }
    if let crate::games::PartCall::Learn = call {
        return crate::games::PartAnswer::Screen(crate::games::guide::lesson_screen(
            super::lesson::lesson(),
            heard,
            |shell| view! { <UsurpPlay shell/> }.into_any(),
        ));
    }
    crate::games::screen::answer_on_phones::<Usurp, _>(
        call,
        |referee| {
            let names: Vec<String> = referee
                .view(Viewer::Table)
                .body
                .players
                .iter()
                .map(|p| crate::i18n::name_here(&p.name))
                .collect();
            let shell = Shell::new(referee, names, saved::Save::AfterTheFrame, heard);
            view! { <UsurpPlay shell/> }.into_any()
        },
        |me, feed, problem| view! { <super::table::UsurpPhone me feed problem/> }.into_any(),
    )
}

/// What the table hears of an action: a town square taken, the end, or a turn.
fn heard(_: Shell<Usurp>, events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Took { .. } => Cue::Capture,
        Event::GameOver { .. } => Cue::End,
        _ => Cue::Turn,
    });
}

#[component]
fn UsurpPlay(shell: Shell<Usurp>) -> impl IntoView {
    let Shell {
        referee, on_phones, ..
    } = shell;
    let feed = shell.feed(Viewer::Table);
    let view_now = feed.view;
    // The computer's seats play themselves, one paced action at a time (`thinking`: its
    // seat, while it thinks); a person's tap then plays nothing.
    let computers = shell.computers.get_value();
    let offer_phones = computers.iter().all(Option::is_none);
    let thinking = crate::games::computer::drive(shell);
    // The seats played on their own phones: their turns are played there.
    let elsewhere = shell.phone_to_act();
    // A tap here, when the next to act is a person here too: the table draws what the tap
    // changed from the view it returns (the banner, the town squares), and the rest of the
    // screen hears of the action after that frame (at 4× CPU throttle the whole screen's
    // update was most of the script in the tap's frame). Meanwhile (`settling`) a tap plays
    // nothing: the buttons still on screen are the last turn's.
    let settling = StoredValue::new(false);
    let tap = move |action: Action| -> Option<UsurpView> {
        if settling.get_value() {
            return None;
        }
        shell.apply_unheard(action)?;
        let person_here = referee.with_untracked(|r| match r.to_act() {
            ToAct::Seat(seat) => {
                !saved::is_computer(&computers, seat)
                    && on_phones.with_untracked(|p| p.get(usize::from(seat)) != Some(&true))
            }
            ToAct::Table | ToAct::Nobody => false,
        });
        if !person_here {
            referee.notify();
            return None;
        }
        settling.set_value(true);
        crate::frame::after_frame(move || {
            // The screen may be gone by then: nothing to tell.
            if !referee.is_disposed() {
                settling.set_value(false);
                referee.notify();
            }
        });
        Some(referee.with_untracked(|r| r.view(Viewer::Table).body))
    };
    // A memo: the attribute is not set again at every action.
    let over = Memo::new(move |_| view_now.with(|v| v.status != Status::Playing));
    view! {
        <section class="play usurp" data-over=move || over.get().to_string()>
            <UsurpTable feed tap=Some(Callback::new(tap)) thinking elsewhere problem=shell.problem me=None/>
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::Here/>
            {offer_phones.then(|| view! { <PlayOnPhones shell keep_one=false/> })}
        </section>
    }
}


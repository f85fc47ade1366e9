//! The Chess deckbuilder on one shared device: a privacy curtain between the turns, then
//! the board and, below it, the hand of the player to act. Tapping a card shows the pieces
//! it can move; its other uses (for its bonus alone, the Bishop's trade, the King's
//! revival) are buttons under the hand. The buy phase buys from the supply piles. What the
//! opponent did in their last turn is marked on the board and told in words.
//!
//! While the curtain is up the screen is built from the table's view, which holds no hand.

use intrigue_core::Viewer;
use intrigue_core::game::Status;
use intrigue_core::games::deckbuilder::{
    Deckbuilder, DeckbuilderView, Done, End, Event, colour,
};
use leptos::prelude::*;

use crate::components::Board;
use crate::cues::Cue;
use crate::games::chess_pieces::colour_name;
use crate::games::host::PlayOnPhones;
use crate::games::shell::{SeatFeed, Shell};
use crate::games::shared_device::{self, Curtain, NotSaved};
use crate::saved;

use super::story::{end_words, last_turn, sentences, touched};
use super::look::model;
use super::turn::SeatTurn;

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    // On two phones, each holding only its own deck (issue 42).
    if let crate::games::PartCall::Fair = call {
        return crate::games::PartAnswer::Screen(super::fair_play::host_screen(fair_seat));
    }
    if let crate::games::PartCall::Phone(invitation) = &call
        && invitation.fair
    {
        return crate::games::PartAnswer::Screen(super::fair_play::guest_screen(invitation.clone(), fair_seat));
    }
    if let crate::games::PartCall::Learn = call {
        return crate::games::PartAnswer::Screen(crate::games::guide::lesson_screen(
            super::lesson::lesson(),
            heard,
            |shell| view! { <DeckbuilderPlay shell/> }.into_any(),
        ));
    }
    crate::games::screen::answer_on_phones::<Deckbuilder, _>(
        call,
        |referee| {
            let names = crate::i18n::names_here(&referee.view(Viewer::Table).body.names);
            let shell = Shell::new(referee, names, saved::Save::AtOnceIfTheTurnPasses, heard);
            view! { <DeckbuilderPlay shell/> }.into_any()
        },
        |me, feed, problem| view! { <DeckbuilderPhone me feed problem/> }.into_any(),
    )
}

/// A seat's screen in a game the phones referee: a linked phone's, without take-backs.
fn fair_seat(me: u8, feed: SeatFeed<Deckbuilder>, problem: RwSignal<Option<String>>) -> AnyView {
    view! { <DeckbuilderPhone me feed problem no_take_back=true/> }.into_any()
}

/// What the table hears of an action: a capture, the end, or a turn.
fn heard(_: Shell<Deckbuilder>, events: &[Event]) {
    crate::cues::heard(events, |e| match e {
        Event::Played {
            done: Done::Moved {
                captured: Some(_), ..
            },
            ..
        }
        | Event::Escaped {
            captured: Some(_), ..
        } => Cue::Capture,
        Event::Ended { .. } => Cue::End,
        _ => Cue::Turn,
    });
}

#[component]
fn DeckbuilderPlay(shell: Shell<Deckbuilder>) -> impl IntoView {
    let referee = shell.referee;
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));
    // Phones are offered to people: not at a game against the computer.
    let offer_phones = shell.computers.with_value(|c| c.iter().all(Option::is_none));
    let here = shell.played_here();
    view! {
        <section class="play deckbuilder" data-over=move || over.get().to_string()>
            {move || shared_screen(shell, here.get())}
            <crate::games::screen::GameActions shell take_back=crate::games::screen::TakeBack::BesideTheMoves/>
            {offer_phones.then(|| view! { <PlayOnPhones shell/> })}
        </section>
    }
}

/// The game on this device: the curtain between two players sharing it, or one person's
/// own screen (`here`: the other seat is a phone's), the end once it is over.
fn shared_screen(shell: Shell<Deckbuilder>, here: Option<u8>) -> AnyView {
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
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));

    let names_for_curtain = names.clone();
    let curtain = move |seat: u8| {
        let name = names_for_curtain[usize::from(seat)].clone();
        let de_name = crate::i18n::de(&name);
        let said = trf!(
            "It is {name}'s turn with {}. Everyone else looks away: the hand is private.",
            "Es el turno {de_name} con {}. Los demás, no miréis: la mano es privada.",
            match (crate::i18n::es(), colour(seat)) {
                (false, c) => colour_name(c),
                (true, intrigue_core::games::carousel_chess::chess::Color::White) => "las blancas",
                (true, intrigue_core::games::carousel_chess::chess::Color::Black) => "las negras",
            }
        );
        view! { <Curtain kind=intrigue_core::games::deckbuilder::KIND seat name said shows=tr!("show my hand", "muéstrame mi mano") seen=looking/> }
    };

    let names_for_seat = names.clone();
    // The other seat while it plays elsewhere: the computer thinking (its actions come one
    // at a time, paced), or a player on their own phone.
    let computer = crate::games::computer::drive(shell);
    let phone = shell.phone_to_act();
    let thinking = Memo::new(move |_| computer.get().or(phone.get()));
    let seat_screen = move |me: u8| {
        view! {
            <SeatTurn feed=shell.feed(Viewer::Seat(me)) me names=names_for_seat.clone() problem thinking alone=alone == Some(me) computer helped=crate::games::hint::against_the_computer()/>
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
        let view_all = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
        // The last turn, as everyone may see it: marked on the board and told in words.
        let last = referee.with_untracked(|r| last_turn(r.news_newest_first(Viewer::Table)));
        // Seat 2 is nobody: every count drawn is told.
        finale(view_all, &last, &names_for_end, 0, 2)
    };

    shared_device::screen(over, looking, to_act, Memo::new(|_| false), finale, seat_screen, move |seat| curtain(seat).into_any(), not_saved).into_any()
}

/// Who won, in words: the board's end (`end`), unless a verdict gave the game to a player
/// (`winners`); "Game over" when neither says (out of draws, or a verdict at a draw).
fn over_words(end: Option<End>, winners: &[u8], names: &[String]) -> String {
    let board = |end: End| match end {
        End::Checkmate { winner } => Some(winner),
        End::Resigned { loser } => Some(1 - loser.min(1)),
        _ => None,
    };
    match (end, winners) {
        (Some(end), _) if crate::i18n::board_says_who_won(board(end), winners) => {
            end_words(end, names)
        }
        (_, [winner]) => crate::i18n::wins_banner(&names[usize::from(*winner)]),
        _ => tr!("Game over", "Fin de la partida").to_string(),
    }
}

/// The end: the final position from `side`'s side, who won, and the last turn marked and
/// told (as `teller` may hear it).
fn finale(
    view_all: Memo<intrigue_core::game::View<DeckbuilderView>>,
    last: &[Event],
    names: &[String],
    side: u8,
    teller: u8,
) -> AnyView {
    let marks = touched(last);
    let board = Memo::new(move |_| view_all.with(|v| model(&v.body, side, None, &marks)));
    // Followed: a verdict may come after the board's end (a deck shown at the end fails its
    // check), and then says who won.
    let names_now = names.to_vec();
    let words = Memo::new(move |_| {
        view_all.with(|v| {
            let winners = match &v.status {
                Status::Over { winners, .. } => winners.clone(),
                _ => Vec::new(),
            };
            over_words(v.body.end, &winners, &names_now)
        })
    });
    let told = sentences(last, names, teller);
    view! {
        <section class="deckbuilder-end">
            <header class="play-head">
                <div>
                    <p class="kicker">{tr!("Chess Deckbuilder · game over", "Ajedrez de mazos · fin de la partida")}</p>
                    <h1 class="banner over">{move || words.get()}</h1>
                </div>
            </header>
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || words.get()}</p>
            <Board model=board on_move=Callback::new(|_: (u8, u8)| {}) label=tr!("Chess board, final position", "Tablero de ajedrez, posición final").get()/>
            {(!told.is_empty()).then(|| view! {
                <section class="their-turn" aria-labelledby="last-turn-title">
                    <h2 id="last-turn-title">{tr!("The last turn", "El último turno")}</h2>
                    <ul class="story">{told.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
            })}
        </section>
    }
    .into_any()
}

/// A player's own phone, linked to the device that holds the game: their seat's turn from
/// what that device sends, the other's turns watched while they play, the end. No curtain:
/// the phone is theirs.
#[component]
fn DeckbuilderPhone(
    me: u8,
    feed: SeatFeed<Deckbuilder>,
    problem: RwSignal<Option<String>>,
    /// A game the phones referee: nothing is taken back.
    #[prop(optional)]
    no_take_back: bool,
) -> impl IntoView {
    let view_me = feed.view;
    let names = view_me.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    // The other seat's turn: it plays on its own device.
    let thinking = feed.others_turn(me);
    let over = Memo::new(move |_| view_me.with(|v| v.status != Status::Playing));
    view! {
        <section class="play deckbuilder on-phone-play" data-over=move || over.get().to_string()>
            {move || if over.get() {
                let last = feed.news.with_untracked(|n| last_turn(n.iter().rev()));
                finale(view_me, &last, &names, me, me)
            } else {
                view! {
                    <SeatTurn feed me names=names.clone() problem thinking alone=true no_take_back/>
                }
                .into_any()
            }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, speak};

    /// The end says who won: the board's, unless a verdict gave the game to a player (a
    /// phone named at the end, or by the clock); "Game over" when neither says.
    #[test]
    fn a_verdict_over_the_boards_end_says_who_won() {
        let names = vec!["Ann".to_string(), "Bo".to_string()];
        speak(Lang::En);
        let resigned = Some(End::Resigned { loser: 0 });
        assert_eq!(over_words(resigned, &[0], &names), "Ann wins!");
        assert_ne!(over_words(resigned, &[1], &names), "Bo wins!", "the board's own words");
        assert_eq!(over_words(None, &[0], &names), "Ann wins!");
        assert_eq!(over_words(Some(End::Stalemate), &[1], &names), "Bo wins!");
        assert_eq!(over_words(None, &[], &names), "Game over");
        speak(Lang::Es);
        assert_eq!(over_words(None, &[1], &names), "¡Gana Bo!");
        speak(Lang::En);
    }
}

//! The links of a game the players' phones referee together (issue 42; `games::fair`): the
//! relay's invitation of each seat's phone and its answer read, and a phone's answer to its
//! invitation, each link kept in its seat's place.

use intrigue_core::GameKind;
use intrigue_core::wire::join::{Invitation, Reply};
use leptos::prelude::*;

use crate::games::phone_book::PhoneBook;
use crate::games::phone_link::{LinkState, PhoneLink};
use crate::games::phone_seat::{answer_refused, read_reply};
use crate::net::{Heard, Link};

/// A device's links to the other phones, one a seat (a phone's one link to the relay in
/// its first place).
pub type Links = StoredValue<Vec<Option<Link>>, LocalStorage>;

pub fn links(seats: usize) -> Links {
    StoredValue::new_local((0..seats).map(|_| None).collect())
}

/// `frames` sent on the link of `seat`, or on every link.
pub fn send(links: Links, seat: Option<u8>, frames: &[Vec<u8>]) {
    links.with_value(|all| {
        for (s, link) in all.iter().enumerate() {
            if let Some(link) = link
                .as_ref()
                .filter(|_| seat.is_none_or(|seat| usize::from(seat) == s))
            {
                for frame in frames {
                    link.send(frame);
                }
            }
        }
    });
}

/// A phone's answer (scanned or typed) for a seat, taken or refused in words.
pub type Answered = Callback<(u8, String), Result<(), String>>;

/// The relay's side of linking the seats' phones to a game of `game` the phones referee:
/// the invitation of a seat (a new link in its place: words the link before carried and
/// the relay never had are said again by the phone on the new one), and the phone's
/// answer, read and checked. `opened`: the link of a seat is open (the relay says hello
/// on it); `message`: bytes from a seat's phone.
pub fn inviting(
    game: GameKind,
    phones: RwSignal<PhoneBook>,
    links: Links,
    opened: impl Fn(u8) + Copy + Send + Sync + 'static,
    message: impl Fn(u8, Vec<u8>) + Copy + Send + Sync + 'static,
) -> (Callback<u8>, Answered) {
    let invite = Callback::new(move |seat: u8| {
        let id = phones.try_update(|p| p.invite(seat));
        let Some(id) = id else { return };
        links.update_value(|l| {
            if let Some(slot) = l.get_mut(usize::from(seat)) {
                *slot = None;
            }
        });
        leptos::task::spawn_local(async move {
            crate::scan::ask_camera_first().await;
            let heard = move |heard: Heard| match heard {
                Heard::Open => {
                    phones.update(|p| p.connected(id));
                    opened(seat);
                }
                Heard::Closed => phones.update(|p| p.closed(id)),
                Heard::Failed => {
                    phones.update(|p| p.failed(id, crate::games::host::UNREACHED.to_string()))
                }
                Heard::Message(bytes) => message(seat, bytes),
            };
            match Link::offer(heard).await {
                Ok((link, offer)) => {
                    let invitation = Invitation {
                        game,
                        seat,
                        fair: true,
                        offer,
                    };
                    links.update_value(|l| {
                        if let Some(slot) = l.get_mut(usize::from(seat)) {
                            *slot = Some(link);
                        }
                    });
                    phones
                        .update(|p| p.invitation_made(id, invitation.mark(), invitation.to_text()));
                }
                Err(why) => phones.update(|p| p.failed(id, why)),
            }
        });
    });
    let answered = Callback::new(move |(seat, text): (u8, String)| -> Result<(), String> {
        let reply = read_reply(&text)?;
        let id = phones
            .with_untracked(|p| p.answer(seat, reply.seat, reply.invitation))
            .map_err(answer_refused)?;
        let completing = links.with_value(|l| {
            l.get(usize::from(seat))
                .and_then(Option::as_ref)
                .map(|link| link.complete(&reply.answer))
        });
        let Some(completing) = completing else {
            return Err(answer_refused(
                crate::games::phone_book::AnswerRefused::Gone,
            ));
        };
        leptos::task::spawn_local(async move {
            if let Err(why) = completing.await {
                phones.update(|p| p.failed(id, why));
            }
        });
        Ok(())
    });
    (invite, answered)
}

/// A phone's side of linking to the relay from `invitation`: its answer made (unless this
/// page already linked with that invitation, which cannot link twice) and its link kept
/// in `links`' first place; `message`: bytes from the relay. Where the link stands, and
/// whether the answer has waited long unanswered.
pub fn answering(
    invitation: &Invitation,
    links: Links,
    message: impl Fn(Vec<u8>) + 'static,
) -> (Memo<LinkState>, RwSignal<bool>) {
    let mark = invitation.mark();
    let used = crate::games::phone::linked_here(mark);
    let phone_link = RwSignal::new(PhoneLink::new(used));
    let state = Memo::new(move |_| phone_link.with(|l| l.state.clone()));
    let slow = RwSignal::new(false);
    let heard = move |heard: Heard| match heard {
        Heard::Open => {
            crate::games::phone::note_linked(mark);
            phone_link.update(PhoneLink::opened);
        }
        Heard::Closed => phone_link.update(PhoneLink::closed),
        Heard::Failed => {
            phone_link.update(|l| l.failed(crate::games::phone::UNREACHABLE.to_string()))
        }
        Heard::Message(bytes) => message(bytes),
    };
    let offer = invitation.offer.clone();
    let seat = invitation.seat;
    leptos::task::spawn_local(async move {
        if used {
            return;
        }
        match Link::answer(&offer, heard).await {
            Ok((made, answer)) => {
                links.update_value(|l| {
                    if let Some(first) = l.first_mut() {
                        *first = Some(made);
                    }
                });
                let reply = Reply {
                    seat,
                    invitation: mark,
                    answer,
                }
                .to_text();
                if phone_link.try_update(|l| l.answered(reply)) == Some(true) {
                    crate::net::sleep(crate::games::phone::SLOW_MS).await;
                    if phone_link.try_with_untracked(PhoneLink::waiting) == Some(true) {
                        let _ = slow.try_set(true);
                    }
                }
            }
            Err(why) => phone_link.update(|l| l.failed(why)),
        }
    });
    on_cleanup(move || links.update_value(|l| l.iter_mut().for_each(|link| *link = None)));
    (state, slow)
}

//! What every game the players' phones referee together shares on screen (issue 42;
//! Espionage's `espionage/fair_play.rs`, Usurp's `usurp/fair_play.rs`): fresh randomness
//! from the browser, a device's kept game written as hexadecimal and read back, the links
//! to the phones (the relay's invitations, a phone's answer), the wait for a phone that
//! owes the rules an answer (with the way to end the game after a minute), the game's
//! check, and putting the game aside for another.

use intrigue_core::GameKind;
use intrigue_core::wire::join::{Invitation, Reply};
use leptos::prelude::*;

use crate::games::patience::{Patience, SAY_WAITING_MS, how_long};
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

/// `N` fresh random bytes from the browser's generator.
pub fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    let _ = getrandom::fill(&mut bytes);
    bytes
}

/// A device's kept bytes as text for its storage.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Text from a device's storage read back as bytes; anything but hexadecimal is nothing.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    text.len()
        .is_multiple_of(2)
        .then(|| {
            (0..text.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
                .collect()
        })
        .flatten()
}

/// A kept game that did not read back, in words.
pub fn damaged() -> String {
    tr!(
        "The game this device kept could not be read back (its storage was changed or cut short): it was put aside, and a new game can begin.",
        "No se pudo leer la partida que guardaba este dispositivo (su almacenamiento se cambió o se cortó): se dejó a un lado y puede empezar una nueva."
    )
    .to_string()
}

/// The game's check as players read it aloud: its first eight bytes, in two groups of
/// four hexadecimal pairs ("3F9A 71C2 0B44 E815").
pub fn check_words(check: &[u8; 32]) -> String {
    check[..8]
        .chunks(2)
        .map(|pair| format!("{:02X}{:02X}", pair[0], pair[1]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The wait for `names[seat]`'s phone, once `patience` has waited long enough to say so at
/// `now`; `why` says what the rules need of it. After a minute, `end` names it as not
/// answering.
pub fn waiting(
    patience: Patience,
    now: u64,
    names: &[String],
    why: String,
    end: Callback<u8>,
) -> Option<AnyView> {
    let (seat, waited) = patience.waited(now)?;
    if waited < SAY_WAITING_MS {
        return None;
    }
    let name = names.get(usize::from(seat)).cloned().unwrap_or_default();
    let long = how_long(waited);
    let overdue = patience.overdue(now).is_some();
    let end_words = trf!(
        "End the game: {name}'s phone does not answer",
        "Terminar la partida: el teléfono de {name} no responde"
    );
    Some(
        view! {
            <section class="waiting" role="status" data-waiting=seat>
                <p>{trf!(
                    "Waiting for {name}'s phone to answer: {long}. {why}",
                    "Esperando la respuesta del teléfono de {name}: {long}. {why}"
                )}</p>
                {overdue.then(|| view! {
                    <button class="button" data-action="not-answering" on:click=move |_| end.run(seat)>
                        {end_words.clone()}
                    </button>
                })}
            </section>
        }
        .into_any(),
    )
}

/// The verdict heading the screen once a player is named as having broken the rules.
pub fn named_view(seat: u8, words: String) -> AnyView {
    view! {
        <section class="problem broke" role="alert" data-broke=seat>
            <h1>{tr!("The rules were broken", "Se rompieron las reglas")}</h1>
            <p>{words}</p>
        </section>
    }
    .into_any()
}

/// Put this device's game (kept under `key`) aside to start another.
#[component]
pub fn NewFairGame(key: &'static str) -> impl IntoView {
    view! {
        <details class="fair-new">
            <summary>{tr!("Start another game", "Empezar otra partida")}</summary>
            <p>{tr!(
                "The game on this device is forgotten, and the other phones can no longer play it on.",
                "La partida de este dispositivo se olvida, y los otros teléfonos ya no podrán seguirla."
            )}</p>
            <button type="button" class="button" data-action="forget" on:click=move |_| {
                crate::storage::remove(key);
                let _ = window().location().reload();
            }>{tr!("Forget this game", "Olvidar esta partida")}</button>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a device keeps is written as hexadecimal and read back; anything else in its
    /// place reads as nothing, never a panic.
    #[test]
    fn kept_bytes_read_back_and_damage_reads_as_nothing() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(unhex(&hex(&bytes)), Some(bytes));
        assert_eq!(unhex(""), Some(Vec::new()));
        for damaged in ["abc", "zz", "0g", "é0", "0ü1"] {
            assert_eq!(unhex(damaged), None, "{damaged}");
        }
    }

    /// A check is read aloud as four groups of four: its first eight bytes.
    #[test]
    fn a_check_reads_as_four_groups() {
        let mut check = [0u8; 32];
        check[..8].copy_from_slice(&[0x3f, 0x9a, 0x71, 0xc2, 0x0b, 0x44, 0xe8, 0x15]);
        check[8] = 0xff;
        assert_eq!(check_words(&check), "3F9A 71C2 0B44 E815");
    }
}

//! A player's own phone, linked to the device that holds the game (issue 22): it opened
//! the host's invitation (`#/link/<code>`, from the host's QR code), shows its answer for
//! the host to scan or type, and then plays its seat from what the host sends — that
//! seat's view, its legal actions and its news (`intrigue_core::wire`), never the game.
//! What the player does goes back as one action; the host's referee judges it.

use intrigue_core::game::View;
use intrigue_core::wire::join::{Invitation, Reply};
use intrigue_core::wire::phone::{Feed, Heard as FeedHeard};
use intrigue_core::wire::{Refusal, ToHost, WireError, Wired};
use leptos::prelude::*;

use super::phone_link::{LinkState, PhoneLink};
use super::shell::SeatFeed;
use crate::i18n::GameWords;

use crate::components::QrCode;
use crate::net::{Heard, Link};

/// Why the game's device refused what this phone sent, in the page's language.
fn refusal_words(why: Refusal) -> &'static str {
    if !crate::i18n::es() {
        return why.words();
    }
    match why {
        Refusal::Garbled => "La mesa no pudo leer lo que envió este teléfono.",
        Refusal::WrongKey => {
            "La clave de asiento de este teléfono no coincide con la de la mesa: vuelve a unirte con el código de la mesa."
        }
        Refusal::NotJoined => "Este teléfono aún no se ha unido a ningún asiento.",
        Refusal::NotYours => "No es el turno de este teléfono.",
        Refusal::Illegal => "Las reglas no permiten eso ahora.",
        Refusal::Stale => "La partida siguió antes de que eso llegara: vuelve a mirar y elige.",
        Refusal::HostOutOfDate => {
            "El dispositivo de la partida tiene una página desfasada (la partida se cambió en otra de sus pestañas): no se jugó nada. Pide a su jugador que recargue esa página y vuelve a jugar."
        }
    }
}

pub(crate) const UNREACHABLE: crate::i18n::Tr = tr!(
    "This phone and the game's device could not reach each other. Both must be on the same Wi-Fi; some networks (guest Wi-Fi, hotels) keep devices apart.",
    "Este teléfono y el dispositivo de la partida no lograron conectarse. Los dos tienen que estar en el mismo wifi; algunas redes (wifi de invitados, hoteles) separan los dispositivos."
);

use crate::saved::keys::LINKED_HERE;

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// This tab linked with the invitation of `mark` before.
pub(crate) fn linked_here(mark: u16) -> bool {
    session()
        .and_then(|s| s.get_item(LINKED_HERE).ok().flatten())
        .is_some_and(|list| list.lines().any(|line| line == mark.to_string()))
}

/// Note that this tab linked with the invitation of `mark` (a courtesy: a tab that cannot
/// note it answers again after a reload, and the host says that answer is stale).
pub(crate) fn note_linked(mark: u16) {
    if let Some(storage) = session() {
        let mut list = storage
            .get_item(LINKED_HERE)
            .ok()
            .flatten()
            .unwrap_or_default();
        list.push_str(&format!("{mark}\n"));
        let _ = storage.set_item(LINKED_HERE, &list);
    }
}

/// How long an answer may stand unanswered before the phone says what to try.
pub(crate) const SLOW_MS: u32 = 30_000;

/// The phone's screen for `invitation`: the answer to show the host, then the seat's own
/// screen (`screen`, built once from the first update; it follows every update after).
pub fn on_phone<G, S>(invitation: Invitation, screen: S) -> AnyView
where
    G: Wired + 'static,
    View<G::View>: Clone + PartialEq + Send + Sync + 'static,
    G::Event: Clone + PartialEq + Send + Sync + 'static,
    G::Action: Clone + Send + Sync + 'static,
    S: Fn(u8, SeatFeed<G>, RwSignal<Option<String>>) -> AnyView + Send + Sync + 'static,
{
    let seat = invitation.seat;
    let mark = invitation.mark();
    // Reloaded after linking with this invitation: that link is gone for good, and a new
    // answer to the old invitation would never link (the host's offer was used).
    let used = linked_here(mark);
    let phone_link = RwSignal::new(PhoneLink::new(used));
    let state = Memo::new(move |_| phone_link.with(|l| l.state.clone()));
    let slow = RwSignal::new(false);
    // Every time a seat of the game was linked again, as the host tells it.
    let relinks = RwSignal::new(Vec::<(u8, String, u64)>::new());
    // What this phone holds of its seat: the host's last view and every event it was
    // shown, each frame taken in by the core (`wire::phone::Feed`).
    let latest: RwSignal<Option<Feed<G>>, LocalStorage> = RwSignal::new_local(None);
    let problem = RwSignal::new(None::<String>);
    let link: StoredValue<Option<Link>, LocalStorage> = StoredValue::new_local(None);
    // The seat's key (the host's welcome).
    let seat_key = StoredValue::new(None::<[u8; 16]>);
    let held = Held {
        seat,
        latest,
        phone_link,
        seat_key,
        link,
        problem,
        relinks,
    };
    let heard = move |heard: Heard| {
        match heard {
            Heard::Open => {
                note_linked(mark);
                phone_link.update(PhoneLink::opened);
            }
            Heard::Closed => phone_link.update(PhoneLink::closed),
            // A link that had opened and then failed was lost; one that never opened could
            // not be made.
            Heard::Failed => phone_link.update(|l| l.failed(UNREACHABLE.to_string())),
            Heard::Message(bytes) => held.take_in(&bytes),
        }
    };
    let offer = invitation.offer.clone();
    leptos::task::spawn_local(async move {
        if used {
            return;
        }
        match Link::answer(&offer, heard).await {
            Ok((made, answer)) => {
                link.set_value(Some(made));
                let reply = Reply {
                    seat,
                    invitation: mark,
                    answer,
                }
                .to_text();
                if phone_link.try_update(|l| l.answered(reply)) == Some(true) {
                    crate::net::sleep(SLOW_MS).await;
                    if phone_link.try_with_untracked(PhoneLink::waiting) == Some(true) {
                        let _ = slow.try_set(true);
                    }
                }
            }
            Err(why) => phone_link.update(|l| l.failed(why)),
        }
    });
    on_cleanup(move || link.set_value(None));
    let send = move |message: ToHost<G>| {
        let sent = link.with_value(|l| l.as_ref().is_some_and(|l| l.send(&message.to_bytes())));
        if !sent {
            problem.set(Some(refusal_words(Refusal::NotJoined).to_string()));
        }
    };
    let after = move || latest.with_untracked(|l| l.as_ref().map_or(0, |l| l.actions));
    let feed = move || {
        let view = Memo::new(move |_| {
            latest
                .with(|l| l.as_ref().map(|l| l.view.clone()))
                .expect("built after the first update")
        });
        let news = Memo::new(move |_| {
            latest.with(|l| l.as_ref().map(|l| l.news.clone()).unwrap_or_default())
        });
        SeatFeed::<G> {
            view,
            news,
            act: Callback::new(move |action| {
                send(ToHost::Act {
                    after: after(),
                    action,
                })
            }),
            take_back: Callback::new(move |()| send(ToHost::TakeBack { after: after() })),
        }
    };
    let started = Memo::new(move |_| latest.with(Option::is_some));
    let screen = StoredValue::new(screen);
    view! {
        <section class="on-phone" data-seat=seat data-link=move || state.with(LinkState::slug)>
            {move || {
                let again = relinks.get();
                (!again.is_empty()).then(|| view! {
                    <ul class="notice relinks" role="status" aria-label=tr!("Seats linked again", "Asientos conectados de nuevo")>
                        {again.into_iter().map(|(seat, name, at)| view! {
                            <li data-seat=seat>{super::phone_seat::relinked_words(&name, at)}</li>
                        }).collect_view()}
                    </ul>
                })
            }}
            <LinkAlert state/>
            // Before the seat's screen is drawn, what went wrong is said here.
            {move || (!started.get()).then(|| problem.get()).flatten().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            {move || if started.get() {
                let kind = invitation.game;
                // The rules open beside the game: leaving this page would drop the link.
                view! {
                    <a class="rules-link" href=crate::route::Route::Rules(kind).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", kind.tr_title())}</a>
                    {screen.with_value(|s| s(seat, feed(), problem))}
                }
                .into_any()
            } else {
                view! { <Linking state slow game=invitation.game/> }.into_any()
            }}
        </section>
    }
    .into_any()
}

/// What went wrong with the link, said above everything else: lost, used (a reload), or
/// never made.
#[component]
pub(crate) fn LinkAlert(state: Memo<LinkState>) -> impl IntoView {
    move || {
        match state.get() {
        LinkState::Dropped => Some(view! {
            <p class="notice" role="alert">{tr!(
                "The link to the game's device was lost. Open its invitation again (the game's device shows a new one) to play on.",
                "Se perdió la conexión con el dispositivo de la partida. Vuelve a abrir su invitación (el dispositivo de la partida muestra una nueva) para seguir jugando."
            )}</p>
        }.into_any()),
        LinkState::Used => Some(view! {
            <section class="problem" role="alert">
                <h1>{tr!("Ask for a new invitation", "Pide una invitación nueva")}</h1>
                <p>{tr!(
                    "This phone was linked with this invitation, and reloading the page ended that link. Ask the game's device to invite this phone again (“Invite again” beside your name), then open the new invitation here.",
                    "Este teléfono se conectó con esta invitación, y al recargar la página se cortó esa conexión. Pide al dispositivo de la partida que vuelva a invitar a este teléfono («Volver a invitar» junto a tu nombre) y abre aquí la invitación nueva."
                )}</p>
            </section>
        }.into_any()),
        LinkState::Failed(why) => Some(view! {
            <section class="problem" role="alert">
                <h1>{tr!("This phone could not link to the game", "Este teléfono no pudo conectarse a la partida")}</h1>
                <p>{why}</p>
                <p>{tr!("Play on the game's device instead: pass it from hand to hand.", "Jugad mejor en el dispositivo de la partida: pasadlo de mano en mano.")}</p>
            </section>
        }.into_any()),
        _ => None,
    }
    }
}

/// The link being made, before the seat's screen: the answer to show the host (`slow`:
/// with what to try when it is not taken), or the wait.
#[component]
pub(crate) fn Linking(
    state: Memo<LinkState>,
    slow: RwSignal<bool>,
    game: intrigue_core::GameKind,
) -> impl IntoView {
    move || {
        match state.get() {
            LinkState::Answering => view! {
                <p class="loading" role="status">{tr!("Linking this phone to the game…", "Conectando este teléfono a la partida…")}</p>
            }.into_any(),
            LinkState::Answered(reply) => view! {
                <section class="link-answer">
                    <p class="kicker">{game.tr_title()}</p>
                    <h1>{tr!("Show this to the game's device", "Muestra esto al dispositivo de la partida")}</h1>
                    <p>{tr!(
                        "It scans this code (or its player types the letters below), and this phone becomes your seat.",
                        "Escanea este código (o su jugador escribe las letras de abajo), y este teléfono pasa a ser tu asiento."
                    )}</p>
                    <QrCode text=reply.clone()/>
                    <p class="code-text link-code" data-code="reply" data-plain=reply.clone()>{intrigue_core::share::in_fours(&reply)}</p>
                    {move || slow.get().then(|| view! {
                        <p class="notice" role="status">{tr!(
                            "Still not linked? If the game's device already took this code and nothing happened, press “Try again” there and open its new invitation on this phone.",
                            "¿Sigue sin conectarse? Si el dispositivo de la partida ya tomó este código y no pasó nada, pulsa «Intentarlo otra vez» allí y abre su invitación nueva en este teléfono."
                        )}</p>
                    })}
                </section>
            }.into_any(),
            LinkState::Connected => view! {
                <p class="loading" role="status">{tr!("Linked: waiting for the game…", "Conectado: esperando a la partida…")}</p>
            }.into_any(),
            LinkState::Dropped | LinkState::Failed(_) | LinkState::Used => ().into_any(),
        }
    }
}

/// What a linked phone holds of its seat, and how it takes in what the host sends.
struct Held<G: Wired + 'static> {
    seat: u8,
    /// The host's last view and every event it was shown, each frame taken in by the core
    /// (`wire::phone::Feed`).
    latest: RwSignal<Option<Feed<G>>, LocalStorage>,
    phone_link: RwSignal<PhoneLink>,
    /// The seat's key (the host's welcome).
    seat_key: StoredValue<Option<[u8; 16]>>,
    link: StoredValue<Option<Link>, LocalStorage>,
    problem: RwSignal<Option<String>>,
    /// Every time a seat of the game was linked again, as the host tells it.
    relinks: RwSignal<Vec<(u8, String, u64)>>,
}

impl<G: Wired + 'static> Clone for Held<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Wired + 'static> Copy for Held<G> {}

impl<G: Wired + 'static> Held<G> {
    /// A frame from the host: an update of the seat, a refusal, the welcome, the seats
    /// linked again; or one this phone could not take in.
    fn take_in(self, bytes: &[u8]) {
        let Held {
            seat,
            latest,
            phone_link,
            seat_key,
            link,
            problem,
            relinks,
        } = self;
        let taken = latest
            .try_update(|held| Feed::<G>::hear(held, seat, bytes))
            .unwrap_or(Ok(FeedHeard::Updated));
        // An update this phone could not take in (damaged, or news that does not go
        // on from what it holds) would leave it behind for good: it joins its seat
        // again on the same link, saying what it holds, and the host sends the rest
        // (a few times in a row at most: a host whose every update is refused is
        // not asked for ever).
        let key = seat_key.get_value();
        if taken.is_err()
            && let Some(key) = key
            && phone_link.try_update_untracked(|l| l.resync(true)) == Some(true)
        {
            let again = latest.with_untracked(|held| match held {
                Some(feed) => feed.join(key),
                None => Feed::<G>::join_afresh(seat, key),
            });
            link.with_value(|l| {
                if let Some(l) = l {
                    l.send(&again.to_bytes());
                }
            });
        }
        match taken {
            Ok(FeedHeard::Updated) => {
                phone_link.update_untracked(PhoneLink::updated);
                problem.set(None);
            }
            Ok(FeedHeard::Refused(why)) => problem.set(Some(refusal_words(why).to_string())),
            // The seat's key, kept for joining the seat again on this link (a phone
            // that comes back after a drop does so by a new invitation: with no
            // server, nothing reaches the host without one).
            Ok(FeedHeard::Welcome { key, .. }) => seat_key.set_value(Some(key)),
            Ok(FeedHeard::Relinked(links)) => relinks.set(links),
            Err(WireError::Bad("seat")) => problem.set(Some(
                tr!(
                    "The game's device sent another seat's view: nothing was shown.",
                    "El dispositivo de la partida envió la vista de otro asiento: no se mostró nada."
                )
                .to_string(),
            )),
            Err(e) => problem.set(Some(trf!(
                "A message from the game's device could not be read{}.",
                "No se pudo leer un mensaje del dispositivo de la partida{}.",
                crate::i18n::because(&e.to_string())
            ))),
        }
    }
}

//! A player's own phone, linked to the device that holds the game (issue 22): it opened
//! the host's invitation (`#/link/<code>`, from the host's QR code), shows its answer for
//! the host to scan or type, and then plays its seat from what the host sends — that
//! seat's view, its legal actions and its news (`intrigue_core::wire`), never the game.
//! What the player does goes back as one action; the host's referee judges it.

use intrigue_core::game::{Game, View};
use intrigue_core::wire::join::{Invitation, Reply};
use intrigue_core::wire::{Refusal, ToHost, ToPhone, Wired};
use leptos::prelude::*;

use crate::i18n::GameWords;

use crate::components::QrCode;
use crate::net::{Heard, Link};

/// One seat's game as its screen sees it: from the referee on the device that holds the
/// game, or from the host's updates on a phone. The screen draws it and acts through it,
/// and cannot tell which.
pub struct SeatFeed<G: Game>
where
    View<G::View>: Send + Sync + 'static,
    G::Event: Send + Sync + 'static,
    G::Action: Send + Sync + 'static,
{
    /// The seat's view now.
    pub view: Memo<View<G::View>>,
    /// Every event the seat was shown, oldest first.
    pub news: Memo<Vec<G::Event>>,
    /// Play one of the seat's actions.
    pub act: Callback<G::Action>,
    /// Take back the seat's last action (while the game allows it).
    pub take_back: Callback<()>,
}

impl<G: Game> Clone for SeatFeed<G>
where
    View<G::View>: Send + Sync + 'static,
    G::Event: Send + Sync + 'static,
    G::Action: Send + Sync + 'static,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for SeatFeed<G>
where
    View<G::View>: Send + Sync + 'static,
    G::Event: Send + Sync + 'static,
    G::Action: Send + Sync + 'static,
{
}

/// Why a link failed, when the devices could not reach each other.
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
    }
}

const UNREACHABLE: crate::i18n::Tr = tr!(
    "This phone and the game's device could not reach each other. Both must be on the same Wi-Fi; some networks (guest Wi-Fi, hotels) keep devices apart.",
    "Este teléfono y el dispositivo de la partida no lograron conectarse. Los dos tienen que estar en el mismo wifi; algunas redes (wifi de invitados, hoteles) separan los dispositivos."
);

impl<G: Game> SeatFeed<G>
where
    View<G::View>: Send + Sync + 'static,
    G::Event: Send + Sync + 'static,
    G::Action: Send + Sync + 'static,
{
    /// Another seat to act (not `me`): its turn is played on its own device, and this
    /// screen waits for it as it waits for the computer.
    pub fn others_turn(&self, me: u8) -> Memo<Option<u8>> {
        let view = self.view;
        Memo::new(move |_| match view.with(|v| v.to_act) {
            intrigue_core::game::ToAct::Seat(seat) if seat != me => Some(seat),
            _ => None,
        })
    }
}

/// What the host last sent this phone.
#[derive(Clone, PartialEq)]
struct Latest<G: Wired> {
    actions: u32,
    view: View<G::View>,
    news: Vec<G::Event>,
}

/// Where the link to the host stands, as the phone's screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum LinkState {
    /// Making the answer (finding this phone's address).
    Answering,
    /// The answer is shown: the host scans or types it.
    Answered(String),
    /// Playing.
    Connected,
    /// The host is gone (its page closed, the network lost).
    Dropped,
    /// It could not be made, and why.
    Failed(String),
}

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
    let state = RwSignal::new(LinkState::Answering);
    let latest: RwSignal<Option<Latest<G>>> = RwSignal::new(None);
    let problem = RwSignal::new(None::<String>);
    let link: StoredValue<Option<Link>, LocalStorage> = StoredValue::new_local(None);
    let heard = move |heard: Heard| {
        match heard {
            Heard::Open => state.set(LinkState::Connected),
            Heard::Closed => state.set(LinkState::Dropped),
            Heard::Failed => state.set(LinkState::Failed(UNREACHABLE.to_string())),
            Heard::Message(bytes) => match ToPhone::<G>::from_bytes(&bytes) {
                Ok(ToPhone::Update {
                    seat: to,
                    actions,
                    view,
                    news_from,
                    news,
                    ..
                }) if to == seat => {
                    problem.set(None);
                    latest.update(|latest| match latest {
                        // The news goes on from what the phone holds.
                        Some(l) if news_from != 0 => {
                            l.actions = actions;
                            l.view = view;
                            l.news.extend(news);
                        }
                        // All of it (the first update, after a rejoin or a take back).
                        _ => {
                            *latest = Some(Latest {
                                actions,
                                view,
                                news,
                            })
                        }
                    });
                }
                Ok(ToPhone::Update { .. }) => {
                    problem.set(Some(
                        tr!(
                            "The game's device sent another seat's view: nothing was shown.",
                            "El dispositivo de la partida envió la vista de otro asiento: no se mostró nada."
                        )
                        .to_string(),
                    ));
                }
                Ok(ToPhone::Refused(why)) => problem.set(Some(refusal_words(why).to_string())),
                // The seat's key: a phone comes back by a new invitation (with no server,
                // nothing reaches the host without one), which binds its seat again.
                Ok(ToPhone::Welcome { .. }) => {}
                Err(e) => problem.set(Some(trf!(
                    "A message from the game's device could not be read{}.",
                    "No se pudo leer un mensaje del dispositivo de la partida{}.",
                    crate::i18n::because(&e.to_string())
                ))),
            },
        }
    };
    let offer = invitation.offer.clone();
    leptos::task::spawn_local(async move {
        match Link::answer(&offer, heard).await {
            Ok((made, answer)) => {
                link.set_value(Some(made));
                let reply = Reply { seat, answer }.to_text();
                if state.get_untracked() == LinkState::Answering {
                    state.set(LinkState::Answered(reply));
                }
            }
            Err(why) => state.set(LinkState::Failed(why)),
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
        <section class="on-phone" data-seat=seat data-link=move || match state.get() {
            LinkState::Answering => "answering",
            LinkState::Answered(_) => "answered",
            LinkState::Connected => "connected",
            LinkState::Dropped => "dropped",
            LinkState::Failed(_) => "failed",
        }>
            {move || match state.get() {
                LinkState::Dropped => Some(view! {
                    <p class="notice" role="alert">{tr!(
                        "The link to the game's device was lost. Open its invitation again (the game's device shows a new one) to play on.",
                        "Se perdió la conexión con el dispositivo de la partida. Vuelve a abrir su invitación (el dispositivo de la partida muestra una nueva) para seguir jugando."
                    )}</p>
                }.into_any()),
                LinkState::Failed(why) => Some(view! {
                    <section class="problem" role="alert">
                        <h1>{tr!("This phone could not link to the game", "Este teléfono no pudo conectarse a la partida")}</h1>
                        <p>{why}</p>
                        <p>{tr!("Play on the game's device instead: pass it from hand to hand.", "Jugad mejor en el dispositivo de la partida: pasadlo de mano en mano.")}</p>
                    </section>
                }.into_any()),
                _ => None,
            }}
            {move || if started.get() {
                let kind = invitation.game;
                // The rules open beside the game: leaving this page would drop the link.
                view! {
                    <a class="rules-link" href=crate::route::Route::Rules(kind).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", kind.tr_title())}</a>
                    {screen.with_value(|s| s(seat, feed(), problem))}
                }
                .into_any()
            } else {
                match state.get() {
                    LinkState::Answering => view! {
                        <p class="loading" role="status">{tr!("Linking this phone to the game…", "Conectando este teléfono a la partida…")}</p>
                    }.into_any(),
                    LinkState::Answered(reply) => view! {
                        <section class="link-answer">
                            <p class="kicker">{invitation.game.tr_title()}</p>
                            <h1>{tr!("Show this to the game's device", "Muestra esto al dispositivo de la partida")}</h1>
                            <p>{tr!(
                                "It scans this code (or its player types the letters below), and this phone becomes your seat.",
                                "Escanea este código (o su jugador escribe las letras de abajo), y este teléfono pasa a ser tu asiento."
                            )}</p>
                            <QrCode text=reply.clone()/>
                            <p class="code-text link-code" data-code="reply">{reply}</p>
                        </section>
                    }.into_any(),
                    LinkState::Connected => view! {
                        <p class="loading" role="status">{tr!("Linked: waiting for the game…", "Conectado: esperando a la partida…")}</p>
                    }.into_any(),
                    LinkState::Dropped | LinkState::Failed(_) => ().into_any(),
                }
            }}
        </section>
    }
    .into_any()
}

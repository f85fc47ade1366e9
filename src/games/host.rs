//! The device that holds the game, with players on their own phones (issue 22): it keeps
//! the referee, invites a phone for a seat (a QR code of its link, and the same code in
//! letters), reads the phone's answer, and from then on sends that phone its seat's view
//! after every change and plays the actions it sends, judged by the referee
//! (`intrigue_core::wire::host`). The game is saved after every action, as on one device.

use intrigue_core::game::Referee;
use intrigue_core::wire::host::{Host, LinkId, Outbox};
use intrigue_core::wire::join::Invitation;
use intrigue_core::wire::{Refusal, ToPhone, Wired};
use leptos::prelude::*;

use super::phone_book::{AnswerRefused, PhoneBook};
use super::phone_seat::{PhoneSeat, answer_refused, read_reply, relinked_words};
use super::shell::Shell;
use crate::net::{Heard, Link};

/// The host's links: the wire's book of seats, and each link's connection (the seats
/// and states of the links are the [`PhoneBook`]'s).
struct Links {
    host: Host,
    links: Vec<Option<Link>>,
    /// The referee changed by a phone's action, whose updates were sent already: the
    /// change's own broadcast is skipped once.
    sent: bool,
}

use crate::saved::keys::PHONES;

/// This game's mark in [`PHONES`].
fn game_mark<G: intrigue_core::Game>(referee: &Referee<G>) -> String {
    format!("{:08x}", referee.game_mark())
}

/// The seats of this game on phones before a reload.
fn remembered(mark: &str, players: usize) -> Vec<bool> {
    let mut seats = vec![false; players];
    if let Some(saved) = crate::storage::get(PHONES)
        && let Some((game, list)) = saved.split_once(' ')
        && game == mark
    {
        for seat in list.split(',').filter_map(|s| s.parse::<usize>().ok()) {
            if let Some(on) = seats.get_mut(seat) {
                *on = true;
            }
        }
    }
    seats
}

fn remember(mark: &str, seats: &[bool]) {
    let list: Vec<String> = (0..seats.len())
        .filter(|&s| seats[s])
        .map(|s| s.to_string())
        .collect();
    // Not kept (storage full): a reload shares the device again, which loses nothing.
    let _ = crate::storage::set(PHONES, &format!("{mark} {}", list.join(",")));
}

/// How long a phone's answer has to become a link before the host says it did not.
const LINK_WITHIN_MS: u32 = 15_000;

use crate::saved::keys::TEST_LINK_WITHIN;

/// Why a phone's link failed, said on the host's device.
pub(crate) const UNREACHED: crate::i18n::Tr = tr!(
    "this device and the phone could not reach each other. If the phone's page was reloaded or closed after it showed its code, that code is no longer good: invite the phone again and open the new invitation on it.",
    "este dispositivo y el teléfono no lograron conectarse. Si la página del teléfono se recargó o se cerró después de mostrar su código, ese código ya no sirve: vuelve a invitar al teléfono y abre en él la invitación nueva."
);

/// This page's [`LINK_WITHIN_MS`], or the tests' own.
fn link_within_ms() -> u32 {
    crate::storage::get(TEST_LINK_WITHIN)
        .and_then(|ms| ms.parse().ok())
        .unwrap_or(LINK_WITHIN_MS)
}

/// Fresh seat keys (a phone proves its seat with its key when it comes back).
fn keys(players: u8) -> Vec<[u8; 16]> {
    (0..players)
        .map(|_| {
            let mut key = [0u8; 16];
            let _ = getrandom::fill(&mut key);
            key
        })
        .collect()
}

/// "Play on phones": each seat may be invited to a phone of its own; `keep_one`: all but
/// one (a two-player game: this device is the other player's), else every seat (the
/// device shows the table to all).
#[component]
pub fn PlayOnPhones<G>(shell: Shell<G>, #[prop(default = true)] keep_one: bool) -> impl IntoView
where
    G: Wired + 'static,
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    let Shell {
        referee, on_phones, ..
    } = shell;
    let players = shell.names.with_value(Vec::len);
    // The phones this game had before a reload: their seats stay theirs, to invite again.
    let mark = referee.with_untracked(game_mark);
    let before = remembered(&mark, players);
    if before.iter().any(|on| *on) {
        on_phones.set(before.clone());
    }
    Effect::new(move |_| {
        on_phones.with(|seats| {
            if seats.iter().any(|on| *on) {
                remember(&mark, seats);
            } else if remembered(&mark, seats.len()).iter().any(|on| *on) {
                crate::storage::remove(PHONES);
            }
        })
    });
    let hosting = Hosting {
        shell,
        book: StoredValue::new_local(Links {
            host: Host::new(keys(players as u8)),
            links: Vec::new(),
            sent: false,
        }),
        phones: RwSignal::new(PhoneBook::new(&before)),
        relinks: RwSignal::new(crate::saved::game_relinks()),
    };
    let Hosting { book, relinks, .. } = hosting;
    // Every change of the game, wherever it came from (this screen, a phone, the
    // computer, a take back): each phone is sent its seat's update.
    Effect::new(move |_| {
        referee.track();
        let outbox = book.try_update_value(|b| {
            if std::mem::take(&mut b.sent) {
                Vec::new()
            } else {
                referee.with_untracked(|r| b.host.changed(r))
            }
        });
        if let Some(outbox) = outbox {
            hosting.deliver(outbox);
        }
    });
    let names_for_phones = shell.names;
    let invite = Callback::new(move |seat: u8| hosting.invite(seat));
    let answered = Callback::new(move |(seat, text): (u8, String)| hosting.answered(seat, text));
    view! {
        <section class="play-on-phones" aria-labelledby="phones-title">
            <h2 id="phones-title">{tr!("Play on phones", "Jugar en los teléfonos")}</h2>
            <p class="muted">{tr!(
                "Each player may play from their own phone, linked to this device over the room's Wi-Fi (nothing goes through the internet). This device keeps the game. It asks for its camera when you invite a phone, to read the code the phone shows: nothing is recorded or sent.",
                "Cada jugador puede jugar desde su propio teléfono, conectado a este dispositivo por el wifi de la sala (nada pasa por internet). Este dispositivo guarda la partida. Pide la cámara cuando invitas a un teléfono, para leer el código que muestra el teléfono: no se graba ni se envía nada."
            )}</p>
            {move || {
                let again = relinks.get();
                (!again.is_empty()).then(|| view! {
                    <ul class="notice relinks" role="status" aria-label=tr!("Seats linked again", "Asientos conectados de nuevo")>
                        {again.into_iter().map(|(seat, at)| {
                            let name = names_for_phones.with_value(|n| n.get(usize::from(seat)).cloned().unwrap_or_default());
                            view! { <li data-seat=seat>{relinked_words(&name, at)}</li> }
                        }).collect_view()}
                    </ul>
                })
            }}
            {G::KIND.info().secret_deal.then(|| view! {
                <p class="muted">{tr!(
                    "A linked phone also shows its player's secrets (held to see, as with a seat's code). Linking a seat whose code was handed out already, or linking it again, is written into the table's log for everyone to see, like a peek.",
                    "Un teléfono conectado también muestra los secretos de su jugador (manteniendo pulsado, como con el código de asiento). Conectar un asiento cuyo código ya se repartió, o volver a conectarlo, se anota en el registro de la mesa para que todos lo vean, como un vistazo."
                )}</p>
            })}
            <ul class="phone-seats">
                {(0..players as u8).map(|seat| {
                    let name = shell.names.with_value(|n| n[usize::from(seat)].clone());
                    let state = Memo::new(move |_| hosting.phones.with(|p| p.state(seat)));
                    // All but one seat may go to phones in a two-player game: someone keeps
                    // this device.
                    let last_here = Memo::new(move |_| {
                        keep_one && on_phones.with(|p| p.iter().filter(|on| !**on).count() <= 1)
                    });
                    view! { <PhoneSeat seat name state last_here invite answered/> }
                }).collect_view()}
            </ul>
        </section>
    }
}

/// The host's side of "Play on phones" as one copyable handle: the game on this device,
/// the wire's book and the connections, the phone book, and the seats linked again.
struct Hosting<G: Wired + 'static>
where
    Referee<G>: Send + Sync + 'static,
{
    shell: Shell<G>,
    book: StoredValue<Links, LocalStorage>,
    phones: RwSignal<PhoneBook>,
    /// Every link of a seat after its first in this game (kept in the game's log).
    relinks: RwSignal<Vec<(u8, u64)>>,
}

impl<G: Wired + 'static> Clone for Hosting<G>
where
    Referee<G>: Send + Sync + 'static,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Wired + 'static> Copy for Hosting<G> where Referee<G>: Send + Sync + 'static {}

impl<G: Wired + 'static> Hosting<G>
where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    /// Send each link its bytes.
    fn deliver(self, outbox: Outbox) {
        self.book.with_value(|b| {
            for (id, bytes) in outbox {
                if let Some(Some(link)) = b.links.get(id) {
                    link.send(&bytes);
                }
            }
        });
    }

    /// What link `id`, made for `seat`, hears.
    fn heard(self, id: LinkId, seat: u8) -> impl FnMut(Heard) + 'static {
        let Hosting { book, phones, .. } = self;
        move |heard: Heard| match heard {
            Heard::Open => self.opened(id, seat),
            Heard::Failed => {
                book.update_value(|b| b.host.close(id));
                // Said only if this is the seat's newest link; one that was playing and
                // then failed (the phone's browser went away) was lost, not refused.
                phones.update(|p| p.failed(id, UNREACHED.to_string()));
            }
            Heard::Closed => {
                book.update_value(|b| b.host.close(id));
                // A newer link may hold the seat by now: only the newest one's loss is told.
                phones.update(|p| p.closed(id));
            }
            Heard::Message(bytes) => self.message(id, &bytes),
        }
    }

    /// Link `id`'s channel opened: the seat's phone plays it, once the link is logged.
    fn opened(self, id: LinkId, seat: u8) {
        let Hosting {
            shell,
            book,
            phones,
            relinks,
        } = self;
        let referee = shell.referee;
        // A game that deals secrets sends the seat's own with its view: a link after
        // the seat's code or an earlier link is public, as a peek is (logged on the
        // table), and a link that cannot be logged is not made.
        // Every link is noted in the game's log (a seat linked again is told on
        // every screen of the game, below); a link that cannot be noted is not made.
        if let Err(why) = (if G::KIND.info().secret_deal {
            crate::saved::show_linked(seat)
        } else {
            Ok(())
        })
        .and_then(|()| crate::saved::log_link(seat))
        {
            book.update_value(|b| b.host.close(id));
            phones.update(|p| p.not_logged(id, why));
            // The connection is closed once this callback of its own has returned.
            leptos::task::spawn_local(async move {
                book.try_update_value(|b| b.links.get_mut(id).map(Option::take));
            });
            return;
        }
        let outbox = book
            .try_update_value(|b| referee.with_untracked(|r| b.host.seat_link(r, id, seat)))
            .unwrap_or_default();
        self.deliver(outbox);
        phones.update(|p| p.connected(id));
        // Every link after a seat's first, told here and to every phone (this one
        // included: it learns of the earlier ones).
        let again = crate::saved::game_relinks();
        // The newest the wire carries (a phone believes no endless list).
        let newest = again
            .len()
            .saturating_sub(intrigue_core::wire::MOST_RELINKS);
        let named: Vec<(u8, String, u64)> = again[newest..]
            .iter()
            .map(|&(s, at)| {
                (
                    s,
                    self.shell
                        .names
                        .with_value(|n| n.get(usize::from(s)).cloned().unwrap_or_default()),
                    at,
                )
            })
            .collect();
        relinks.set(again);
        let told = ToPhone::<G>::Relinked(named).to_bytes();
        book.with_value(|b| {
            for link in b.links.iter().flatten() {
                link.send(&told);
            }
        });
    }

    /// What link `id`'s phone sent: an action or a take back, judged by the referee.
    fn message(self, id: LinkId, bytes: &[u8]) {
        let Hosting { shell, book, .. } = self;
        let (referee, problem) = (shell.referee, shell.problem);
        // This page is out of date (another tab wrote the game since): it plays
        // nothing, and the phone is told why rather than hearing nothing.
        if crate::storage::is_stale() {
            let refused = ToPhone::<G>::Refused(Refusal::HostOutOfDate).to_bytes();
            book.with_value(|b| {
                if let Some(Some(link)) = b.links.get(id) {
                    link.send(&refused);
                }
            });
            problem.set(Some(crate::storage::STALE.get().to_string()));
            return;
        }
        let played = book.try_update_value(|b| {
            referee.try_update_untracked(|r| {
                // An action adds one, a take back removes one.
                let before = r.actions();
                let outbox = b.host.receive(r, id, bytes);
                let changed = r.actions() != before;
                b.sent = changed;
                (outbox, changed.then_some(before))
            })
        });
        if let Some(Some((outbox, changed))) = played {
            // Through the game's one door, as a tap here: saved, and heard.
            if let Some(before) = changed {
                self.shell.played_by_phone(before);
            }
            self.deliver(outbox);
        }
    }

    /// A new invitation for `seat`'s phone.
    fn invite(self, seat: u8) {
        let Hosting { book, phones, .. } = self;
        let on_phones = self.shell.on_phones;
        on_phones.update(|p| p[usize::from(seat)] = true);
        let id = book.try_update_value(|b| {
            b.links.push(None);
            b.host.open()
        });
        let Some(id) = id else { return };
        // The book numbers its links as the wire's host does.
        let booked = phones.try_update(|p| p.invite(seat));
        debug_assert_eq!(booked, Some(id));
        leptos::task::spawn_local(async move {
            // The camera first (see `ask_camera_first`): it reads the phone's code, and
            // with it some networks let the devices find each other.
            crate::scan::ask_camera_first().await;
            match Link::offer(self.heard(id, seat)).await {
                Ok((link, offer)) => {
                    let invitation = Invitation {
                        game: G::KIND,
                        seat,
                        fair: false,
                        offer,
                    };
                    book.update_value(|b| b.links[id] = Some(link));
                    phones
                        .update(|p| p.invitation_made(id, invitation.mark(), invitation.to_text()));
                }
                Err(why) => phones.update(|p| p.failed(id, why)),
            }
        });
    }

    /// A phone's answer for `seat` (scanned or typed): the link is completed, or why not.
    fn answered(self, seat: u8, text: String) -> Result<(), String> {
        let Hosting { book, phones, .. } = self;
        let reply = read_reply(&text)?;
        // The newest link made for the seat takes its answer. It stays in the book while
        // the answer is applied: its channel may open before that is done.
        let id = phones
            .with_untracked(|p| p.answer(seat, reply.seat, reply.invitation))
            .map_err(answer_refused)?;
        let completing = book.with_value(|b| {
            b.links
                .get(id)
                .and_then(Option::as_ref)
                .map(|link| link.complete(&reply.answer))
        });
        let Some(completing) = completing else {
            return Err(answer_refused(AnswerRefused::Gone));
        };
        leptos::task::spawn_local(async move {
            if let Err(why) = completing.await {
                phones.update(|p| p.failed(id, why));
                return;
            }
            // A link not made within a few seconds of its answer will not be: said, with a
            // fresh invitation offered, rather than "invited" for ever.
            let within = link_within_ms();
            crate::net::sleep(within).await;
            // Still finding each other (a slow network): as long again, once.
            let connecting = book.try_with_value(|b| {
                b.links
                    .get(id)
                    .and_then(Option::as_ref)
                    .is_some_and(Link::connecting)
            });
            if connecting == Some(true) {
                crate::net::sleep(within).await;
            }
            let why = trf!(
                "the phone did not link within {} seconds of its answer. If the invitation was opened on another page or device too, or the phone's page was reloaded or closed, that answer no longer fits: invite it again and open the new invitation on the phone.",
                "el teléfono no se conectó en los {} segundos siguientes a su respuesta. Si la invitación se abrió también en otra página u otro dispositivo, o se recargó o cerró la página del teléfono, esa respuesta ya no vale: vuelve a invitarlo y abre la invitación nueva en el teléfono.",
                within.div_ceil(1000)
            );
            if phones.try_update(|p| p.gave_up(id, why)) == Some(true) {
                book.update_value(|b| {
                    b.host.close(id);
                    b.links[id] = None;
                });
            }
        });
        Ok(())
    }
}

//! Espionage refereed by the two players' phones (issue 42): no device holds the other's
//! army, the host's included. The host's device (`#/fair/espionage`) sets the terms, plays
//! its player's seat and relays; it invites the other phone as for play on phones (a QR
//! code, or letters), marked as a game the phones referee, and the other phone plays its
//! seat. Each device runs its half of the game (`intrigue_core::games::espionage::
//! fair_session`: `Host`, `Guest`), keeps it through a reload (`saved::keys::FAIR_HOST`,
//! `FAIR_GUEST`), and draws its seat's screen from it: the same screen as a linked phone's.
//! A player whose device broke the rules is named on the screen, and the game is theirs
//! to lose.

use intrigue_core::commit::Salt;
use intrigue_core::games::espionage::army::ARMY_SIZE;
use intrigue_core::games::espionage::fair::{Breach, Broke, Refused, Side, Verdict};
use intrigue_core::games::espionage::fair_session::{
    Guest, GuestKept, Host, HostKept, Step, Terms, Trouble, kept_to_bytes,
};
use intrigue_core::games::espionage::{Action, Espionage, Event, KIND};
use intrigue_core::wire::join::Invitation;
use leptos::prelude::*;

use crate::games::fair::{Part, from_phone, hex, kept, random, unpassed};
use crate::games::fair_screen::{HostParts, TwoTerms, guest_page};
use super::fair_words::{broke_words, refused_words, trouble_words};
use crate::games::shell::SeatFeed;
use crate::reasons::Reason;
use crate::saved::keys::{FAIR_GUEST, FAIR_HOST};

/// This device's half of the game.
enum Session {
    Host(Box<Host>),
    Guest(Box<Guest>),
}

type Out = crate::games::fair::Out<Event, Broke>;

fn out(step: Step) -> Out {
    Out::to_all(step.send, step.news, step.broke)
}

impl Session {
    fn side(&self) -> Option<&Side> {
        match self {
            Session::Host(host) => host.side(),
            Session::Guest(guest) => guest.side(),
        }
    }
}

impl Part for Session {
    type Action = Action;
    type Event = Event;
    type Broke = Broke;
    type Trouble = Trouble;
    type Refused = Refused;

    fn heard(&mut self, _: u8, bytes: &[u8]) -> Result<Out, Trouble> {
        match self {
            Session::Host(host) => host.heard(bytes),
            Session::Guest(guest) => {
                match guest.heard(bytes) {
                    // A host that starts another game: this phone joins it afresh (the game
                    // it kept cannot go on without that host). Once this phone had sent its
                    // share of the board, the host knew that board: a new game then is said,
                    // so that a host choosing its board by starting again is seen.
                    Err(Trouble::OtherGame) if guest.side().is_none() && guest.broke().is_none() => {
                        let host = guest
                            .terms()
                            .and_then(|t| t.names.get(usize::from(t.host_seat)).cloned());
                        **guest = Guest::new(random());
                        return guest.heard(bytes).map(|step| Out {
                            notice: host.map(|name| restarted_words(&name)),
                            ..out(step)
                        });
                    }
                    // Named by the host's clock while its own words had not come back: said.
                    Ok(step) => {
                        let me = guest.terms().map(|t| (t.guest_seat(), t.names[usize::from(t.host_seat)].clone()));
                        let named = step.broke.as_ref().is_some_and(|b| b.breach == Breach::WouldNotAnswer && Some(b.seat) == me.as_ref().map(|m| m.0));
                        let unheard = guest.side().is_some_and(|s| !s.unheard().is_empty());
                        let from = me.map(|m| from_phone(&m.1)).unwrap_or_default();
                        return Ok(unpassed(out(step), named, unheard, &from));
                    }
                    heard => heard,
                }
            }
        }
        .map(out)
    }

    fn act(&mut self, action: Action) -> Result<Out, Refused> {
        // A fresh salt per piece, from the browser's generator.
        let salts: Vec<Salt> = (0..ARMY_SIZE).map(|_| Salt(random())).collect();
        match (self, action) {
            (Session::Host(host), Action::SetUp(placement)) => host.set_up(placement, &salts),
            (Session::Host(host), action) => host.act(action),
            (Session::Guest(guest), Action::SetUp(placement)) => guest.set_up(placement, &salts),
            (Session::Guest(guest), action) => guest.act(action),
        }
        .map(out)
    }

    fn keep(&self) -> Result<(), crate::storage::Refused> {
        match self {
            Session::Host(host) => crate::storage::set(FAIR_HOST, &hex(&kept_to_bytes(&host.kept()))),
            Session::Guest(guest) => {
                crate::storage::set(FAIR_GUEST, &hex(&kept_to_bytes(&guest.kept())))
            }
        }
    }

    fn clock(&self) -> Option<(Option<u8>, u8, usize)> {
        match self {
            // The deal: the guest's share was sent on the host's hello, and the host, which
            // then knew the board, owes its own.
            Session::Guest(guest) if guest.side().is_none() => {
                let terms = guest.terms().filter(|_| guest.broke().is_none())?;
                Some((Some(terms.host_seat), terms.guest_seat(), 0))
            }
            _ => self
                .side()
                .map(|side| (side.waiting_for(), side.seat(), side.transcript().len())),
        }
    }

    fn named(&self) -> Option<Broke> {
        match self {
            Session::Guest(guest) if guest.side().is_none() => guest.broke().cloned(),
            _ => self.side().and_then(named),
        }
    }

    fn turn(&self) -> Option<u8> {
        match self.side()?.to_act() {
            intrigue_core::ToAct::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn not_answering(&mut self, seat: u8) -> Option<Out> {
        let side = match self {
            Session::Guest(guest) if guest.side().is_none() => {
                let broke = guest.would_not_answer()?;
                return Some(Out::to_all(Vec::new(), Vec::new(), Some(broke)));
            }
            // The host tells the guest's phone at once, if it is still linked.
            Session::Host(host) => return host.not_answering().map(out),
            Session::Guest(guest) => guest.side_mut()?,
        };
        match side.would_not_answer(seat) {
            Verdict::Broke(broke) => Some(Out::to_all(Vec::new(), Vec::new(), Some(broke))),
            Verdict::Fair(_) => None,
        }
    }

    fn names(&self) -> Vec<String> {
        match self {
            Session::Host(host) => host.terms().names.clone(),
            Session::Guest(guest) => guest.terms().map(|t| t.names.clone()).unwrap_or_default(),
        }
    }

    fn trouble_words(trouble: Trouble) -> String {
        trouble_words(trouble)
    }

    fn refused_words(refused: Refused) -> Option<String> {
        Some(refused_words(refused))
    }

    fn broke_words(broke: &Broke, names: &[String]) -> String {
        broke_words(broke, names)
    }

    fn broke_seat(broke: &Broke) -> u8 {
        broke.seat
    }
}

/// The host's kept game, if there is one, or why it could not be read.
fn kept_host() -> Option<Result<Host, String>> {
    kept::<HostKept, _, _>(FAIR_HOST, Host::restore)
}

fn kept_guest() -> Option<Guest> {
    kept::<GuestKept, _, _>(FAIR_GUEST, Guest::restore).and_then(Result::ok)
}

/// A host that began another game once it knew this phone's share of the board, in words.
fn restarted_words(host: &str) -> String {
    trf!(
        "{host}'s phone started a new game after this phone had sent its share of the board, so it knew that board. This phone joined the new game; if you did not agree to start again, ask why.",
        "El teléfono de {host} empezó otra partida después de que este teléfono enviara su parte del tablero, así que conocía ese tablero. Este teléfono se unió a la nueva partida; si no acordasteis empezar de nuevo, preguntad por qué."
    )
}

/// The player a side's verdict names, if the game ended with one named.
fn named(side: &Side) -> Option<Broke> {
    match side.verdict()? {
        Verdict::Broke(broke) => Some(broke.clone()),
        Verdict::Fair(_) => None,
    }
}

type Fair = crate::games::fair::Fair<Session>;

/// This device's seat, once the game is dealt.
fn dealt(session: &Session) -> Option<u8> {
    session.side().map(Side::seat)
}

const WHY: crate::i18n::Tr = tr!(
    "The rules need its answer (a piece opened, an army shown); its app gives it at once when it is on and linked.",
    "Las reglas necesitan su respuesta (una pieza abierta, un ejército mostrado); su aplicación la da al momento si está encendido y enlazado."
);

/// The seat's screen, from this device's side (once the game is dealt).
fn feed(fair: Fair) -> SeatFeed<Espionage> {
    let view = Memo::new(move |_| {
        fair.tick.track();
        fair.part
            .with_value(|s| s.as_ref().and_then(Session::side).map(Side::seat_view))
            .expect("drawn once the game is dealt")
    });
    let news = Memo::new(move |_| fair.news.get());
    SeatFeed {
        view,
        news,
        act: Callback::new(move |action| fair.act(action)),
        // Nothing is taken back in a game the phones referee: each move is said aloud.
        take_back: Callback::new(|()| {}),
    }
}

/// A seat's screen drawn from its feed: the linked phone's (`play::EspionagePhone`, without
/// take-backs), handed in by the part that loads this module.
pub type SeatScreen = fn(u8, SeatFeed<Espionage>, RwSignal<Option<String>>) -> AnyView;

/// The host's screen (`#/fair/espionage`): the game kept on this device, or the terms of a
/// new one; then the other phone's invitation, and the game.
pub fn host_screen(screen: SeatScreen) -> AnyView {
    let (session, first_problem) = match kept_host() {
        Some(Ok(host)) => (Some(Session::Host(Box::new(host))), None),
        Some(Err(why)) => (None, Some(why)),
        None => (None, None),
    };
    let fair = Fair::new(session, 2);
    fair.problem.set(first_problem);
    let started = RwSignal::new(fair.part.with_value(Option::is_some));
    let start = Callback::new(move |(names, host_seat): (Vec<String>, u8)| {
        let terms = Terms {
            names,
            width: 10,
            volcanoes: 4,
            quiet_draw: Some(100),
            host_seat,
        };
        match Host::new(terms, random(), random(), Salt(random())) {
            Ok(host) => {
                fair.part.set_value(Some(Session::Host(Box::new(host))));
                fair.took(Out::default());
                started.set(true);
            }
            Err(why) => fair.problem.set(Some(why.words())),
        }
    });
    view! {
        <section class="play espionage fair" data-fair="host">
            {move || if started.get() {
                view! { <HostGame fair screen/> }.into_any()
            } else {
                view! {
                    <TwoTerms
                        kicker=tr!("Espionage · on two phones", "Espionaje · en dos teléfonos")
                        title=tr!("Each phone holds only its own army", "Cada teléfono guarda solo su ejército")
                        pitch=tr!(
                            "This phone and the other player's referee the game together: each keeps its own army, sealed by a fingerprint when it is set up, and opens a piece only when the rules open it (a combat, a spy beside it). At the end both armies are opened and each phone checks the whole game. Neither phone, this one included, can read the other's army or choose the board.",
                            "Este teléfono y el del otro jugador arbitran la partida juntos: cada uno guarda su ejército, sellado con una huella al desplegarlo, y abre una pieza solo cuando las reglas la abren (un combate, un espía al lado). Al final se abren los dos ejércitos y cada teléfono comprueba la partida entera. Ningún teléfono, tampoco este, puede leer el ejército del otro ni elegir el tablero."
                        )
                        seats=[tr!("South (sets up and moves first)", "Sur (despliega y mueve primero)"), tr!("North", "Norte")]
                        start problem=fair.problem/>
                }
                .into_any()
            }}
        </section>
    }
    .into_any()
}

/// The host's game: the other phone's invitation and the seat's screen once the other
/// phone has joined the deal (`fair_screen::host_game`).
#[component]
fn HostGame(fair: Fair, screen: SeatScreen) -> impl IntoView {
    let host_seat = fair.part.with_value(|s| match s {
        Some(Session::Host(host)) => host.terms().host_seat,
        _ => 0,
    });
    let parts = HostParts {
        game: KIND,
        why: WHY,
        dealt,
        hello: |s| match s {
            Session::Host(host) => Some(host.hello()),
            Session::Guest(_) => None,
        },
        key: FAIR_HOST,
    };
    crate::games::fair_screen::host_game(fair, parts, 1 - host_seat, move |me| {
        screen(me, feed(fair), fair.problem)
    })
}

/// The other phone's screen, from a fair invitation (`#/link/<code>`): its answer for the
/// host, then its seat. A game it kept goes on when the host says hello for it.
pub fn guest_screen(invitation: Invitation, screen: SeatScreen) -> AnyView {
    let guest = kept_guest().unwrap_or_else(|| Guest::new(random()));
    let fair = Fair::new(Some(Session::Guest(Box::new(guest))), 1);
    guest_page(fair, &invitation, "on-phone play espionage fair", WHY, dealt, move |me| {
        screen(me, feed(fair), fair.problem)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fair::unhex;

    /// A game the player waiting ended by the clock names the other phone's player, and
    /// still does once what the device kept is read back after a reload; a game going on
    /// names nobody.
    #[test]
    fn the_clocks_verdict_is_named_again_after_a_reload() {
        use intrigue_core::games::espionage::Config;
        use intrigue_core::games::espionage::fair::{Breach, kept_from_bytes, kept_to_bytes};
        use intrigue_core::seats::Seats;
        let config = || Config::standard(Seats::new(2, vec![]).unwrap());
        let mut side = Side::new(config(), Vec::new(), 0, b"a game".to_vec());
        assert_eq!(named(&side), None);
        side.would_not_answer(1);
        let bo = Some(Broke {
            seat: 1,
            breach: Breach::WouldNotAnswer,
        });
        assert_eq!(named(&side), bo);
        let kept = kept_from_bytes(&unhex(&hex(&kept_to_bytes(&side.kept()))).unwrap()).unwrap();
        let restored = Side::restore(config(), Vec::new(), 0, b"a game".to_vec(), &kept).unwrap();
        assert_eq!(named(&restored), bo);
    }

    /// Before the deal, the guest waits on the host's share (the host knows the board once
    /// the guest's share is in): its clock names the host, and the deal goes no further. A
    /// host that starts another game after the guest's share is told on the guest's screen.
    #[test]
    fn the_deal_is_timed_and_a_host_starting_again_is_told() {
        use intrigue_core::games::espionage::fair::Breach;
        crate::i18n::speak(crate::i18n::Lang::En);
        let terms = || Terms {
            names: vec!["Ann".into(), "Bo".into()],
            width: 10,
            volcanoes: 4,
            quiet_draw: Some(100),
            host_seat: 0,
        };
        let first = Host::new(terms(), [1; 16], [2; 16], Salt([3; 16])).unwrap();
        let mut guest = Session::Guest(Box::new(Guest::new([4; 16])));
        assert_eq!(guest.clock(), None, "no host yet");
        let out = guest.heard(0, &first.hello()).unwrap();
        assert!(out.notice.is_none(), "a first game is no news");
        assert_eq!(guest.clock(), Some((Some(0), 1, 0)), "the guest waits on the host");
        // Ann's phone begins another game once it knew Bo's share: said on Bo's screen.
        let second = Host::new(terms(), [5; 16], [6; 16], Salt([7; 16])).unwrap();
        let out = guest.heard(0, &second.hello()).unwrap();
        assert!(out.notice.is_some_and(|n| n.starts_with("Ann's phone started a new game")));
        // The clock's verdict names Ann; nothing more is dealt.
        assert_eq!(
            guest.not_answering(0).and_then(|out| out.broke),
            Some(Broke {
                seat: 0,
                breach: Breach::WouldNotAnswer
            })
        );
        assert_eq!(guest.named().map(|b| b.seat), Some(0));
        assert_eq!(guest.clock(), None, "nobody is waited for once a player is named");
    }
}

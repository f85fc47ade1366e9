//! The Chess deckbuilder refereed by the two players' phones (issue 42): no device holds the
//! other's deck, the host's included, and nobody chooses or foresees a draw. The host's
//! device (`#/fair/chess-deckbuilder`) sets the terms, plays its player's seat and relays;
//! it invites the other phone as for play on phones, marked as a game the phones referee,
//! and the other phone plays its seat. Each device runs its half of the game
//! (`intrigue_core::games::deckbuilder::fair_session`: `Host`, `Guest`), keeps it through a
//! reload (`saved::keys::FAIR_DECK_HOST`, `FAIR_DECK_GUEST`), and draws its seat's screen
//! from it: the linked phone's screen. A player whose phone broke the rules is named on the
//! screen, and the game goes to the other.

use intrigue_core::games::deckbuilder::fair::{Breach, Broke, Deal, Refused};
use intrigue_core::games::deckbuilder::fair_session::{
    Guest, GuestKept, Host, HostKept, Step, Terms, Trouble, kept_to_bytes,
};
use intrigue_core::games::deckbuilder::{Action, Deckbuilder, Event, KIND};
use intrigue_core::wire::join::Invitation;
use leptos::prelude::*;

use super::fair_words::{broke_words, refused_words, trouble_words};
use crate::games::fair::{Part, from_phone, hex, kept, random, unpassed};
use crate::games::fair_screen::{HostParts, NewFairGame, TwoTerms, guest_page};
use crate::games::shell::SeatFeed;
use crate::saved::keys::{FAIR_DECK_GUEST, FAIR_DECK_HOST};

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
    fn deal(&self) -> Option<&Deal> {
        match self {
            Session::Host(host) => Some(host.deal()),
            Session::Guest(guest) => guest.deal(),
        }
    }

    fn seat(&self) -> Option<u8> {
        match self {
            Session::Host(host) => Some(host.terms().host_seat),
            Session::Guest(guest) => guest.terms().map(|t| t.guest_seat()),
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
            Session::Host(host) => Ok(host.heard(bytes)),
            Session::Guest(guest) => match guest.heard(bytes) {
                // A host that starts another game: this phone joins it afresh when the game
                // it kept has not begun or is over (else it stays with the game it is in).
                Err(Trouble::OtherGame)
                    if guest.deal().is_none_or(|d| !d.started() || d.seat_view().status != intrigue_core::game::Status::Playing) =>
                {
                    **guest = Guest::new(random());
                    guest.heard(bytes)
                }
                // Named by the host's clock while its own words had not come back: said.
                Ok(step) => {
                    let me = guest.terms().map(|t| (t.guest_seat(), t.names[usize::from(t.host_seat)].clone()));
                    let named = step.broke.as_ref().is_some_and(|b| b.breach == Breach::WouldNotAnswer && Some(b.seat) == me.as_ref().map(|m| m.0));
                    let from = me.map(|m| from_phone(&m.1)).unwrap_or_default();
                    return Ok(unpassed(out(step), named, !guest.unheard().is_empty(), &from));
                }
                heard => heard,
            },
        }
        .map(out)
    }

    fn act(&mut self, action: Action) -> Result<Out, Refused> {
        match self {
            Session::Host(host) => host.act(action),
            Session::Guest(guest) => guest.act(action),
        }
        .map(out)
    }

    fn keep(&self) -> Result<(), crate::storage::Refused> {
        match self {
            Session::Host(host) => {
                crate::storage::set(FAIR_DECK_HOST, &hex(&kept_to_bytes(&host.kept())))
            }
            Session::Guest(guest) => {
                crate::storage::set(FAIR_DECK_GUEST, &hex(&kept_to_bytes(&guest.kept())))
            }
        }
    }

    fn clock(&self) -> Option<(Option<u8>, u8, usize)> {
        let deal = self.deal().filter(|d| d.started())?;
        let me = self.seat()?;
        // A phone still to join is a player still linking, not a phone that stalls.
        let owes = deal.waiting_for().into_iter().find(|&s| s != me);
        Some((owes, me, deal.transcript().len()))
    }

    fn named(&self) -> Option<Broke> {
        self.deal().and_then(|d| d.broke().cloned())
    }

    fn turn(&self) -> Option<u8> {
        self.deal().filter(|d| d.started()).and_then(Deal::to_move)
    }

    fn not_answering(&mut self, seat: u8) -> Option<Out> {
        match self {
            // The host tells the guest's phone at once, if it is still linked.
            Session::Host(host) => {
                let step = host.not_answering()?;
                Some(Out::to_all(step.send, step.news, step.broke))
            }
            Session::Guest(guest) => {
                let broke = guest.deal_mut()?.would_not_answer(seat);
                Some(Out::to_all(Vec::new(), Vec::new(), Some(broke)))
            }
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
        refused_words(refused)
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
    kept::<HostKept, _, _>(FAIR_DECK_HOST, Host::restore)
}

fn kept_guest() -> Option<Guest> {
    kept::<GuestKept, _, _>(FAIR_DECK_GUEST, Guest::restore).and_then(Result::ok)
}

type Fair = crate::games::fair::Fair<Session>;

/// This device's seat, once both phones are in.
fn dealt(session: &Session) -> Option<u8> {
    session
        .deal()
        .filter(|d| d.started())
        .and_then(|_| session.seat())
}

const WHY: crate::i18n::Tr = tr!(
    "The rules need its answer (its share of a draw, its shuffled cards, its deck shown at the end); its app gives it at once when it is on and linked.",
    "Las reglas necesitan su respuesta (su parte de un robo, sus cartas barajadas, su mazo mostrado al final); su aplicación la da al momento si está encendido y enlazado."
);

/// The seat's screen, from this device's half of the game (once both phones are in).
fn feed(fair: Fair) -> SeatFeed<Deckbuilder> {
    let view = Memo::new(move |_| {
        fair.tick.track();
        fair.part
            .with_value(|s| s.as_ref().and_then(Session::deal).map(Deal::seat_view))
            .expect("drawn once the game has begun")
    });
    let news = Memo::new(move |_| fair.news.get());
    SeatFeed {
        view,
        news,
        act: Callback::new(move |action| fair.act(action)),
        // Nothing is taken back in a game the phones referee: each action is said aloud.
        take_back: Callback::new(|()| {}),
    }
}

/// A seat's screen drawn from its feed: the linked phone's (`play::DeckbuilderPhone`,
/// without take-backs), handed in by the part that loads this module.
pub type SeatScreen = fn(u8, SeatFeed<Deckbuilder>, RwSignal<Option<String>>) -> AnyView;

/// The host's screen (`#/fair/chess-deckbuilder`): the game kept on this device, or the
/// terms of a new one; then the other phone's invitation, and the game.
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
        match Host::new(Terms { names, host_seat }, random(), random()) {
            Ok(host) => {
                fair.part.set_value(Some(Session::Host(Box::new(host))));
                fair.took(Out::default());
                started.set(true);
            }
            Err(why) => fair.problem.set(Some(crate::words::sentence(&why.to_string()))),
        }
    });
    view! {
        <section class="play deckbuilder fair" data-fair="host">
            {move || if started.get() {
                host_game(fair, screen)
            } else {
                view! {
                    <TwoTerms
                        kicker=tr!("Chess Deckbuilder · on two phones", "Ajedrez de mazos · en dos teléfonos")
                        title=tr!("Each phone holds only its own deck", "Cada teléfono guarda solo su mazo")
                        pitch=tr!(
                            "This phone and the other player's referee the game together: each keeps its own deck, every card sealed by a fingerprint, and opens a card only when it is played. Every card drawn is picked with a share from both phones, so neither, this one included, can choose or foresee a draw, nor see the other's hand. At the end both decks are opened and each phone checks the whole game.",
                            "Este teléfono y el del otro jugador arbitran la partida juntos: cada uno guarda su mazo, cada carta sellada con una huella, y abre una carta solo cuando la juega. Cada carta robada se elige con una parte de cada teléfono, así que ninguno, tampoco este, puede elegir ni prever un robo, ni ver la mano del otro. Al final se abren los dos mazos y cada teléfono comprueba la partida entera."
                        )
                        seats=[tr!("White (moves first)", "Blancas (mueven primero)"), tr!("Black", "Negras")]
                        start problem=fair.problem/>
                }
                .into_any()
            }}
        </section>
    }
    .into_any()
}

/// The host's game: the other phone's invitation and the seat's screen
/// (`fair_screen::host_game`).
fn host_game(fair: Fair, screen: SeatScreen) -> AnyView {
    let guest_seat = fair
        .part
        .with_value(|s| s.as_ref().and_then(Session::seat))
        .map_or(1, |host| 1 - host);
    let parts = HostParts {
        game: KIND,
        why: WHY,
        dealt,
        hello: |s| match s {
            Session::Host(host) => Some(host.hello()),
            Session::Guest(_) => None,
        },
        key: FAIR_DECK_HOST,
    };
    crate::games::fair_screen::host_game(fair, parts, guest_seat, move |me| {
        screen(me, feed(fair), fair.problem)
    })
}

/// The other phone's screen, from a fair invitation (`#/link/<code>`).
pub fn guest_screen(invitation: Invitation, screen: SeatScreen) -> AnyView {
    let guest = kept_guest().unwrap_or_else(|| Guest::new(random()));
    let fair = Fair::new(Some(Session::Guest(Box::new(guest))), 1);
    view! {
        {guest_page(fair, &invitation, "on-phone play deckbuilder fair", WHY, dealt, move |me| screen(me, feed(fair), fair.problem))}
        <NewFairGame key=FAIR_DECK_GUEST/>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fair::unhex;
    use intrigue_core::games::deckbuilder::fair_session::kept_from_bytes;

    /// The clock waits on the other phone only once both are in, and never on this phone's
    /// own answer; a game ended by the clock names the silent phone again after a reload.
    #[test]
    fn the_clock_waits_on_the_other_phone_and_its_verdict_is_kept() {
        let terms = Terms {
            names: vec!["Ann".into(), "Bo".into()],
            host_seat: 0,
        };
        let host = Host::new(terms, [1; 16], [2; 32]).unwrap();
        let mut session = Session::Host(Box::new(host));
        let (owes, me, _) = session.clock().map_or((None, 0, 0), |c| c);
        assert_eq!((owes, me), (None, 0), "nobody is timed before the other phone joins");
        assert_eq!(dealt(&session), None);
        // The guest joins: the game begins, and the first draw waits on nobody once made.
        let mut guest = Guest::new([3; 32]);
        let Session::Host(host) = &mut session else { unreachable!() };
        let mut to_host: Vec<Vec<u8>> = guest.heard(&host.hello()).unwrap().send;
        for _ in 0..50 {
            let mut to_guest = Vec::new();
            for bytes in to_host.drain(..) {
                to_guest.extend(host.heard(&bytes).send);
            }
            for bytes in to_guest {
                to_host.extend(guest.heard(&bytes).unwrap().send);
            }
        }
        assert_eq!(dealt(&session), Some(0));
        assert!(session.clock().is_some_and(|(owes, me, _)| owes.is_none() && me == 0));
        // The host's turn: the guest's phone is not waited on, and cannot be named so.
        assert!(session.not_answering(1).is_none());
        let Session::Host(host) = &mut session else { unreachable!() };
        host.deal_mut().would_not_answer(1);
        let kept = match &session {
            Session::Host(host) => kept_from_bytes::<HostKept>(&unhex(&hex(&kept_to_bytes(&host.kept()))).unwrap()).unwrap(),
            Session::Guest(_) => unreachable!(),
        };
        let again = Session::Host(Box::new(Host::restore(&kept).unwrap()));
        assert_eq!(again.named().map(|b| b.seat), Some(1));
        assert!(again.clock().is_some_and(|(owes, _, _)| owes.is_none()), "nobody is waited for once the game is over");
    }
}

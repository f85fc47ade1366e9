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
use intrigue_core::games::espionage::fair::{Broke, Refused, Side, Verdict};
use intrigue_core::games::espionage::fair_session::{
    Guest, GuestKept, Host, HostKept, Step, Terms, Trouble, kept_from_bytes, kept_to_bytes,
};
use intrigue_core::games::espionage::{Action, Espionage, Event, KIND};
use intrigue_core::wire::join::Invitation;
use leptos::prelude::*;

use crate::games::fair::{Links, NewFairGame, answering, damaged, hex, inviting, links, named_view, random, send, unhex};
use crate::games::phone::{LinkAlert, Linking};
use crate::games::phone_book::PhoneBook;
use crate::games::phone_link::LinkState;
use crate::games::phone_seat::PhoneSeat;
use crate::games::patience::Patience;
use crate::i18n::GameWords;
use super::fair_words::{broke_words, refused_words, trouble_words};
use crate::games::shell::SeatFeed;
use crate::reasons::Reason;
use crate::saved::keys::{FAIR_GUEST, FAIR_HOST};

/// This device's half of the game.
enum Session {
    Host(Box<Host>),
    Guest(Box<Guest>),
}

impl Session {
    fn side(&self) -> Option<&Side> {
        match self {
            Session::Host(host) => host.side(),
            Session::Guest(guest) => guest.side(),
        }
    }

    fn names(&self) -> Vec<String> {
        match self {
            Session::Host(host) => host.terms().names.clone(),
            Session::Guest(guest) => guest.terms().map(|t| t.names.clone()).unwrap_or_default(),
        }
    }

    fn act(&mut self, action: Action) -> Result<Step, Refused> {
        // A fresh salt per piece, from the browser's generator.
        let salts: Vec<Salt> = (0..ARMY_SIZE).map(|_| Salt(random())).collect();
        match (self, action) {
            (Session::Host(host), Action::SetUp(placement)) => host.set_up(placement, &salts),
            (Session::Host(host), action) => host.act(action),
            (Session::Guest(guest), Action::SetUp(placement)) => guest.set_up(placement, &salts),
            (Session::Guest(guest), action) => guest.act(action),
        }
    }

    fn heard(&mut self, bytes: &[u8]) -> Result<Step, Trouble> {
        match self {
            Session::Host(host) => host.heard(bytes),
            Session::Guest(guest) => {
                match guest.heard(bytes) {
                    // A host that starts another game: this phone joins it afresh (the game
                    // it kept cannot go on without that host).
                    Err(Trouble::OtherGame) if guest.side().is_none() => {
                        **guest = Guest::new(random());
                        guest.heard(bytes)
                    }
                    heard => heard,
                }
            }
        }
    }

    /// Kept in the device's storage; false when it could not be.
    fn keep(&self) -> Result<(), crate::storage::Refused> {
        match self {
            Session::Host(host) => crate::storage::set(FAIR_HOST, &hex(&kept_to_bytes(&host.kept()))),
            Session::Guest(guest) => {
                crate::storage::set(FAIR_GUEST, &hex(&kept_to_bytes(&guest.kept())))
            }
        }
    }
}

/// The host's kept game, if there is one, or why it could not be read.
fn kept_host() -> Option<Result<Host, String>> {
    let text = crate::storage::get(FAIR_HOST)?;
    Some(
        unhex(&text)
            .and_then(|bytes| kept_from_bytes::<HostKept>(&bytes).ok())
            .and_then(|kept| Host::restore(&kept).ok())
            .ok_or_else(damaged),
    )
}

fn kept_guest() -> Option<Guest> {
    let text = crate::storage::get(FAIR_GUEST)?;
    let bytes = unhex(&text)?;
    Guest::restore(&kept_from_bytes::<GuestKept>(&bytes).ok()?).ok()
}

/// The player a side's verdict names, if the game ended with one named.
fn named(side: &Side) -> Option<Broke> {
    match side.verdict()? {
        Verdict::Broke(broke) => Some(broke.clone()),
        Verdict::Fair(_) => None,
    }
}

/// This device's game, and what its screen follows.
#[derive(Clone, Copy)]
struct Fair {
    session: StoredValue<Option<Session>, LocalStorage>,
    /// Changes after everything this device hears or does.
    tick: RwSignal<u64>,
    news: RwSignal<Vec<Event>>,
    broke: RwSignal<Option<Broke>>,
    problem: RwSignal<Option<String>>,
    links: Links,
    /// How long the game has waited for the other phone's answer, and the clock's time.
    patience: RwSignal<Patience>,
    now: RwSignal<u64>,
}

impl Fair {
    fn new(session: Option<Session>, seats: usize) -> Fair {
        // A game taken up again after a reload that had ended with a player named (a rule
        // broken, or the clock's verdict) still names them.
        let broke = session.as_ref().and_then(Session::side).and_then(named);
        Fair {
            session: StoredValue::new_local(session),
            tick: RwSignal::new(0),
            news: RwSignal::new(Vec::new()),
            broke: RwSignal::new(broke),
            problem: RwSignal::new(None),
            links: links(seats),
            patience: RwSignal::new(Patience::default()),
            now: RwSignal::new(crate::saved::now()),
        }
    }

    /// The clock, read again (every second while the screen is up, and after each step).
    fn look(self) {
        let now = crate::saved::now();
        let seen = self.session.try_with_value(|s| {
            s.as_ref()
                .and_then(Session::side)
                .map(|side| (side.waiting_for(), side.seat(), side.transcript().len()))
        });
        if let Some((owes, me, said)) = seen.flatten() {
            let broke = self.broke.try_with_untracked(Option::is_some).unwrap_or(true);
            let _ = self.patience.try_update(|p| {
                *p = p.seen(owes.filter(|_| !broke), me, said, now);
            });
        }
        let _ = self.now.try_set(now);
    }

    /// The player waiting ends the game: the other phone did not answer in time. Nothing is
    /// opened on its behalf; its player is named on this screen.
    fn not_answering(self, seat: u8) {
        let named = self.session.try_update_value(|s| {
            let side = match s.as_mut()? {
                Session::Host(host) => host.side_mut()?,
                Session::Guest(guest) => guest.side_mut()?,
            };
            match side.would_not_answer(seat) {
                Verdict::Broke(broke) => Some(broke),
                Verdict::Fair(_) => None,
            }
        });
        if let Some(broke) = named.flatten() {
            self.broke.set(Some(broke));
            // Kept, so a reload does not take the verdict back; the seat's screen follows:
            // the game is over.
            self.took(Step::default());
        }
    }

    fn send(self, frames: &[Vec<u8>]) {
        send(self.links, None, frames);
    }

    /// What a step gave: the game kept, then its frames sent (a device reloaded never
    /// holds less than the other phone heard from it), its news shown.
    fn took(self, step: Step) {
        let kept = self
            .session
            .with_value(|s| s.as_ref().map(Session::keep))
            .unwrap_or(Ok(()));
        self.send(&step.send);
        if !step.news.is_empty() {
            self.news.update(|n| n.extend(step.news));
        }
        if step.broke.is_some() {
            self.broke.set(step.broke);
        }
        if let Err(why) = kept {
            self.problem.set(Some(trf!(
                "This device could not keep the game: {why} A reload now would lose it.",
                "Este dispositivo no pudo guardar la partida: {why} Si se recarga ahora, se perdería."
            )));
        }
        self.tick.update(|t| *t += 1);
        self.look();
    }

    fn heard(self, bytes: &[u8]) {
        let heard = self
            .session
            .try_update_value(|s| s.as_mut().map(|s| s.heard(bytes)));
        match heard.flatten() {
            Some(Ok(step)) => {
                self.problem.set(None);
                self.took(step);
            }
            Some(Err(trouble)) => self.problem.set(Some(trouble_words(trouble))),
            None => {}
        }
    }

    fn act(self, action: Action) {
        let acted = self
            .session
            .try_update_value(|s| s.as_mut().map(|s| s.act(action)));
        match acted.flatten() {
            Some(Ok(step)) => {
                self.problem.set(None);
                self.took(step);
            }
            Some(Err(refused)) => self.problem.set(Some(refused_words(refused))),
            None => {}
        }
    }

    fn seat(self) -> Option<u8> {
        self.tick.track();
        self.session
            .with_value(|s| s.as_ref().and_then(Session::side).map(Side::seat))
    }

    fn names(self) -> Vec<String> {
        self.session
            .with_value(|s| s.as_ref().map(Session::names).unwrap_or_default())
    }

    /// The seat's screen, from this device's side (once the game is dealt).
    fn feed(self) -> SeatFeed<Espionage> {
        let view = Memo::new(move |_| {
            self.tick.track();
            self.session
                .with_value(|s| s.as_ref().and_then(Session::side).map(Side::seat_view))
                .expect("drawn once the game is dealt")
        });
        let news = Memo::new(move |_| self.news.get());
        SeatFeed {
            view,
            news,
            act: Callback::new(move |action| self.act(action)),
            // Nothing is taken back in a game the phones referee: each move is said aloud.
            take_back: Callback::new(|()| {}),
        }
    }
}

/// A seat's screen drawn from its feed: the linked phone's (`play::EspionagePhone`, without
/// take-backs), handed in by the part that loads this module.
pub type SeatScreen = fn(u8, SeatFeed<Espionage>, RwSignal<Option<String>>) -> AnyView;

/// The game's screen on either device: who broke the rules, if anyone did; what went
/// wrong; the seat's own screen once the game is dealt, or `waiting`.
fn game_screen(
    fair: Fair,
    screen: SeatScreen,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    let dealt = Memo::new(move |_| fair.seat());
    // The clock, once a second: how long the other phone has owed an answer.
    fair.look();
    let ticking = set_interval_with_handle(move || fair.look(), std::time::Duration::from_secs(1)).ok();
    on_cleanup(move || {
        if let Some(handle) = ticking {
            handle.clear();
        }
    });
    view! {
        {move || fair.broke.get().map(|broke| named_view(broke.seat, broke_words(&broke, &fair.names())))}
        {move || fair.problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        {move || waiting_words(fair)}
        {move || match dealt.get() {
            Some(me) => {
                // The rules open beside the game: leaving this page would drop the link.
                view! {
                    <a class="rules-link" href=crate::route::Route::Rules(KIND).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", KIND.tr_title())}</a>
                    {screen(me, fair.feed(), fair.problem)}
                }
                .into_any()
            }
            None => waiting(),
        }}
    }
    .into_any()
}

/// How long the game has waited for the other phone, once that is worth saying; after
/// `PATIENCE_MS`, the way to end it.
fn waiting_words(fair: Fair) -> Option<AnyView> {
    crate::games::fair::waiting(
        fair.patience.get(),
        fair.now.get(),
        &fair.names(),
        tr!(
            "The rules need its answer (a piece opened, an army shown); its app gives it at once when it is on and linked.",
            "Las reglas necesitan su respuesta (una pieza abierta, un ejército mostrado); su aplicación la da al momento si está encendido y enlazado."
        )
        .to_string(),
        Callback::new(move |seat| fair.not_answering(seat)),
    )
}

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
    let started = RwSignal::new(fair.session.with_value(Option::is_some));
    let start = Callback::new(move |terms: Terms| {
        match Host::new(terms, random(), random(), Salt(random())) {
            Ok(host) => {
                fair.session.set_value(Some(Session::Host(Box::new(host))));
                fair.took(Step::default());
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
                view! { <FairTerms start problem=fair.problem/> }.into_any()
            }}
        </section>
    }
    .into_any()
}

/// The terms of a new game: the two names, and which seat this device's player takes.
#[component]
fn FairTerms(start: Callback<Terms>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let mine = RwSignal::new(String::new());
    let theirs = RwSignal::new(String::new());
    let south = RwSignal::new(true);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = |s: RwSignal<String>, fallback: &str| {
            let typed = s.get_untracked().trim().chars().take(24).collect::<String>();
            if typed.is_empty() { fallback.to_string() } else { typed }
        };
        let (me, them) = (
            name(mine, tr!("Player 1", "Jugador 1").get()),
            name(theirs, tr!("Player 2", "Jugador 2").get()),
        );
        let host_seat = if south.get_untracked() { 0 } else { 1 };
        let names = if host_seat == 0 { vec![me, them] } else { vec![them, me] };
        start.run(Terms {
            names,
            width: 10,
            volcanoes: 4,
            quiet_draw: Some(100),
            host_seat,
        });
    };
    view! {
        <header class="play-head">
            <div>
                <p class="kicker">{tr!("Espionage · on two phones", "Espionaje · en dos teléfonos")}</p>
                <h1>{tr!("Each phone holds only its own army", "Cada teléfono guarda solo su ejército")}</h1>
            </div>
        </header>
        <p>{tr!(
            "This phone and the other player's referee the game together: each keeps its own army, sealed by a fingerprint when it is set up, and opens a piece only when the rules open it (a combat, a spy beside it). At the end both armies are opened and each phone checks the whole game. Neither phone, this one included, can read the other's army or choose the board.",
            "Este teléfono y el del otro jugador arbitran la partida juntos: cada uno guarda su ejército, sellado con una huella al desplegarlo, y abre una pieza solo cuando las reglas la abren (un combate, un espía al lado). Al final se abren los dos ejércitos y cada teléfono comprueba la partida entera. Ningún teléfono, tampoco este, puede leer el ejército del otro ni elegir el tablero."
        )}</p>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        <form class="fair-terms" on:submit=submit>
            <label for="fair-mine">{tr!("Your name", "Tu nombre")}</label>
            <input id="fair-mine" type="text" maxlength="24" prop:value=move || mine.get() on:input=move |ev| mine.set(event_target_value(&ev))/>
            <label for="fair-theirs">{tr!("The other player's name", "El nombre del otro jugador")}</label>
            <input id="fair-theirs" type="text" maxlength="24" prop:value=move || theirs.get() on:input=move |ev| theirs.set(event_target_value(&ev))/>
            <fieldset>
                <legend>{tr!("You play", "Juegas con")}</legend>
                <label><input type="radio" name="fair-seat" prop:checked=move || south.get() on:change=move |_| south.set(true)/>{tr!("South (sets up and moves first)", "Sur (despliega y mueve primero)")}</label>
                <label><input type="radio" name="fair-seat" prop:checked=move || !south.get() on:change=move |_| south.set(false)/>{tr!("North", "Norte")}</label>
            </fieldset>
            <button type="submit" class="button primary" data-action="start">{tr!("Start and invite the other phone", "Empezar e invitar al otro teléfono")}</button>
        </form>
    }
}

/// The host's game: the other phone's invitation (again after a drop or a reload), and the
/// seat's screen once the other phone has joined the deal.
#[component]
fn HostGame(fair: Fair, screen: SeatScreen) -> impl IntoView {
    let names = fair.names();
    let host_seat = fair
        .session
        .with_value(|s| match s {
            Some(Session::Host(host)) => host.terms().host_seat,
            _ => 0,
        });
    let guest_seat = 1 - host_seat;
    let guest_name = names.get(usize::from(guest_seat)).cloned().unwrap_or_default();
    let phones = RwSignal::new(PhoneBook::new(&[false, false]));
    let state = Memo::new(move |_| phones.with(|p| p.state(guest_seat)));
    let (invite, answered) = inviting(
        KIND,
        phones,
        fair.links,
        move |_| {
            let hello = fair.session.with_value(|s| match s {
                Some(Session::Host(host)) => Some(host.hello()),
                _ => None,
            });
            if let Some(hello) = hello {
                fair.send(&[hello]);
            }
        },
        move |_, bytes| fair.heard(&bytes),
    );
    let last_here = Memo::new(|_| false);
    let waiting_name = guest_name.clone();
    // Once a player is named the game is over: no link is wanted, nor said to have failed.
    let named = Memo::new(move |_| fair.broke.with(Option::is_some));
    view! {
        {move || (!named.get()).then(|| view! {
            <ul class="phone-seats">
                <PhoneSeat seat=guest_seat name=guest_name.clone() state last_here invite answered/>
            </ul>
        })}
        {game_screen(fair, screen, move || view! {
            <p class="loading" role="status">{trf!(
                "Waiting for {}'s phone: invite it above.",
                "Esperando al teléfono de {}: invítalo arriba.",
                waiting_name.clone()
            )}</p>
        }.into_any())}
        <NewFairGame key=FAIR_HOST/>
    }
}

/// The other phone's screen, from a fair invitation (`#/link/<code>`): its answer for the
/// host, then its seat. A game it kept goes on when the host says hello for it.
pub fn guest_screen(invitation: Invitation, screen: SeatScreen) -> AnyView {
    let guest = kept_guest().unwrap_or_else(|| Guest::new(random()));
    let fair = Fair::new(Some(Session::Guest(Box::new(guest))), 1);
    let (state, slow) = answering(&invitation, fair.links, move |bytes| fair.heard(&bytes));
    let seat = invitation.seat;
    view! {
        <section class="on-phone play espionage fair" data-fair="guest" data-seat=seat data-link=move || state.with(LinkState::slug)>
            // Once a player is named the game is over here: a link is no longer wanted.
            {move || fair.broke.with(Option::is_none).then(|| view! { <LinkAlert state/> })}
            // A game taken up again after a reload: its answer for the host's new
            // invitation above the board, until the two are linked.
            {move || (fair.seat().is_some() && state.get() != LinkState::Connected && fair.broke.with(Option::is_none))
                .then(|| view! { <Linking state slow game=KIND/> })}
            {game_screen(fair, screen, move || view! { <Linking state slow game=KIND/> }.into_any())}
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

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

/// What one frame or one action gave on a device: frames for every link, frames for one
/// link (`to`: a seat's on the relay; a phone's one link is its first place), what
/// happened, and the player named if a rule was broken (the frames are still sent: the
/// others must hear it too).
pub struct Out<E, B> {
    pub everyone: Vec<Vec<u8>>,
    pub to: Option<u8>,
    pub this: Vec<Vec<u8>>,
    pub news: Vec<E>,
    pub broke: Option<B>,
    /// Something the player should know that changed nothing in the game, in words.
    pub notice: Option<String>,
}

impl<E, B> Default for Out<E, B> {
    fn default() -> Self {
        Out {
            everyone: Vec::new(),
            to: None,
            this: Vec::new(),
            news: Vec::new(),
            broke: None,
            notice: None,
        }
    }
}

impl<E, B> Out<E, B> {
    /// A step whose frames go on every link this device has.
    pub fn to_all(send: Vec<Vec<u8>>, news: Vec<E>, broke: Option<B>) -> Self {
        Out {
            everyone: send,
            news,
            broke,
            ..Out::default()
        }
    }
}

/// One device's part of a game the phones referee (its core session: a host or a guest, a
/// table or a phone), as the screens drive it, with the game's own words for what goes
/// wrong.
pub trait Part: 'static {
    type Action: 'static;
    type Event: Clone + PartialEq + Send + Sync + 'static;
    type Broke: Clone + PartialEq + Send + Sync + 'static;
    type Trouble;
    type Refused;
    /// Bytes from the link of `seat` (a phone's from the relay: its one link).
    fn heard(
        &mut self,
        seat: u8,
        bytes: &[u8],
    ) -> Result<Out<Self::Event, Self::Broke>, Self::Trouble>;
    fn act(&mut self, action: Self::Action)
    -> Result<Out<Self::Event, Self::Broke>, Self::Refused>;
    /// Kept in the device's storage, or why it could not be.
    fn keep(&self) -> Result<(), crate::storage::Refused>;
    /// Once the game is dealt: the seat it waits on for a protocol answer (not a player's
    /// choice), this device's seat (`u8::MAX` for a table that plays none), and how much
    /// has been said.
    fn clock(&self) -> Option<(Option<u8>, u8, usize)>;
    /// The player named, if the game ended with one (after a reload too).
    fn named(&self) -> Option<Self::Broke>;
    /// The clock's verdict: `seat` did not answer.
    fn not_answering(&mut self, seat: u8) -> Option<Self::Broke>;
    fn names(&self) -> Vec<String>;
    fn trouble_words(trouble: Self::Trouble) -> String;
    /// An action refused, in words; `None` for a second tap while the first is on its way.
    fn refused_words(refused: Self::Refused) -> Option<String>;
    fn broke_words(broke: &Self::Broke, names: &[String]) -> String;
    fn broke_seat(broke: &Self::Broke) -> u8;
}

/// The time this device spends on the protocol — a frame heard, or an action said, with
/// the game kept and the frames sent — as one "fair-protocol" measure on the page's
/// performance timeline each (the browser tests print them at 4× CPU).
fn measured<T>(work: impl FnOnce() -> T) -> T {
    const START: &str = "fair-protocol-start";
    let clock = window().performance();
    if let Some(clock) = &clock {
        let _ = clock.mark(START);
    }
    let out = work();
    if let Some(clock) = clock {
        let _ = clock.measure_with_start_mark("fair-protocol", START);
    }
    out
}

/// This device's game, and what its screen follows.
pub struct Fair<P: Part> {
    pub part: StoredValue<Option<P>, LocalStorage>,
    /// Changes after everything this device hears or does.
    pub tick: RwSignal<u64>,
    pub news: RwSignal<Vec<P::Event>>,
    pub broke: RwSignal<Option<P::Broke>>,
    pub problem: RwSignal<Option<String>>,
    pub links: Links,
    /// How long the game has waited for a phone's answer, and the clock's time.
    pub patience: RwSignal<Patience>,
    pub now: RwSignal<u64>,
}

impl<P: Part> Clone for Fair<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Part> Copy for Fair<P> {}

impl<P: Part> Fair<P> {
    /// `part` (none yet on a host that has not started), with `seats` links.
    pub fn new(part: Option<P>, seats: usize) -> Fair<P> {
        // A game taken up again after a reload that had ended with a player named (a rule
        // broken, or the clock's verdict) still names them.
        let broke = part.as_ref().and_then(P::named);
        Fair {
            part: StoredValue::new_local(part),
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
    pub fn look(self) {
        let now = crate::saved::now();
        let seen = self.part.try_with_value(|p| p.as_ref().and_then(P::clock));
        if let Some((owes, me, said)) = seen.flatten() {
            let broke = self
                .broke
                .try_with_untracked(Option::is_some)
                .unwrap_or(true);
            let _ = self
                .patience
                .try_update(|p| *p = p.seen(owes.filter(|_| !broke), me, said, now));
        }
        let _ = self.now.try_set(now);
    }

    /// The player waiting ends the game: the other phone did not answer in time. Nothing is
    /// opened or played on its behalf; its player is named on this screen.
    pub fn not_answering(self, seat: u8) {
        let named = self
            .part
            .try_update_value(|p| p.as_mut().and_then(|p| p.not_answering(seat)));
        if let Some(broke) = named.flatten() {
            self.broke.set(Some(broke));
            // Kept, so a reload does not take the verdict back.
            self.took(Out::default());
        }
    }

    /// What a step gave: the game kept, then its frames sent (a device reloaded never
    /// holds less than the others heard from it), its news shown.
    pub fn took(self, out: Out<P::Event, P::Broke>) {
        let kept = self
            .part
            .with_value(|p| p.as_ref().map(P::keep))
            .unwrap_or(Ok(()));
        send(self.links, None, &out.everyone);
        if let Some(to) = out.to {
            send(self.links, Some(to), &out.this);
        }
        if !out.news.is_empty() {
            self.news.update(|n| n.extend(out.news));
        }
        if out.broke.is_some() {
            self.broke.set(out.broke);
        }
        if let Some(notice) = out.notice {
            self.problem.set(Some(notice));
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

    /// Bytes from the link of `seat`.
    pub fn heard(self, seat: u8, bytes: &[u8]) {
        measured(|| self.hear(seat, bytes));
    }

    fn hear(self, seat: u8, bytes: &[u8]) {
        let heard = self
            .part
            .try_update_value(|p| p.as_mut().map(|p| p.heard(seat, bytes)));
        match heard.flatten() {
            Some(Ok(out)) => {
                // A frame that changed nothing ("ask again") is no news: an earlier problem
                // stays said until something is played.
                if (!out.news.is_empty() || out.broke.is_some() || !out.everyone.is_empty())
                    && out.notice.is_none()
                {
                    self.problem.set(None);
                }
                self.took(out);
            }
            Some(Err(trouble)) => self.problem.set(Some(P::trouble_words(trouble))),
            None => {}
        }
    }

    pub fn act(self, action: P::Action) {
        measured(|| self.play(action));
    }

    fn play(self, action: P::Action) {
        let acted = self
            .part
            .try_update_value(|p| p.as_mut().map(|p| p.act(action)));
        match acted.flatten() {
            Some(Ok(out)) => {
                self.problem.set(None);
                self.took(out);
            }
            Some(Err(refused)) => {
                if let Some(words) = P::refused_words(refused) {
                    self.problem.set(Some(words));
                }
            }
            None => {}
        }
    }

    pub fn names(self) -> Vec<String> {
        self.part
            .with_value(|p| p.as_ref().map(P::names).unwrap_or_default())
    }

    /// What heads the game's screen on every device: the player named, if anyone broke the
    /// rules; what went wrong; how long the game has waited for a phone (`why`: what the
    /// rules need of it), with the way to end it after a minute. The clock ticks each second
    /// while the screen is up.
    pub fn header(self, why: crate::i18n::Tr) -> AnyView {
        self.look();
        let ticking =
            set_interval_with_handle(move || self.look(), std::time::Duration::from_secs(1)).ok();
        on_cleanup(move || {
            if let Some(handle) = ticking {
                handle.clear();
            }
        });
        let end = Callback::new(move |seat| self.not_answering(seat));
        view! {
            {move || self.broke.get().map(|broke| named_view(P::broke_seat(&broke), P::broke_words(&broke, &self.names())))}
            {move || self.problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            {move || waiting(self.patience.get(), self.now.get(), &self.names(), why.to_string(), end)}
        }
        .into_any()
    }
}

/// The game this device kept under `key` (`K`, checked bytes as hexadecimal), taken up
/// again by `restore`: nothing if none was kept, or why it could not be read back (its
/// storage changed or cut short).
pub fn kept<K: intrigue_core::wire::Wire, T, E>(
    key: &str,
    restore: impl FnOnce(&K) -> Result<T, E>,
) -> Option<Result<T, String>> {
    let text = crate::storage::get(key)?;
    Some(
        unhex(&text)
            .and_then(|bytes| intrigue_core::wire::from_bytes::<K>(&bytes).ok())
            .and_then(|kept| restore(&kept).ok())
            .ok_or_else(damaged),
    )
}

/// A player of a game of two named as having broken the rules, in the page's language:
/// seat `seat` (its name in `names`), `why` its breach in words; the game goes to the other.
pub fn named_words(seat: u8, names: &[String], why: &str) -> String {
    let name = |seat: u8| {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| (seat + 1).to_string())
    };
    let (cheat, other) = (name(seat), name(1 - seat.min(1)));
    trf!(
        "{cheat}'s phone broke the rules: {why}. The game goes to {other}.",
        "El teléfono de {cheat} rompió las reglas: {why}. La partida es para {other}."
    )
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

/// The terms of a new game on two phones: the two names, and which seat this device's
/// player takes (`seats`: each seat's words, the first moving first). `start` is given the
/// names in seat order and the host's seat.
#[component]
pub fn TwoTerms(
    kicker: crate::i18n::Tr,
    title: crate::i18n::Tr,
    pitch: crate::i18n::Tr,
    seats: [crate::i18n::Tr; 2],
    start: Callback<(Vec<String>, u8)>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let mine = RwSignal::new(String::new());
    let theirs = RwSignal::new(String::new());
    let first = RwSignal::new(true);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = |s: RwSignal<String>, fallback: &str| {
            let typed = s
                .get_untracked()
                .trim()
                .chars()
                .take(24)
                .collect::<String>();
            if typed.is_empty() {
                fallback.to_string()
            } else {
                typed
            }
        };
        let (me, them) = (
            name(mine, tr!("Player 1", "Jugador 1").get()),
            name(theirs, tr!("Player 2", "Jugador 2").get()),
        );
        let host_seat = if first.get_untracked() { 0 } else { 1 };
        let names = if host_seat == 0 {
            vec![me, them]
        } else {
            vec![them, me]
        };
        start.run((names, host_seat));
    };
    view! {
        <header class="play-head">
            <div>
                <p class="kicker">{kicker}</p>
                <h1>{title}</h1>
            </div>
        </header>
        <p>{pitch}</p>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        <form class="fair-terms" on:submit=submit>
            <label for="fair-mine">{tr!("Your name", "Tu nombre")}</label>
            <input id="fair-mine" type="text" maxlength="24" prop:value=move || mine.get() on:input=move |ev| mine.set(event_target_value(&ev))/>
            <label for="fair-theirs">{tr!("The other player's name", "El nombre del otro jugador")}</label>
            <input id="fair-theirs" type="text" maxlength="24" prop:value=move || theirs.get() on:input=move |ev| theirs.set(event_target_value(&ev))/>
            <fieldset>
                <legend>{tr!("You play", "Juegas con")}</legend>
                <label><input type="radio" name="fair-seat" prop:checked=move || first.get() on:change=move |_| first.set(true)/>{seats[0]}</label>
                <label><input type="radio" name="fair-seat" prop:checked=move || !first.get() on:change=move |_| first.set(false)/>{seats[1]}</label>
            </fieldset>
            <button type="submit" class="button primary" data-action="start">{tr!("Start and invite the other phone", "Empezar e invitar al otro teléfono")}</button>
        </form>
    }
}

/// The host's invitation of the other phone, seat `seat` (again after a drop or a reload):
/// `hello` is what the host says first on each new link. Gone once a player is named: the
/// game is over, and no link is wanted, nor said to have failed.
pub fn invite_row<P: Part>(
    fair: Fair<P>,
    game: GameKind,
    seat: u8,
    hello: fn(&P) -> Option<Vec<u8>>,
) -> AnyView {
    let name = fair
        .names()
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_default();
    let phones = RwSignal::new(PhoneBook::new(&[false, false]));
    let state = Memo::new(move |_| phones.with(|p| p.state(seat)));
    let (invite, answered) = inviting(
        game,
        phones,
        fair.links,
        move |_| {
            let hello = fair.part.with_value(|p| p.as_ref().and_then(hello));
            if let Some(hello) = hello {
                send(fair.links, None, &[hello]);
            }
        },
        move |seat, bytes| fair.heard(seat, &bytes),
    );
    let last_here = Memo::new(|_| false);
    let named = Memo::new(move |_| fair.broke.with(Option::is_some));
    view! {
        {move || (!named.get()).then(|| view! {
            <ul class="phone-seats">
                <crate::games::phone_seat::PhoneSeat seat name=name.clone() state last_here invite answered/>
            </ul>
        })}
    }
    .into_any()
}

/// This device's seat once the game is dealt (`dealt` reads it from the part), followed.
pub fn dealt_seat<P: Part>(fair: Fair<P>, dealt: fn(&P) -> Option<u8>) -> Option<u8> {
    fair.tick.track();
    fair.part.with_value(|p| p.as_ref().and_then(dealt))
}

/// A game's screen on either of two phones: its header (`Fair::header`, `why` a phone is
/// waited for), then the seat's own screen (`screen`, given the seat) once the game is
/// dealt, with the rules beside it (opened apart: leaving the page would drop the link),
/// or `waiting` until then.
pub fn seat_screen<P: Part>(
    fair: Fair<P>,
    game: GameKind,
    why: crate::i18n::Tr,
    dealt: fn(&P) -> Option<u8>,
    screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    use crate::i18n::GameWords;
    let seat = Memo::new(move |_| dealt_seat(fair, dealt));
    view! {
        {fair.header(why)}
        {move || match seat.get() {
            Some(me) => view! {
                <a class="rules-link" href=crate::route::Route::Rules(game).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", game.tr_title())}</a>
                {screen(me)}
            }
            .into_any(),
            None => waiting(),
        }}
    }
    .into_any()
}

/// The other phone's page, from a fair invitation (`#/link/<code>`): its answer for the
/// host, then its seat's screen (`seat_screen`, `class` the page's classes). A game it kept
/// goes on when the host says hello for it.
pub fn guest_page<P: Part>(
    fair: Fair<P>,
    invitation: &Invitation,
    class: &'static str,
    why: crate::i18n::Tr,
    dealt: fn(&P) -> Option<u8>,
    screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    use crate::games::phone::{LinkAlert, Linking};
    let (state, slow) = answering(invitation, fair.links, move |bytes| fair.heard(0, &bytes));
    let seat = invitation.seat;
    let game = invitation.game;
    view! {
        <section class=class data-fair="guest" data-seat=seat data-link=move || state.with(LinkState::slug)>
            // Once a player is named the game is over here: a link is no longer wanted.
            {move || fair.broke.with(Option::is_none).then(|| view! { <LinkAlert state/> })}
            // A game taken up again after a reload: its answer for the host's new
            // invitation above the game, until the two are linked.
            {move || (dealt_seat(fair, dealt).is_some() && state.get() != LinkState::Connected && fair.broke.with(Option::is_none))
                .then(|| view! { <Linking state slow game/> })}
            {seat_screen(fair, game, why, dealt, screen, move || view! { <Linking state slow game/> }.into_any())}
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

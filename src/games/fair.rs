//! What every game the players' phones referee together shares (issue 42; each game's
//! `<game>/fair_play.rs`): each device's game as its screens follow it (`Fair`, over the
//! game's session on that device, a `Part`), fresh randomness from the browser, a device's
//! kept game written as hexadecimal and read back, and the words every game says alike. Its
//! links are `fair_link`, its screens' shared parts `fair_screen`.

use leptos::prelude::*;

use crate::games::fair_link::{Links, links, send};
use crate::games::patience::Patience;

/// `N` fresh random bytes from the browser's generator.
pub fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    let _ = getrandom::fill(&mut bytes);
    bytes
}

/// A device's kept bytes as text for its storage.
pub fn hex(bytes: &[u8]) -> String {
    // Written once a step, the whole game: a byte at a time, with nothing made per byte.
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    text
}

/// Text from a device's storage read back as bytes; anything but hexadecimal is nothing.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    (text.len().is_multiple_of(2) && text.bytes().all(|b| b.is_ascii_hexdigit()))
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
    /// The seat whose player the game waits on to choose (its turn, its set-up), once dealt
    /// and while it goes on: timed only while that phone's link is down (a phone gone).
    fn turn(&self) -> Option<u8>;
    /// The clock's verdict: `seat` did not answer. What to say of it (a relay tells every
    /// phone), and the player named.
    fn not_answering(&mut self, seat: u8) -> Option<Out<Self::Event, Self::Broke>>;
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
    /// The seats whose links are down, as this device knows them (its screen follows its
    /// links into it, `follow_links`): a player's turn is timed only while its phone is gone.
    pub down: RwSignal<Vec<u8>>,
    /// Whether the wait timed is for a gone phone's turn (else for a protocol answer).
    pub gone: RwSignal<bool>,
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
            down: RwSignal::new(Vec::new()),
            gone: RwSignal::new(false),
        }
    }

    /// The seats whose links are down, as `down` reads them from this device's links, kept
    /// up to date (and the clock read again when they change).
    pub fn follow_links(self, down: impl Fn() -> Vec<u8> + 'static) {
        Effect::new(move |_| {
            let seats = down();
            if self.down.try_get_untracked().as_ref() != Some(&seats) {
                let _ = self.down.try_set(seats);
                self.look();
            }
        });
    }

    /// The clock, read again (every second while the screen is up, and after each step).
    pub fn look(self) {
        let now = crate::saved::now();
        let seen = self
            .part
            .try_with_value(|p| p.as_ref().and_then(|p| Some((p.clock()?, p.turn()))));
        if let Some(((owes, me, said), turn)) = seen.flatten() {
            let broke = self
                .broke
                .try_with_untracked(Option::is_some)
                .unwrap_or(true);
            let down = self.down.try_get_untracked().unwrap_or_default();
            let (waited, gone) = waited_on(owes, turn, &down);
            let _ = self.gone.try_set(gone);
            let _ = self
                .patience
                .try_update(|p| *p = p.seen(waited.filter(|_| !broke), me, said, now));
        }
        let _ = self.now.try_set(now);
    }

    /// The player waiting ends the game: the other phone did not answer in time. Nothing is
    /// opened or played on its behalf; its player is named on this screen.
    pub fn not_answering(self, seat: u8) {
        let named = self
            .part
            .try_update_value(|p| p.as_mut().and_then(|p| p.not_answering(seat)));
        // Kept, so a reload does not take the verdict back; said, so the others know why.
        if let Some(out) = named.flatten() {
            self.took(out);
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
}

/// The seat the clock waits on: the one owing a protocol answer (`owes`), or else the seat
/// whose player's turn it is (`turn`) if its link is `down` (its phone gone); and whether it
/// is the latter.
pub fn waited_on(owes: Option<u8>, turn: Option<u8>, down: &[u8]) -> (Option<u8>, bool) {
    match (owes, turn) {
        (Some(seat), _) => (Some(seat), false),
        (None, Some(seat)) if down.contains(&seat) => (Some(seat), true),
        _ => (None, false),
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

/// A verdict heard from the relay naming this device's own seat as not answering
/// (`named`), while words it said had not come back (`unheard`): its player is told that
/// this phone did answer and the relay (`from`: "from Ann's phone", "from the table", in
/// the page's language) never passed it on — the relay may have lost the link, or kept the
/// words back. The verdict stands.
pub fn unpassed<E, B>(mut out: Out<E, B>, named: bool, unheard: bool, from: &str) -> Out<E, B> {
    if named && unheard && out.broke.is_some() {
        out.notice = Some(trf!(
            "This phone had answered, but its answer never came back {from}: the link may have been lost, or the answer kept back.",
            "Este teléfono había respondido, pero su respuesta nunca volvió {from}: puede que se perdiera el enlace o que se retuviera la respuesta."
        ));
    }
    out
}

/// "from Ann's phone" ("del teléfono de Ann"): where a relay's words come from.
pub fn from_phone(name: &str) -> String {
    trf!("from {name}'s phone", "del teléfono de {name}")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What a device keeps is written as hexadecimal and read back; anything else in its
    /// place reads as nothing, never a panic.
    #[test]
    fn kept_bytes_read_back_and_damage_reads_as_nothing() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(hex(&[0, 9, 10, 171, 255]), "00090aabff");
        assert_eq!(unhex(&hex(&bytes)), Some(bytes));
        assert_eq!(unhex(""), Some(Vec::new()));
        for damaged in ["abc", "zz", "0g", "é0", "0ü1", "+f", "-1"] {
            assert_eq!(unhex(damaged), None, "{damaged}");
        }
    }

    /// A protocol answer owed is waited on whatever the links; a player's turn only while
    /// their phone's link is down.
    #[test]
    fn a_turn_is_timed_only_while_its_phone_is_gone() {
        assert_eq!(waited_on(Some(1), Some(0), &[0]), (Some(1), false));
        assert_eq!(waited_on(Some(1), None, &[]), (Some(1), false));
        assert_eq!(waited_on(None, Some(2), &[2]), (Some(2), true));
        assert_eq!(waited_on(None, Some(2), &[1]), (None, false));
        assert_eq!(waited_on(None, None, &[0, 1]), (None, false));
    }

    /// A verdict naming this phone for silence while its own answer had not come back is
    /// told with that fact, in both languages; any other verdict, or none, is not.
    #[test]
    fn a_phone_named_though_it_answered_is_told_so() {
        use crate::i18n::{Lang, speak};
        let verdict = |broke: Option<u8>| Out::<(), u8>::to_all(Vec::new(), Vec::new(), broke);
        speak(Lang::En);
        let told = unpassed(verdict(Some(1)), true, true, &from_phone("Ann"));
        assert_eq!(
            told.notice.as_deref(),
            Some(
                "This phone had answered, but its answer never came back from Ann's phone: the link may have been lost, or the answer kept back."
            )
        );
        assert_eq!(
            unpassed(verdict(Some(1)), true, false, "x").notice,
            None,
            "nothing unheard"
        );
        assert_eq!(
            unpassed(verdict(Some(1)), false, true, "x").notice,
            None,
            "another verdict"
        );
        assert_eq!(
            unpassed(verdict(None), true, true, "x").notice,
            None,
            "no verdict"
        );
        speak(Lang::Es);
        let told = unpassed(verdict(Some(1)), true, true, &from_phone("Ana"));
        assert!(
            told.notice
                .is_some_and(|n| n.contains("nunca volvió del teléfono de Ana"))
        );
        speak(Lang::En);
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

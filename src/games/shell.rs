//! One game on this device, as every play screen holds it: its referee, the line that says
//! what went wrong, the seats the computer plays, the seats played on phones, and the one
//! door every action goes through ([`Shell::apply`]): a tap, a computer seat, a phone (by
//! the wire's host, [`Shell::played_by_phone`]) or a take back ([`Shell::take_back`]).
//! Each is saved, and the game's one after-action hook hears it (its sounds; A City of
//! Spies's round on the table; the table revealed and logged at the end).
//!
//! A seat's screen draws a [`SeatFeed`]: its view, its news, and how it acts, from this
//! device's referee ([`Shell::feed`]) or from the host's updates on a phone
//! (`phone::on_phone`). The screen cannot tell which.

use std::sync::Arc;

use intrigue_core::Viewer;
use intrigue_core::bots::Level;
use intrigue_core::game::{Game, Referee, ToAct, View};
use leptos::prelude::*;

use crate::reasons::Reason;
use crate::saved::{self, Save};

/// Which seats are played on phones now (true: a phone's), for the play screen: it shows
/// only the seats played here, and waits for a phone's turn.
pub type OnPhones = RwSignal<Vec<bool>>;

/// Whether an action is the script's at a moment (see [`Script::allows`]).
type Allows<G> = Arc<dyn Fn(usize, &<G as Game>::Action) -> bool + Send + Sync>;

/// A guided first game's script, as the shell and the computer's driver need it (the
/// lesson itself is `games::guide`): the script's action at each moment of the game, and
/// who hears of an action it did not expect (the shell plays none but the script's).
pub struct Script<G: Game> {
    /// The script's action at moment `at` (the referee's count of actions), if any.
    pub at: Arc<dyn Fn(usize) -> Option<G::Action> + Send + Sync>,
    /// Whether `action` is the script's at moment `at`.
    pub allows: Allows<G>,
    /// An action the script did not expect: at which moment, and how many so far.
    pub missed: RwSignal<(usize, u32)>,
}

impl<G: Game> Clone for Script<G> {
    fn clone(&self) -> Self {
        Script {
            at: Arc::clone(&self.at),
            allows: Arc::clone(&self.allows),
            missed: self.missed,
        }
    }
}

/// Told to the screens inside a guided game (a context): what a game against the
/// computer offers besides (a hint, phones) is not offered there.
#[derive(Clone, Copy)]
pub struct Guiding;

/// Whether this screen is inside a guided game (see [`Guiding`]).
pub fn guiding() -> bool {
    use_context::<Guiding>().is_some()
}

/// The game's after-action hook: told every action's events (as the table may see them,
/// for a phone's action; none for a take back, or when the screen opens).
type Hook<G> = Arc<dyn Fn(Shell<G>, &[<G as Game>::Event]) + Send + Sync>;

/// One game on this device (see the module's words). Copied freely: signals and stored
/// values.
pub struct Shell<G: Game>
where
    Referee<G>: Send + Sync + 'static,
{
    pub referee: RwSignal<Referee<G>>,
    /// What went wrong last (a refusal, a save that did not fit), in the page's language.
    pub problem: RwSignal<Option<String>>,
    /// The seats the computer plays (`None`: a person).
    pub computers: StoredValue<Vec<Option<Level>>>,
    pub on_phones: OnPhones,
    /// The players' names as this page says them.
    pub names: StoredValue<Vec<String>>,
    save: Save,
    hook: StoredValue<Hook<G>>,
    /// A guided game's script (see [`Script`]); none in a game played for real.
    script: StoredValue<Option<Script<G>>>,
}

impl<G: Game> Clone for Shell<G>
where
    Referee<G>: Send + Sync + 'static,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Shell<G> where Referee<G>: Send + Sync + 'static {}

impl<G: Game + 'static> Shell<G>
where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: Reason,
{
    /// The shell of `referee`'s game on screen: `names` as this page says them, the
    /// computer's seats from the save, no seat on a phone yet. `save`: when an action is
    /// written (see [`Save`]). `hook` hears every action (see [`Hook`]), and once now, with
    /// no events (a game opened at its end is revealed as one that just ended).
    pub fn new(
        referee: Referee<G>,
        names: Vec<String>,
        save: Save,
        hook: impl Fn(Shell<G>, &[G::Event]) + Send + Sync + 'static,
    ) -> Shell<G> {
        Shell::build(
            referee,
            names,
            saved::computers(),
            save,
            None,
            Arc::new(hook),
        )
    }

    /// The shell of a guided game: `computers` play the seats the lesson gives them, each
    /// the script's reply; nothing is saved (the lesson keeps its own progress), and no
    /// action is played but the script's (`script` hears of any other).
    pub fn guided(
        referee: Referee<G>,
        names: Vec<String>,
        computers: Vec<Option<Level>>,
        script: Script<G>,
        hook: impl Fn(Shell<G>, &[G::Event]) + Send + Sync + 'static,
    ) -> Shell<G> {
        provide_context(Guiding);
        Shell::build(
            referee,
            names,
            computers,
            Save::Never,
            Some(script),
            Arc::new(hook),
        )
    }

    fn build(
        referee: Referee<G>,
        names: Vec<String>,
        computers: Vec<Option<Level>>,
        save: Save,
        script: Option<Script<G>>,
        hook: Hook<G>,
    ) -> Shell<G> {
        let players = names.len();
        let shell = Shell {
            referee: RwSignal::new(referee),
            problem: RwSignal::new(None),
            computers: StoredValue::new(computers),
            on_phones: RwSignal::new(vec![false; players]),
            names: StoredValue::new(names),
            save,
            hook: StoredValue::new(hook),
            script: StoredValue::new(script),
        };
        shell.heard(&[]);
        shell
    }

    /// Whether this is a guided game (see [`Shell::guided`]).
    pub fn is_guided(self) -> bool {
        self.script.try_with_value(Option::is_some) == Some(true)
    }

    /// The script's action at moment `at`, in a guided game (the computer's reply).
    pub fn scripted(self, at: usize) -> Option<G::Action> {
        self.script
            .try_with_value(|s| s.as_ref().and_then(|s| (s.at)(at)))
            .flatten()
    }

    /// Whether `action` may be played now: any legal one in a game played for real, the
    /// script's alone in a guided game (which hears of any other).
    fn expected(self, action: &G::Action) -> bool {
        let Some(Some(script)) = self.script.try_get_value() else {
            return true;
        };
        let at = self.referee.with_untracked(Referee::actions);
        if (script.allows)(at, action) {
            return true;
        }
        script.missed.update(|(moment, count)| {
            *moment = at;
            *count += 1;
        });
        false
    }

    fn heard(self, events: &[G::Event]) {
        if let Some(hook) = self.hook.try_get_value() {
            hook(self, events);
        }
    }

    /// The one door: play `action` (a tap here, a computer seat), save it, and let the
    /// game's hook hear it. Its events, or `None` when it was refused (the problem line
    /// says why) or this tab is out of date.
    pub fn apply(self, action: G::Action) -> Option<Vec<G::Event>> {
        if !self.expected(&action) {
            return None;
        }
        let events = saved::advance(self.referee, self.problem, action, self.save)?;
        self.heard(&events);
        Some(events)
    }

    /// As [`Shell::apply`], but what reads the referee is not told: the caller draws what
    /// the action changed and notifies the referee itself (Usurp's tap).
    pub fn apply_unheard(self, action: G::Action) -> Option<Vec<G::Event>> {
        if !self.expected(&action) {
            return None;
        }
        let events = saved::advance_unheard(self.referee, self.problem, action, self.save)?;
        self.heard(&events);
        Some(events)
    }

    /// A phone's action (or take back), played on the referee by the wire's host, which
    /// had `before` actions: saved, and heard by the game's hook as the table sees it.
    pub fn played_by_phone(self, before: usize) {
        let Some((text, events)) = self
            .referee
            .try_with_untracked(|r| (r.to_text(), r.news_since(Viewer::Table, before)))
        else {
            return;
        };
        self.problem
            .set(saved::save_game(&text).err().map(|refused| refused.words()));
        self.referee.notify();
        self.heard(&events);
    }

    /// Take back the last action, and the computer's since a person's (see
    /// `saved::undo_to_person`).
    pub fn take_back(self) {
        let computers = self.computers.get_value();
        if let Err(refused) = saved::undo_to_person(self.referee, &computers, self.save) {
            self.problem.set(Some(refused.words()));
        }
        self.heard(&[]);
    }

    /// The one seat played on this device once the others are on phones (`None` while no
    /// seat is on a phone: the device is shared, or one person plays the computer).
    pub fn played_here(self) -> Memo<Option<u8>> {
        let on_phones = self.on_phones;
        Memo::new(move |_| {
            on_phones.with(|p| {
                let here: Vec<u8> = (0..p.len() as u8).filter(|&s| !p[usize::from(s)]).collect();
                match here[..] {
                    [one] if p.iter().any(|on| *on) => Some(one),
                    _ => None,
                }
            })
        })
    }

    /// The seat to act, while a phone plays it (for "Bo is playing on their phone").
    pub fn phone_to_act(self) -> Memo<Option<u8>> {
        let (referee, on_phones) = (self.referee, self.on_phones);
        Memo::new(move |_| match referee.with(Referee::to_act) {
            ToAct::Seat(seat) if on_phones.with(|p| p.get(usize::from(seat)) == Some(&true)) => {
                Some(seat)
            }
            _ => None,
        })
    }

    /// What `viewer` sees of this game, and how it acts here: through this shell's door.
    pub fn feed(self, viewer: Viewer) -> SeatFeed<G>
    where
        View<G::View>: Send + Sync + 'static,
        G::Event: Send + Sync + 'static,
        G::Action: Send + Sync + 'static,
    {
        let referee = self.referee;
        SeatFeed {
            view: Memo::new(move |_| referee.with(|r| r.view(viewer))),
            news: Memo::new(move |_| referee.with(|r| r.news_since(viewer, 0))),
            act: Callback::new(move |action| {
                self.apply(action);
            }),
            take_back: Callback::new(move |()| self.take_back()),
        }
    }
}

/// One seat's game as its screen sees it: from the referee on the device that holds the
/// game ([`Shell::feed`]), or from the host's updates on a phone. The screen draws it and
/// acts through it, and cannot tell which.
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

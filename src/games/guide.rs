//! A guided first game ("Learn to play"): a short game on the real rules engine, from a
//! fixed deal, one scripted action at a time. Each of the person's steps says what matters
//! now, marks what to tap (for the eyes, and for screen readers by the step's own words,
//! which every marked element is described by), waits for it, and says what just happened;
//! the computer's seats play the script's replies at the computer's pace. An action the
//! script did not expect is not played: the step says why it wants its own (explained, not
//! punished). Progress is kept on the device (`saved::learn`): a lesson opens where it was
//! left, and can be begun again at any time.
//!
//! The script and its words are plain values ([`Lesson`], [`Guide`]): what the coach says
//! at each moment ([`Guide::coaching`]) is worked out without a page and tested natively;
//! each game's own lesson (`games/<game>/lesson.rs`, in its lazy part) is tested to play
//! through on its engine (to the game's end, or the deckbuilder's to the person's next
//! turn), and to teach every section of its rules page that a first game needs (the
//! checks are `games::guide_checks`).

use std::sync::Arc;

use intrigue_core::bots::Level;
use intrigue_core::game::{Game, Referee, Status};
use intrigue_core::{GameKind, Seed};
use leptos::prelude::*;

use super::shell::{Script, Shell};
use crate::i18n::{GameWords, Tr};
use crate::route::Route;
use crate::saved::learn::{Progress, lesson_progress, remember_lesson};

/// One of the person's steps: what to do, what to tap, and why this move when another
/// was tried.
#[derive(Clone, Debug)]
pub struct Step {
    /// What matters now, in a sentence or two, naming what to tap ("Tap e2, then e4").
    pub say: Tr,
    /// What to tap, in order: each a selector of the page (`.board .sq[data-square="e2"]`, see
    /// [`square`]).
    pub marks: Vec<String>,
    /// Said when another action was tried: why the lesson wants this one.
    pub wrong: Tr,
}

/// One action of the script, said: the person's step, or a computer's reply (`step`:
/// none), and what it did, said once it is played.
#[derive(Clone, Debug)]
pub struct Said {
    pub step: Option<Step>,
    /// What just happened.
    pub then: Tr,
    /// The sections of the game's rules page this action teaches, by their English titles
    /// (checked against the page by `guide_checks::assert_teaches_its_rules`: read by the
    /// tests only).
    #[cfg_attr(not(test), allow(dead_code))]
    pub teaches: &'static [&'static str],
}

/// A lesson's words: said before its first action, at every action, and at its end.
#[derive(Clone, Debug)]
pub struct Guide {
    pub kind: GameKind,
    /// Said before the first action: who plays, and what is secret.
    pub opening: Tr,
    /// How many of the script's actions are played before the lesson opens (Espionage's
    /// two set-ups, made for the lesson): nothing is said of them.
    pub start: usize,
    pub beats: Vec<Said>,
    /// Said at the end: the score, and what it showed.
    pub end: Tr,
    /// Whether the script plays the game to its end (a lesson may stop once every rule a
    /// first game needs was met: the deckbuilder's, on the person's next turn). Read by
    /// the tests only: past its script, a lesson's coach says it is over either way.
    #[cfg_attr(not(test), allow(dead_code))]
    pub game_ends: bool,
}

/// A guided game: its deal, its players, and its script with its words.
pub struct Lesson<G: Game> {
    pub config: G::Config,
    /// The lesson's own deal: fixed, the same on every device (nothing of it is secret
    /// from the person learning: the script was written for it).
    pub seed: Seed,
    /// The players' names as the deal has them ("You" for the person: each page says it
    /// in its language).
    pub names: Vec<String>,
    /// Who plays each seat: the person (`None`) or the computer, which plays the script.
    pub computers: Vec<Option<Level>>,
    pub actions: Vec<G::Action>,
    pub guide: Guide,
}

/// The selector of a board's square by its name ("e2").
pub fn square(name: &str) -> String {
    format!(".board .sq[data-square=\"{name}\"]")
}

/// What the coach says at one moment of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Coaching {
    /// The person's step now or next (1-based), of `steps`.
    pub step: usize,
    pub steps: usize,
    /// What happened since the person's last step (or the opening), oldest first.
    pub then: Vec<Tr>,
    /// The person's step now, if it is theirs to act.
    pub say: Option<Tr>,
    pub marks: Vec<String>,
    /// The lesson is played to its end.
    pub done: bool,
}

impl Guide {
    /// How many steps are the person's.
    pub fn steps(&self) -> usize {
        self.beats.iter().filter(|b| b.step.is_some()).count()
    }

    /// What the coach says once `at` of the script's actions are played.
    pub fn coaching(&self, at: usize) -> Coaching {
        let at = at.clamp(self.start, self.beats.len());
        let done = at == self.beats.len();
        // The person's last step before now: what happened is said from it on.
        let since = self.beats[..at]
            .iter()
            .rposition(|b| b.step.is_some())
            .unwrap_or(0);
        // A beat said with the next (a computer's draw, said with where the card went)
        // says nothing of its own.
        let mut then: Vec<Tr> = self.beats[since..at]
            .iter()
            .map(|b| b.then)
            .filter(|t| !t.0.is_empty())
            .collect();
        if !self.beats[..at].iter().any(|b| b.step.is_some()) {
            then.insert(0, self.opening);
        }
        if done {
            then.push(self.end);
        }
        let now = self.beats.get(at).and_then(|b| b.step.as_ref());
        let before = self.beats[..at].iter().filter(|b| b.step.is_some()).count();
        Coaching {
            step: (before + 1).min(self.steps()),
            steps: self.steps(),
            then,
            say: now.map(|s| s.say),
            marks: now.map(|s| s.marks.clone()).unwrap_or_default(),
            done,
        }
    }

    /// Where a lesson left at `progress` opens again: at the start of the step it was
    /// left in (the device may hold anything: beyond the script is the start), or the
    /// start for one finished or never begun.
    pub fn resume(&self, progress: Progress) -> usize {
        match progress {
            Progress::At { at, .. } if (self.start..self.beats.len()).contains(&at) => at,
            Progress::At { .. } | Progress::New | Progress::Finished => self.start,
        }
    }

    /// Every section of the rules the lesson teaches.
    #[cfg(test)]
    pub fn taught(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = self
            .beats
            .iter()
            .flat_map(|b| b.teaches.iter().copied())
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

impl<G: Game> Lesson<G>
where
    G::Action: PartialEq + Send + Sync + 'static,
{
    /// The game dealt and played to moment `at` of the script (none if it will not: a
    /// lesson's test plays every one).
    pub fn referee_at(&self, at: usize) -> Option<Referee<G>> {
        let mut referee = Referee::new(self.config.clone(), self.seed).ok()?;
        for action in self.actions.iter().take(at) {
            referee.act(action.clone()).ok()?;
        }
        Some(referee)
    }

    /// The script as the shell plays it.
    pub fn script(&self, missed: RwSignal<(usize, u32)>) -> Script<G> {
        let actions: Arc<[G::Action]> = self.actions.clone().into();
        let same = Arc::clone(&actions);
        Script {
            at: Arc::new(move |at| actions.get(at).cloned()),
            allows: Arc::new(move |at, action| same.get(at) == Some(action)),
            missed,
        }
    }
}

/// A lesson on screen: its game's play screen (`play`, from the lesson's shell), with the
/// coach beside it; opened where this device left it.
pub fn lesson_screen<G>(
    lesson: Lesson<G>,
    hook: impl Fn(Shell<G>, &[G::Event]) + Send + Sync + 'static,
    play: impl FnOnce(Shell<G>) -> AnyView,
) -> AnyView
where
    G: Game + 'static,
    Referee<G>: Send + Sync + 'static,
    G::Action: PartialEq + Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    let guide = Arc::new(lesson.guide.clone());
    let at = guide.resume(lesson_progress(guide.kind));
    let Some(referee) = lesson
        .referee_at(at)
        .or_else(|| lesson.referee_at(guide.start))
    else {
        return view! {
            <crate::screens::Problem title=tr!("This lesson could not be opened", "No se pudo abrir esta lección").get()
                message=tr!("Its game could not be dealt on this device.", "Su partida no se pudo repartir en este dispositivo.").get()/>
        }
        .into_any();
    };
    let missed = RwSignal::new((0, 0));
    let names = crate::i18n::names_here(&lesson.names);
    let shell = Shell::guided(
        referee,
        names,
        lesson.computers.clone(),
        lesson.script(missed),
        hook,
    );
    let fresh = StoredValue::new(lesson.referee_at(guide.start));
    let restart = Callback::new(move |()| {
        remember_lesson(G::KIND, Progress::New);
        if let Some(Some(referee)) = fresh.try_get_value() {
            missed.set((0, 0));
            shell.referee.set(referee);
        }
    });
    view! {
        // The coach after the game: on a phone it stays at the foot of the screen while
        // the game is in view; beside it on a laptop.
        <div class="lesson">
            {play(shell)}
            <Coach guide shell_at=Memo::new(move |_| shell.referee.with(Referee::actions))
                over=Memo::new(move |_| shell.referee.with(|r| r.status() != Status::Playing))
                missed restart/>
        </div>
    }
    .into_any()
}

/// How often the marks are looked at again (ms): a screen that drew its buttons anew
/// (Usurp's town squares) gets them back at once.
const MARKS_LOOKED_AT_MS: u64 = 200;

/// For how many of those looks after a step begins its first mark is kept in view (about
/// a second: after that a player who scrolls away is left where they scrolled).
const LOOKS_KEPT_IN_VIEW: u8 = 5;

/// Put the marks of `marks` on the page, and take those of `before` away: each element
/// found gets `data-guide` (its place in the order) and is described by the step's words.
fn mark(before: &[String], marks: &[String]) {
    let document = document();
    for selector in before.iter().filter(|m| !marks.contains(m)) {
        if let Ok(Some(element)) = document.query_selector(selector) {
            let _ = element.remove_attribute("data-guide");
            let described = described_by(element.get_attribute(DESCRIBED).as_deref(), false);
            let _ = match described {
                Some(ids) => element.set_attribute(DESCRIBED, &ids),
                None => element.remove_attribute(DESCRIBED),
            };
        }
    }
    for (order, selector) in marks.iter().enumerate() {
        if let Ok(Some(element)) = document.query_selector(selector) {
            let place = (order + 1).to_string();
            if element.get_attribute("data-guide").as_deref() != Some(&place) {
                let _ = element.set_attribute("data-guide", &place);
                let described = described_by(element.get_attribute(DESCRIBED).as_deref(), true);
                let _ = element.set_attribute(DESCRIBED, &described.unwrap_or_default());
            }
        }
    }
}

/// Scroll the page so the element of `selector` is in view, clear of the coach when the
/// coach stands at the foot of the screen (a phone): the step's words and what they mark
/// are seen together. False when it is not on the page (yet).
fn bring_into_view(selector: &str) -> bool {
    let document = document();
    let Ok(Some(element)) = document.query_selector(selector) else {
        return false;
    };
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let coach_top = document
        .query_selector(".coach")
        .ok()
        .flatten()
        .map_or(height, |c| c.get_bounding_client_rect().top());
    let rect = element.get_bounding_client_rect();
    if let Some(delta) = scroll_to_show(rect.top(), rect.bottom(), height, coach_top) {
        window().scroll_by_with_x_and_y(0.0, delta);
    }
    true
}

/// How far to scroll (px, down) to show an element from `top` to `bottom` on a screen
/// `height` high whose foot from `coach_top` down the coach covers (a coach beside the
/// game, high on the screen, covers nothing): none when it is in view already, else its
/// middle to the middle of what is seen.
fn scroll_to_show(top: f64, bottom: f64, height: f64, coach_top: f64) -> Option<f64> {
    let seen = if coach_top > height / 2.0 {
        coach_top.min(height)
    } else {
        height
    };
    (top < 0.0 || bottom > seen).then(|| (top + bottom) / 2.0 - seen / 2.0)
}

const DESCRIBED: &str = "aria-describedby";

/// The ids an element is described by, with the step's words (`coach-say`) among them
/// or not (`None`: none left); its own stay as they were.
fn described_by(ids: Option<&str>, with_step: bool) -> Option<String> {
    let mut all: Vec<&str> = ids
        .unwrap_or_default()
        .split_whitespace()
        .filter(|id| *id != "coach-say")
        .collect();
    if with_step {
        all.push("coach-say");
    }
    (!all.is_empty()).then(|| all.join(" "))
}

/// The coach: which step of how many, what just happened, what to do now (marked on the
/// page), why not another action, and at the end a real game offered.
#[component]
fn Coach(
    guide: Arc<Guide>,
    shell_at: Memo<usize>,
    over: Memo<bool>,
    missed: RwSignal<(usize, u32)>,
    restart: Callback<()>,
) -> impl IntoView {
    let kind = guide.kind;
    let words = Arc::clone(&guide);
    let coaching = Memo::new(move |_| words.coaching(shell_at.get()));
    // Kept as the person goes: a lesson left opens here again.
    Effect::new(move |_| {
        let c = coaching.get();
        let at = shell_at.get();
        if c.done || over.get() {
            remember_lesson(kind, Progress::Finished);
        } else if at > 0 {
            remember_lesson(kind, Progress::At { at, step: c.step });
        }
    });
    // Marked once the screen shows the moment, and again while a step waits (a screen
    // may draw its buttons anew).
    let marks = Memo::new(move |_| coaching.with(|c| c.marks.clone()));
    // The marks on the page now.
    let shown = StoredValue::new(Vec::<String>::new());
    // The step's first mark, kept in view for the step's first looks (a screen may draw it
    // a moment after the step begins, the Usurp square's Place once the card is drawn, or
    // move it as the screen settles, the Draw button once a card is laid above it).
    let to_show = StoredValue::new(None::<(String, u8)>);
    let mark_now = move || {
        if let Some(now) = marks.try_get_untracked() {
            let before = shown.try_get_value().unwrap_or_default();
            mark(&before, &now);
            let _ = shown.try_set_value(now);
        }
        if let Some((first, looks)) = to_show.try_get_value().flatten()
            && bring_into_view(&first)
        {
            let _ = to_show.try_set_value(looks.checked_sub(1).map(|left| (first, left)));
        }
    };
    Effect::new(move |_| {
        let first = marks.with(|m| m.first().cloned());
        let _ = to_show.try_set_value(first.map(|f| (f, LOOKS_KEPT_IN_VIEW)));
        crate::frame::after_frame(mark_now);
    });
    let ticking = set_interval_with_handle(
        mark_now,
        std::time::Duration::from_millis(MARKS_LOOKED_AT_MS),
    )
    .ok();
    on_cleanup(move || {
        if let Some(handle) = ticking {
            handle.clear();
        }
        if let Some(before) = shown.try_get_value() {
            mark(&before, &[]);
        }
    });
    let wrong_words = Arc::clone(&guide);
    let wrong =
        Memo::new(move |_| {
            let (moment, count) = missed.get();
            if count == 0 || moment != shell_at.get() {
                return None;
            }
            match wrong_words.beats.get(moment) {
            Some(beat) => beat.step.as_ref().map(|s| s.wrong.get()),
            // Past the script (a lesson that stops before the game's end): a real game.
            None => Some(tr!(
                "The lesson is over: start a real game against the computer.",
                "La lección ha terminado: empieza una partida de verdad contra el ordenador."
            )
            .get()),
        }
        });
    view! {
        <aside class="coach" aria-labelledby="coach-title"
            data-step=move || coaching.with(|c| c.step)
            data-at=move || shell_at.get()
            data-done=move || coaching.with(|c| c.done).to_string()
            data-marks=move || coaching.with(|c| c.marks.join("|"))>
            <p class="kicker" id="coach-title">{move || coaching.with(|c| if c.done {
                trf!("{}: learnt", "{}: aprendido", kind.tr_title())
            } else {
                trf!("Learn {} · step {} of {}", "Aprende {} · paso {} de {}", kind.tr_title(), c.step, c.steps)
            })}</p>
            <ul class="coach-then">
                {move || coaching.with(|c| c.then.iter().map(|t| view! { <li>{t.get()}</li> }).collect::<Vec<_>>())}
            </ul>
            <p class="coach-say" id="coach-say" aria-live="polite">{move || coaching.with(|c| match (c.say, c.done) {
                (Some(say), _) => say.get(),
                (None, true) => "",
                (None, false) => tr!("Watch the computer's move.", "Mira la jugada del ordenador.").get(),
            })}</p>
            {move || wrong.get().map(|w| view! { <p class="coach-wrong" role="alert">{w}</p> })}
            <div class="actions">
                {move || coaching.with(|c| c.done).then(|| view! {
                    <a class="button primary" data-action="real-game" href=Route::PlayAlone(kind).href()>{tr!("Play a real game against the computer", "Jugar una partida de verdad contra el ordenador")}</a>
                })}
                <button type="button" class="button" data-action="restart" on:click=move |_| restart.run(())>{tr!("Start again", "Empezar de nuevo")}</button>
                <a class="button" href=Route::Home.href()>{tr!("Leave the lesson", "Salir de la lección")}</a>
            </div>
        </aside>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::guide_checks::rules_sections;

    fn said(step: bool, then: Tr) -> Said {
        Said {
            step: step.then(|| Step {
                say: Tr("Do it.", "Hazlo."),
                marks: vec![square("e2")],
                wrong: Tr("Not that.", "Eso no."),
            }),
            then,
            teaches: &["Scoring"],
        }
    }

    fn guide() -> Guide {
        Guide {
            kind: GameKind::all().next().expect("a game"),
            opening: Tr("Hello.", "Hola."),
            start: 0,
            beats: vec![
                said(true, Tr("You moved.", "Moviste.")),
                said(false, Tr("Bo moved.", "Bo movió.")),
                said(false, Tr("Cy moved.", "Cy movió.")),
                said(true, Tr("You won.", "Ganaste.")),
            ],
            end: Tr("The end.", "Fin."),
            game_ends: true,
        }
    }

    /// The coach says the opening before the first step, what happened since the
    /// person's last step at each of theirs, counts the person's steps only, marks only
    /// on the person's steps, and at the end says it.
    #[test]
    fn the_coach_says_what_happened_since_the_persons_last_step() {
        let g = guide();
        assert_eq!(g.steps(), 2);
        let first = g.coaching(0);
        assert_eq!((first.step, first.steps, first.done), (1, 2, false));
        assert_eq!(first.then, vec![Tr("Hello.", "Hola.")]);
        assert_eq!(first.marks, vec![square("e2")]);
        assert!(first.say.is_some());
        let waiting = g.coaching(2);
        assert_eq!(waiting.step, 2);
        assert_eq!(waiting.say, None);
        assert!(waiting.marks.is_empty());
        assert_eq!(
            waiting.then,
            vec![Tr("You moved.", "Moviste."), Tr("Bo moved.", "Bo movió.")]
        );
        let again = g.coaching(3);
        assert_eq!(again.step, 2);
        assert_eq!(again.then.len(), 3);
        assert!(again.say.is_some());
        let end = g.coaching(4);
        assert!(end.done);
        assert_eq!(end.step, 2);
        assert_eq!(
            end.then,
            vec![Tr("You won.", "Ganaste."), Tr("The end.", "Fin.")]
        );
        assert!(end.marks.is_empty() && end.say.is_none());
        // Past the end (a damaged count) is the end.
        assert_eq!(g.coaching(40), end);
    }

    /// A lesson opens where it was left; past its script, finished or never begun, at
    /// its start.
    #[test]
    fn a_lesson_opens_where_it_was_left() {
        let g = guide();
        let at = |at| Progress::At { at, step: 2 };
        assert_eq!(g.resume(at(3)), 3);
        assert_eq!(g.resume(at(4)), 0);
        assert_eq!(g.resume(at(999)), 0);
        assert_eq!(g.resume(Progress::Finished), 0);
        assert_eq!(g.resume(Progress::New), 0);
    }

    /// A mark adds the step's words to what an element is described by, and takes only
    /// them away again.
    #[test]
    fn a_mark_keeps_what_an_element_was_described_by() {
        assert_eq!(described_by(None, true).as_deref(), Some("coach-say"));
        assert_eq!(
            described_by(Some("draw-why"), true).as_deref(),
            Some("draw-why coach-say")
        );
        assert_eq!(
            described_by(Some("draw-why coach-say"), true).as_deref(),
            Some("draw-why coach-say")
        );
        assert_eq!(
            described_by(Some("draw-why coach-say"), false).as_deref(),
            Some("draw-why")
        );
        assert_eq!(described_by(Some("coach-say"), false), None);
    }

    /// A mark hidden under a phone's coach, or above the screen, is scrolled to the
    /// middle of what is seen; one in view is left where it is, and a coach beside the
    /// game hides nothing.
    #[test]
    fn a_mark_is_brought_into_view_clear_of_the_coach() {
        // A phone 844 high, the coach from 560 down.
        assert_eq!(scroll_to_show(100.0, 150.0, 844.0, 560.0), None);
        assert_eq!(scroll_to_show(520.0, 570.0, 844.0, 560.0), Some(265.0));
        assert_eq!(scroll_to_show(-80.0, -30.0, 844.0, 560.0), Some(-335.0));
        // A laptop: the coach beside the game, from near the top.
        assert_eq!(scroll_to_show(600.0, 650.0, 800.0, 16.0), None);
        assert_eq!(scroll_to_show(760.0, 820.0, 800.0, 16.0), Some(390.0));
    }

    /// A lesson that opens after actions made for it (Espionage's set-ups) opens there,
    /// and says nothing of them.
    #[test]
    fn a_lesson_opens_after_the_actions_made_for_it() {
        let mut g = guide();
        g.beats.insert(
            0,
            Said {
                step: None,
                then: Tr("", ""),
                teaches: &[],
            },
        );
        g.start = 1;
        assert_eq!(g.resume(Progress::New), 1);
        assert_eq!(g.resume(Progress::Finished), 1);
        assert_eq!(g.resume(Progress::At { at: 0, step: 1 }), 1);
        assert_eq!(g.resume(Progress::At { at: 3, step: 2 }), 3);
        assert_eq!(g.coaching(0), g.coaching(1));
        assert_eq!(g.coaching(1).then, vec![Tr("Hello.", "Hola.")]);
        assert_eq!(g.coaching(1).step, 1);
    }

    /// A rules page's sections are its own and its rulings', not its summary's nor the
    /// app's.
    #[test]
    fn a_rules_pages_sections_leave_out_the_summary_and_the_app() {
        let html = "<section class=\"summary\"><h2 id=\"s\">In one screen</h2><h3>Goal</h3></section>\
            <h2>Moving</h2><p>x</p><h2>How the app decides</h2><h3>Ties</h3><h3>The mating player&#39;s bonus</h3>\
            <h2>In the app</h2><h3>Playing with the computer</h3>";
        assert_eq!(
            rules_sections(html),
            vec!["Moving", "Ties", "The mating player's bonus"]
        );
    }
}

//! Computer players on a play screen: the driver that asks each computer seat for its
//! action when its turn comes — from that seat's view alone (`intrigue_core::bots`) — and
//! plays it the way a person's action is played (saved, told, cued), paced so people can
//! follow.

use intrigue_core::GameKind;
use intrigue_core::Rng;
use intrigue_core::bots::{Computer, ComputerSeat, Level, Named, Thought};
use intrigue_core::game::{Referee, ToAct};
use intrigue_core::games::{Visit, visit};
use leptos::prelude::*;

use super::shell::Shell;

/// How long the computer takes over each action: long enough to follow, short enough not
/// to bore.
pub const PACE: std::time::Duration = std::time::Duration::from_millis(900);

use crate::saved::keys::TEST_PACE;

/// The pace once a person asked the computer to hurry (Usurp's computers playing out a
/// round after the person sat out): each action still shown, one after another.
const HURRIED: std::time::Duration = std::time::Duration::from_millis(120);

thread_local! {
    /// A person asked the computer to hurry, until a person is to act again.
    static HURRY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Play the computers' turns at [`HURRIED`] until a person is to act again, each as soon
/// as it has a choice: a Hard that is thinking plays the best it has found so far
/// ("Move now").
pub fn hurry() {
    HURRY.with(|h| h.set(true));
}

/// The pace of this page: [`PACE`], or the tests' own.
fn pace() -> std::time::Duration {
    crate::storage::get(TEST_PACE)
        .and_then(|ms| ms.parse().ok())
        .map_or(PACE, std::time::Duration::from_millis)
}

/// The levels the computer plays `kind` at, weakest first (Hard where the game has it).
pub fn levels(kind: GameKind) -> &'static [Level] {
    struct Levels;
    impl Visit for Levels {
        type Output = &'static [Level];
        fn visit<G: Computer>(self) -> &'static [Level] {
            G::LEVELS
        }
    }
    visit(kind, Levels)
}

/// The level the computer plays `kind` at when `wanted` is asked for: `wanted` where
/// the game has it, else the strongest the game has below it (Hard is Normal in a game
/// without it), else the weakest it has.
pub fn level_in(kind: GameKind, wanted: Level) -> Level {
    let levels = levels(kind);
    let rank = |l: &Level| Level::ALL.iter().position(|a| a == l);
    levels
        .iter()
        .rev()
        .find(|l| rank(l) <= rank(&wanted))
        .or(levels.first())
        .copied()
        .unwrap_or(Level::Normal)
}

/// How long one slice of a computer's thinking runs, a task of its own: well under the
/// 50 ms that freezes a page, and long enough that the browser's 4 ms between nested
/// timers adds little to a Hard decision.
const SLICE_MS: f64 = 25.0;

/// The work a slice asks for at a time, in the bot's own units (Usurp's Hard: seats'
/// decisions in its playouts, weighed by the players; Espionage's: steps played out; the
/// deckbuilder's: the opponent's answers judged), until its time is up: a few
/// milliseconds at most at 4× CPU throttle. A bot that does not search decides at once.
const STEP: usize = 300;

/// The work of a decision's first step: small, as that step also reads the view and
/// news and begins the search (a sampler's belief, a first draw); later steps grow or
/// shrink with the time each took (`next_work`).
const FIRST_STEP: usize = STEP / 8;

/// A decision's thinking at the most, in ms of the page's clock: past it the computer
/// plays the best it has found so far, as "Move now" would. A slow phone (the 4× CPU
/// throttle of the benchmark) waits about a second for a Hard move, never much more; a
/// quicker one finishes its search well within it, and natively (the `bots` example's
/// matches) nothing is cut.
const THINKING_MS: f64 = 850.0;

/// Whether a decision begun at `began` (ms; none before its first slice) has had its
/// time ([`THINKING_MS`]) by `now`.
fn out_of_time(began: Option<f64>, now: f64) -> bool {
    began.is_some_and(|began| now - began >= THINKING_MS)
}

/// The performance marks around one decision: its start, and the measure from there.
const THINKING: &str = "bot-thinking";
const DECIDED: &str = "bot-decision";

/// The seat of the only person at a game whose other seats the computer plays.
pub fn lone_person(computers: &[Option<Level>], players: u8) -> Option<u8> {
    let people: Vec<u8> = (0..players)
        .filter(|&s| !crate::saved::is_computer(computers, s))
        .collect();
    match people[..] {
        [one] if players > 1 => Some(one),
        _ => None,
    }
}

/// The computer's seats and its dice.
struct Players<G: Computer> {
    seats: Vec<Option<ComputerSeat<G, Named<G>>>>,
    rng: Rng,
}

/// Ask the computer seats for their actions when their turn comes, one action at a time,
/// each [`PACE`] after the last, and play each through the shell's one door, as a tap. Returns the computer seat to act now, while it thinks (for "Thinking…").
pub fn drive<G: Computer + 'static>(shell: Shell<G>) -> Memo<Option<u8>>
where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    let referee = shell.referee;
    let computers = shell.computers.get_value();
    let seats = computers
        .iter()
        .enumerate()
        .map(|(seat, level)| {
            // The game's own player at that level (one the game lacks plays as the
            // strongest it has below it): a seat saved as the computer's always plays.
            level.map(|l| ComputerSeat::new(seat as u8, Named::Own(G::player(l))))
        })
        .collect();
    // The computer's own dice: nothing of the game's seed.
    let seed = crate::saved::fresh_seed().map_or(1, |s| s.0);
    let players = StoredValue::new_local(Players::<G> {
        seats,
        rng: Rng::from_state(seed),
    });
    // Nobody's seat is the computer's: nothing to watch (a move pays for nothing here).
    if computers.iter().all(Option::is_none) {
        return Memo::new(|_| None);
    }
    let pace = pace();
    let moment = Memo::new(move |_| referee.with(|r| (r.to_act(), r.actions())));
    let thinking = Memo::new(move |_| match moment.get().0 {
        ToAct::Seat(seat) if crate::saved::is_computer(&computers, seat) => Some(seat),
        _ => None,
    });
    Effect::new(move |_| {
        let (_, actions) = moment.get();
        let Some(seat) = thinking.get() else {
            // A person's turn: the computer's hurry is over.
            HURRY.with(|h| h.set(false));
            return;
        };
        // A guided game's computer plays its script's reply, at the same pace.
        if let Some(action) = shell.scripted(actions) {
            let turn = Turn {
                seat,
                actions,
                began: Some(now()),
                work: FIRST_STEP,
            };
            play_when_due(shell, turn, pace, action);
            return;
        }
        let turn = Turn {
            seat,
            actions,
            began: None,
            work: FIRST_STEP,
        };
        think_on(shell, players, turn, pace);
    });
    thinking
}

/// A computer seat's turn being thought about: whose, at which moment of the game, since
/// when (ms on the page's clock; `None` before its first slice), and the work its next
/// step asks for (sized by [`next_work`]).
#[derive(Clone, Copy)]
struct Turn {
    seat: u8,
    actions: usize,
    began: Option<f64>,
    work: usize,
}

/// The work of the step after one of `work` that took `took` ms: halved when it took
/// over 8 ms, doubled under 2 ms (at most eight times [`STEP`]), so a step takes a few
/// milliseconds whatever the game's units and however slow the phone: long enough that
/// what every step costs besides the search (the seat's view read again) stays small,
/// short enough that a 25 ms slice never runs far past its end.
fn next_work(work: usize, took: f64) -> usize {
    if took > 8.0 {
        (work / 2).max(1)
    } else if took < 2.0 {
        (work * 2).min(STEP * 8)
    } else {
        work
    }
}

/// The page's clock, in ms.
fn now() -> f64 {
    window().performance().map_or(0.0, |clock| clock.now())
}

/// One slice of the seat's thinking, in a task of its own; then another, until it has
/// chosen; then its action, played once the pace since its turn began has passed. A
/// person who asked to hurry has it play the best it has found so far.
fn think_on<G: Computer + 'static>(
    shell: Shell<G>,
    players: StoredValue<Players<G>, LocalStorage>,
    mut turn: Turn,
    pace: std::time::Duration,
) where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    let referee = shell.referee;
    set_timeout(
        move || {
            // The same game at the same moment: no take back, no other action since.
            if referee.try_with_untracked(Referee::actions) != Some(turn.actions) {
                return;
            }
            if turn.began.is_none() {
                // Measured as the "bot-decision" entry of the page's performance timeline
                // (the click-to-frame benchmark prints it): from the first slice to the
                // choice.
                if let Some(clock) = window().performance() {
                    let _ = clock.mark(THINKING);
                }
                turn.began = Some(now());
            }
            let hurried = HURRY.with(std::cell::Cell::get) || out_of_time(turn.began, now());
            let step = |work: usize| {
                referee
                    .try_with_untracked(|r| {
                        players.try_update_value(|p| {
                            let Players { seats, rng } = p;
                            let computer = seats.get_mut(usize::from(turn.seat))?.as_mut()?;
                            Some(if hurried {
                                computer.move_now(r, rng, work)
                            } else {
                                computer.think(r, rng, work)
                            })
                        })
                    })
                    .flatten()
                    .flatten()
            };
            let until = now() + SLICE_MS;
            let thought = loop {
                let started = now();
                let thought = step(turn.work);
                let took = now() - started;
                turn.work = next_work(turn.work, took);
                // No step begun that would run past the slice's end.
                match thought {
                    Some(Thought::Thinking) if now() + took.min(SLICE_MS) < until => {}
                    thought => break thought,
                }
            };
            match thought {
                Some(Thought::Thinking) => think_on(shell, players, turn, pace),
                Some(Thought::Chosen(action)) => {
                    if let Some(clock) = window().performance() {
                        let _ = clock.measure_with_start_mark(DECIDED, THINKING);
                    }
                    // Played (and drawn) in a task of its own, even at once: never in
                    // the same task as the slice that chose it.
                    set_timeout(
                        move || play_when_due(shell, turn, pace, action),
                        std::time::Duration::ZERO,
                    );
                }
                Some(Thought::NotItsTurn) | None => {}
            }
        },
        std::time::Duration::ZERO,
    );
}

/// How often a chosen action waiting for its pace looks whether a person asked to hurry,
/// in ms: "Move now" pressed after the computer chose still plays at once.
const WAKE_MS: f64 = 40.0;

/// What a chosen action waits for: `Some(ms)` to wait still, at most [`WAKE_MS`] (then
/// look again), or `None` to play it now. Its turn began `spent` ms ago; it waits out the
/// page's `pace`, or [`HURRIED`] once a person asked to hurry, even after it was chosen.
fn still_to_wait(pace: std::time::Duration, hurried: bool, spent: f64) -> Option<f64> {
    let pace = if hurried { pace.min(HURRIED) } else { pace };
    let left = pace.as_secs_f64() * 1000.0 - spent.max(0.0);
    (left > 0.0).then(|| left.min(WAKE_MS))
}

/// Play the seat's chosen action once its pace has passed ([`still_to_wait`]), unless
/// the game moved on meanwhile (a take back, another tab).
fn play_when_due<G: Computer + 'static>(
    shell: Shell<G>,
    turn: Turn,
    pace: std::time::Duration,
    action: G::Action,
) where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: crate::reasons::Reason,
{
    if shell.referee.try_with_untracked(Referee::actions) != Some(turn.actions) {
        return;
    }
    let hurried = HURRY.with(std::cell::Cell::get);
    let spent = now() - turn.began.unwrap_or(0.0);
    match still_to_wait(pace, hurried, spent) {
        None => {
            shell.apply(action);
        }
        Some(wait) => set_timeout(
            move || play_when_due(shell, turn, pace, action),
            std::time::Duration::from_micros((wait * 1000.0) as u64),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use intrigue_core::games::REGISTRY;

    /// A decision has its time from its first slice on, and not before: then it plays
    /// its best so far.
    #[test]
    fn a_decision_has_its_time_then_plays_its_best_so_far() {
        assert!(!out_of_time(None, 1e9));
        assert!(!out_of_time(Some(1_000.0), 1_000.0));
        assert!(!out_of_time(Some(1_000.0), 1_000.0 + THINKING_MS - 1.0));
        assert!(out_of_time(Some(1_000.0), 1_000.0 + THINKING_MS));
        assert!(out_of_time(Some(1_000.0), 9_000.0));
    }

    /// A step's work follows how long the last one took: halved when slow, doubled when
    /// quick, never zero and never past eight times the first.
    #[test]
    fn a_steps_work_follows_how_long_the_last_took() {
        assert_eq!(next_work(300, 10.0), 150);
        assert_eq!(next_work(300, 2.5), 300);
        assert_eq!(next_work(300, 7.5), 300);
        assert_eq!(next_work(300, 1.5), 600);
        assert_eq!(next_work(300, 0.2), 600);
        assert_eq!(next_work(1, 50.0), 1);
        assert_eq!(next_work(STEP * 8, 0.1), STEP * 8);
    }

    /// A chosen action waits out the pace in short waits, and plays at once once a
    /// person asks to hurry, however long the pace still had to run.
    #[test]
    fn a_chosen_action_waits_for_the_pace_unless_hurried() {
        let pace = std::time::Duration::from_millis(1200);
        assert_eq!(still_to_wait(pace, false, 0.0), Some(WAKE_MS));
        assert_eq!(still_to_wait(pace, false, 1190.0), Some(10.0));
        assert_eq!(still_to_wait(pace, false, 1200.0), None);
        assert_eq!(still_to_wait(pace, false, 5000.0), None);
        // Hurried after 300 ms of thinking: nothing more to wait.
        assert_eq!(still_to_wait(pace, true, 300.0), None);
        // Hurried at once: each action still shown for a moment.
        assert_eq!(still_to_wait(pace, true, 100.0), Some(20.0));
        // A pace shorter than the hurried one stays as it is.
        let quick = std::time::Duration::from_millis(50);
        assert_eq!(still_to_wait(quick, true, 30.0), Some(20.0));
        assert_eq!(still_to_wait(quick, true, 60.0), None);
    }

    /// The New Deal form offers every game's three levels, Hard included.
    #[test]
    fn each_game_offers_its_own_levels() {
        for &kind in REGISTRY {
            assert_eq!(
                levels(kind),
                &[Level::Easy, Level::Normal, Level::Hard],
                "{kind}"
            );
            for level in Level::ALL {
                assert_eq!(level_in(kind, level), level, "{kind}");
            }
        }
    }
}

//! Computer players on a play screen: the driver that asks each computer seat for its
//! action when its turn comes — from that seat's view alone (`intrigue_core::bots`) — and
//! plays it the way a person's action is played (saved, told, cued), paced so people can
//! follow.

use intrigue_core::Rng;
use intrigue_core::bots::{Computer, ComputerSeat, Level, Named};
use intrigue_core::game::{Referee, ToAct};
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

/// Play the computers' turns at [`HURRIED`] until a person is to act again.
pub fn hurry() {
    HURRY.with(|h| h.set(true));
}

/// The pace of this page: [`PACE`], or the tests' own.
fn pace() -> std::time::Duration {
    crate::storage::get(TEST_PACE)
        .and_then(|ms| ms.parse().ok())
        .map_or(PACE, std::time::Duration::from_millis)
}

/// The levels a New Deal offers for a computer's seat. Hard is not among them yet: it
/// searches for up to a fifth of a second natively, several times that on a slow phone,
/// and until its thinking is cut into slices between frames it would freeze the page
/// (issue 40). A save that names it still plays (`drive`).
pub const OFFERED: [Level; 2] = [Level::Easy, Level::Normal];

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
        let pace = if HURRY.with(std::cell::Cell::get) {
            pace.min(HURRIED)
        } else {
            pace
        };
        set_timeout(
            move || {
                // The same game at the same moment: no take back, no other action since.
                if referee.try_with_untracked(Referee::actions) != Some(actions) {
                    return;
                }
                // Measured as the "bot-decision" entry of the page's performance timeline
                // (the click-to-frame benchmark prints it).
                let clock = window().performance();
                if let Some(clock) = &clock {
                    let _ = clock.mark(THINKING);
                }
                let chosen = referee
                    .try_with_untracked(|r| {
                        players.try_update_value(|p| {
                            let Players { seats, rng } = p;
                            seats
                                .get_mut(usize::from(seat))
                                .and_then(Option::as_mut)
                                .and_then(|s| s.decide(r, rng))
                        })
                    })
                    .flatten()
                    .flatten();
                if let Some(clock) = &clock {
                    let _ = clock.measure_with_start_mark(DECIDED, THINKING);
                }
                if let Some(action) = chosen {
                    shell.apply(action);
                }
            },
            pace,
        );
    });
    thinking
}

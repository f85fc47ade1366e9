//! Stray taps on a device passed from hand to hand: a control that has just appeared for
//! the next player ignores taps for a moment, so a double tap meant for the control before
//! it (the last player's "Place here", "Submit turn", "Next seat") does not act for them.
//! The control looks and is inert meanwhile (`.arming`: no pointer events), and its own
//! handler checks too.

use std::time::Duration;

use leptos::prelude::*;

/// How long a new player's controls ignore taps: longer than a double tap, shorter than a
/// person takes to read the screen.
pub const ARMING: Duration = Duration::from_millis(500);

/// False for a moment, then true: whether a control drawn now may take taps.
pub fn armed_after_a_moment() -> ReadSignal<bool> {
    let (armed, set_armed) = signal(false);
    set_timeout(
        move || {
            // The control may be gone by then: nothing to arm.
            let _ = set_armed.try_set(true);
        },
        ARMING,
    );
    armed
}

/// Like [`armed_after_a_moment`], armed again every time `turn` changes (the device passes
/// to another player while the screen stays).
pub fn armed_each_turn<T>(turn: Memo<T>) -> ReadSignal<bool>
where
    T: PartialEq + Clone + Send + Sync + 'static,
{
    let (armed, set_armed) = signal(false);
    let generation = StoredValue::new(0u32);
    Effect::new(move |_| {
        // Read, not only tracked: a memo that is never read never recomputes.
        turn.with(|_| ());
        let _ = set_armed.try_set(false);
        let mine = generation.get_value().wrapping_add(1);
        generation.set_value(mine);
        set_timeout(
            move || {
                if generation.try_get_value() == Some(mine) {
                    let _ = set_armed.try_set(true);
                }
            },
            ARMING,
        );
    });
    armed
}

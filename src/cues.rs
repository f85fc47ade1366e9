//! Sounds and vibration for a game on the table: a tick when the turn passes, a knock for a
//! capture, a little tune at the end. Off by default (a game night is loud enough); each is
//! switched on in the game's own settings and remembered on this device. Sounds are made on
//! the spot with the Web Audio API (no sound files to download); vibration uses
//! `navigator.vibrate` where the device has it. Where either is missing, nothing happens.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use web_sys::{AudioContext, OscillatorType};

use crate::reasons::Reason;
use crate::storage;

use crate::saved::keys::CUES as KEY;

/// Something that happened at the table that a cue may mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The turn passed to the next player.
    Turn,
    /// A piece was taken.
    Capture,
    /// The game is over.
    End,
}

impl Cue {
    /// The notes: (frequency in Hz, start and length in seconds).
    fn notes(self) -> &'static [(f32, f64, f64)] {
        match self {
            Cue::Turn => &[(880.0, 0.0, 0.08)],
            Cue::Capture => &[(330.0, 0.0, 0.09), (220.0, 0.1, 0.14)],
            Cue::End => &[
                (523.0, 0.0, 0.14),
                (659.0, 0.15, 0.14),
                (784.0, 0.3, 0.14),
                (1047.0, 0.45, 0.3),
            ],
        }
    }

    /// The vibration pattern, in milliseconds (buzz, pause, buzz…).
    fn pattern(self) -> &'static [u32] {
        match self {
            Cue::Turn => &[30],
            Cue::Capture => &[60, 40, 60],
            Cue::End => &[100, 60, 100, 60, 200],
        }
    }
}

/// What this device has switched on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    pub sound: bool,
    pub vibrate: bool,
}

/// What this device has switched on: read from storage once, then kept (a move does not
/// pay for a storage read).
pub fn wanted() -> Wanted {
    if let Some(known) = KNOWN.with(Cell::get) {
        return known;
    }
    let words = storage::get(KEY).unwrap_or_default();
    let has = |word: &str| words.split(' ').any(|w| w == word);
    let known = Wanted {
        sound: has("sound"),
        vibrate: has("vibrate"),
    };
    KNOWN.with(|k| k.set(Some(known)));
    known
}

/// Remember the choice; says so when the device's storage is full.
fn save(wanted: Wanted) -> Result<(), crate::storage::Refused> {
    KNOWN.with(|k| k.set(Some(wanted)));
    let words: Vec<&str> = [(wanted.sound, "sound"), (wanted.vibrate, "vibrate")]
        .into_iter()
        .filter_map(|(on, word)| on.then_some(word))
        .collect();
    storage::set(KEY, &words.join(" "))
}

thread_local! {
    /// The choice, once read.
    static KNOWN: Cell<Option<Wanted>> = const { Cell::new(None) };
    /// One audio context for the page (browsers allow only a few), made at the first sound.
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

fn play_sound(cue: Cue) -> Option<()> {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        let context = audio.as_ref()?;
        // Made or resumed inside a tap, so the browser lets it play.
        let _ = context.resume();
        let now = context.current_time();
        for &(frequency, start, length) in cue.notes() {
            let oscillator = context.create_oscillator().ok()?;
            let gain = context.create_gain().ok()?;
            oscillator.set_type(OscillatorType::Triangle);
            oscillator.frequency().set_value(frequency);
            let level = gain.gain();
            level.set_value_at_time(0.0001, now + start).ok()?;
            level
                .exponential_ramp_to_value_at_time(0.25, now + start + 0.01)
                .ok()?;
            level
                .exponential_ramp_to_value_at_time(0.0001, now + start + length)
                .ok()?;
            oscillator.connect_with_audio_node(&gain).ok()?;
            gain.connect_with_audio_node(&context.destination()).ok()?;
            oscillator.start_with_when(now + start).ok()?;
            oscillator
                .stop_with_when(now + start + length + 0.02)
                .ok()?;
        }
        Some(())
    })
}

fn vibrate(cue: Cue) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    // Not every browser has it (desktop Safari, iOS): then there is nothing to call.
    let has = js_sys::Reflect::has(navigator.as_ref(), &"vibrate".into()).unwrap_or(false);
    if has {
        let pattern: js_sys::Array = cue
            .pattern()
            .iter()
            .map(|&ms| js_sys::Number::from(ms))
            .collect();
        let _ = navigator.vibrate_with_pattern(&pattern);
    }
}

/// Mark `cue` with what this device has switched on (nothing, by default).
pub fn cue(cue: Cue) {
    play(cue, wanted());
}

fn play(cue: Cue, wanted: Wanted) {
    if wanted.sound {
        let _ = play_sound(cue);
    }
    if wanted.vibrate {
        vibrate(cue);
    }
}

/// The cue of an action's events (`of`: each event's own), the strongest of them; none
/// when nothing happened (a take back, a screen opened).
pub fn heard<E>(events: &[E], of: impl Fn(&E) -> Cue) {
    if !events.is_empty() {
        cue(strongest(events.iter().map(of)));
    }
}

/// The strongest cue among several things that happened at once: the end over a capture
/// over a turn passing.
pub fn strongest(cues: impl IntoIterator<Item = Cue>) -> Cue {
    cues.into_iter()
        .max_by_key(|c| match c {
            Cue::Turn => 0,
            Cue::Capture => 1,
            Cue::End => 2,
        })
        .unwrap_or(Cue::Turn)
}

/// The two switches, under a game on the table.
#[component]
pub fn CueSettings() -> impl IntoView {
    let now = RwSignal::new(wanted());
    let problem = RwSignal::new(None::<String>);
    let set = move |change: fn(&mut Wanted, bool), on: bool| {
        now.update(|w| change(w, on));
        problem.set(save(now.get_untracked()).err().map(|e| e.words()));
        // A sample of what was just switched on, so the table hears (or feels) it.
        let mut only = Wanted::default();
        change(&mut only, on);
        play(Cue::Turn, only);
    };
    view! {
        <fieldset class="choice cue-settings">
            <legend>{tr!("Sound and vibration", "Sonido y vibración")}</legend>
            <label class="option-row">
                <input type="checkbox" name="cue-sound" prop:checked=move || now.get().sound
                    on:change=move |e| set(|w, on| w.sound = on, event_target_checked(&e))/>
                {tr!("Sounds for turns, captures and the end", "Sonidos para los turnos, las capturas y el final")}
            </label>
            <label class="option-row">
                <input type="checkbox" name="cue-vibrate" prop:checked=move || now.get().vibrate
                    on:change=move |e| set(|w, on| w.vibrate = on, event_target_checked(&e))/>
                {tr!("Vibrate (on phones that can)", "Vibrar (en los teléfonos que pueden)")}
            </label>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        </fieldset>
    }
}

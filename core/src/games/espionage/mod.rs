//! Espionage (`shared/rules/espionaje.es.txt`, translated in `espionage.en.md`; RULINGS §3):
//! two armies, hidden ranks, spies that unmask, mines, a headquarters, volcanoes; two
//! players sharing one device.
//!
//! - `army`: the pieces (cabo, teniente… by their Spanish names too) and combat;
//! - `board`: the board, the set-up zones and the volcanoes;
//! - `game`: set-up, turns of two moves, the no-return rule, spies, the end;
//! - `placement`: a set-up, as text, checked, at random;
//! - `view`: what each seat sees (fog of war), and the table's curtain;
//! - `position`: the position text and perft; `record`: a game as text.

pub mod army;
pub mod board;
mod bot;
pub mod fair;
mod fair_frames;
pub mod fair_session;
pub mod game;
mod hard;
mod illegal;
mod placement;
mod sample;
// A whole state from a position text, secrets included: for perft (the `tools` feature)
// and tests, never for the app.
#[cfg(any(test, feature = "tools"))]
pub mod position;
pub mod record;
pub mod view;
mod wire;

pub use army::{ARMY, ARMY_SIZE, Kind, Outcome, combat};
pub use board::Geometry;
pub use game::{Action, Config, End, Espionage, Event, Phase, Placement, State};
pub use illegal::Illegal;
pub use view::{EspionageView, Seen};

use crate::catalogue::{DealOption, GameInfo, GameKind};

/// What Espionage declares in the registry (`games::REGISTRY`).
pub static INFO: GameInfo = GameInfo {
    id: 3,
    tag: "esp",
    title: "Espionage",
    slug: "espionage",
    players: 2..=2,
    // The bits of `Config::from_options`.
    options: &[
        DealOption {
            label: "Board width",
            code_bit: None,
            choices: &["10 files (standard)", "11 files", "12 files"],
        },
        DealOption {
            label: "Volcanoes",
            code_bit: None,
            choices: &VOLCANO_CHOICES,
        },
        DealOption {
            label: "No draw after 100 turns without a combat",
            code_bit: None,
            choices: &[],
        },
    ],
    secret_deal: false,
    secret_rounds: false,
};

pub const KIND: GameKind = GameKind::new(&INFO);

/// The New Deal form's volcano counts, the standard first (see `game::VOLCANO_COUNTS`).
const VOLCANO_CHOICES: [&str; 9] = ["4 (standard)", "None", "1", "2", "3", "5", "6", "7", "8"];

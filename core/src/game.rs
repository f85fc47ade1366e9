//! The shape every game shares (DESIGN.md "The shape of a game"): pure functions over a
//! state that holds everything, secrets included; views per viewer; illegal actions are
//! values, never panics. A game is its record: config + seed + actions, replayed.

use std::fmt;

use crate::seed::Seed;
use crate::table::{ConfigError, Viewer};

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// The table as a whole (a set-up decision).
    Table,
    Seat(u8),
    /// The game is over.
    Nobody,
}

/// Why an action was refused, in words a player understands. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

pub trait Game {
    type Config: Clone;
    type State: Clone;
    type Action: Clone;
    type Event: Clone;
    type View;
    type Outcome;

    fn deal(config: &Self::Config, seed: Seed) -> Result<Self::State, ConfigError>;
    fn to_act(state: &Self::State) -> ToAct;
    fn legal_actions(state: &Self::State) -> Vec<Self::Action>;
    /// Apply one action: the events it caused, or why it is illegal (state untouched).
    fn apply(state: &mut Self::State, action: Self::Action) -> Result<Vec<Self::Event>, Illegal>;
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    fn outcome(state: &Self::State) -> Option<Self::Outcome>;
}

/// The state after a replay, with each action's events.
pub type Replayed<G> = (<G as Game>::State, Vec<Vec<<G as Game>::Event>>);

/// A game as data: replaying its actions from the deal gives the state.
pub struct Record<G: Game> {
    pub config: G::Config,
    pub seed: Seed,
    pub actions: Vec<G::Action>,
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record {
            config: self.config.clone(),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }
}

impl<G: Game> Record<G> {
    pub fn new(config: G::Config, seed: Seed) -> Record<G> {
        Record {
            config,
            seed,
            actions: Vec::new(),
        }
    }

    /// The state after every action, with each action's events.
    pub fn replay(&self) -> Result<Replayed<G>, Illegal> {
        let mut state = G::deal(&self.config, self.seed).map_err(|e| Illegal(e.to_string()))?;
        let mut events = Vec::with_capacity(self.actions.len());
        for (i, action) in self.actions.iter().enumerate() {
            let happened = G::apply(&mut state, action.clone())
                .map_err(|e| Illegal(format!("action {} of the record: {e}", i + 1)))?;
            events.push(happened);
        }
        Ok((state, events))
    }
}

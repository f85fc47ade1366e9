//! The shape every game shares (ARCHITECTURE.md): pure functions over a
//! state that holds everything, secrets included; views per viewer; illegal actions are
//! values, never panics. A game is its record: config + seed + actions, replayed.
//!
//! The app holds a [`Referee`], never a state: the state, the seed and the raw deal stay in
//! here. Only this crate can deal a state ([`Game::deal`] takes a [`RefereeOnly`] that nothing
//! outside the crate can make) or replay a record, so a screen that reaches for a secret
//! does not compile. Screens get a [`View`] (the envelope every game shares, with the
//! game's own body) and send actions.

use std::fmt;

use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};
use crate::seed::Seed;

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// The table as a whole (a set-up decision).
    Table,
    Seat(u8),
    /// The game is over.
    Nobody,
}

/// Why a record does not play back (a damaged file or a bug): in English, for tools and
/// tests; the app says that the file is damaged, in the page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// The deal itself cannot be made from the record's settings.
    Deal(ConfigError),
    /// Action `number` (from 1) is refused by the rules: why, in English.
    Action { number: usize, why: String },
}

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unplayable::Deal(error) => write!(f, "{error}"),
            Unplayable::Action { number, why } => write!(f, "action {number} of the record: {why}"),
        }
    }
}

impl std::error::Error for Unplayable {}

/// Made only inside this crate: a game deals its state only for the referee (and the core's
/// own tests), never for a screen.
#[derive(Clone, Copy, Debug)]
pub struct RefereeOnly(());

impl RefereeOnly {
    pub(crate) const fn new() -> RefereeOnly {
        RefereeOnly(())
    }
}

/// Whether the game goes on, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// Over: the winning seats (several share a win; none in a draw) and every seat's final
    /// score.
    Over {
        winners: Vec<u8>,
        /// Signed: a game may score below zero (Usurp). Empty for a game that is won or
        /// drawn without points (Espionage, the Chess deckbuilder).
        scores: Vec<i32>,
    },
}

/// One viewer's view of a game: what every game's view says, and the game's own body.
/// What happened is asked apart ([`Referee::news_since`], [`Referee::news_newest_first`]),
/// filtered for the same viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View<B> {
    pub to_act: ToAct,
    pub status: Status,
    /// Whether the last action may be taken back (the rule is the game's, in core).
    pub can_undo: bool,
    pub body: B,
}

pub trait Game {
    /// Which game of the box this is: its facts ([`crate::catalogue::GameInfo`]) and its
    /// line in the registry (`games::REGISTRY`).
    const KIND: GameKind;
    type Config: Clone;
    type State: Clone;
    type Action: Clone;
    type Event: Clone + PartialEq + fmt::Debug;
    /// The game's own part of a view.
    type View: PartialEq + fmt::Debug;
    /// Why an action is refused: the game's own reasons, as values (not sentences) the app
    /// words in the page's language; the `Display` is English, for tools and tests.
    type Illegal: Clone + PartialEq + fmt::Debug + fmt::Display;

    /// The config of a fresh game on screen: the seats and the house rules the New Deal
    /// form chose (bit `i`: the game's option `i`, see [`crate::catalogue::Start`]), which
    /// the registry has checked against the game's facts.
    fn config(seats: &Seats, options: u8) -> Self::Config;
    fn deal(
        config: &Self::Config,
        seed: Seed,
        key: RefereeOnly,
    ) -> Result<Self::State, ConfigError>;
    fn to_act(state: &Self::State) -> ToAct;
    fn legal_actions(state: &Self::State) -> Vec<Self::Action>;
    /// Apply one action: the events it caused, or why it is illegal (state untouched).
    fn apply(
        state: &mut Self::State,
        action: Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Illegal>;
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// Playing, or over with the winners and every seat's final score.
    fn status(state: &Self::State) -> Status;
    /// Whether the last action may be taken back (nothing was revealed by it, and so on).
    fn can_undo(state: &Self::State) -> bool;
    /// Whether `action` gives the game up (a resignation): the random bot never takes it
    /// while anything else is legal.
    fn gives_up(action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// Whether `viewer` may see `event` (a secret game hides some events from some seats).
    fn sees(event: &Self::Event, viewer: Viewer) -> bool;
    /// The seats and the house-rule bits (those of `catalogue::Start`) a new deal of this
    /// game keeps: "Play again".
    fn rematch(config: &Self::Config) -> (Seats, u8);
    /// One action as the record writes it (the `bots` example prints a decision so).
    fn action_text(config: &Self::Config, action: &Self::Action) -> String;
    /// The record as text (versioned, small): saves, exports, bug reports.
    fn write_record(record: &Record<Self>) -> String
    where
        Self: Sized;
    /// Read a record written by [`Game::write_record`]; it is not replayed here.
    fn read_record(text: &str) -> Result<Record<Self>, String>
    where
        Self: Sized;
}

/// The mark that ends the actions of the record formats that carry one (Usurp's `usu2`,
/// the deckbuilder's `cdb2`): with actions as short as one letter, a save cut by one
/// character would otherwise read as a whole game one action shorter.
pub(crate) const END_MARK: char = ';';

/// A record text of the shape `<version>|<settings>|<names>|<actions>` (Espionage, Usurp,
/// the deckbuilder), split into its settings, names and actions. `versions` are the ones
/// this game reads, each with whether its actions end with [`END_MARK`] (taken off here; a
/// text without it was cut short). A newer version of the same game says so; anything
/// else is "not a saved game of `title`".
pub(crate) fn record_fields<'a>(
    text: &'a str,
    versions: &[(&str, bool)],
    title: &str,
) -> Result<(&'a str, &'a str, &'a str), String> {
    let not_ours = || format!("this is not a saved game of {title}");
    let parts: Vec<&str> = text.trim().splitn(4, '|').collect();
    let [written, settings, names, actions] = parts[..] else {
        return Err(not_ours());
    };
    let Some(&(_, end_mark)) = versions.iter().find(|(v, _)| *v == written) else {
        let known: Vec<&str> = versions.iter().map(|(v, _)| *v).collect();
        return Err(unknown_version(written, &known, title));
    };
    let actions = if end_mark {
        actions
            .strip_suffix(END_MARK)
            .ok_or("the save is cut short (its end mark is missing)")?
    } else {
        actions
    };
    Ok((settings, names, actions))
}

/// Why a record marked `written` is not read, when the game reads the versions `known`
/// (each a tag and a number: `usu2`): saved by a newer version of the app only when its
/// number is past every one this version reads; an older or made-up number of the same tag
/// is a save no version wrote (damaged, or made by hand); another tag is not this game's.
pub(crate) fn unknown_version(written: &str, known: &[&str], title: &str) -> String {
    let tag = known[0].trim_end_matches(|c: char| c.is_ascii_digit());
    let number = |v: &str| v.strip_prefix(tag).and_then(|n| n.parse::<u32>().ok());
    match (
        number(written),
        known.iter().filter_map(|v| number(v)).max(),
    ) {
        (Some(n), Some(newest)) if n > newest => {
            "this game was saved by a newer version of Intrigue: reload to update the app".into()
        }
        (Some(_), _) => format!(
            "this save is marked {written}, a format of {title} that no version of Intrigue writes: it is damaged, or was not made by this app"
        ),
        (None, _) => format!("this is not a saved game of {title}"),
    }
}

/// A record's seed: 16 hex digits.
pub(crate) fn read_seed(hex: &str) -> Result<Seed, String> {
    u64::from_str_radix(hex, 16)
        .ok()
        .filter(|_| hex.len() == 16)
        .map(Seed)
        .ok_or_else(|| "the game's seed cannot be read".to_string())
}

/// The state after a replay, with each action's events.
pub(crate) type Replayed<G> = (<G as Game>::State, Vec<Vec<<G as Game>::Event>>);

/// A game as data: replaying its actions from the deal gives the state.
pub struct Record<G: Game> {
    pub config: G::Config,
    pub(crate) seed: Seed,
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
    pub(crate) fn replay(&self) -> Result<Replayed<G>, Unplayable> {
        match self.replay_while_legal()? {
            (state, events, None) => Ok((state, events)),
            (_, _, Some(broken)) => Err(broken),
        }
    }

    /// The state after the actions that play, one after another from the deal, with their
    /// events, and why the next one did not (`None`: every action played). Each action is
    /// applied once: a record with an illegal action early on costs that much and no more.
    /// An error only when the deal itself cannot be made.
    pub(crate) fn replay_while_legal(&self) -> Result<PartReplayed<G>, Unplayable> {
        let mut state =
            G::deal(&self.config, self.seed, RefereeOnly::new()).map_err(Unplayable::Deal)?;
        let mut events = Vec::with_capacity(self.actions.len());
        for (i, action) in self.actions.iter().enumerate() {
            #[cfg(test)]
            tests::APPLIED.with(|n| n.set(n.get() + 1));
            match G::apply(&mut state, action.clone()) {
                Ok(happened) => events.push(happened),
                Err(e) => {
                    let broken = Unplayable::Action {
                        number: i + 1,
                        why: e.to_string(),
                    };
                    return Ok((state, events, Some(broken)));
                }
            }
        }
        Ok((state, events, None))
    }
}

/// A replay stopped at the first action that does not play: the state before it, the
/// events of those that did, and why it did not.
pub(crate) type PartReplayed<G> = (
    <G as Game>::State,
    Vec<Vec<<G as Game>::Event>>,
    Option<Unplayable>,
);

/// What loading a saved game found: the game, and what could not be read, if anything.
pub struct Loaded<G: Game> {
    pub referee: Referee<G>,
    /// What of the record was dropped because it could not be read or played.
    pub lost: Option<Lost>,
}

/// What a save damaged at its end lost: the screens say it in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lost {
    /// None of its actions could be read: the game starts again from its deal.
    Everything,
    /// The actions after the first `kept` could not be read (or did not play).
    After { kept: usize },
}

impl Lost {
    /// In English, for tools and tests (the app says it in the page's language).
    pub fn words(self) -> String {
        match self {
            Lost::Everything => {
                "None of this saved game's moves could be read: it starts again from the beginning."
                    .into()
            }
            Lost::After { kept } => format!(
                "The end of this saved game could not be read: it goes on from action {kept} (what came after is lost)."
            ),
        }
    }
}

/// The referee: holds the record and the state, applies actions, hands out views.
pub struct Referee<G: Game> {
    record: Record<G>,
    state: G::State,
    /// Each action's events, in order.
    events: Vec<Vec<G::Event>>,
}

impl<G: Game> Clone for Referee<G> {
    fn clone(&self) -> Self {
        Referee {
            record: self.record.clone(),
            state: self.state.clone(),
            events: self.events.clone(),
        }
    }
}

impl<G: Game> Referee<G> {
    /// Deal a new game.
    pub fn new(config: G::Config, seed: Seed) -> Result<Referee<G>, ConfigError> {
        let state = G::deal(&config, seed, RefereeOnly::new())?;
        Ok(Referee {
            record: Record::new(config, seed),
            state,
            events: Vec::new(),
        })
    }

    /// The game a record describes (every action must replay).
    pub fn from_record(record: Record<G>) -> Result<Referee<G>, Unplayable> {
        let (state, events) = record.replay()?;
        Ok(Referee {
            record,
            state,
            events,
        })
    }

    /// The seats and house rules a new deal of this game keeps (see [`Game::rematch`]).
    pub fn rematch(&self) -> (Seats, u8) {
        G::rematch(&self.record.config)
    }

    pub fn config(&self) -> &G::Config {
        &self.record.config
    }

    /// The whole state, secrets included: for this crate's own tests, never for a screen.
    #[cfg(test)]
    pub(crate) fn state(&self) -> &G::State {
        &self.state
    }

    /// Playing, or over with its winners and scores (what every view's envelope says).
    /// Who is to act now (without building anyone's view).
    pub fn to_act(&self) -> ToAct {
        G::to_act(&self.state)
    }

    pub fn status(&self) -> Status {
        G::status(&self.state)
    }

    /// The envelope for `viewer`, with the game's own view for that viewer.
    pub fn view(&self, viewer: Viewer) -> View<G::View> {
        View {
            to_act: G::to_act(&self.state),
            status: G::status(&self.state),
            can_undo: self.can_undo(),
            body: G::view(&self.state, viewer),
        }
    }

    /// What `viewer` may see of every action after the first `seen`, oldest first.
    pub fn news_since(&self, viewer: Viewer, seen: usize) -> Vec<G::Event> {
        self.events
            .iter()
            .skip(seen)
            .flatten()
            .filter(|e| G::sees(e, viewer))
            .cloned()
            .collect()
    }

    /// What `viewer` may see of every action, newest first (lazily: a log of the last few
    /// lines does not pay for the whole game).
    pub fn news_newest_first(&self, viewer: Viewer) -> impl Iterator<Item = &G::Event> + '_ {
        self.events
            .iter()
            .rev()
            .flat_map(|happened| happened.iter().rev())
            .filter(move |e| G::sees(e, viewer))
    }

    /// The actions `viewer` may take now: none unless it is that viewer's turn (a seat's
    /// move is asked by that seat, a set-up decision by the table). A seat's actions can
    /// spell out its secrets (a hand, which hidden pieces can move), so the table never
    /// gets them: a screen played on one device asks as the seat behind the curtain. What
    /// a bot is given, with its seat's view, and no more.
    pub fn legal_actions(&self, viewer: Viewer) -> Vec<G::Action> {
        let mine = match (G::to_act(&self.state), viewer) {
            (ToAct::Table, Viewer::Table) => true,
            (ToAct::Seat(seat), Viewer::Seat(me)) => seat == me,
            (ToAct::Table, Viewer::Seat(_)) | (ToAct::Seat(_), Viewer::Table) => false,
            (ToAct::Nobody, _) => false,
        };
        if mine {
            G::legal_actions(&self.state)
        } else {
            Vec::new()
        }
    }

    /// Apply one action; the state and the record are untouched when it is illegal.
    pub fn act(&mut self, action: G::Action) -> Result<Vec<G::Event>, G::Illegal> {
        let events = G::apply(&mut self.state, action.clone())?;
        self.record.actions.push(action);
        self.events.push(events.clone());
        Ok(events)
    }

    pub fn can_undo(&self) -> bool {
        !self.record.actions.is_empty() && G::can_undo(&self.state)
    }

    /// Take back the last action, when the game allows it (replays the rest): whether it
    /// was taken back (nothing changes when it was not).
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let mut record = self.record.clone();
        record.actions.pop();
        // The actions before the last one played once, so they play again.
        match Referee::from_record(record) {
            Ok(before) => {
                *self = before;
                true
            }
            Err(_) => false,
        }
    }

    /// How many actions have been played.
    pub fn actions(&self) -> usize {
        self.record.actions.len()
    }

    /// The game as text: its record.
    pub fn to_text(&self) -> String {
        G::write_record(&self.record)
    }

    /// What tells this game from any other, whatever has been played in it: a checksum of
    /// its record's head (every record begins `version|deal|players|`, its actions after).
    /// The app keeps by it which of the game's seats were played on phones.
    pub fn game_mark(&self) -> u32 {
        let head = Record::<G> {
            config: self.record.config.clone(),
            seed: self.record.seed,
            actions: Vec::new(),
        };
        let text = G::write_record(&head);
        let head = text
            .match_indices('|')
            .nth(2)
            .map_or(text.as_str(), |(at, _)| &text[..at]);
        crate::share::crc32(head.as_bytes())
    }

    /// Read a saved game. Every action that still replays is kept: a save cut short or
    /// damaged at the end loses only what cannot be read, and says so. An unreadable
    /// header (which game, which table) is an error.
    ///
    /// Linear in the save's length: the longest beginning of the text that reads is found
    /// by halving (a beginning of a readable record reads), and it is replayed once, up to
    /// its first action that does not play.
    pub fn from_text(text: &str) -> Result<Loaded<G>, String> {
        let (mut record, whole) = match G::read_record(text) {
            Ok(record) => (record, true),
            Err(e) => (longest_readable::<G>(text.trim_end()).ok_or(e)?, false),
        };
        let (state, events, broken) = record.replay_while_legal().map_err(|e| e.to_string())?;
        let kept = events.len();
        record.actions.truncate(kept);
        let lost = if whole && broken.is_none() {
            None
        } else if kept == 0 {
            Some(Lost::Everything)
        } else {
            Some(Lost::After { kept })
        };
        Ok(Loaded {
            referee: Referee {
                record,
                state,
                events,
            },
            lost,
        })
    }
}

/// The record of the longest beginning of `text` that reads, cut between two actions
/// (with the end mark put back, for a format that has one: a cut may have taken it off);
/// `None` when not even the header (which game, which table) reads. Found by halving the
/// cuts: a beginning of what reads reads too.
fn longest_readable<G: Game>(text: &str) -> Option<Record<G>> {
    let header_end = text.match_indices('|').nth(2).map(|(i, _)| i + 1)?;
    let mut cuts = vec![header_end];
    cuts.extend(
        text[header_end..]
            .match_indices(' ')
            .map(|(i, _)| header_end + i),
    );
    cuts.push(text.len());
    let read = |cut: usize| {
        let candidate = text[..cut].trim_end_matches(END_MARK);
        G::read_record(candidate)
            .or_else(|_| G::read_record(&format!("{candidate}{END_MARK}")))
            .ok()
    };
    // The last cut that reads: `cuts[..good]` read (as far as is known), `cuts[bad..]` do not.
    let mut best = read(cuts[0])?;
    let (mut good, mut bad) = (1, cuts.len());
    while good < bad {
        let middle = good + (bad - good) / 2;
        match read(cuts[middle]) {
            Some(record) => {
                best = record;
                good = middle + 1;
            }
            None => bad = middle,
        }
    }
    Some(best)
}

#[cfg(test)]
#[path = "game_tests.rs"]
pub(crate) mod tests;

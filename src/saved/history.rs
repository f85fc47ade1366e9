//! The tables and games this device ran before the current one, newest first: a courtesy
//! (skipped when storage is full), one line each.

use intrigue_core::GameKind;
use intrigue_core::game::Status;

use super::game::{GAME, GAME_NOTE};
use super::now;
use super::table::load_table;
use crate::storage;

pub(super) const HISTORY: &str = "intrigue.history";

/// How many ended tables the history keeps.
pub(super) const HISTORY_LENGTH: usize = 10;

/// A table this device ran, as the history remembers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// When it was replaced (ms since 1970).
    pub at: u64,
    pub title: String,
    pub names: Vec<String>,
    /// The round it reached (A City of Spies).
    pub round: Option<u32>,
    /// Whether it was played to the end (revealed), or replaced while running.
    pub finished: bool,
    /// A game played on screen to the end: its result is known (`winners`, and `scores` when
    /// the game keeps points).
    pub result: bool,
    /// Every seat's final score, in seat order; empty for a game won without points.
    pub scores: Vec<i32>,
    /// ...and the seats that won (none: a draw).
    pub winners: Vec<u8>,
}

/// Numbers joined by `,` (the history's lists of scores and seats).
pub(super) fn numbers<T: ToString>(list: &[T]) -> String {
    list.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

pub(super) fn read_numbers<T: std::str::FromStr>(text: Option<&str>) -> Vec<T> {
    text.unwrap_or_default()
        .split(',')
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// The tables and games this device ran before the current one, newest first.
pub fn history() -> Vec<Ended> {
    storage::get(HISTORY)
        .map(|text| text.lines().filter_map(parse_history_line).collect())
        .unwrap_or_default()
}

/// A line written by [`history_line`]; `None` when damaged.
pub(super) fn parse_history_line(line: &str) -> Option<Ended> {
    let mut f = line.split('\t');
    let at = f.next()?.parse().ok()?;
    let finished = f.next()? == "1";
    let round = f.next()?.parse().ok().filter(|r| *r > 0);
    let title = f.next()?.to_string();
    let names = f.next()?.split('\u{1f}').map(str::to_string).collect();
    let scores: Vec<i32> = read_numbers(f.next());
    let winners = read_numbers(f.next());
    // Lines written before the result had its own field knew one only with scores.
    let result = match f.next() {
        Some(flag) => flag == "1",
        None => !scores.is_empty(),
    };
    Some(Ended {
        at,
        finished,
        round,
        title,
        names,
        result,
        scores,
        winners,
    })
}

/// One line of the history: when, whether finished, the round, the title, the names, and
/// for a game played to the end on screen its scores, winners and whether that result is
/// known.
pub(super) fn history_line(ended: &Ended) -> String {
    let flag = |on: bool| if on { "1" } else { "0" };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        ended.at,
        flag(ended.finished),
        ended.round.unwrap_or(0),
        ended.title,
        ended.names.join("\u{1f}"),
        numbers(&ended.scores),
        numbers(&ended.winners),
        flag(ended.result),
    )
}

/// Keep the history's line for the game on screen up to date: its title and names, and
/// once it is over the scores and winners. Read when the game is replaced. A courtesy: if
/// storage is full it is skipped.
pub fn note_game(kind: GameKind, names: Vec<String>, status: &Status) {
    let (result, winners, scores) = match status {
        Status::Over { winners, scores } => (true, winners.clone(), scores.clone()),
        Status::Playing => (false, Vec::new(), Vec::new()),
    };
    let note = Ended {
        at: 0,
        title: kind.title().to_string(),
        names,
        round: None,
        finished: result,
        result,
        scores,
        winners,
    };
    let line = history_line(&note);
    if storage::get(GAME_NOTE).as_deref() != Some(line.as_str()) {
        let _ = storage::set(GAME_NOTE, &line);
    }
}

/// The game on screen, when it was played to the end: its history line as it will be kept
/// (who played, the scores, who won). A finished game is not "in progress": starting
/// another replaces it without a question, and the home screen says it is finished.
pub fn game_finished() -> Option<Ended> {
    storage::get(GAME)?;
    storage::get(GAME_NOTE)
        .and_then(|line| parse_history_line(&line))
        .filter(|note| note.finished)
}

/// Remember what is being replaced: the game on screen played to the end (with its
/// scores), else the table (with its round), else the game on screen as ended early.
/// Names never hold a tab: they are trimmed to single spaces when dealt. The history is a
/// courtesy: if storage is full it is skipped.
pub(super) fn remember_replaced() {
    let note = storage::get(GAME_NOTE)
        .filter(|_| storage::get(GAME).is_some())
        .and_then(|line| parse_history_line(&line));
    let table = load_table().ok().flatten();
    let ended = match (note, table) {
        (Some(note), _) if note.finished => note,
        (_, Some(table)) => {
            let view = table.deal.table_view(table.round);
            Ended {
                at: 0,
                title: view.game.title().to_string(),
                names: view.names,
                round: view.round,
                finished: table.revealed,
                result: false,
                scores: Vec::new(),
                winners: Vec::new(),
            }
        }
        (Some(note), None) => note,
        (None, None) => return,
    };
    let line = history_line(&Ended { at: now(), ..ended });
    let mut lines: Vec<String> = storage::get(HISTORY)
        .map(|t| t.lines().map(str::to_string).collect())
        .unwrap_or_default();
    lines.insert(0, line);
    lines.truncate(HISTORY_LENGTH);
    let _ = storage::set(HISTORY, &lines.join("\n"));
}

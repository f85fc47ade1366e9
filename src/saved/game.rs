//! The game on screen: its record text (read by that game's own part of the app), the
//! actions played on it and taken back, its log of exports, the marks it keeps while it
//! runs, and a set-up being arranged by hand.

use intrigue_core::bots::Level;
use intrigue_core::game::{Lost, Referee, ToAct};
use intrigue_core::{Game, GameKind};
use leptos::prelude::{Notify, RwSignal, Set, UpdateUntracked, WithUntracked};

use super::table::{Logged, load_table, log_on_table};
use super::{keep_copy, now, set_aside};
use crate::reasons::Reason;
use crate::storage;

/// The game on screen's own log of what everyone may know (its exports while it was being
/// played, the phones linked, the hints asked): `<ms> export`, `<ms> link <seat>`,
/// `<ms> hint` a line.
pub(super) const GAME_LOG: &str = "intrigue.game.log";

pub(super) const GAME: &str = "intrigue.game";

/// The history's line for the game on screen (see [`note_game`]).
pub(super) const GAME_NOTE: &str = "intrigue.game.note";

/// A City of Spies set-up being arranged by hand: `<round> <square index>…`.
pub(super) const ARRANGING: &str = "intrigue.game.arranging";
/// A set-up being arranged as a game's own text (Espionage), so a reload keeps it.
pub(super) const DRAFT: &str = "intrigue.game.draft";
/// Which seats of the game on screen the computer plays: one word a seat, in seat order,
/// `person` or a level's name (`easy`, `normal`); none: everyone is a person.
pub(super) const COMPUTERS: &str = "intrigue.game.computers";
/// Marks a game on screen keeps while it runs (Espionage: the saved set-ups a seat used,
/// `<seat>\t<name>` a line); cleared with the game.
pub(super) const GAME_IN_USE: &str = "intrigue.game.in-use";

/// Note in the game's log that a phone was linked to play `seat` (`<ms> link <seat>`):
/// every link of every game, so that a seat linked again is known and told. Says why not,
/// when it cannot be written: then the link is not made.
pub fn log_link(seat: u8) -> Result<(), String> {
    let mut lines = storage::get(GAME_LOG).unwrap_or_default();
    if !lines.is_empty() {
        lines.push('\n');
    }
    lines.push_str(&format!("{} link {seat}", now()));
    Ok(storage::set(GAME_LOG, &lines)?)
}

/// Every link of a seat after its first in the game on screen: `(seat, when)`, oldest
/// first (whoever holds a page linked to a seat sees that seat's own view).
pub fn game_relinks() -> Vec<(u8, u64)> {
    let mut seen = Vec::new();
    let mut again = Vec::new();
    for line in storage::get(GAME_LOG).unwrap_or_default().lines() {
        let mut words = line.split(' ');
        let (Some(at), Some("link"), Some(seat), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            continue;
        };
        let (Ok(at), Ok(seat)) = (at.parse::<u64>(), seat.parse::<u8>()) else {
            continue;
        };
        if seen.contains(&seat) {
            again.push((seat, at));
        } else {
            seen.push(seat);
        }
    }
    again
}

/// When the game on screen was exported while it was being played (ms since 1970).
pub fn game_exports() -> Vec<u64> {
    storage::get(GAME_LOG)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.strip_suffix(" export")?.parse().ok())
        .collect()
}

/// Write a running game's export into its log (and the table's, for a game with one), so
/// everyone is told. Says why not, when it cannot be written.
pub fn log_export() -> Result<(), String> {
    let mut lines = storage::get(GAME_LOG).unwrap_or_default();
    if !lines.is_empty() {
        lines.push('\n');
    }
    lines.push_str(&format!("{} export", now()));
    storage::set(GAME_LOG, &lines)?;
    if matches!(load_table(), Ok(Some(_))) {
        log_on_table(Logged::Export)?;
    }
    Ok(())
}

/// Note in the game's log that the player asked "What can I do?" (`<ms> hint`), to be
/// told at the game's end. Says why not, when it cannot be written: then no hint is shown.
pub fn log_hint() -> Result<(), String> {
    let mut lines = storage::get(GAME_LOG).unwrap_or_default();
    if !lines.is_empty() {
        lines.push('\n');
    }
    lines.push_str(&format!("{} hint", now()));
    Ok(storage::set(GAME_LOG, &lines)?)
}

/// How many hints were asked in the game on screen.
pub fn game_hints() -> usize {
    storage::get(GAME_LOG)
        .unwrap_or_default()
        .lines()
        .filter(|line| {
            line.strip_suffix(" hint")
                .is_some_and(|at| at.parse::<u64>().is_ok())
        })
        .count()
}

/// The game this table plays on screen, by its record's tag: which game, and its record
/// text (read by that game's own screen, in its own part of the app). A save that names no
/// game this app knows is reported and set aside.
pub fn game_in_progress() -> Result<Option<(GameKind, String)>, String> {
    let Some(text) = storage::get(GAME) else {
        return Ok(None);
    };
    match GameKind::of_record(&text) {
        Some(kind) => {
            // A game and the table it is saved beside must share one deal: otherwise peeks
            // and phones would show another deal than the game's.
            if let (Some(game_table), Ok(Some(table))) = (kind.record_table(&text), load_table())
                && game_table.table_id() != table.deal.table_id()
            {
                let _ = set_aside(GAME, &text, "game", "");
                return Err(trf!(
                    "The game saved on this device was dealt by another table (table words {}) than the one on this device (table words {}), so peeks and phones would not match it: it has been set aside.",
                    "La partida guardada en este dispositivo la repartió otra mesa (palabras de la mesa {}) distinta de la de este dispositivo (palabras de la mesa {}), así que los vistazos y los teléfonos no coincidirían con ella: se ha apartado.",
                    game_table.fingerprint(),
                    table.deal.fingerprint()
                ));
            }
            Ok(Some((kind, text)))
        }
        None => Err(format!(
            "{}.",
            set_aside(
                GAME,
                &text,
                "game",
                tr!(
                    "it names no game this app knows",
                    "no nombra ningún juego que conozca esta aplicación"
                )
                .get()
            )
        )),
    }
}

/// The saved game `text` replayed by its referee. A damaged one is reported and set aside.
/// A save damaged only at the end keeps every action that still replays: the original is
/// set aside, and the note beside the referee says what was lost, in the page's language.
pub fn load_referee<G: Game>(text: &str) -> Result<(Referee<G>, Option<String>), String> {
    let loaded = Referee::<G>::from_text(text)
        .map_err(|error| format!("{}.", set_aside(GAME, text, "game", &error)))?;
    if let Some(lost) = loaded.lost {
        // What replays is saved first (a damaged save padded with junk frees its room),
        // then as much of the damaged text as fits is kept beside it.
        let _ = save_game(&loaded.referee.to_text());
        let kept = keep_copy(&format!("{GAME}.damaged"), text);
        let copy = match kept {
            Some(cut) if cut == text.len() => tr!(
                " A copy of the damaged save is kept on this device.",
                " Se guarda en este dispositivo una copia de la partida dañada."
            )
            .to_string(),
            Some(cut) => trf!(
                " This device's storage is full, so only the first {cut} characters of the damaged save were kept.",
                " El almacenamiento de este dispositivo está lleno, así que solo se guardaron los primeros {cut} caracteres de la partida dañada."
            ),
            None => tr!(
                " This device's storage is full, so no copy of the damaged save fits on it.",
                " El almacenamiento de este dispositivo está lleno, así que no cabe ninguna copia de la partida dañada."
            )
            .to_string(),
        };
        let lost = match lost {
            Lost::Everything => tr!(
                "None of this saved game's moves could be read: it starts again from the beginning.",
                "No se pudo leer ninguna jugada de esta partida guardada: empieza de nuevo desde el principio."
            )
            .to_string(),
            Lost::After { kept } => trf!(
                "The end of this saved game could not be read: it goes on from action {kept} (what came after is lost).",
                "No se pudo leer el final de esta partida guardada: sigue desde la acción {kept} (lo que venía después se ha perdido)."
            ),
        };
        return Ok((loaded.referee, Some(format!("{lost}{copy}"))));
    }
    Ok((loaded.referee, None))
}

/// Save a game on screen: its record text.
pub fn save_game(text: &str) -> Result<(), crate::storage::Refused> {
    storage::set(GAME, text)
}

/// When [`advance`] writes the save.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Save {
    /// Once the frame that shows the action is painted (`storage::set_after_frame`: before
    /// anything else reads storage, or the page is hidden or left): a game with no
    /// curtain, where a full storage is said a frame later.
    AfterTheFrame,
    /// For a game played behind a curtain: at once when the action passes the turn (the
    /// curtain may follow), so a full storage is said to the player who acted, before the
    /// curtain; any other action after the frame.
    AtOnceIfTheTurnPasses,
    /// Never: a guided first game, whose fixed script is all there is to keep (its
    /// progress is kept apart, `saved::learn`), and which leaves the game saved here as
    /// it was.
    Never,
}

/// Play `action` on a game shown on screen: one action on the referee, saved (`save`:
/// when); says what went wrong. Returns the action's events.
pub fn advance<G: Game>(
    referee: RwSignal<Referee<G>>,
    problem: RwSignal<Option<String>>,
    action: G::Action,
    save: Save,
) -> Option<Vec<G::Event>>
where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: Reason,
{
    let events = advance_unheard(referee, problem, action, save)?;
    referee.notify();
    Some(events)
}

/// As [`advance`], but what reads the referee is not told: the caller draws what the
/// action changed and notifies the referee itself (after the action's frame).
pub fn advance_unheard<G: Game>(
    referee: RwSignal<Referee<G>>,
    problem: RwSignal<Option<String>>,
    action: G::Action,
    save: Save,
) -> Option<Vec<G::Event>>
where
    Referee<G>: Send + Sync + 'static,
    G::Illegal: Reason,
{
    // Out of date (another tab wrote): the page's banner says so; play nothing. A guided
    // game writes nothing, so another tab cannot undo what it did.
    if save != Save::Never && storage::is_stale() {
        return None;
    }
    // In place: an illegal action leaves the referee untouched, so nothing is copied.
    let outcome = referee
        .try_update_untracked(|r| {
            let before = r.to_act();
            r.act(action)
                .map(|events| (events, r.to_text(), r.to_act() != before))
        })
        .expect("the play screen owns its referee");
    match outcome {
        Ok((events, text, turn_passed)) => {
            if save == Save::Never {
                if problem.with_untracked(Option::is_some) {
                    problem.set(None);
                }
            } else if save == Save::AfterTheFrame || !turn_passed {
                // Set only if something was said: a set redraws what reads it.
                if problem.with_untracked(Option::is_some) {
                    problem.set(None);
                }
                storage::set_after_frame(GAME, text, move |saved| {
                    // The screen may be gone by then (a page left): nothing to say.
                    let _ = problem.try_set(saved.err().map(|e| e.words()));
                });
            } else {
                problem.set(save_game(&text).err().map(|e| e.words()));
            }
            Some(events)
        }
        Err(refused) => {
            // The game's own reason, in the page's language.
            problem.set(Some(refused.words()));
            None
        }
    }
}

/// Take back the last action, and with it the computer's since a person's: back to the
/// moment a person acted last (as far as the game allows), and save (unless `save` is
/// [`Save::Never`]: a guided game).
pub fn undo_to_person<G: Game>(
    referee: RwSignal<Referee<G>>,
    computers: &[Option<Level>],
    save: Save,
) -> Result<(), storage::Refused>
where
    Referee<G>: Send + Sync + 'static,
{
    if save != Save::Never && storage::is_stale() {
        return Err(storage::Refused::Stale);
    }
    let undone = referee
        .try_update_untracked(|r| {
            let mut any = false;
            while r.undo() {
                any = true;
                match r.to_act() {
                    ToAct::Seat(seat) if is_computer(computers, seat) => {}
                    _ => break,
                }
            }
            any.then(|| r.to_text())
        })
        .flatten();
    if let Some(text) = undone {
        let saved = if save == Save::Never {
            Ok(())
        } else {
            save_game(&text)
        };
        referee.notify();
        return saved;
    }
    Ok(())
}

/// Remember a set-up being arranged by hand (square indexes), so a reload keeps it.
pub fn save_arrangement(round: u32, squares: &[u8]) {
    let list: Vec<String> = squares.iter().map(u8::to_string).collect();
    let _ = storage::set(ARRANGING, &format!("{round} {}", list.join(" ")));
}

/// The arrangement saved for `round`, if any (its squares; the caller checks the layout).
pub fn load_arrangement(round: u32) -> Option<Vec<u8>> {
    let text = storage::get(ARRANGING)?;
    let mut parts = text.split(' ');
    if parts.next()?.parse::<u32>().ok()? != round {
        return None;
    }
    parts
        .map(|p| p.parse::<u8>().ok().filter(|s| *s < 64))
        .collect()
}

/// Remember a set-up being arranged, as the game's own text, so a reload keeps it.
pub fn save_draft(text: &str) {
    let _ = storage::set(DRAFT, text);
}

/// The set-up being arranged, as saved by [`save_draft`] (the game reads its own text).
/// The app before this one kept it under the arrangement's key: read there too, unless
/// what is there is an arrangement (a round and squares).
pub fn load_draft() -> Option<String> {
    storage::get(DRAFT).or_else(|| {
        storage::get(ARRANGING).filter(|text| {
            !text
                .split(' ')
                .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        })
    })
}

/// Forget the set-up being arranged (by hand, or as a game's own text).
pub fn clear_arrangement() {
    storage::remove(ARRANGING);
    storage::remove(DRAFT);
}

/// The seats of the game on screen the computer plays, and how well (`None`: a person).
/// A word this app does not know is a person's seat: nobody's turn is played for them.
pub fn computers() -> Vec<Option<Level>> {
    storage::get(COMPUTERS)
        .unwrap_or_default()
        .split_whitespace()
        .map(Level::from_name)
        .collect()
}

/// Whether the computer plays `seat` of the game on screen.
pub fn is_computer(computers: &[Option<Level>], seat: u8) -> bool {
    computers
        .get(usize::from(seat))
        .is_some_and(Option::is_some)
}

/// Who plays each seat, one word a seat ("person normal easy"): the save and the file.
fn in_words(computers: &[Option<Level>]) -> String {
    let words: Vec<&str> = computers
        .iter()
        .map(|c| c.map_or("person", Level::name))
        .collect();
    words.join(" ")
}

/// Save which seats the computer plays (nothing kept when everyone is a person).
pub(super) fn save_computers(computers: &[Option<Level>]) -> Result<(), crate::storage::Refused> {
    if computers.iter().all(Option::is_none) {
        storage::remove(COMPUTERS);
        return Ok(());
    }
    storage::set(COMPUTERS, &in_words(computers))
}

/// The line a game file ends with when the computer plays some of its seats (see
/// [`game_file`]): "computers person normal easy", one word per seat.
const FILE_COMPUTERS: &str = "computers ";

/// A game as a file: its record text, and the seats the computer plays (a line of its own
/// after the record, when it plays any), so the file plays on with the same players.
pub fn game_file(record: String, computers: &[Option<Level>]) -> String {
    if computers.iter().all(Option::is_none) {
        return record;
    }
    format!("{record}\n{FILE_COMPUTERS}{}\n", in_words(computers))
}

/// A game file read back (see [`game_file`]): its record text and the seats the computer
/// plays, or what is wrong with its computers' line.
pub fn read_game_file(text: &str) -> Result<(&str, Vec<Option<Level>>), String> {
    let text = text.trim();
    let Some((record, line)) = text
        .rsplit_once('\n')
        .filter(|(_, line)| line.starts_with(FILE_COMPUTERS))
    else {
        return Ok((text, Vec::new()));
    };
    let damaged = || {
        tr!(
            "This game file is damaged (its line of computer players cannot be read): nothing was imported.",
            "Este archivo de partida está dañado (no se puede leer su línea de jugadores del ordenador): no se importó nada."
        )
        .get()
            .to_string()
    };
    let computers = line[FILE_COMPUTERS.len()..]
        .split_whitespace()
        .map(|word| match word {
            "person" => Ok(None),
            other => Level::from_name(other).map(Some).ok_or_else(damaged),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((record.trim(), computers))
}

pub fn clear_game() {
    clear_arrangement();
    for key in [GAME_NOTE, GAME_LOG, GAME_IN_USE, COMPUTERS, GAME] {
        storage::remove(key);
    }
}

/// The marks of the game on screen (see [`GAME_IN_USE`]).
pub fn in_use() -> Vec<(u8, String)> {
    storage::get(GAME_IN_USE)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let (seat, name) = line.split_once('\t')?;
            Some((seat.parse().ok()?, name.to_string()))
        })
        .collect()
}

/// Mark `names` as used by `seat` in the game on screen.
pub fn mark_in_use(seat: u8, names: &[String]) -> Result<(), crate::storage::Refused> {
    let mut marks = in_use();
    for name in names {
        if !marks.iter().any(|(s, n)| *s == seat && n == name) {
            marks.push((seat, name.clone()));
        }
    }
    let text: Vec<String> = marks.iter().map(|(s, n)| format!("{s}\t{n}")).collect();
    storage::set(GAME_IN_USE, &text.join("\n"))
}

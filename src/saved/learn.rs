//! How far this device got in each game's guided first game ("Learn to play"): not begun,
//! stopped after some of its actions (resumed there), or finished. One key for every game,
//! a line per game: `<slug> <actions played> <the person's step>` or `<slug> finished`.
//!
//! A setting, not a game: a guided game is its fixed script, so the progress is all there
//! is to keep; a device that cannot keep it starts the lesson again, a damaged line reads
//! as not begun, and another tab writing it does not put this tab out of date.

use intrigue_core::GameKind;

use crate::storage;

use super::keys::LESSONS;

/// Where a guided game stands on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Never begun (or begun again from its start).
    New,
    /// Left after `at` of its actions, in the person's step `step` (1-based): it opens
    /// there again.
    At { at: usize, step: usize },
    /// Played to its end.
    Finished,
}

/// The progress of the game `slug` in the saved text `text` (a damaged line: not begun).
pub fn read_progress(text: &str, slug: &str) -> Progress {
    text.lines()
        .filter_map(|line| line.trim().split_once(' '))
        .find(|(game, _)| *game == slug)
        .map_or(Progress::New, |(_, said)| {
            if said.trim() == "finished" {
                return Progress::Finished;
            }
            let mut numbers = said.split_whitespace().map(str::parse::<usize>);
            match (numbers.next(), numbers.next()) {
                (Some(Ok(at)), Some(Ok(step))) if at > 0 && step > 0 => Progress::At { at, step },
                _ => Progress::New,
            }
        })
}

/// `text` with the progress of `slug` set to `progress` (the other games' lines kept as
/// they were, a damaged one dropped).
pub fn write_progress(text: &str, slug: &str, progress: Progress) -> String {
    let mut lines: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let (game, _) = line.trim().split_once(' ')?;
            (game != slug && !game.is_empty()).then(|| line.trim().to_string())
        })
        .collect();
    match progress {
        Progress::New => {}
        Progress::At { at, step } => lines.push(format!("{slug} {at} {step}")),
        Progress::Finished => lines.push(format!("{slug} finished")),
    }
    lines.join("\n")
}

/// How far this device got in `kind`'s guided game.
pub fn lesson_progress(kind: GameKind) -> Progress {
    read_progress(&storage::get(LESSONS).unwrap_or_default(), kind.slug())
}

/// Remember how far this device got in `kind`'s guided game (a finished one stays
/// finished when it is played again, unless it is begun again from its start).
pub fn remember_lesson(kind: GameKind, progress: Progress) {
    let text = storage::get(LESSONS).unwrap_or_default();
    let before = read_progress(&text, kind.slug());
    let kept = match (before, progress) {
        (Progress::Finished, Progress::At { .. }) => return,
        _ => progress,
    };
    storage::set_setting(LESSONS, &write_progress(&text, kind.slug(), kept));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each game's line reads back; a missing, damaged or zero line is not begun; another
    /// game's line is kept when one is written.
    #[test]
    fn progress_reads_back_and_a_damaged_line_is_not_begun() {
        let at = |at, step| Progress::At { at, step };
        let text = write_progress("", "usurp", at(7, 3));
        let text = write_progress(&text, "carousel-chess", Progress::Finished);
        assert_eq!(read_progress(&text, "usurp"), at(7, 3));
        assert_eq!(read_progress(&text, "carousel-chess"), Progress::Finished);
        assert_eq!(read_progress(&text, "espionage"), Progress::New);
        let text = write_progress(&text, "usurp", at(9, 4));
        assert_eq!(read_progress(&text, "usurp"), at(9, 4));
        assert_eq!(read_progress(&text, "carousel-chess"), Progress::Finished);
        let text = write_progress(&text, "usurp", Progress::New);
        assert_eq!(read_progress(&text, "usurp"), Progress::New);
        for damaged in [
            "usurp",
            "usurp -3 1",
            "usurp seven 2",
            "usurp 0 1",
            "usurp 4 0",
            "usurp 4",
            "\u{0}usurp 4 2",
        ] {
            assert_eq!(
                read_progress(damaged, "usurp"),
                Progress::New,
                "{damaged:?}"
            );
        }
        assert_eq!(read_progress("junk\nusurp 3 2\n", "usurp"), at(3, 2));
    }
}

//! The computer's levels this device remembers: the level "Play alone" deals against
//! (chosen on the home screen) and who played each seat in the New Deal form the last
//! time (a person, or the computer at a level), so the next deal starts from there.
//!
//! Both are settings, not games: a device that cannot keep them plays Normal and starts
//! the form with people, and a damaged value reads as that default, never an error.

use intrigue_core::bots::Level;

use crate::storage;

use super::keys::{ALONE_LEVEL, SEAT_PLAYERS};

/// The level a saved text names; Normal for none or for anything else.
pub fn read_level(text: Option<&str>) -> Level {
    text.map(str::trim)
        .and_then(Level::from_name)
        .unwrap_or(Level::Normal)
}

/// Who plays each seat, from a saved text (`person,hard,normal…`): `seats` entries, a
/// person for anything missing or unreadable.
pub fn read_players(text: Option<&str>, seats: usize) -> Vec<Option<Level>> {
    let mut players: Vec<Option<Level>> = text
        .unwrap_or_default()
        .split(',')
        .take(seats)
        .map(|word| Level::from_name(word.trim()))
        .collect();
    players.resize(seats, None);
    players
}

/// The text [`read_players`] reads.
pub fn write_players(players: &[Option<Level>]) -> String {
    players
        .iter()
        .map(|p| p.map_or("person", Level::name))
        .collect::<Vec<_>>()
        .join(",")
}

/// The level "Play alone" deals against on this device.
pub fn alone_level() -> Level {
    read_level(storage::get(ALONE_LEVEL).as_deref())
}

pub fn remember_alone_level(level: Level) {
    storage::set_setting(ALONE_LEVEL, level.name());
}

/// Who played each of `seats` seats in the New Deal form the last time.
pub fn seat_players(seats: usize) -> Vec<Option<Level>> {
    read_players(storage::get(SEAT_PLAYERS).as_deref(), seats)
}

pub fn remember_seat_players(players: &[Option<Level>]) {
    storage::set_setting(SEAT_PLAYERS, &write_players(players));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level reads back as written; nothing, or a damaged value, reads as Normal.
    #[test]
    fn a_level_reads_back_and_damage_reads_as_normal() {
        for level in Level::ALL {
            assert_eq!(read_level(Some(level.name())), level);
        }
        assert_eq!(read_level(None), Level::Normal);
        assert_eq!(read_level(Some("grandmaster")), Level::Normal);
        assert_eq!(read_level(Some("")), Level::Normal);
    }

    /// The seats read back as written, padded with people or cut to the seats asked;
    /// an unreadable entry is a person.
    #[test]
    fn the_seats_read_back_and_damage_reads_as_people() {
        let players = [
            None,
            Some(Level::Hard),
            Some(Level::Easy),
            Some(Level::Normal),
        ];
        let text = write_players(&players);
        assert_eq!(text, "person,hard,easy,normal");
        assert_eq!(read_players(Some(&text), 4), players);
        assert_eq!(read_players(Some(&text), 2), players[..2]);
        assert_eq!(read_players(Some(&text), 6)[4..], [None, None]);
        assert_eq!(
            read_players(Some("hard,??,\u{0}"), 3),
            [Some(Level::Hard), None, None]
        );
        assert_eq!(read_players(None, 2), [None, None]);
    }
}

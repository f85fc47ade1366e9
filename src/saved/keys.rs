//! The storage keys the app's parts outside `saved/` read and write themselves (settings,
//! a host's phones, a tab's links, the tests' knobs), kept here with the rest: every key
//! this app writes is in `saved/`, and `cargo xtask tidy` fails on one written elsewhere.

/// Which cues this device wants: words in one key, `sound` and/or `vibrate` (`cues`).
pub const CUES: &str = "intrigue.cues";

/// The level "Play alone" deals the computer at on this device: `easy`, `normal` or
/// `hard` (`saved::levels`).
pub const ALONE_LEVEL: &str = "intrigue.alone-level";

/// Who played each seat in the New Deal form the last time: `person` or a level, a comma
/// between seats (`saved::levels`).
pub const SEAT_PLAYERS: &str = "intrigue.seat-players";

/// The language this device chose (`language`; `public/first.js` reads it before the
/// first paint).
pub const LANG: &str = "intrigue.lang";

/// Where the host remembers which seats of its game are played on phones, so a reload
/// keeps this device one player's (and says whose phones must be invited again):
/// `<game> <seat>,<seat>…`, the game known by a checksum of its record's head (the game,
/// its deal and its players: what its actions never change). See `games::host`.
pub const PHONES: &str = "intrigue.phones";

/// Where the browser tests shorten how long a phone's answer has to become a link
/// (milliseconds; `games::host`); players never set it.
pub const TEST_LINK_WITHIN: &str = "intrigue.test.link-ms";

/// Where the browser tests shorten the computer's pace (milliseconds, to play whole games
/// in seconds; `games::computer`); players never set it.
pub const TEST_PACE: &str = "intrigue.test.pace-ms";

/// Espionage's saved set-ups: one per line, `<width>\t<name>\t<placement text>`.
pub const ESPIONAGE_SET_UPS: &str = "intrigue.espionage.set-ups";

/// Where this tab notes the invitations it linked with (their marks, one a line): in the
/// tab's session storage, which a reload keeps and another tab does not see (a key in the
/// device's storage would mark the other tabs out of date). See `games::phone`.
pub const LINKED_HERE: &str = "intrigue-linked-invitations";

/// How far this device got in each game's guided first game: a line per game,
/// `<slug> <actions played>` or `<slug> finished` (`saved::learn`). A setting: another
/// tab writing it does not put this tab out of date.
pub const LESSONS: &str = "intrigue.lessons";

/// Where this device keeps its side of an Espionage game the two phones referee (issue 42;
/// `games::espionage::fair_play`): its own army and salts, its share of the deal, and
/// everything both phones said, as checked bytes in hexadecimal. The host's side and a
/// guest's side apart, so one device can test both in two tabs.
pub const FAIR_HOST: &str = "intrigue.fair.espionage.host";
pub const FAIR_GUEST: &str = "intrigue.fair.espionage.guest";

/// Where a device keeps its part of a Usurp table with every seat on a phone (issue 42;
/// `games::usurp::fair_play`): the table's terms and everything said; a phone's seat,
/// its chain's seed (its one secret) and everything said, as checked bytes in
/// hexadecimal.
pub const FAIR_USURP_TABLE: &str = "intrigue.fair.usurp.table";
pub const FAIR_USURP_PHONE: &str = "intrigue.fair.usurp.phone";

/// Where a device keeps its half of a deckbuilder game the two phones referee (issue 42;
/// `games::deckbuilder::fair_play`): its deck's secret (its chain, its salts and its
/// shuffles' order come from it) and everything both phones said, as checked bytes in
/// hexadecimal; the host's and a guest's apart.
pub const FAIR_DECK_HOST: &str = "intrigue.fair.deckbuilder.host";
pub const FAIR_DECK_GUEST: &str = "intrigue.fair.deckbuilder.guest";

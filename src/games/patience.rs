//! How long a game the phones referee has waited for the other phone (issue 42). Some of a
//! phone's words are not a player's choice but the protocol's — a piece opened for a fight
//! or a spy, an army shown at the end — and its app says them at once; a phone that stops
//! saying them (turned off, out of range for good, or modified to stall a fight it would
//! lose) would hold the game forever. After [`PATIENCE_MS`] of such silence the player
//! waiting may end the game: the silent phone is named as not answering, and nothing is
//! opened on its behalf. A player thinking over a move is never timed.
//!
//! Plain values and a pure transition ([`Patience::seen`]); the screen feeds it the clock.

/// How long the other phone may owe an answer before its player may be named.
pub const PATIENCE_MS: u64 = 60_000;

/// When the waiting is said on the screen (a moment's wait is normal on a slow link).
pub const SAY_WAITING_MS: u64 = 5_000;

/// What the game waits for from the other phone, and since when.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Patience {
    /// The seat owing an answer, how much had been said when it began to owe it, and when.
    waiting: Option<(u8, usize, u64)>,
}

impl Patience {
    /// The game as it stands at `now` (milliseconds): `owes`, the seat whose answer it waits
    /// for; `me`, this phone's seat; `said`, how many values have been said. Waiting for
    /// this phone's own answer is not timed (its app says it at once), and anything said
    /// starts the count again.
    pub fn seen(self, owes: Option<u8>, me: u8, said: usize, now: u64) -> Patience {
        match owes.filter(|&seat| seat != me) {
            None => Patience::default(),
            Some(seat) => match self.waiting {
                Some((s, n, _)) if s == seat && n == said => self,
                _ => Patience {
                    waiting: Some((seat, said, now)),
                },
            },
        }
    }

    /// The seat the game waits for and how long it has waited, at `now`.
    pub fn waited(self, now: u64) -> Option<(u8, u64)> {
        let (seat, _, since) = self.waiting?;
        Some((seat, now.saturating_sub(since)))
    }

    /// The seat that may be named as not answering, at `now`.
    pub fn overdue(self, now: u64) -> Option<u8> {
        self.waited(now)
            .filter(|&(_, waited)| waited >= PATIENCE_MS)
            .map(|(seat, _)| seat)
    }
}

/// "1 min 5 s", "45 s": how long, in whole seconds.
pub fn how_long(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds >= 60 {
        format!("{} min {} s", seconds / 60, seconds % 60)
    } else {
        format!("{seconds} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_other_phones_silence_is_timed_and_anything_said_starts_it_again() {
        let me = 0;
        let p = Patience::default().seen(Some(1), me, 10, 1_000);
        assert_eq!(p.waited(1_000), Some((1, 0)));
        assert_eq!(p.overdue(1_000 + PATIENCE_MS - 1), None);
        assert_eq!(p.overdue(1_000 + PATIENCE_MS), Some(1));
        // Seen again with nothing new: the count goes on from when it began.
        let again = p.seen(Some(1), me, 10, 30_000);
        assert_eq!(again.overdue(1_000 + PATIENCE_MS), Some(1));
        // Something said (a fight's first piece opened, another still owed): from zero.
        let fresh = p.seen(Some(1), me, 11, 30_000);
        assert_eq!(fresh.overdue(1_000 + PATIENCE_MS), None);
        assert_eq!(fresh.waited(31_000), Some((1, 1_000)));
        // This phone's own answer is not timed, nor is a game that waits for nobody.
        assert_eq!(p.seen(Some(0), me, 11, 30_000), Patience::default());
        assert_eq!(p.seen(None, me, 11, 30_000).overdue(u64::MAX), None);
        // A clock that went back counts no time, never a panic.
        assert_eq!(p.waited(0), Some((1, 0)));
    }

    #[test]
    fn how_long_is_said_in_minutes_and_seconds() {
        assert_eq!(how_long(999), "0 s");
        assert_eq!(how_long(45_400), "45 s");
        assert_eq!(how_long(65_000), "1 min 5 s");
    }
}

//! The table id: the public name of a dealt table, which every code carries.

use crate::fingerprint::{Fingerprint, WORDS};
use crate::secret_game::SecretGame;
use crate::seed::{Rng, Seed};

/// A table's public name: the first 8 bytes of SHA-256 over the game, the player count,
/// the deal options and the seed. Every code of the table carries it, so a phone can tell
/// its own table's codes from another's; it commits to the seed (a reveal code is checked
/// against it) without giving it away: finding a seed that fits means trying 2⁶⁴ seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableId(pub [u8; 8]);

impl TableId {
    /// Frozen: SHA-256 of `"intrigue/table-id/2"`, the game byte, the player count, the
    /// option bits and the seed (8 bytes, big-endian); the first 8 bytes of the digest.
    pub fn of(game: SecretGame, players: u8, seed: Seed) -> TableId {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        hash.update(b"intrigue/table-id/2");
        // The game byte of the codes (the registry's id) and the deal's option bits.
        hash.update([game.kind().id(), players, game.code_bits()]);
        hash.update(seed.0.to_be_bytes());
        let digest = hash.finalize();
        TableId(
            digest[..8]
                .try_into()
                .expect("a SHA-256 digest has 32 bytes"),
        )
    }

    fn stream(self, label: &str) -> Rng {
        Seed(u64::from_be_bytes(self.0)).stream(label, 0)
    }

    /// Three words every screen of this table shows, so players see they joined the same game.
    pub fn fingerprint(self) -> Fingerprint {
        Fingerprint::draw(&mut self.stream("fingerprint"))
    }

    /// The check word of a round: the table shows it with the round, and a phone shows it
    /// with the round it displays, so a player who forgot to step their phone sees at once
    /// that the words differ. Frozen: from the table id's stream `"round-word"`, 0, a start
    /// word and an odd step through the 256 words, so rounds 1 to 256 all have different
    /// words (in particular two rounds in a row never share one).
    pub fn round_word(self, round: u32) -> &'static str {
        let bits = self.stream("round-word").next_u64();
        let start = bits & 0xFF;
        let step = ((bits >> 8) & 0x7F) * 2 + 1;
        WORDS[((start + u64::from(round) * step) & 0xFF) as usize]
    }

    /// Sixteen hexadecimal digits, for the command-line tools.
    pub fn to_hex(self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

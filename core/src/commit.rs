//! Commitments: a value bound now and opened later, so that a phone can hold a secret of its
//! own, show the other phones that it cannot change it, and open it when the rules say
//! (issue 42: fair play on phones). The construction is the textbook hash commitment:
//! SHA-256 over a domain label, the game's context, the value and a fresh 128-bit salt, each
//! part prefixed by its length so that no two inputs share an encoding. It hides the value
//! (the salt is drawn by the committing phone from the browser's cryptographic generator and
//! never reused) and binds it (opening it to another value means finding a SHA-256
//! collision).
//!
//! Randomness made by several phones together, which none of them can choose or foresee, is
//! a [`Chain`] per phone: a hash chain whose last link the phone publishes at the start; each
//! draw opens the link before (checked by hashing it, [`follows`]), and the draw's
//! randomness is the hash of every phone's link for it ([`joint`]). A phone knows its own
//! links, never another's before it is opened, and cannot change one once its head is out.
//! (The last phone to open sees the others' links first: it can refuse to open, which the
//! app's clock names, but never change what the draw is.)
//!
//! It imports nothing of the core.

use sha2::{Digest, Sha256};

/// A commitment's fresh randomness: 16 bytes from a cryptographic generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Salt(pub [u8; 16]);

/// A commitment: 32 bytes of SHA-256.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

/// What a commitment is made over, besides the value and its salt: the kind of thing it binds
/// (a domain label, so that a commitment made for one purpose never opens for another) and
/// the game it belongs to (so that a commitment from another game never opens in this one).
#[derive(Clone, Copy, Debug)]
pub struct Domain<'a> {
    pub label: &'static str,
    pub context: &'a [u8],
}

/// SHA-256 over each part, each prefixed with its length (8 bytes, little-endian).
pub fn digest(parts: &[&[u8]]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hash.finalize().into()
}

impl Domain<'_> {
    /// The commitment to `value` with `salt`.
    pub fn commit(&self, value: &[u8], salt: &Salt) -> Commitment {
        Commitment(digest(&[
            b"intrigue commitment v1",
            self.label.as_bytes(),
            self.context,
            value,
            &salt.0,
        ]))
    }

    /// Whether `value` and `salt` open `commitment`.
    pub fn opens(&self, commitment: &Commitment, value: &[u8], salt: &Salt) -> bool {
        self.commit(value, salt) == *commitment
    }
}

/// The hash a chain steps with, domain-separated from every other use of SHA-256 here.
fn chain_step(link: &[u8; 32]) -> [u8; 32] {
    digest(&[b"intrigue chain v1", link])
}

/// One phone's share of the randomness of a game's draws: a secret seed (32 bytes from a
/// cryptographic generator) hashed `length` times. Link `i` (the one draw `i` opens) is the
/// seed hashed `length - 1 - i` times; the head, published at the start, `length` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Every link, the head last: `links[k]` is the seed hashed `k` times.
    links: Vec<[u8; 32]>,
}

impl Chain {
    /// A chain of `length` links from `seed`.
    pub fn new(seed: [u8; 32], length: u32) -> Chain {
        let mut links = Vec::with_capacity(length as usize + 1);
        links.push(seed);
        for _ in 0..length {
            let next = chain_step(links.last().expect("the seed"));
            links.push(next);
        }
        Chain { links }
    }

    /// What the phone publishes at the start.
    pub fn head(&self) -> [u8; 32] {
        *self.links.last().expect("the seed")
    }

    /// How many draws it serves.
    pub fn length(&self) -> u32 {
        (self.links.len() - 1) as u32
    }

    /// The link draw `draw` opens (`None` past the chain's end).
    pub fn link(&self, draw: u32) -> Option<[u8; 32]> {
        let back = usize::try_from(draw).ok()?.checked_add(1)?;
        let k = self.links.len().checked_sub(1)?.checked_sub(back)?;
        self.links.get(k).copied()
    }
}

/// Whether `link` is the link after `previous` (the head, for the first draw).
pub fn follows(link: &[u8; 32], previous: &[u8; 32]) -> bool {
    chain_step(link) == *previous
}

/// The randomness of draw `draw` of the game `domain` names, from every phone's link for it
/// in seat order: 32 bytes no phone chose alone.
pub fn joint(domain: &Domain<'_>, draw: u32, links: &[[u8; 32]]) -> [u8; 32] {
    let all: Vec<u8> = links.iter().flatten().copied().collect();
    digest(&[
        b"intrigue joint draw v1",
        domain.label.as_bytes(),
        domain.context,
        &draw.to_le_bytes(),
        &all,
    ])
}

/// A number below `n` from 32 random bytes, without the bias of a bare remainder: the first
/// 8-byte word below the largest multiple of `n`, else the next (four words; a miss on all
/// four has odds under 2^-200 for the counts a game draws from, and falls back to the last
/// word's remainder).
pub fn below(random: &[u8; 32], n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let zone = u64::MAX - (u64::MAX % n);
    let words = random
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
    let mut last = 0;
    for word in words {
        last = word;
        if word < zone {
            return word % n;
        }
    }
    last % n
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: Domain = Domain {
        label: "a piece",
        context: b"game 1",
    };

    #[test]
    fn a_commitment_opens_to_its_value_and_salt_only() {
        let salt = Salt([7; 16]);
        let c = GAME.commit(b"mine", &salt);
        assert!(GAME.opens(&c, b"mine", &salt));
        assert!(!GAME.opens(&c, b"spy", &salt));
        assert!(!GAME.opens(&c, b"mine", &Salt([8; 16])));
        let other_game = Domain {
            label: "a piece",
            context: b"game 2",
        };
        assert!(!other_game.opens(&c, b"mine", &salt));
        let other_use = Domain {
            label: "a card",
            context: b"game 1",
        };
        assert!(!other_use.opens(&c, b"mine", &salt));
    }

    #[test]
    fn parts_are_told_apart_by_their_lengths() {
        assert_ne!(digest(&[b"ab", b"c"]), digest(&[b"a", b"bc"]));
        assert_ne!(digest(&[b"abc"]), digest(&[b"abc", b""]));
    }

    #[test]
    fn a_chain_opens_link_by_link_from_its_head_and_no_link_is_forged() {
        let chain = Chain::new([9; 32], 5);
        assert_eq!(chain.length(), 5);
        let mut previous = chain.head();
        for draw in 0..5 {
            let link = chain.link(draw).unwrap();
            assert!(follows(&link, &previous), "draw {draw}");
            assert!(!follows(&[draw as u8; 32], &previous), "a made-up link");
            previous = link;
        }
        assert_eq!(previous, [9; 32], "the last link is the seed");
        assert_eq!(chain.link(5), None);
        assert_eq!(chain.link(u32::MAX), None);
        // Another seed, another chain: nothing in common.
        assert_ne!(Chain::new([8; 32], 5).head(), chain.head());
    }

    #[test]
    fn a_joint_draw_depends_on_every_phone() {
        let links = [[1; 32], [2; 32], [3; 32]];
        let draw = joint(&GAME, 0, &links);
        for phone in 0..3 {
            let mut changed = links;
            changed[phone][0] ^= 1;
            assert_ne!(joint(&GAME, 0, &changed), draw, "phone {phone}");
        }
        assert_ne!(joint(&GAME, 1, &links), draw, "another draw");
        // Over many draws every card of a deck of 7 comes up, about equally.
        let mut seen = [0u32; 7];
        for d in 0..7000 {
            seen[below(&joint(&GAME, d, &links), 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(below(&draw, 1), 0);
        assert_eq!(below(&draw, 0), 0);
    }

    #[test]
    fn the_construction_is_pinned() {
        // SHA-256 of nothing: the primitive is the standard one.
        let empty: [u8; 32] = Sha256::digest(b"").into();
        assert_eq!(empty[..4], [0xe3, 0xb0, 0xc4, 0x42], "SHA-256 is SHA-256");
        let c = GAME.commit(b"mine", &Salt([0; 16]));
        assert_eq!(c, GAME.commit(b"mine", &Salt([0; 16])), "deterministic");
    }
}

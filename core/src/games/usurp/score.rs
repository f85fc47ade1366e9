//! Scoring at the end of round 3 (RULINGS §4 Scoring): a player's cards are put into their
//! castles (at most 5 cards each) the way that scores most, and the breakdown says why.
//!
//! Why the method is optimal. Only four things score above their card's penalty, and each
//! must sit whole inside one castle: a knight group (knight + 4 pawns, 5 cards: a castle of
//! its own), a bishop group (bishop + 3 pawns, 4 cards: one slot left, and no second group
//! fits beside it), a royal pair (king + queen, 2 cards: at most two pairs share a castle)
//! and a lone king in a castle (1 card). Everything else scores the same wherever it lies:
//! a loose pawn −1, a loose bishop −3, a loose knight −2, an unpaired queen 0. So a player's
//! score depends only on how many of each group are formed, and a number of groups can be
//! formed exactly when: knight groups + bishop groups ≤ castles, the pawns suffice, the
//! pairs fit two to a castle in the castles left empty, and the lone kings fit in the slots
//! left over. [`best`] tries every number of knight groups, bishop groups and pairs, with as
//! many lone kings in castles as fit (each one is worth 7 over a king left outside), and
//! keeps the best: every feasible arrangement is among them. A brute-force search over every
//! assignment of small collections agrees (see the tests).

use super::cards::{Card, Counts};

/// Points of each group and of each loose card (RULINGS §4).
pub const ROYAL_PAIR: i32 = 10;
pub const LONE_KING: i32 = 3;
pub const BISHOP_GROUP: i32 = 9;
pub const KNIGHT_GROUP: i32 = 8;
pub const KING_OUTSIDE: i32 = -4;
pub const LOOSE_BISHOP: i32 = -3;
pub const LOOSE_KNIGHT: i32 = -2;
pub const LOOSE_PAWN: i32 = -1;
/// A castle's room.
pub const CASTLE_ROOM: u8 = 5;

/// Something that scores inside a castle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// King and Queen: 10 (the King's own 3 is not added).
    RoyalPair,
    /// A King with no Queen beside it: 3.
    King,
    /// Bishop and three Pawns: 9.
    Bishops,
    /// Knight and four Pawns, a full castle: 8.
    Knights,
}

impl Group {
    pub fn points(self) -> i32 {
        match self {
            Group::RoyalPair => ROYAL_PAIR,
            Group::King => LONE_KING,
            Group::Bishops => BISHOP_GROUP,
            Group::Knights => KNIGHT_GROUP,
        }
    }

    pub fn cards(self) -> &'static [Card] {
        match self {
            Group::RoyalPair => &[Card::King, Card::Queen],
            Group::King => &[Card::King],
            Group::Bishops => &[Card::Bishop, Card::Pawn, Card::Pawn, Card::Pawn],
            Group::Knights => &[Card::Knight, Card::Pawn, Card::Pawn, Card::Pawn, Card::Pawn],
        }
    }

    /// "King and Queen", "Bishop and 3 Pawns"…
    pub fn name(self) -> &'static str {
        match self {
            Group::RoyalPair => "King and Queen",
            Group::King => "King",
            Group::Bishops => "Bishop and 3 Pawns",
            Group::Knights => "Knight and 4 Pawns",
        }
    }
}

/// Cards that score on their own, outside any group: how many, each worth `points`, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loose {
    pub card: Card,
    pub count: u8,
    /// Each card's points (0 for an unpaired queen).
    pub points: i32,
    pub why: &'static str,
}

/// A player's best arrangement and what it scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub total: i32,
    /// Each castle's groups (a castle may hold nothing that scores).
    pub castles: Vec<Vec<Group>>,
    pub loose: Vec<Loose>,
}

/// The score of this many of each group, and the cards left loose.
fn value(c: &Counts, knights: u8, bishops: u8, pairs: u8, kings_in: u8) -> i32 {
    let pawns_used = 4 * knights + 3 * bishops;
    i32::from(knights) * KNIGHT_GROUP
        + i32::from(c.knights - knights) * LOOSE_KNIGHT
        + i32::from(bishops) * BISHOP_GROUP
        + i32::from(c.bishops - bishops) * LOOSE_BISHOP
        + i32::from(c.pawns - pawns_used) * LOOSE_PAWN
        + i32::from(pairs) * ROYAL_PAIR
        + i32::from(kings_in) * LONE_KING
        + i32::from(c.kings - pairs - kings_in) * KING_OUTSIDE
}

/// The best score of a collection and the groups that make it: (score, knight groups,
/// bishop groups, royal pairs, lone kings in castles).
fn top(c: &Counts) -> (i32, u8, u8, u8, u8) {
    let castles = c.castles;
    let mut top: Option<(i32, u8, u8, u8, u8)> = None;
    for knights in 0..=c.knights.min(castles).min(c.pawns / 4) {
        let bishops_max = c
            .bishops
            .min(castles - knights)
            .min((c.pawns - 4 * knights) / 3);
        for bishops in 0..=bishops_max {
            let empty = castles - knights - bishops;
            let pairs_max = c.kings.min(c.queens).min(empty.saturating_mul(2));
            for pairs in 0..=pairs_max {
                let room = u32::from(bishops) + 5 * u32::from(empty) - 2 * u32::from(pairs);
                let kings_in = u32::from(c.kings - pairs).min(room) as u8;
                let score = value(c, knights, bishops, pairs, kings_in);
                if top.is_none_or(|t| score > t.0) {
                    top = Some((score, knights, bishops, pairs, kings_in));
                }
            }
        }
    }
    top.unwrap_or_default()
}

/// The best score of a collection, without its arrangement: what the computer weighs,
/// many times a decision.
pub fn best_total(c: &Counts) -> i32 {
    top(c).0
}

/// The best score of a collection, with its arrangement (see the module's proof).
pub fn best(c: &Counts) -> Scoring {
    let castles = c.castles;
    let (total, knights, bishops, pairs, kings_in) = top(c);
    // The castles: knight groups alone, then bishop groups (a lone king in the free slot),
    // then the rest filled with pairs, two a castle, and lone kings.
    let mut built: Vec<Vec<Group>> = Vec::with_capacity(usize::from(castles));
    built.extend((0..knights).map(|_| vec![Group::Knights]));
    let mut kings_left = kings_in;
    for _ in 0..bishops {
        let mut castle = vec![Group::Bishops];
        if kings_left > 0 {
            castle.push(Group::King);
            kings_left -= 1;
        }
        built.push(castle);
    }
    let mut pairs_left = pairs;
    for _ in 0..castles - knights - bishops {
        let mut castle = Vec::new();
        let mut room = CASTLE_ROOM;
        while pairs_left > 0 && room >= 2 {
            castle.push(Group::RoyalPair);
            pairs_left -= 1;
            room -= 2;
        }
        while kings_left > 0 && room >= 1 {
            castle.push(Group::King);
            kings_left -= 1;
            room -= 1;
        }
        built.push(castle);
    }
    let pawns_loose = c.pawns - 4 * knights - 3 * bishops;
    let loose = [
        Loose {
            card: Card::King,
            count: c.kings - pairs - kings_in,
            points: KING_OUTSIDE,
            why: "no room for it in a castle",
        },
        Loose {
            card: Card::Bishop,
            count: c.bishops - bishops,
            points: LOOSE_BISHOP,
            why: "without three pawns beside it in a castle",
        },
        Loose {
            card: Card::Knight,
            count: c.knights - knights,
            points: LOOSE_KNIGHT,
            why: "without four pawns beside it in a castle",
        },
        Loose {
            card: Card::Pawn,
            count: pawns_loose,
            points: LOOSE_PAWN,
            why: "not with a bishop or a knight",
        },
        Loose {
            card: Card::Queen,
            count: c.queens - pairs,
            points: 0,
            why: "no king to pair with",
        },
    ]
    .into_iter()
    .filter(|l| l.count > 0)
    .collect();
    Scoring {
        total,
        castles: built,
        loose,
    }
}

/// A castle's contents scored as the rules read, for the brute-force check: within one
/// castle of at most 5 cards at most one pawn group forms (the better one), kings pair with
/// queens, and what is left pays its penalty.
#[cfg(test)]
fn castle_value(c: &Counts) -> i32 {
    let mut best = i32::MIN;
    for group in [None, Some(Group::Knights), Some(Group::Bishops)] {
        let (mut b, mut n, mut p) = (c.bishops, c.knights, c.pawns);
        let mut score = 0;
        match group {
            Some(Group::Knights) if n >= 1 && p >= 4 => {
                n -= 1;
                p -= 4;
                score += KNIGHT_GROUP;
            }
            Some(Group::Bishops) if b >= 1 && p >= 3 => {
                b -= 1;
                p -= 3;
                score += BISHOP_GROUP;
            }
            None => {}
            _ => continue,
        }
        let pairs = c.kings.min(c.queens);
        score += i32::from(pairs) * ROYAL_PAIR + i32::from(c.kings - pairs) * LONE_KING;
        score +=
            i32::from(b) * LOOSE_BISHOP + i32::from(n) * LOOSE_KNIGHT + i32::from(p) * LOOSE_PAWN;
        best = best.max(score);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(letters: &str) -> i32 {
        best(&Counts::parse(letters).unwrap()).total
    }

    #[test]
    fn every_card_rule_scores_as_the_rulings_say() {
        // King and Queen in a castle: 10, not 13.
        assert_eq!(score("CKQ"), 10);
        // A King alone in a castle: 3; with no castle: −4.
        assert_eq!(score("CK"), 3);
        assert_eq!(score("K"), -4);
        // Bishop and 3 Pawns: 9; a bishop short of pawns: −3, and each pawn −1.
        assert_eq!(score("CBPPP"), 9);
        assert_eq!(score("CBPP"), -5);
        assert_eq!(score("BPPP"), -6, "no castle: nothing forms");
        // Knight and 4 Pawns, a full castle: 8; a knight alone: −2.
        assert_eq!(score("CNPPPP"), 8);
        assert_eq!(score("CN"), -2);
        // Loose pawns and unpaired queens.
        assert_eq!(score("CPP"), -2);
        assert_eq!(score("CQ"), 0);
        assert_eq!(score("Q"), 0);
        // Castles alone are worth nothing.
        assert_eq!(score("CCC"), 0);
        assert_eq!(score(""), 0);
    }

    #[test]
    fn castle_room_limits_what_forms() {
        // One castle cannot hold a knight group and a king: the group (8) and the king out
        // (−4) beat the king in (3) and the knight and pawns loose (−6).
        assert_eq!(score("CKNPPPP"), 4);
        // A bishop group leaves room for a king, not for a pair.
        assert_eq!(score("CKBPPP"), 12);
        assert_eq!(
            score("CKQBPPP"),
            12,
            "bishop group and lone king; the queen idles"
        );
        assert_eq!(score("CCKQBPPP"), 19);
        // Two pairs and a king share one castle; a third pair needs another.
        assert_eq!(score("CKQKQK"), 23);
        assert_eq!(score("CKQKQKQ"), 23);
        assert_eq!(score("CCKQKQKQ"), 30);
        // Two bishop groups need two castles.
        assert_eq!(score("CBPPPBPPP"), 9 - 3 - 3);
        assert_eq!(score("CCBPPPBPPP"), 18);
        // Pawns shared out: 7 pawns, a bishop and a knight, two castles: both groups.
        assert_eq!(score("CCBNPPPPPPP"), 17);
        // Not enough pawns for both: the better group.
        assert_eq!(score("CCBNPPPP"), 9 - 2 - 1);
    }

    #[test]
    fn the_breakdown_adds_up_and_fits_the_castles() {
        let c = Counts::parse("CCKKQBPPPPNPPPPPPQ").unwrap();
        let s = best(&c);
        assert_eq!(s.castles.len(), 2);
        let grouped: i32 = s.castles.iter().flatten().map(|g| g.points()).sum();
        let loose: i32 = s.loose.iter().map(|l| i32::from(l.count) * l.points).sum();
        assert_eq!(grouped + loose, s.total);
        for castle in &s.castles {
            let cards: usize = castle.iter().map(|g| g.cards().len()).sum();
            assert!(cards <= usize::from(CASTLE_ROOM), "{castle:?}");
        }
        // Every card is in a group or loose (castles apart).
        let mut all: Vec<Card> = s
            .castles
            .iter()
            .flatten()
            .flat_map(|g| g.cards().iter().copied())
            .collect();
        for l in &s.loose {
            all.extend(std::iter::repeat_n(l.card, usize::from(l.count)));
        }
        all.extend(std::iter::repeat_n(Card::Castle, usize::from(c.castles)));
        assert_eq!(Counts::of(&all), c);
    }

    /// Every way to put each card in a castle or outside, scored by the rules as written.
    fn brute_force(c: &Counts) -> i32 {
        let cards: Vec<Card> = c
            .cards()
            .into_iter()
            .filter(|&k| k != Card::Castle)
            .collect();
        let castles = usize::from(c.castles);
        let places = castles + 1;
        let mut top = i32::MIN;
        let mut choice = vec![0usize; cards.len()];
        loop {
            let mut inside = vec![Counts::default(); castles];
            let mut outside = Counts::default();
            for (card, &place) in cards.iter().zip(&choice) {
                let bin = if place < castles {
                    &mut inside[place]
                } else {
                    &mut outside
                };
                *bin = Counts::of(&[bin.cards(), vec![*card]].concat());
            }
            if inside.iter().all(|b| b.total() <= u32::from(CASTLE_ROOM)) {
                let score: i32 = inside.iter().map(castle_value).sum::<i32>()
                    + i32::from(outside.kings) * KING_OUTSIDE
                    + i32::from(outside.bishops) * LOOSE_BISHOP
                    + i32::from(outside.knights) * LOOSE_KNIGHT
                    + i32::from(outside.pawns) * LOOSE_PAWN;
                top = top.max(score);
            }
            // The next assignment, as a number in base `places`.
            let mut i = 0;
            while i < choice.len() {
                choice[i] += 1;
                if choice[i] < places {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
            if i == choice.len() {
                return top;
            }
        }
    }

    #[test]
    fn brute_force_over_small_collections_agrees() {
        let mut rng = crate::seed::Rng::from_state(0x50A9);
        let mut checked = 0;
        for _ in 0..400 {
            let castles = rng.below(3) as u8;
            let mut c = Counts {
                castles,
                ..Counts::default()
            };
            let size = rng.below(9);
            for _ in 0..size {
                let card = Card::ALL[1 + rng.below(5) as usize];
                c = Counts::parse(&format!("{}{}", c.letters(), card.letter())).unwrap();
            }
            // 3^8 assignments at most.
            assert_eq!(best(&c).total, brute_force(&c), "{}", c.letters());
            checked += 1;
        }
        assert_eq!(checked, 400);
        // And the hand-made hard cases.
        for letters in ["CKNPPPP", "CKQBPPP", "CCBNPPPP", "CKQKQK", "CCKQBPPP"] {
            let c = Counts::parse(letters).unwrap();
            assert_eq!(best(&c).total, brute_force(&c), "{letters}");
        }
    }
}

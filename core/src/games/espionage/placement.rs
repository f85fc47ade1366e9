//! A set-up (`Placement`): what stands on each square of a seat's zone, read and written
//! as text (saved set-ups, the record), checked whole, drawn at random, or filled at random
//! around what a player placed (the headquarters in the nearest row, covered).

use super::army::{Kind, army};
use crate::seed::Seed;

/// A set-up: what stands on each square of a seat's zone, in the seat's reading order
/// ([`Geometry::zone`]). It reads the same for either seat, so a saved set-up serves both.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement(pub Vec<Option<Kind>>);

impl Placement {
    /// A random set-up for a zone of `width` files, from `seed` (stream
    /// `"espionage/set-up"`): the zone's squares shuffled, the army in its order on the
    /// first thirty.
    pub fn random(seed: Seed, width: u8) -> Placement {
        let size = usize::from(width) * usize::from(super::board::ZONE_ROWS);
        let mut slots: Vec<usize> = (0..size).collect();
        seed.stream("espionage/set-up", u64::from(width))
            .shuffle(&mut slots);
        let mut squares = vec![None; size];
        for (slot, kind) in slots.into_iter().zip(army()) {
            squares[slot] = Some(kind);
        }
        Placement(squares)
    }

    /// A set-up a careful player might choose, drawn from `seed` (stream
    /// `"espionage/sensible"`): the headquarters on any square of the nearest row, mines in
    /// front of it and beside it, the rest of the army shuffled around them
    /// ([`Placement::fill`]). The listed set-up a computer's seat plays (see `State::deal`).
    pub fn sensible(seed: Seed, width: u8) -> Placement {
        let files = usize::from(width);
        let mut rng = seed.stream("espionage/sensible", u64::from(width));
        let mut slots = vec![None; files * usize::from(super::board::ZONE_ROWS)];
        let headquarters = rng.below(u64::from(width)) as usize;
        slots[headquarters] = Some(Kind::Headquarters);
        slots[headquarters + files] = Some(Kind::Mine);
        if headquarters > 0 {
            slots[headquarters - 1] = Some(Kind::Mine);
        }
        if headquarters + 1 < files {
            slots[headquarters + 1] = Some(Kind::Mine);
        }
        Placement::fill(&slots, Seed(rng.next_u64()), width)
    }

    /// `slots` (a zone of `width` files in its seat's reading order, nearest row first)
    /// with the pieces not yet placed shuffled from `seed` (stream `"espionage/fill"`) onto
    /// its empty squares; the pieces placed stay. A headquarters still to place goes to the
    /// nearest row, covered: on an empty square there whose square in front holds a piece,
    /// or is given one (a mine while one is left), so that no random army shows its
    /// headquarters in the front line or bare. Only when no square of the nearest row is
    /// free does it go anywhere.
    pub fn fill(slots: &[Option<Kind>], seed: Seed, width: u8) -> Placement {
        let width = usize::from(width);
        let mut slots = slots.to_vec();
        let mut left: Vec<Kind> = Vec::new();
        for (kind, count) in super::army::ARMY {
            let placed = slots.iter().filter(|&&k| k == Some(kind)).count();
            left.extend(std::iter::repeat_n(
                kind,
                usize::from(count).saturating_sub(placed),
            ));
        }
        let mut rng = seed.stream("espionage/fill", width as u64);
        rng.shuffle(&mut left);
        if let Some(at) = left.iter().position(|&k| k == Kind::Headquarters) {
            let mut back: Vec<usize> = (0..width.min(slots.len()))
                .filter(|&i| slots[i].is_none())
                .collect();
            rng.shuffle(&mut back);
            // A square whose front is already held first; else one whose front can be given
            // a piece.
            let spares = left.len() > 1;
            let covered = back
                .iter()
                .copied()
                .find(|&i| slots.get(i + width).is_some_and(Option::is_some))
                .or_else(|| {
                    back.iter().copied().find(|&i| {
                        spares && slots.get(i + width).is_some_and(Option::is_none)
                    })
                })
                .or_else(|| back.first().copied());
            if let Some(square) = covered {
                slots[square] = Some(left.remove(at));
                if let Some(front @ None) = slots.get_mut(square + width) {
                    let guard = left
                        .iter()
                        .position(|&k| k == Kind::Mine)
                        .unwrap_or(0);
                    if guard < left.len() {
                        *front = Some(left.remove(guard));
                    }
                }
            }
        }
        let mut empty: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_none()).collect();
        rng.shuffle(&mut empty);
        for (i, kind) in empty.into_iter().zip(left) {
            slots[i] = Some(kind);
        }
        Placement(slots)
    }

    /// Whether this is a whole army inside a zone of `width` files, or why not.
    pub fn check(&self, width: u8) -> Result<(), String> {
        let size = usize::from(width) * usize::from(super::board::ZONE_ROWS);
        if self.0.len() != size {
            return Err(format!(
                "a set-up fills the {size} squares of the three nearest rows, not {}",
                self.0.len()
            ));
        }
        for (kind, count) in super::army::ARMY {
            let placed = self.0.iter().filter(|&&k| k == Some(kind)).count();
            if placed != usize::from(count) {
                return Err(format!(
                    "a set-up has {count} {} (this one has {placed})",
                    plural(kind, count)
                ));
            }
        }
        Ok(())
    }

    /// As text: a letter per square ([`Kind::letter`]), `.` for an empty one.
    pub fn to_text(&self) -> String {
        self.0.iter().map(|k| k.map_or('.', Kind::letter)).collect()
    }

    pub fn from_text(text: &str) -> Result<Placement, String> {
        text.chars()
            .map(|c| match c {
                '.' => Ok(None),
                c => Kind::from_letter(c)
                    .map(Some)
                    .ok_or_else(|| format!("“{c}” is not a piece")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Placement)
    }
}

/// "corporals", "spy"…
pub fn plural(kind: Kind, count: u8) -> String {
    let name = kind.name().to_lowercase();
    match (count, kind) {
        (1, _) => name,
        (_, Kind::Spy) => "spies".into(),
        (_, Kind::Headquarters) => name,
        _ => format!("{name}s"),
    }
}

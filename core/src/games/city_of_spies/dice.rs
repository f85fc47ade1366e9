//! The turn order of a cycle (RULINGS §1 Turn order): every active player rolls a die,
//! highest first; players who tie roll again among themselves to order the tie, as often
//! as needed. The app rolls, from stream `"city-of-spies/dice/<round>"`, number = cycle,
//! in seat order within each group, so a replay rolls the same dice.

use crate::seed::{Rng, Seed};

/// One cycle's dice: every roll each seat made (ties add rolls), and the order they give.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CycleRolls {
    /// (seat, rolls in the order they were made), in seat order.
    pub rolls: Vec<(u8, Vec<u8>)>,
    /// Seats in turn order.
    pub order: Vec<u8>,
}

pub fn roll_cycle(seed: Seed, round: u32, cycle: u32, active: &[u8]) -> CycleRolls {
    let mut rng = seed.stream(&format!("city-of-spies/dice/{round}"), u64::from(cycle));
    let mut rolls: Vec<(u8, Vec<u8>)> = active.iter().map(|&s| (s, Vec::new())).collect();
    let order = order_group(active.to_vec(), &mut rng, &mut rolls, true);
    CycleRolls { rolls, order }
}

/// Roll for `group` (everyone on the first roll, only ties after) and order it.
fn order_group(group: Vec<u8>, rng: &mut Rng, rolls: &mut [(u8, Vec<u8>)], first: bool) -> Vec<u8> {
    if group.len() <= 1 && !first {
        return group;
    }
    let mut rolled: Vec<(u8, u8)> = Vec::with_capacity(group.len());
    for seat in group {
        let die = rng.die();
        if let Some((_, list)) = rolls.iter_mut().find(|(s, _)| *s == seat) {
            list.push(die);
        }
        rolled.push((seat, die));
    }
    let mut order = Vec::new();
    for face in (1..=6).rev() {
        let tied: Vec<u8> = rolled
            .iter()
            .filter(|(_, d)| *d == face)
            .map(|(s, _)| *s)
            .collect();
        order.extend(order_group(tied, rng, rolls, false));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_first_and_ties_reroll_among_themselves() {
        for cycle in 0..2_000 {
            let active = [0u8, 2, 3, 5];
            let c = roll_cycle(Seed(11), 1, cycle, &active);
            let mut sorted = c.order.clone();
            sorted.sort();
            assert_eq!(sorted, active.to_vec(), "everyone exactly once");
            // Consecutive seats in the order: compare their rolls lexicographically.
            for pair in c.order.windows(2) {
                let a = &c.rolls.iter().find(|(s, _)| *s == pair[0]).unwrap().1;
                let b = &c.rolls.iter().find(|(s, _)| *s == pair[1]).unwrap().1;
                let first_difference = a.iter().zip(b).find(|(x, y)| x != y);
                let (x, y) = first_difference.expect("a tie is always broken");
                assert!(x > y, "{:?}", c);
            }
            // Only tied players roll again.
            let extra: Vec<_> = c.rolls.iter().filter(|(_, r)| r.len() > 1).collect();
            for (seat, r) in &extra {
                let tied_with = c
                    .rolls
                    .iter()
                    .filter(|(s, o)| s != seat && o.first() == r.first())
                    .count();
                assert!(tied_with > 0);
            }
        }
    }

    #[test]
    fn a_lone_player_rolls_once_and_replays_roll_the_same() {
        let c = roll_cycle(Seed(1), 2, 3, &[4]);
        assert_eq!(c.order, vec![4]);
        assert_eq!(c.rolls[0].1.len(), 1);
        assert_eq!(
            roll_cycle(Seed(9), 1, 1, &[0, 1, 2]),
            roll_cycle(Seed(9), 1, 1, &[0, 1, 2])
        );
        let golden = roll_cycle(Seed(0x5EED_CAFE_F00D_0001), 1, 1, &[0, 1, 2, 3, 4]);
        assert_eq!(format!("{:?} {:?}", golden.rolls, golden.order), GOLDEN);
    }

    const GOLDEN: &str = "[(0, [5, 6]), (1, [6]), (2, [5, 2]), (3, [2]), (4, [1])] [1, 0, 2, 3, 4]";
}

//! Identities for the things a screen lists, that stay with a thing while it stays in the
//! list: a card in a hand keeps its identity when a card before it is played, and a card
//! drawn into the same place gets a new one. A list keyed by place instead shows a new card
//! with the old card's face (a screen keeps the element it drew for a key), and a choice
//! held by place chooses whatever card moved into it.
//!
//! Plain values and a pure function: no rule, no screen. It imports nothing of the core.

/// An identity, unique within one list's life.
pub type Id = u32;

/// The list `now`, each item with an identity: an item equal to one of `before` that is
/// still there keeps that one's identity (the first of them not yet taken, in order, so that
/// equal items keep their order), and every other item gets a new identity, greater than
/// every identity in `before`.
pub fn carry<T: PartialEq + Clone>(before: &[(Id, T)], now: &[T]) -> Vec<(Id, T)> {
    let mut taken = vec![false; before.len()];
    let mut fresh = before.iter().map(|(id, _)| id + 1).max().unwrap_or(0);
    now.iter()
        .map(|item| {
            let kept = before
                .iter()
                .enumerate()
                .position(|(i, (_, old))| !taken[i] && old == item);
            let id = match kept {
                Some(i) => {
                    taken[i] = true;
                    before[i].0
                }
                None => {
                    fresh += 1;
                    fresh - 1
                }
            };
            (id, item.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[(Id, &'static str)]) -> Vec<Id> {
        list.iter().map(|(id, _)| *id).collect()
    }

    #[test]
    fn a_first_list_is_numbered_in_order() {
        let first = carry(&[], &["Copper", "Pawn", "Copper"]);
        assert_eq!(
            first,
            vec![(0, "Copper"), (1, "Pawn"), (2, "Copper")],
            "every item its own identity"
        );
    }

    #[test]
    fn a_card_played_leaves_the_others_their_identity() {
        let hand = carry(&[], &["Pawn", "Knight", "Queen", "Copper"]);
        let after = carry(&hand, &["Knight", "Queen", "Copper"]);
        assert_eq!(after, vec![(1, "Knight"), (2, "Queen"), (3, "Copper")]);
    }

    #[test]
    fn a_different_card_in_an_old_place_is_a_new_card() {
        // Turn 1's hand, then turn 2's: every card new, even where a name repeats in
        // another place, and no identity of turn 1 is reused for a different card.
        let one = carry(&[], &["Copper", "Copper", "Copper", "Pawn", "Pawn"]);
        let two = carry(&one, &["Copper", "Silver", "Pawn", "Rook", "Copper"]);
        assert_eq!(
            two.iter().map(|(_, c)| *c).collect::<Vec<_>>(),
            ["Copper", "Silver", "Pawn", "Rook", "Copper"]
        );
        for (id, card) in &two {
            if let Some((_, old)) = one.iter().find(|(old_id, _)| old_id == id) {
                assert_eq!(old, card, "identity {id} kept only by the same card");
            }
        }
        assert_eq!(ids(&two), vec![0, 5, 3, 6, 1]);
    }

    #[test]
    fn identities_stay_unique_however_the_list_changes() {
        let names = ["Pawn", "Rook", "Knight", "Copper", "Silver"];
        let mut list: Vec<(Id, &'static str)> = Vec::new();
        let mut state = 7u64;
        for _ in 0..500 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (state >> 60) as usize % 8;
            let now: Vec<&'static str> = (0..len)
                .map(|i| names[((state >> (i * 5)) % 5) as usize])
                .collect();
            let next = carry(&list, &now);
            assert_eq!(next.iter().map(|(_, c)| *c).collect::<Vec<_>>(), now);
            let mut seen = ids(&next);
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), next.len(), "no two items share an identity");
            for (id, card) in &next {
                if let Some((_, old)) = list.iter().find(|(o, _)| o == id) {
                    assert_eq!(old, card, "an identity kept is kept by the same item");
                }
            }
            list = next;
        }
    }
}

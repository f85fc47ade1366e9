//! The deckbuilder on two phones: both follow one game, neither sees the other's unplayed
//! cards, every draw depends on both, and each way of cheating is named.

use super::*;
use crate::seats::Seats;
use crate::seed::Seed;

fn config() -> Config {
    Config::standard(Seats::new(2, vec![]).unwrap())
}

fn secret(seat: u8, game: u64) -> [u8; 32] {
    let mut rng = Seed(game).stream("deckbuilder fair test", u64::from(seat));
    let mut bytes = [0; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes
}

const CONTEXT: &[u8] = b"deckbuilder test";

/// Two phones and the relay between them: everything said reaches both, in one order.
struct Pair {
    phones: [Deal; 2],
    heard: Vec<Event>,
}

impl Pair {
    fn new(game: u64) -> Pair {
        Pair::with(secret(0, game), secret(1, game))
    }

    fn with(a: [u8; 32], b: [u8; 32]) -> Pair {
        let phones = [
            Deal::new(&config(), CONTEXT.to_vec(), 0, a).unwrap(),
            Deal::new(&config(), CONTEXT.to_vec(), 1, b).unwrap(),
        ];
        let mut pair = Pair {
            phones,
            heard: Vec::new(),
        };
        let joins: Vec<Said> = pair.phones.iter().filter_map(Deal::join).collect();
        for said in joins {
            pair.say(said);
        }
        pair
    }

    /// `said` to both phones, and whatever they answer, until nobody owes anything.
    fn say(&mut self, said: Said) {
        let broke = self.deliver(said);
        assert!(broke.is_empty(), "{broke:?}");
    }

    /// As `say`; whom the phones named.
    fn deliver(&mut self, said: Said) -> Vec<Broke> {
        let mut broke = Vec::new();
        let mut queue = std::collections::VecDeque::from([said]);
        while let Some(said) = queue.pop_front() {
            let bytes = to_bytes(&said);
            assert_eq!(from_bytes(&bytes).unwrap(), said, "the wire keeps every word");
            for (p, phone) in self.phones.iter_mut().enumerate() {
                match phone.hear(said.clone()) {
                    Ok(heard) => {
                        if p == 0 {
                            self.heard.extend(heard.news.clone());
                        }
                        queue.extend(heard.say);
                    }
                    Err(b) => broke.push(b),
                }
            }
        }
        broke
    }

    /// `said` to both phones; what each made of it.
    fn try_say(&mut self, said: Said) -> [Result<Heard, Broke>; 2] {
        [0, 1].map(|p| self.phones[p].hear(said.clone()))
    }

    fn act(&mut self, action: Action) {
        let seat = self.phones[0].to_move().expect("a seat to move");
        let said = self.phones[usize::from(seat)].act(action).unwrap();
        self.say(said);
    }

    /// A random game: each seat's phone picks among what its seat may do (a resignation
    /// only after `moves` actions).
    fn play_out(&mut self, game: u64, moves: usize) {
        let mut rng = Seed(game).stream("deckbuilder fair moves", 0);
        for n in 0.. {
            let Some(seat) = self.phones[0].to_move() else {
                break;
            };
            assert_eq!(self.phones[1].to_move(), Some(seat));
            let mut actions = self.phones[usize::from(seat)].legal_actions();
            assert!(self.phones[usize::from(1 - seat)].legal_actions().is_empty());
            if n < moves {
                actions.retain(|a| *a != Action::Resign);
            } else {
                actions = vec![Action::Resign];
            }
            // A move that ends the game if there is one, else a capture half the time: games
            // that end on the board as well as by resigning.
            let state = &self.phones[usize::from(seat)].state;
            let ends = |a: &Action| {
                let mut probe = state.clone();
                Deckbuilder::apply(&mut probe, *a).is_ok() && probe.end.is_some()
            };
            let takes = |a: &Action| {
                matches!(a, Action::Play { how: How::Move(m), .. } if state.board.piece_at(m.to).is_some())
            };
            let takes_any: Vec<Action> = actions.iter().copied().filter(takes).collect();
            let action = if let Some(end) = actions.iter().copied().find(ends) {
                end
            } else if !takes_any.is_empty() && rng.below(2) == 0 {
                takes_any[rng.below(takes_any.len() as u64) as usize]
            } else {
                actions[rng.below(actions.len() as u64) as usize]
            };
            self.act(action);
            self.check_views();
        }
    }

    /// Both phones see one game, each its own hand only.
    fn check_views(&self) {
        let [a, b] = &self.phones;
        assert_eq!(a.view(Viewer::Table), b.view(Viewer::Table), "one game");
        for (p, phone) in self.phones.iter().enumerate() {
            let other = &phone.decks[1 - p];
            for slot in &other.hand {
                assert_eq!(other.cards[*slot as usize], None, "the other's hand is unseen");
            }
            for item in &other.draw {
                if let Item::Slot(slot) = item {
                    assert_eq!(other.cards[*slot as usize], None, "the other's pile is unseen");
                }
            }
            let mine = phone.view(Viewer::Seat(p as u8));
            let deck = &phone.decks[p];
            let mut cards: Vec<Card> = deck.hand.iter().map(|&s| deck.cards[s as usize].unwrap()).collect();
            let mut hand = mine.hand.clone();
            cards.sort();
            hand.sort();
            assert_eq!(hand, cards, "the hand is the slots drawn");
            assert_eq!(mine.piles[p].hand, hand.len());
        }
    }
}

#[test]
fn two_phones_play_random_games_and_both_find_them_fair_at_the_end() {
    let mut outcomes = Vec::new();
    for game in 0..12 {
        let mut pair = Pair::new(game);
        pair.play_out(game, 300);
        let [a, b] = &pair.phones;
        let outcome = a.outcome().expect("over");
        assert_eq!(b.outcome(), Some(outcome));
        assert_eq!(a.verdict(), Some(&Ok(outcome)), "game {game}");
        assert_eq!(b.verdict(), Some(&Ok(outcome)), "game {game}");
        assert!(a.waiting_for().is_empty() && b.waiting_for().is_empty());
        // Shuffles happened, and draws were made by both chains.
        assert!(pair.heard.iter().any(|e| matches!(e, Event::Shuffled { .. })), "game {game}");
        assert!(a.draws > 5, "game {game}: {} draws", a.draws);
        outcomes.push(outcome);
    }
    // Not every game was resigned: some ended on the board, and the check agreed.
    assert!(
        outcomes.iter().any(|o| !matches!(o, Outcome::Ended(End::Resigned { .. }))),
        "{outcomes:?}"
    );
}

#[test]
fn a_phone_reloaded_takes_the_game_up_again_as_it_was() {
    let mut pair = Pair::new(3);
    pair.play_out(3, 40);
    for p in 0..2 {
        let kept = pair.phones[p].kept().unwrap();
        let back = Deal::restore(&config(), CONTEXT.to_vec(), &kept).unwrap();
        assert_eq!(back.view(Viewer::Seat(p as u8)), pair.phones[p].view(Viewer::Seat(p as u8)));
        assert_eq!(back.transcript(), pair.phones[p].transcript());
        let bytes = crate::wire::to_bytes(&kept);
        assert_eq!(crate::wire::from_bytes::<Kept>(&bytes).unwrap(), kept);
    }
}

#[test]
fn nobody_chooses_a_draw_each_phone_changes_it() {
    // The hand seat 0 draws at the end of its first turn (five of its six cards, the one it
    // bought among them), with one phone's secret changed: both phones' secrets move it.
    let first_draw = |a: [u8; 32], b: [u8; 32]| {
        let mut pair = Pair::with(a, b);
        pair.act(Action::EndActions);
        pair.act(Action::Buy(Card::Silver));
        pair.act(Action::EndTurn);
        let mut hand = pair.phones[0].view(Viewer::Seat(0)).hand;
        hand.sort();
        hand
    };
    let mut left_out = std::collections::BTreeMap::new();
    let mut moved_by = [0; 2];
    for game in 0..120 {
        let hand = first_draw(secret(0, game), secret(1, game));
        assert_eq!(hand.len(), 5);
        let mut all = vec![Card::Copper, Card::Copper, Card::Copper, Card::Pawn, Card::Pawn, Card::Silver];
        for card in &hand {
            let i = all.iter().position(|c| c == card).unwrap();
            all.remove(i);
        }
        *left_out.entry(all[0]).or_insert(0) += 1;
        for changed in 0..2u8 {
            let mut secrets = [secret(0, game), secret(1, game)];
            secrets[usize::from(changed)][0] ^= 0x55;
            if first_draw(secrets[0], secrets[1]) != hand {
                moved_by[usize::from(changed)] += 1;
            }
        }
    }
    // The card left out: Copper about half the time, Pawn a third, Silver a sixth.
    assert!((40..80).contains(&left_out[&Card::Copper]), "{left_out:?}");
    assert!((25..55).contains(&left_out[&Card::Pawn]), "{left_out:?}");
    assert!((8..35).contains(&left_out[&Card::Silver]), "{left_out:?}");
    assert!(moved_by.iter().all(|&n| n > 40), "{moved_by:?}");
}

/// The game of `game` played until seat `seat` is to move with a card in hand it may play.
fn until_a_play(game: u64, seat: u8) -> (Pair, Action) {
    until_a_play_that(game, seat, |_, _| true)
}

/// As `until_a_play`, for a play `also` allows.
fn until_a_play_that(game: u64, seat: u8, also: impl Fn(&Deal, Card) -> bool) -> (Pair, Action) {
    let mut pair = Pair::new(game);
    let mut rng = Seed(game).stream("until a play", 0);
    for _ in 0..2000 {
        let to_move = pair.phones[0].to_move().unwrap();
        let legal = pair.phones[usize::from(to_move)].legal_actions();
        if to_move == seat
            && let Some(play) = legal.iter().find(|a| {
                matches!(a, Action::Play { how: How::Move(_), card } if also(&pair.phones[usize::from(seat)], *card))
            })
        {
            return (pair, *play);
        }
        let calm: Vec<Action> = legal.into_iter().filter(|a| *a != Action::Resign).collect();
        pair.act(calm[rng.below(calm.len() as u64) as usize]);
    }
    panic!("no play");
}

/// The honest phone (the other seat's) names `seat` for `breach`. (What the cheater's own
/// phone makes of its forged words does not matter: a cheater runs another program.)
fn named(results: &[Result<Heard, Broke>; 2], seat: u8, breach: Breach) {
    let honest = &results[usize::from(1 - seat)];
    assert_eq!(honest.as_ref().err(), Some(&Broke { seat, breach }));
}

/// Another action card than `card` that the deck holds a copy of not yet face up.
fn another_owned(deal: &Deal, seat: u8, card: Card) -> Option<Card> {
    let deck = &deal.decks[usize::from(seat)];
    Card::ALL.into_iter().find(|&c| {
        c != card
            && c.is_action()
            && usize::from(deck.owned[c as usize])
                > deck.played.iter().chain(&deck.discard).filter(|&&i| i == Item::Open(c)).count()
    })
}

#[test]
fn a_card_played_that_the_slot_does_not_hold_is_named() {
    let (mut pair, play) = until_a_play_that(5, 1, |deal, card| another_owned(deal, 1, card).is_some());
    let Said::Act { seat, action, mut opened } = pair.phones[1].act(play).unwrap() else {
        panic!()
    };
    let Action::Play { card, how } = action else { panic!() };
    // The same slot, said to hold another card the deck does hold: its salt does not open
    // it so.
    let other = another_owned(&pair.phones[1], 1, card).unwrap();
    opened[0].card = other;
    let forged = Said::Act {
        seat,
        action: Action::Play { card: other, how },
        opened,
    };
    named(&pair.try_say(forged), 1, Breach::WrongOpening);
}

#[test]
fn a_card_played_that_was_not_drawn_is_named() {
    let elsewhere = |deal: &Deal, card: Card| {
        let deck = &deal.decks[0];
        (0..deck.commitments.len() as u32)
            .any(|s| !deck.hand.contains(&s) && deck.cards[s as usize] == Some(card))
    };
    let (mut pair, play) = until_a_play_that(6, 0, elsewhere);
    let Said::Act { seat, action, mut opened } = pair.phones[0].act(play).unwrap() else {
        panic!()
    };
    // A slot of the draw pile (or of an old shuffle), opened rightly: not in the hand.
    let mine = pair.phones[0].mine.clone().unwrap();
    let deck = &pair.phones[0].decks[0];
    let card = opened[0].card;
    let elsewhere = (0..deck.commitments.len() as u32)
        .find(|s| !deck.hand.contains(s) && deck.cards[*s as usize] == Some(card))
        .expect("another slot with that card");
    opened[0] = Opening {
        slot: elsewhere,
        card,
        salt: mine.salt(elsewhere),
    };
    named(&pair.try_say(Said::Act { seat, action, opened }), 0, Breach::WrongOpening);
}

#[test]
fn a_draw_changed_after_the_fact_is_named() {
    // A link that does not follow the chain.
    let mut pair = Pair::new(7);
    pair.act(Action::EndActions);
    pair.act(Action::Buy(Card::Pawn));
    let said = pair.phones[0].act(Action::EndTurn).unwrap();
    // Seat 0's pile is empty: its discard is shuffled, then both phones owe a link.
    let mut owed = Vec::new();
    for p in 0..2 {
        let heard = pair.phones[p].hear(said.clone()).unwrap();
        owed.extend(heard.say);
    }
    let shuffle = owed.iter().find(|s| matches!(s, Said::Shuffled { .. })).unwrap().clone();
    let mut links = Vec::new();
    for p in 0..2 {
        links.extend(pair.phones[p].hear(shuffle.clone()).unwrap().say);
    }
    let Some(Said::Link { seat, draw, mut link }) = links.iter().find(|s| s.seat() == 1).cloned() else {
        panic!("{links:?}")
    };
    link[0] ^= 1;
    named(&pair.try_say(Said::Link { seat, draw, link }), 1, Breach::WrongLink);

    // A drawn card said afterwards to be another: the slot does not open so.
    let (mut pair, play) = until_a_play(8, 0);
    let Said::Act { seat, action, mut opened } = pair.phones[0].act(play).unwrap() else {
        panic!()
    };
    opened[0].salt.0[0] ^= 1;
    named(&pair.try_say(Said::Act { seat, action, opened }), 0, Breach::WrongOpening);
}

#[test]
fn speaking_out_of_turn_or_out_of_order_is_named() {
    let mut pair = Pair::new(9);
    // Seat 1 acts on seat 0's turn.
    let forged = Said::Act {
        seat: 1,
        action: Action::EndActions,
        opened: Vec::new(),
    };
    named(&pair.try_say(forged), 1, Breach::OutOfOrder);
    // An action while a draw waits for the links.
    let mut pair = Pair::new(9);
    pair.act(Action::EndActions);
    let end = pair.phones[0].act(Action::EndTurn).unwrap();
    for p in 0..2 {
        pair.phones[p].hear(end.clone()).unwrap();
    }
    assert_eq!(pair.phones[1].act(Action::EndActions), Err(Refused::Waiting));
    assert_eq!(pair.phones[0].waiting_for(), vec![0]);
    let forged = Said::Act {
        seat: 1,
        action: Action::EndActions,
        opened: Vec::new(),
    };
    named(&pair.try_say(forged), 1, Breach::OutOfOrder);
    // A shuffle of the wrong size.
    let mut pair = Pair::new(9);
    pair.act(Action::EndActions);
    let end = pair.phones[0].act(Action::EndTurn).unwrap();
    for p in 0..2 {
        pair.phones[p].hear(end.clone()).unwrap();
    }
    let Said::Shuffled { seat, mut slots } = pair.phones[0].owed().remove(0) else { panic!() };
    slots.pop();
    named(&pair.try_say(Said::Shuffled { seat, slots }), 0, Breach::WrongShuffle);
    // A phone that never answers is named by the clock.
    let mut pair = Pair::new(9);
    assert_eq!(pair.phones[0].would_not_answer(1), Broke { seat: 1, breach: Breach::WouldNotAnswer });
    assert_eq!(pair.phones[0].act(Action::EndActions), Err(Refused::Over));
}

#[test]
fn a_buy_not_paid_for_is_found_at_the_end_and_named() {
    let mut pair = Pair::new(10);
    pair.act(Action::EndActions);
    // Seat 0 holds three Copper: a Queen costs five. The other phone cannot tell yet.
    let forged = Said::Act {
        seat: 0,
        action: Action::Buy(Card::Queen),
        opened: Vec::new(),
    };
    assert!(pair.phones[1].hear(forged).is_ok(), "not seen until the end");
    let resign = Said::Act {
        seat: 0,
        action: Action::Resign,
        opened: Vec::new(),
    };
    let heard = pair.phones[1].hear(resign).unwrap();
    let honest = heard.say.into_iter().find(|s| matches!(s, Said::Shown { .. })).unwrap();
    // The cheater shows its deck truly: the check plays the buy again with its hand known.
    let cards: Vec<Card> = pair.phones[0].decks[0].cards.iter().map(|c| c.unwrap()).collect();
    let mine = pair.phones[0].mine.clone().unwrap();
    let shown = Said::Shown {
        seat: 0,
        opened: cards
            .iter()
            .enumerate()
            .map(|(slot, &card)| Opening { slot: slot as u32, card, salt: mine.salt(slot as u32) })
            .collect(),
    };
    pair.phones[1].hear(honest).unwrap();
    let verdict = pair.phones[1].hear(shown);
    assert_eq!(
        verdict.err(),
        Some(Broke {
            seat: 0,
            breach: Breach::Illegal(Illegal::TooDear {
                card: Card::Queen,
                treasure: 3
            })
        })
    );
}

#[test]
fn a_first_hand_that_was_not_the_starting_deck_is_found_at_the_end() {
    // Seat 1 commits to three Queens and two Pawns.
    let forged_hand = [Card::Queen, Card::Queen, Card::Queen, Card::Pawn, Card::Pawn];
    let mut phone0 = Deal::new(&config(), CONTEXT.to_vec(), 0, secret(0, 11)).unwrap();
    let cheat = Deal::new(&config(), CONTEXT.to_vec(), 1, secret(1, 11)).unwrap();
    let mine = cheat.mine.clone().unwrap();
    let join = Said::Joined {
        seat: 1,
        head: mine.chain.head(),
        slots: forged_hand
            .iter()
            .enumerate()
            .map(|(slot, &card)| cheat.commit(&mine, slot as u32, card))
            .collect(),
    };
    phone0.hear(phone0.join().unwrap()).unwrap();
    phone0.hear(join).unwrap();
    phone0.hear(phone0.act(Action::Resign).unwrap()).unwrap();
    let shown = Said::Shown {
        seat: 1,
        opened: forged_hand
            .iter()
            .enumerate()
            .map(|(slot, &card)| Opening { slot: slot as u32, card, salt: mine.salt(slot as u32) })
            .collect(),
    };
    // Phone 0's own deck shown (it said so on hearing the resignation); then the cheater's.
    let own = phone0.owed();
    for said in own {
        phone0.hear(said).unwrap();
    }
    assert_eq!(
        phone0.hear(shown).err(),
        Some(Broke { seat: 1, breach: Breach::WrongFirstHand })
    );
}

#[test]
fn a_stacked_shuffle_is_found_at_the_end_and_named() {
    // Seat 0 commits its first shuffle as five Silvers, draws them and buys a Queen with
    // them: the other phone sees five slots drawn and a buy, and lets it by; the end check
    // finds the shuffle.
    let mut pair = Pair::new(12);
    pair.act(Action::EndActions);
    let end = pair.phones[0].act(Action::EndTurn).unwrap();
    for p in 0..2 {
        pair.phones[p].hear(end.clone()).unwrap();
    }
    let honest = pair.phones[0].owed().remove(0);
    let Said::Shuffled { seat, slots } = honest.clone() else { panic!() };
    let mine = pair.phones[0].mine.clone().unwrap();
    let first = pair.phones[0].decks[0].commitments.len();
    let stacked: Vec<Commitment> = (0..slots.len())
        .map(|k| pair.phones[0].commit(&mine, (first + k) as u32, Card::Silver))
        .collect();
    pair.phones[1].hear(Said::Shuffled { seat, slots: stacked.clone() }).unwrap();
    // The cheater's phone (another program) holds what it committed.
    pair.phones[0].hear(honest).unwrap();
    let deck = &mut pair.phones[0].decks[0];
    deck.commitments[first..].copy_from_slice(&stacked);
    for card in &mut deck.cards[first..] {
        *card = Some(Card::Silver);
    }
    let hand = vec![Card::Silver; 5];
    pair.phones[0].state.players[0].hand = hand;
    assert_eq!(pair.phones[1].view(Viewer::Table).piles[0].hand, 5);
    // Seat 1 plays its turn; seat 0 buys a Queen with its ten and resigns.
    pair.act(Action::EndActions);
    pair.act(Action::EndTurn);
    pair.act(Action::EndActions);
    pair.act(Action::Buy(Card::Queen));
    let resign = pair.phones[0].act(Action::Resign).unwrap();
    pair.deliver(resign);
    assert_eq!(
        pair.phones[1].verdict(),
        Some(&Err(Broke { seat: 0, breach: Breach::ShuffleChanged }))
    );
}

#[test]
fn a_card_the_deck_does_not_hold_is_named_when_it_is_played() {
    // Seat 0 says its first hand holds three Queens, and plays one on its first turn: no
    // deck starts with a Queen, and its phone is named at once.
    let mut phone1 = Deal::new(&config(), CONTEXT.to_vec(), 1, secret(1, 13)).unwrap();
    let cheat = Deal::new(&config(), CONTEXT.to_vec(), 0, secret(0, 13)).unwrap();
    let mine = cheat.mine.clone().unwrap();
    let hand = [Card::Queen, Card::Queen, Card::Queen, Card::Pawn, Card::Pawn];
    let join = Said::Joined {
        seat: 0,
        head: mine.chain.head(),
        slots: hand
            .iter()
            .enumerate()
            .map(|(slot, &card)| cheat.commit(&mine, slot as u32, card))
            .collect(),
    };
    phone1.hear(join).unwrap();
    phone1.hear(phone1.join().unwrap()).unwrap();
    let queen = Said::Act {
        seat: 0,
        action: Action::Play { card: Card::Queen, how: How::Bonus },
        opened: vec![Opening { slot: 0, card: Card::Queen, salt: mine.salt(0) }],
    };
    assert_eq!(phone1.hear(queen).err(), Some(Broke { seat: 0, breach: Breach::NotInDeck }));
}

#[test]
fn a_phone_hears_its_own_words_changed_and_names_the_relay() {
    // The other phone relays: a shuffle of this phone's heard with a slot changed.
    let mut pair = Pair::new(14);
    pair.act(Action::EndActions);
    let end = pair.phones[0].act(Action::EndTurn).unwrap();
    for p in 0..2 {
        pair.phones[p].hear(end.clone()).unwrap();
    }
    let Said::Shuffled { seat, mut slots } = pair.phones[0].owed().remove(0) else { panic!() };
    slots.swap(0, 1);
    assert_eq!(
        pair.phones[0].hear(Said::Shuffled { seat, slots }).err(),
        Some(Broke { seat: 1, breach: Breach::Forged })
    );
}

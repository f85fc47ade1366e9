//! A table of Usurp with every seat on a phone, through bytes alone: every device sees the
//! one game to its end, through lost words, reloads and hostile frames.

use std::collections::VecDeque;

use super::*;
use crate::seed::Seed;

fn terms(players: u8) -> Terms {
    Terms {
        names: (0..players).map(|s| format!("P{s}")).collect(),
        deck: Counts::STANDARD_DECK,
    }
}

fn seed_of(seat: u8, game: u64) -> [u8; 32] {
    let mut rng = Seed(game).stream("usurp session test", u64::from(seat));
    let mut bytes = [0; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes
}

/// The table's device, one phone per seat, and the bytes on their way.
struct Room {
    table: Table,
    phones: Vec<Phone>,
    to_phone: Vec<VecDeque<Vec<u8>>>,
    to_table: Vec<VecDeque<Vec<u8>>>,
    broke: Option<Broke>,
}

impl Room {
    fn new(players: u8, game: u64) -> Room {
        let table = Table::new(terms(players), [game as u8; 16]).unwrap();
        let mut room = Room {
            to_phone: (0..players).map(|s| VecDeque::from([table.hello(s)])).collect(),
            to_table: (0..players).map(|_| VecDeque::new()).collect(),
            phones: (0..players).map(|s| Phone::new(seed_of(s, game))).collect(),
            table,
            broke: None,
        };
        room.run();
        room
    }

    fn took_table(&mut self, seat: usize, step: TableStep) {
        for queue in &mut self.to_phone {
            queue.extend(step.everyone.iter().cloned());
        }
        self.to_phone[seat].extend(step.this);
        if step.broke.is_some() {
            self.broke = step.broke;
        }
    }

    fn took_phone(&mut self, seat: usize, step: PhoneStep) {
        self.to_table[seat].extend(step.send);
        if step.broke.is_some() {
            self.broke = step.broke;
        }
    }

    fn run(&mut self) {
        self.run_without(usize::MAX);
    }

    /// As `run`, with everything the phone of `gone` says lost on the way.
    fn run_without(&mut self, gone: usize) {
        loop {
            let mut moved = false;
            for seat in 0..self.phones.len() {
                if let Some(bytes) = self.to_phone[seat].pop_front() {
                    let step = self.phones[seat].heard(&bytes).unwrap();
                    if seat != gone {
                        self.took_phone(seat, step);
                    }
                    moved = true;
                }
                if let Some(bytes) = self.to_table[seat].pop_front() {
                    let step = self.table.heard(seat as u8, &bytes);
                    self.took_table(seat, step);
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    fn act(&mut self, seat: u8, action: Action) {
        let step = self.phones[usize::from(seat)].act(action).unwrap();
        self.took_phone(usize::from(seat), step);
        self.run();
    }

    fn assert_one_game(&self) {
        let table = self.table.deal().view(Viewer::Table);
        for phone in &self.phones {
            assert_eq!(phone.deal().unwrap().view(Viewer::Table), table);
            assert_eq!(phone.deal().unwrap().transcript(), self.table.deal().transcript());
        }
    }
}

/// A random game to its end; `between` runs after every action.
fn play(players: u8, game: u64, mut between: impl FnMut(&mut Room)) -> Room {
    let mut room = Room::new(players, game);
    let mut rng = Seed(game).stream("usurp session moves", 0);
    for _ in 0..2000 {
        room.assert_one_game();
        let Some(seat) = room.table.deal().to_move() else {
            break;
        };
        let actions = room.table.deal().legal_actions();
        assert!(!actions.is_empty());
        let action = actions[rng.below(actions.len() as u64) as usize];
        room.act(seat, action);
        between(&mut room);
    }
    room
}

#[test]
fn every_device_follows_one_game_to_its_end_through_bytes_alone() {
    for players in [2, 3, 5] {
        for game in 0..3 {
            let room = play(players, game, |_| {});
            assert_eq!(room.broke, None);
            assert!(room.table.deal().started());
            assert_eq!(room.table.deal().to_move(), None, "the game ended");
            room.assert_one_game();
        }
    }
}

#[test]
fn a_phone_cannot_speak_for_another_seat_and_the_table_adds_nothing() {
    let mut room = Room::new(3, 1);
    let before = room.table.kept();
    // Seat 2's phone sends a link as seat 0: refused to it alone, nothing numbered.
    let forged = ToRelay::Say(Said::Link {
        seat: 0,
        draw: 1,
        link: [0; 32],
    })
    .to_bytes();
    let step = room.table.heard(2, &forged);
    assert!(step.everyone.is_empty());
    assert_eq!(
        step.this,
        vec![ToPhone::Relay(FromRelay::Refused(RelayRefusal::NotYourSeat)).to_bytes()]
    );
    assert_eq!(room.table.kept(), before);
    // Every draw so far took a link from every seat, none from the table.
    let links = before
        .said
        .iter()
        .filter(|s| matches!(s, Said::Link { .. }))
        .count();
    assert_eq!(links % 3, 0);
}

#[test]
fn every_device_reloads_at_every_step_and_the_game_plays_on() {
    let room = play(3, 4, |room| {
        let kept: TableKept = kept_from_bytes(&kept_to_bytes(&room.table.kept())).unwrap();
        room.table = Table::restore(&kept).unwrap();
        for seat in 0..room.phones.len() {
            let kept: PhoneKept =
                kept_from_bytes(&kept_to_bytes(&room.phones[seat].kept())).unwrap();
            room.phones[seat] = Phone::restore(&kept).unwrap();
            room.to_phone[seat].push_back(room.table.hello(seat as u8));
        }
        room.run();
    });
    assert_eq!(room.broke, None);
    assert_eq!(room.table.deal().to_move(), None);
    let bytes = kept_to_bytes(&room.phones[0].kept());
    assert!(kept_from_bytes::<PhoneKept>(&bytes[..bytes.len() - 2]).is_err());
}

#[test]
fn words_lost_with_a_link_are_said_again_once() {
    let mut room = Room::new(2, 6);
    let seat = room.table.deal().to_move().unwrap();
    let action = room.table.deal().legal_actions()[0];
    // The act is lost on the way; so are the phone's links, the next draw over.
    let step = room.phones[usize::from(seat)].act(action).unwrap();
    assert_eq!(step.send.len(), 1);
    let said_before = room.table.kept().said.len();
    // A new link for that seat: hello, where it stands, then its lost words.
    room.to_phone[usize::from(seat)].push_back(room.table.hello(seat));
    room.run();
    room.assert_one_game();
    let said = room.table.kept().said;
    assert!(said.len() > said_before);
    let acts = said[said_before..]
        .iter()
        .filter(|s| matches!(s, Said::Act { .. }))
        .count();
    assert_eq!(acts, 1, "the lost act said once");
    assert_eq!(room.broke, None);
}

#[test]
fn a_hello_for_another_seat_or_game_and_hostile_bytes_change_nothing() {
    let mut room = Room::new(3, 2);
    let other = Table::new(terms(3), [99; 16]).unwrap();
    assert_eq!(room.phones[0].heard(&other.hello(0)), Err(Trouble::OtherGame));
    assert_eq!(
        room.phones[0].heard(&room.table.hello(1)),
        Err(Trouble::OtherGame)
    );
    let kept = room.phones[1].kept();
    let table = room.table.kept();
    let mut rng = Seed(5).stream("usurp session fuzz", 0);
    let good = [room.table.hello(1), room.phones[1].ask_again()];
    for _ in 0..5_000 {
        let mut bytes = good[rng.below(2) as usize].clone();
        let at = rng.below(bytes.len() as u64) as usize;
        bytes[at] ^= 1 + rng.below(255) as u8;
        if rng.below(3) == 0 {
            bytes = (0..rng.below(30)).map(|_| rng.below(256) as u8).collect();
        }
        if let Ok(step) = room.phones[1].heard(&bytes) {
            // Only a frame that is still a hello of this game may be answered.
            assert!(step.news.is_empty());
        }
        let _ = room.table.heard(1, &bytes);
    }
    assert_eq!(room.phones[1].kept().said, kept.said);
    assert_eq!(room.table.kept().said, table.said);
}


#[test]
fn words_the_table_puts_in_a_phones_mouth_stop_the_game_on_that_phone() {
    // A modified table drops seat 0's own chain head and numbers one of its own making
    // in seat 0's name (it would know every link of that chain, and so the deck).
    let table = Table::new(terms(2), [3; 16]).unwrap();
    let mut phone = Phone::new(seed_of(0, 3));
    let step = phone.heard(&table.hello(0)).unwrap();
    assert!(!step.send.is_empty());
    let forged = ToPhone::Relay(FromRelay::Said {
        index: 0,
        said: Said::Joined {
            seat: 0,
            head: [7; 32],
        },
    });
    assert_eq!(phone.heard(&forged.to_bytes()), Err(Trouble::Forged));
    // From then on nothing more is heard, and nothing played.
    assert_eq!(phone.heard(&table.hello(0)), Err(Trouble::Forged));
    assert!(phone.deal().unwrap().transcript().is_empty());
}

/// A table that sends a value a phone heard before, changed, or one read back from older
/// storage (with less than the phone heard): the game stops on that phone. The same value
/// sent again changes nothing.
#[test]
fn a_table_rolled_back_or_rewriting_the_game_stops_it_on_the_phone() {
    let mut older = None;
    let mut checked = false;
    play(3, 4, |room| {
        let said = room.phones[1].deal().unwrap().transcript().to_vec();
        let Some((kept, then)) = &older else {
            older = Some((room.table.kept(), said.len()));
            return;
        };
        if checked || said.len() < then + 3 {
            return;
        }
        let kept = kept.clone();
        checked = true;
        let frame = |said: &Said| ToPhone::Relay(FromRelay::Said { index: 1, said: said.clone() }).to_bytes();
        let mut phone = room.phones[1].clone();
        assert!(phone.heard(&frame(&said[1])).is_ok());
        let other = said.iter().find(|s| **s != said[1]).unwrap();
        assert_eq!(phone.heard(&frame(other)), Err(Trouble::Forged));
        assert_eq!(phone.heard(&frame(&said[1])), Err(Trouble::Forged), "nothing more is heard");
        // The table read back from what it kept earlier says hello on a new link.
        let table = Table::restore(&kept).unwrap();
        assert!(table.deal().transcript().len() < said.len());
        let mut phone = room.phones[1].clone();
        let step = phone.heard(&table.hello(1)).unwrap();
        let ask = step.send.last().unwrap().clone();
        let answer = table.clone().heard(1, &ask);
        let mut stopped = false;
        for bytes in answer.this.iter().chain(&answer.everyone) {
            stopped |= phone.heard(bytes) == Err(Trouble::Forged);
        }
        assert!(stopped, "the phone stops the game the table fell behind on");
    });
    assert!(checked);
}

#[test]
fn a_second_tap_before_the_first_came_back_waits() {
    let mut room = Room::new(2, 9);
    let seat = room.table.deal().to_move().unwrap();
    let action = room.table.deal().legal_actions()[0];
    let phone = &mut room.phones[usize::from(seat)];
    phone.act(action).unwrap();
    assert_eq!(phone.act(action).map(|_| ()), Err(Refused::Waiting));
}

#[test]
fn a_deck_longer_than_the_phones_chains_is_refused() {
    let mut deck = Counts::STANDARD_DECK;
    while deck.cards().len() < usize::try_from(crate::games::usurp::fair::CHAIN_LENGTH).unwrap() {
        deck.castles += 1;
    }
    let long = Terms {
        names: vec!["A".into(), "B".into()],
        deck,
    };
    assert!(long.config().is_err());
    assert!(Table::new(long.clone(), [0; 16]).is_err());
    // Nor read from a hello on the wire.
    let mut bytes = vec![0];
    Hello {
        terms: long,
        game: [0; 16],
        seat: 0,
    }
    .put(&mut bytes);
    assert!(ToPhone::from_bytes(&bytes).is_err());
}

/// A game that ended with a seat named reads back naming it after a reload, on the table
/// and on a phone: named by the clock (a verdict no value says), or for a link that does
/// not follow its chain (the last value heard).
#[test]
fn a_seat_named_is_named_again_after_a_reload() {
    let mut room = Room::new(3, 12);
    assert!(room.table.deal().started());
    // The clock: seat 2 named on the table and on seat 0's phone.
    let mut table = room.table.clone();
    let mut phone = room.phones[0].clone();
    table.deal_mut().would_not_answer(2);
    phone.deal_mut().unwrap().would_not_answer(2);
    let named = Some(Broke { seat: 2, breach: super::super::fair::Breach::WouldNotAnswer });
    let table = Table::restore(&kept_from_bytes(&kept_to_bytes(&table.kept())).unwrap()).unwrap();
    let phone = Phone::restore(&kept_from_bytes(&kept_to_bytes(&phone.kept())).unwrap()).unwrap();
    assert_eq!(table.deal().broke().cloned(), named);
    assert_eq!(phone.deal().unwrap().broke().cloned(), named);
    // A wrong link, heard last: the table kept it and reads back naming its seat.
    let seat = room.table.deal().to_move().unwrap();
    let said = room.phones[usize::from(seat)].act(Action::Draw).unwrap().send;
    let mut table = room.table.clone();
    for bytes in &said {
        table.heard(seat, bytes);
    }
    let other = (seat + 1) % 3;
    // The draw being made is the one after the last link heard (draw 0 said who starts).
    let draw = table
        .deal()
        .transcript()
        .iter()
        .rev()
        .find_map(|s| match s {
            Said::Link { draw, .. } => Some(*draw + 1),
            _ => None,
        })
        .unwrap();
    let bad = Said::Link { seat: other, draw, link: [7; 32] };
    let step = table.heard(other, &ToRelay::Say(bad).to_bytes());
    assert_eq!(step.broke.as_ref().map(|b| b.seat), Some(other), "{step:?}");
    // A phone's word that comes after (its own link for that draw) is said in no game: the
    // game ended with the seat named, and reads back so.
    let late = Said::Link { seat, draw, link: [8; 32] };
    let after = table.heard(seat, &ToRelay::Say(late).to_bytes());
    assert!(after.everyone.is_empty() && after.this.is_empty(), "{after:?}");
    let asked = table.heard(seat, &ToRelay::<Said>::From { heard: 0 }.to_bytes());
    assert!(!asked.this.is_empty(), "a phone that asks is still told the game");
    let restored = Table::restore(&table.kept()).unwrap();
    assert_eq!(restored.deal().broke(), step.broke.as_ref());
}

/// A phone gone for good ends the game with the others told why (issue 42): the table's
/// clock names the seat the game needs (its share of a draw, or its turn), every phone is
/// told and checks that the game did wait on that seat, and a phone back on a new link
/// learns it after its catch-up. Nothing is opened or played on its behalf.
#[test]
fn the_tables_clock_ends_the_game_on_every_phone() {
    let breach = super::super::fair::Breach::WouldNotAnswer;
    let mut room = Room::new(3, 14);
    let turn = room.table.deal().to_move().unwrap();
    let idle = (turn + 1) % 3;
    // Between draws only the seat to move is needed: a verdict on another is refused.
    assert_eq!(room.table.clone().not_answering(idle), None);
    // A draw is said; its card waits for a share from every phone. Seat `idle`'s phone is
    // gone: its share never comes (nor anything else it would say).
    let said = room.phones[usize::from(turn)].act(Action::Draw).unwrap();
    room.took_phone(usize::from(turn), said);
    room.to_table[usize::from(idle)].clear();
    room.run_without(usize::from(idle));
    assert!(room.table.deal().waiting_for().contains(&idle));
    let drawn = room.table.deal().transcript().len();
    let step = room.table.not_answering(idle).expect("the draw waits on that seat");
    let named = Broke { seat: idle, breach };
    assert_eq!(step.broke.as_ref(), Some(&named));
    assert_eq!(room.table.not_answering(idle), None, "named once");
    room.took_table(usize::from(idle), step);
    room.run();
    for (seat, phone) in room.phones.iter().enumerate() {
        let deal = phone.deal().unwrap();
        assert_eq!(deal.broke(), Some(&named), "phone {seat} told");
        assert_eq!(deal.transcript().len(), drawn, "nothing said on its behalf");
        assert!(deal.legal_actions().is_empty());
    }
    // The gone phone comes back on a new link: after its catch-up, it learns the verdict.
    // (Its phone, as it was before the verdict: what it kept then.)
    let mut kept = room.phones[usize::from(idle)].kept();
    kept.silent = None;
    let mut back = Phone::restore(&kept).unwrap();
    assert_eq!(back.deal().unwrap().broke(), None, "a phone that missed the verdict");
    let step = back.heard(&room.table.hello(idle)).unwrap();
    let mut heard = Vec::new();
    for ask in step.send {
        let answer = room.table.heard(idle, &ask);
        heard.extend(answer.this);
        assert!(answer.everyone.is_empty(), "nothing new is said");
    }
    let mut told = None;
    for bytes in &heard {
        told = told.or(back.heard(bytes).unwrap().broke);
    }
    assert_eq!(told, Some(named.clone()));
    // The table kept its verdict, and reads back naming the seat.
    let table = Table::restore(&kept_from_bytes(&kept_to_bytes(&room.table.kept())).unwrap()).unwrap();
    assert_eq!(table.deal().broke(), Some(&named));
}

/// A table that names a seat the game did not wait on lies: the game stops on the phone,
/// which names nobody for it.
#[test]
fn a_verdict_on_a_seat_the_game_did_not_need_stops_the_game_on_the_phone() {
    let mut room = Room::new(3, 15);
    let turn = room.table.deal().to_move().unwrap();
    let idle = (turn + 1) % 3;
    let mut phone = room.phones[usize::from(turn)].clone();
    assert_eq!(phone.heard(&ToPhone::Ended(idle).to_bytes()), Err(Trouble::Forged));
    assert_eq!(phone.deal().unwrap().broke(), None);
    assert_eq!(phone.heard(&room.table.hello(turn)), Err(Trouble::Forged), "nothing more is heard");
    // The seat to move may be named (its phone gone on its turn): every phone agrees.
    let step = room.table.not_answering(turn).expect("the game waits on the seat to move");
    room.took_table(usize::from(turn), step);
    room.run();
    for phone in &room.phones {
        assert_eq!(phone.deal().unwrap().broke().map(|b| b.seat), Some(turn));
    }
    // Before the game begins, nobody is needed: a phone still joining is not named.
    let mut table = Table::new(terms(3), [16; 16]).unwrap();
    assert_eq!(table.not_answering(0), None);
}

//! A table of Usurp whose deck no device stacks or foresees: every device sees the same
//! game, every draw depends on every phone, and a wrong or missing link is named.

use std::collections::VecDeque;

use super::*;
use crate::seats::Seats;
use crate::seed::Seed;

fn config(players: u8) -> Config {
    Config::standard(Seats::new(players, vec![]).unwrap())
}

fn seed_of(seat: u8, game: u64) -> [u8; 32] {
    let mut rng = Seed(game).stream("usurp fair test", u64::from(seat));
    let mut bytes = [0; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes
}

/// The table's device (last) and one phone per seat.
struct Table {
    devices: Vec<Deal>,
    relay: VecDeque<Said>,
}

impl Table {
    fn new(players: u8, seeds: impl Fn(u8) -> [u8; 32]) -> Table {
        let mut devices: Vec<Deal> = (0..players)
            .map(|s| Deal::new(&config(players), b"usurp test".to_vec(), Some((s, seeds(s)))).unwrap())
            .collect();
        devices.push(Deal::new(&config(players), b"usurp test".to_vec(), None).unwrap());
        let relay = devices.iter().filter_map(Deal::join).collect();
        Table { devices, relay }
    }

    fn pass_on(&mut self) {
        while let Some(said) = self.relay.pop_front() {
            for device in &mut self.devices {
                let heard = device.hear(said.clone()).unwrap_or_else(|b| panic!("{b:?}"));
                self.relay.extend(heard.say);
            }
        }
    }

    fn table(&self) -> &Deal {
        self.devices.last().unwrap()
    }

    /// A random game played to its end; the cards drawn, in order.
    fn play_out(&mut self, game: u64) -> Vec<Card> {
        self.pass_on();
        let mut rng = Seed(game).stream("usurp fair moves", 0);
        let mut drawn = Vec::new();
        for _ in 0..1000 {
            let state = &self.table().state;
            if state.over {
                break;
            }
            let seat = state.seat;
            let actions = Usurp::legal_actions(state);
            let action = actions[rng.below(actions.len() as u64) as usize];
            let said = self.devices[usize::from(seat)].act(action).unwrap();
            self.relay.push_back(said);
            self.pass_on();
            if let Some(card) = self.table().state.drawn
                && action == Action::Draw
            {
                drawn.push(card);
            }
            let views: Vec<UsurpView> = self
                .devices
                .iter()
                .map(|d| d.view(Viewer::Table))
                .collect();
            assert!(views.windows(2).all(|w| w[0] == w[1]), "every device sees one game");
        }
        drawn
    }
}

#[test]
fn every_device_follows_one_game_to_its_end() {
    let mut starts = [0; 3];
    let mut cards = 0;
    for game in 0..40 {
        let mut table = Table::new(3, |s| seed_of(s, game));
        table.pass_on();
        starts[usize::from(table.table().state.seat)] += 1;
        let drawn = table.play_out(game);
        assert!(table.table().state.over, "game {game} ended");
        assert!(table.devices.iter().all(|d| d.broke().is_none()));
        // What was drawn is what the deck held: no card twice more than it has.
        let deck = config(3).deck.cards();
        for card in &drawn {
            let held = deck.iter().filter(|c| *c == card).count();
            assert!(drawn.iter().filter(|c| *c == card).count() <= held);
        }
        cards += drawn.len();
    }
    assert!(starts.iter().all(|&n| n >= 5), "who starts is drawn: {starts:?}");
    assert!(cards > 40 * 5, "{cards} cards drawn");
}

#[test]
fn no_phone_alone_decides_or_foresees_a_draw() {
    let drawn = |changed: Option<u8>| {
        let mut table = Table::new(3, |s| {
            let mut seed = seed_of(s, 1);
            if Some(s) == changed {
                seed[0] ^= 1;
            }
            seed
        });
        table.pass_on();
        // Draw the first card only, whoever starts.
        let seat = table.table().state.seat;
        let said = table.devices[usize::from(seat)].act(Action::Draw).unwrap();
        table.relay.push_back(said);
        table.pass_on();
        (seat, table.table().state.drawn)
    };
    let honest = drawn(None);
    // Every other seat's randomness changes the start or the first card (seeds fixed by
    // the test; any single phone's change is a fresh draw).
    for seat in 0..3 {
        assert_ne!(drawn(Some(seat)), honest, "seat {seat}'s chain counts");
    }
}

#[test]
fn a_link_that_does_not_follow_its_chain_is_named() {
    let mut table = Table::new(3, |s| seed_of(s, 2));
    // The joins, then seat 1's first link changed on the way (a stacked deck needs it).
    let joins: Vec<Said> = table.relay.drain(..).collect();
    for said in joins {
        for device in &mut table.devices {
            let heard = device.hear(said.clone()).unwrap();
            table.relay.extend(heard.say);
        }
    }
    let links: Vec<Said> = table.relay.drain(..).collect();
    assert_eq!(links.len(), 3, "every phone opens its link for who starts");
    let forged = match &links[1] {
        Said::Link { seat, draw, link } => {
            let mut link = *link;
            link[0] ^= 0x80;
            Said::Link {
                seat: *seat,
                draw: *draw,
                link,
            }
        }
        other => panic!("{other:?}"),
    };
    let table_device = table.devices.last_mut().unwrap();
    table_device.hear(links[0].clone()).unwrap();
    assert_eq!(
        table_device.hear(forged),
        Err(Broke {
            seat: 1,
            breach: Breach::WrongLink
        })
    );
    // A phone's link for another draw (one changed after the fact, or ahead) is refused too.
    let mut phone = table.devices[0].clone();
    phone.hear(links[0].clone()).unwrap();
    let Said::Link { seat, link, .. } = links[2].clone() else {
        panic!()
    };
    assert_eq!(
        phone.hear(Said::Link { seat, draw: 5, link }),
        Err(Broke {
            seat: 2,
            breach: Breach::OutOfOrder
        })
    );
}

#[test]
fn a_phone_that_will_not_open_is_named_by_the_clock() {
    let mut table = Table::new(3, |s| seed_of(s, 3));
    table.pass_on();
    let seat = table.table().state.seat;
    let said = table.devices[usize::from(seat)].act(Action::Draw).unwrap();
    // The draw is said; every phone but seat 2's opens its link.
    let mut device = table.table().clone();
    let mut queue = VecDeque::from([said]);
    while let Some(said) = queue.pop_front() {
        device.hear(said.clone()).unwrap();
        for (s, phone) in table.devices.iter_mut().enumerate().take(3) {
            let heard = phone.hear(said.clone()).unwrap();
            if s != 2 {
                queue.extend(heard.say);
            }
        }
    }
    assert_eq!(device.waiting_for(), vec![2]);
    // Seat 2's phone, reloaded, says again what it owes; the others owe nothing.
    let kept = table.devices[2].kept();
    let reloaded = Deal::restore(&config(3), b"usurp test".to_vec(), &kept).unwrap();
    assert!(matches!(reloaded.owed(), Some(Said::Link { seat: 2, .. })));
    assert_eq!(table.devices[0].owed(), None);
    let mut heard_again = device.clone();
    heard_again.hear(reloaded.owed().unwrap()).unwrap();
    assert_eq!(heard_again.waiting_for(), Vec::<u8>::new(), "the draw is made");
    assert_eq!(
        table.devices[0].act(Action::Draw),
        Err(Refused::Waiting),
        "nothing is played while a draw waits"
    );
    assert_eq!(
        device.would_not_answer(2),
        Broke {
            seat: 2,
            breach: Breach::WouldNotAnswer
        }
    );
}

#[test]
fn the_table_plays_no_seat_and_out_of_turn_actions_are_refused() {
    let mut table = Table::new(2, |s| seed_of(s, 4));
    table.pass_on();
    assert_eq!(table.table().act(Action::Draw), Err(Refused::NoSeat));
    let seat = table.table().state.seat;
    let other = 1 - seat;
    assert_eq!(
        table.devices[usize::from(other)].act(Action::Draw),
        Err(Refused::NotYourTurn)
    );
    let forged = Said::Act {
        seat: other,
        action: Action::Draw,
    };
    let device = table.devices.last_mut().unwrap();
    assert_eq!(
        device.hear(forged),
        Err(Broke {
            seat: other,
            breach: Breach::OutOfOrder
        })
    );
}

#[test]
fn phones_words_travel_as_bytes_and_hostile_bytes_are_refused() {
    let mut table = Table::new(3, |s| seed_of(s, 6));
    table.play_out(6);
    let mut rng = Seed(6).stream("usurp hostile bytes", 0);
    for said in table.table().transcript() {
        let bytes = to_bytes(said);
        assert_eq!(from_bytes(&bytes).as_ref(), Ok(said));
        for cut in 0..bytes.len() {
            assert!(from_bytes(&bytes[..cut]).is_err());
        }
    }
    for _ in 0..3000 {
        let n = rng.below(60) as usize;
        let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        if let Ok(said) = from_bytes(&bytes) {
            // Heard anyway: refused or named, never a panic.
            let _ = table.devices[0].clone().hear(said);
        }
    }
}

#[test]
fn a_device_reloaded_mid_game_plays_on() {
    // Seat 1's phone and the table are reloaded after every action, from their bytes.
    let mut table = Table::new(3, |s| seed_of(s, 8));
    table.pass_on();
    let mut rng = Seed(8).stream("usurp reloads", 0);
    let context = b"usurp test".to_vec();
    for _ in 0..300 {
        for device in [1, 3] {
            let bytes = crate::wire::to_bytes(&table.devices[device].kept());
            let kept: Kept = crate::wire::from_bytes(&bytes).unwrap();
            let restored = Deal::restore(&config(3), context.clone(), &kept).unwrap();
            assert_eq!(restored.view(Viewer::Table), table.devices[device].view(Viewer::Table));
            assert_eq!(restored.waiting_for(), table.devices[device].waiting_for());
            table.devices[device] = restored;
        }
        let state = &table.table().state;
        if state.over {
            break;
        }
        let seat = state.seat;
        let actions = Usurp::legal_actions(state);
        let action = actions[rng.below(actions.len() as u64) as usize];
        let said = table.devices[usize::from(seat)].act(action).unwrap();
        table.relay.push_back(said);
        table.pass_on();
    }
    assert!(table.table().state.over, "the game ended");
    // A kept game changed on the device is named as it plays back.
    let mut kept = table.devices[1].kept();
    if let Some(Said::Link { link, .. }) = kept.said.iter_mut().find(|s| matches!(s, Said::Link { .. })) {
        link[0] ^= 1;
    }
    assert!(Deal::restore(&config(3), context, &kept).is_err());
}

/// Every device that heard one game shows one check, from the first value to the last; a
/// device that heard one value otherwise (a table showing a phone another game) shows
/// another.
#[test]
fn one_game_one_check_and_another_game_another() {
    let mut table = Table::new(3, |s| seed_of(s, 9));
    table.pass_on();
    let checks = |t: &Table| t.devices.iter().map(Deal::check).collect::<Vec<_>>();
    assert!(checks(&table).windows(2).all(|w| w[0] == w[1]), "one check after the deal");
    let dealt = table.table().check();
    table.play_out(9);
    let end = checks(&table);
    assert!(end.windows(2).all(|w| w[0] == w[1]), "one check at the end");
    assert_ne!(end[0], dealt, "the check follows what is said");
    // Another phone heard the same values but one: seat 0 took another square.
    let mut other = Table::new(3, |s| seed_of(s, 9));
    other.pass_on();
    let seat = other.table().state.seat;
    let said = other.devices[usize::from(seat)].act(Action::Draw).unwrap();
    let mut a = other.table().clone();
    let mut b = other.table().clone();
    a.hear(said).unwrap();
    assert_ne!(a.check(), b.check());
    // A different context (another game's name) is another check too.
    b = Deal::new(&config(3), b"another game".to_vec(), None).unwrap();
    assert_ne!(b.check(), Deal::new(&config(3), b"usurp test".to_vec(), None).unwrap().check());
}

/// A seat's screen: nothing to draw before the game begins or while a draw waits for the
/// phones' links; once a seat is named the game is over, won by every other seat, and
/// nothing is left to play.
#[test]
fn a_seats_screen_waits_for_a_draw_and_ends_when_a_seat_is_named() {
    use crate::game::{Status, ToAct};
    let mut table = Table::new(3, |s| seed_of(s, 4));
    let fresh = table.table().seat_view(Viewer::Table);
    assert!(!fresh.body.can_draw, "nothing drawn before every phone joined");
    table.pass_on();
    let seat = table.table().state.seat;
    let ready = table.devices[usize::from(seat)].seat_view(Viewer::Seat(seat));
    assert!(ready.body.can_draw);
    assert_eq!(ready.to_act, ToAct::Seat(seat));
    assert_eq!(ready.status, Status::Playing);
    let said = table.devices[usize::from(seat)].act(Action::Draw).unwrap();
    let mut device = table.table().clone();
    device.hear(said).unwrap();
    assert!(!device.seat_view(Viewer::Table).body.can_draw, "a draw waits for its links");
    device.would_not_answer(2);
    let over = device.seat_view(Viewer::Table);
    assert_eq!(over.to_act, ToAct::Nobody);
    assert_eq!(over.status, Status::Over { winners: vec![0, 1], scores: Vec::new() });
    assert_eq!(over.body.seat, None);
    assert_eq!(over.body.winners, vec![0, 1]);
    assert!(over.body.placeable.is_empty() && over.body.takeable.is_empty() && !over.body.can_draw);
}

//! The deckbuilder on two phones, through bytes alone: both devices see the one game to its
//! end, through lost words, reloads and hostile frames; a relay that rewrites the game is
//! named; the host's device learns nothing of the guest's deck before the end.

use std::collections::VecDeque;

use super::*;
use crate::seed::Seed;

fn terms(host_seat: u8) -> Terms {
    Terms {
        names: vec!["Ann".into(), "Bo".into()],
        host_seat,
    }
}

fn secret(label: &str, game: u64) -> [u8; 32] {
    let mut rng = Seed(game).stream(label, 0);
    let mut bytes = [0; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes
}

/// The host's device, the guest's, and the bytes on their way.
struct Room {
    host: Host,
    guest: Guest,
    to_guest: VecDeque<Vec<u8>>,
    to_host: VecDeque<Vec<u8>>,
    /// Every frame the host's device received, in order.
    host_heard: Vec<Vec<u8>>,
    broke: Vec<Broke>,
}

impl Room {
    fn new(host_seat: u8, game: u64, guest_secret: [u8; 32]) -> Room {
        let host = Host::new(terms(host_seat), [game as u8; 16], secret("host", game)).unwrap();
        let mut room = Room {
            to_guest: VecDeque::from([host.hello()]),
            to_host: VecDeque::new(),
            host,
            guest: Guest::new(guest_secret),
            host_heard: Vec::new(),
            broke: Vec::new(),
        };
        room.run();
        room
    }

    fn took(&mut self, to_host: bool, step: Step) {
        if to_host {
            self.to_host.extend(step.send);
        } else {
            self.to_guest.extend(step.send);
        }
        self.broke.extend(step.broke);
    }

    fn run(&mut self) {
        for _ in 0..100_000 {
            if let Some(bytes) = self.to_guest.pop_front() {
                let step = self.guest.heard(&bytes).unwrap();
                self.took(true, step);
            } else if let Some(bytes) = self.to_host.pop_front() {
                self.host_heard.push(bytes.clone());
                let step = self.host.heard(&bytes);
                self.took(false, step);
            } else {
                return;
            }
        }
        panic!("the devices never went quiet");
    }

    fn act(&mut self, seat: u8, action: Action) {
        if seat == self.host.terms().host_seat {
            let step = self.host.act(action).unwrap();
            self.took(false, step);
        } else {
            let step = self.guest.act(action).unwrap();
            self.took(true, step);
        }
        self.run();
    }

    /// `moves` random actions (no resigning), or fewer if the game ends on the board.
    fn play(&mut self, game: u64, moves: usize) {
        let mut rng = Seed(game).stream("deckbuilder session moves", 0);
        for _ in 0..moves {
            let Some(seat) = self.host.deal().to_move() else { return };
            let deal = if seat == self.host.terms().host_seat {
                self.host.deal()
            } else {
                self.guest.deal().unwrap()
            };
            let mut actions = deal.legal_actions();
            actions.retain(|a| *a != Action::Resign);
            let action = actions[rng.below(actions.len() as u64) as usize];
            self.act(seat, action);
        }
    }

    /// The player to move resigns, if the game goes on.
    fn resign(&mut self) {
        if let Some(seat) = self.host.deal().to_move() {
            self.act(seat, Action::Resign);
        }
    }
}

/// Both devices follow one game to its end, either seat hosting, and both find it fair
/// when both decks are shown; each device's view holds its own hand only.
#[test]
fn both_devices_follow_one_game_and_find_it_fair() {
    for game in 0..12 {
        let host_seat = (game % 2) as u8;
        let mut room = Room::new(host_seat, game, secret("guest", game));
        assert!(room.host.deal().started() && room.guest.deal().unwrap().started());
        room.play(game, 30);
        room.resign();
        assert!(room.broke.is_empty(), "game {game}: {:?}", room.broke);
        let host = room.host.deal();
        let guest = room.guest.deal().unwrap();
        assert_eq!(host.transcript(), guest.transcript(), "game {game}: one game");
        assert!(matches!(host.verdict(), Some(Ok(_))), "game {game}: {:?}", host.verdict());
        assert_eq!(host.verdict(), guest.verdict());
        let (hv, gv) = (host.seat_view(), guest.seat_view());
        assert_eq!(hv.body.me, Some(host_seat));
        assert_eq!(gv.body.me, Some(1 - host_seat));
        assert!(matches!(hv.status, crate::game::Status::Over { .. }));
    }
}

/// Either device reloaded mid-game (from its kept bytes) and linked again plays on; words
/// lost with a dropped link are said again.
#[test]
fn a_device_reloaded_or_a_link_dropped_plays_on() {
    let game = 5;
    let mut room = Room::new(0, game, secret("guest", game));
    room.play(game, 8);
    let seat = room.host.deal().to_move().unwrap();
    // The guest's reload.
    let kept = kept_from_bytes::<GuestKept>(&kept_to_bytes(&room.guest.kept())).unwrap();
    room.guest = Guest::restore(&kept).unwrap();
    room.to_guest.push_back(room.host.hello());
    room.run();
    // The host's reload.
    let kept = kept_from_bytes::<HostKept>(&kept_to_bytes(&room.host.kept())).unwrap();
    room.host = Host::restore(&kept).unwrap();
    room.to_guest.push_back(room.host.hello());
    room.run();
    assert_eq!(room.host.deal().to_move(), Some(seat));
    // The guest acts and its words are lost with the link: said again on the next one.
    if let Some(guest_turn) = room.host.deal().to_move().filter(|&s| s == 1) {
        let action = room.guest.deal().unwrap().legal_actions()[0];
        let step = room.guest.act(action).unwrap();
        drop(step);
        room.to_guest.push_back(room.host.hello());
        room.run();
        assert_ne!(room.host.deal().transcript().last().map(Said::seat), None);
        assert_eq!(guest_turn, 1);
    }
    room.play(game + 1, 20);
    room.resign();
    assert!(room.broke.is_empty(), "{:?}", room.broke);
    assert!(matches!(room.host.deal().verdict(), Some(Ok(_))));
    assert_eq!(room.host.deal().transcript(), room.guest.deal().unwrap().transcript());
}

/// A value with what a secret makes public by design blanked: the commitments (each hides
/// its card behind a salt) and the chains' heads and links (random shares).
fn blank(said: &Said) -> Said {
    match said {
        Said::Joined { seat, slots, .. } => Said::Joined {
            seat: *seat,
            head: [0; 32],
            slots: vec![crate::commit::Commitment([0; 32]); slots.len()],
        },
        Said::Shuffled { seat, slots } => Said::Shuffled {
            seat: *seat,
            slots: vec![crate::commit::Commitment([0; 32]); slots.len()],
        },
        Said::Link { seat, draw, .. } => Said::Link {
            seat: *seat,
            draw: *draw,
            link: [0; 32],
        },
        other => other.clone(),
    }
}

/// The host's device learns nothing of the guest's deck before the end: with the guest's
/// secret changed (its slots' salts, its shuffles' order, its shares of every draw, and so
/// which cards it holds when), every frame the host received and everything it keeps are
/// the same but for the commitments and the shares themselves, over turns in which both
/// play no card (so both games go the same way) through several shuffles.
#[test]
fn the_hosts_storage_and_all_it_received_do_not_change_with_the_guests_unopened_deck() {
    let quiet = |guest: [u8; 32]| {
        let mut room = Room::new(0, 7, guest);
        for _ in 0..40 {
            let seat = room.host.deal().to_move().unwrap();
            let deal = if seat == 0 { room.host.deal() } else { room.guest.deal().unwrap() };
            let action = *deal
                .legal_actions()
                .iter()
                .find(|a| matches!(a, Action::EndActions | Action::EndTurn))
                .unwrap();
            room.act(seat, action);
        }
        assert!(room.broke.is_empty());
        room
    };
    let (one, two) = (quiet(secret("guest a", 1)), quiet(secret("guest b", 2)));
    let heard = |room: &Room| -> Vec<ToRelay<Said>> {
        room.host_heard
            .iter()
            .map(|bytes| match ToRelay::<Said>::from_bytes(bytes).unwrap() {
                ToRelay::Say(said) => ToRelay::Say(blank(&said)),
                other => other,
            })
            .collect()
    };
    assert!(one.host_heard.len() > 20, "{} frames", one.host_heard.len());
    assert!(
        one.host.deal().transcript().iter().any(|s| matches!(s, Said::Shuffled { seat: 1, .. })),
        "the guest shuffled"
    );
    assert_eq!(heard(&one), heard(&two), "every frame the host received");
    let kept = |room: &Room| {
        let mut kept = room.host.kept();
        kept.kept.said = kept.kept.said.iter().map(blank).collect();
        kept
    };
    assert_eq!(kept(&one), kept(&two), "all the host keeps");
    assert_eq!(one.host.deal().seat_view(), two.host.deal().seat_view(), "all it shows");
    // The guest's own hand tells the two games apart: the test changed something real.
    let hand = |room: &Room| room.guest.deal().unwrap().seat_view().body.hand;
    assert_ne!(hand(&one), hand(&two));
}

/// A relay that changes the guest's words, rewrites a value it passed on, or falls behind
/// is named on the guest's device: the game goes to the guest.
#[test]
fn a_relay_that_rewrites_the_game_is_named() {
    let game = 3;
    let mut room = Room::new(0, game, secret("guest", game));
    room.play(game, 4);
    let said = room.host.deal().transcript().to_vec();
    // A value sent again, otherwise.
    let index = 0;
    let other = said[1].clone();
    let frame = ToGuest::Relay(FromRelay::Said { index: index as u32, said: other }).to_bytes();
    let mut guest = room.guest.clone();
    let step = guest.heard(&frame).unwrap();
    assert_eq!(step.broke, Some(Broke { seat: 0, breach: Breach::Forged }));
    // The guest's own words, changed.
    let mut guest = room.guest.clone();
    let next = said.len() as u32;
    let forged = Said::Act { seat: 1, action: Action::Resign, opened: Vec::new() };
    let step = guest
        .heard(&ToGuest::Relay(FromRelay::Said { index: next, said: forged }).to_bytes())
        .unwrap();
    assert_eq!(step.broke, Some(Broke { seat: 0, breach: Breach::Forged }));
    // A relay read back from older storage: behind what the guest heard.
    let mut older = Host::new(terms(0), [game as u8; 16], secret("host", game)).unwrap();
    let mut guest = room.guest.clone();
    let mut named = None;
    for ask in guest.heard(&older.hello()).unwrap().send {
        for answer in older.heard(&ask).send {
            named = named.or(guest.heard(&answer).unwrap().broke);
        }
    }
    assert_eq!(named, Some(Broke { seat: 0, breach: Breach::Forged }), "the guest names a relay that fell behind");
    // Named, it stays named through a reload.
    let mut guest = room.guest.clone();
    guest.heard(&frame).unwrap();
    let kept = kept_from_bytes::<GuestKept>(&kept_to_bytes(&guest.kept())).unwrap();
    let guest = Guest::restore(&kept).unwrap();
    assert_eq!(guest.deal().unwrap().broke(), Some(&Broke { seat: 0, breach: Breach::Forged }));
}

/// Hostile bytes change nothing on either device; the clock's verdict is kept through a
/// reload on both.
#[test]
fn hostile_bytes_change_nothing_and_the_clock_is_kept() {
    let game = 9;
    let mut room = Room::new(1, game, secret("guest", game));
    room.play(game, 3);
    let before = room.host.deal().transcript().len();
    for bytes in [vec![], vec![9], vec![1, 255, 255], vec![0; 300], b"not a frame".to_vec()] {
        assert!(room.guest.heard(&bytes).is_err() || bytes.is_empty());
        let step = room.host.heard(&bytes);
        assert!(step.broke.is_none());
    }
    room.run();
    assert_eq!(room.host.deal().transcript().len(), before);
    room.host.deal_mut().would_not_answer(0);
    room.guest.deal_mut().unwrap().would_not_answer(1);
    let host = Host::restore(&kept_from_bytes(&kept_to_bytes(&room.host.kept())).unwrap()).unwrap();
    let guest = Guest::restore(&kept_from_bytes(&kept_to_bytes(&room.guest.kept())).unwrap()).unwrap();
    assert_eq!(host.deal().broke(), Some(&Broke { seat: 0, breach: Breach::WouldNotAnswer }));
    assert_eq!(guest.deal().unwrap().broke(), Some(&Broke { seat: 1, breach: Breach::WouldNotAnswer }));
}

/// The guest's phone gone on its turn: the host's clock names it (nothing opened or played
/// for it), and the guest's phone, back on a new link, learns so after its catch-up. A
/// verdict on a seat the game did not wait on names the relay instead.
#[test]
fn a_guest_named_while_gone_learns_it_when_back() {
    let game = 10;
    let mut room = Room::new(0, game, secret("guest", game));
    room.play(game, 2);
    let guest_seat = room.host.terms().guest_seat();
    for more in 0..200 {
        if room.host.deal().to_move() == Some(guest_seat) {
            break;
        }
        room.play(game + 1 + more, 1);
    }
    assert_eq!(room.host.deal().to_move(), Some(guest_seat));
    // A lie first: a verdict on the host's seat, which the game does not wait on.
    let mut lied_to = room.guest.clone();
    let step = lied_to.heard(&ToGuest::Ended(room.host.terms().host_seat).to_bytes()).unwrap();
    assert_eq!(step.broke.map(|b| (b.seat, b.breach)), Some((room.host.terms().host_seat, Breach::Forged)));
    // The guest's phone is gone; the host's clock names it.
    let said = room.host.deal().transcript().len();
    room.host.deal_mut().would_not_answer(guest_seat);
    let named = Broke { seat: guest_seat, breach: Breach::WouldNotAnswer };
    // Back on a new link, kept through a reload.
    room.guest = Guest::restore(&kept_from_bytes(&kept_to_bytes(&room.guest.kept())).unwrap()).unwrap();
    room.to_guest.push_back(room.host.hello());
    room.run();
    assert_eq!(room.guest.deal().unwrap().broke(), Some(&named));
    assert!(room.broke.contains(&named));
    assert_eq!(room.host.deal().transcript().len(), said, "nothing said for it");
    assert_eq!(room.guest.deal().unwrap().transcript().len(), said);
    // Told twice (a second new link): nothing new.
    room.to_guest.push_back(room.host.hello());
    room.run();
    assert_eq!(room.guest.deal().unwrap().broke(), Some(&named));
}

/// The host's clock names a guest whose phone is still linked (modified to stall, say): it
/// is told at once; on the host's own turn the guest is not waited on and cannot be named.
#[test]
fn a_linked_guest_named_by_the_hosts_clock_is_told_at_once() {
    let game = 11;
    let mut room = Room::new(0, game, secret("guest", game));
    let guest_seat = room.host.terms().guest_seat();
    assert_eq!(room.host.deal().to_move(), Some(room.host.terms().host_seat));
    assert_eq!(room.host.not_answering(), None, "the host's turn: the guest is not waited on");
    for more in 0..200 {
        if room.host.deal().to_move() == Some(guest_seat) {
            break;
        }
        room.play(game + 1 + more, 1);
    }
    // The guest acts; a relay that keeps the words back (or a link that lost them) never
    // passes them on, and after a minute names the guest.
    let action = room.guest.deal().unwrap().legal_actions()[0];
    let kept_back = room.guest.act(action).unwrap();
    assert!(!kept_back.send.is_empty());
    let step = room.host.not_answering().expect("the guest's turn");
    let named = Broke { seat: guest_seat, breach: Breach::WouldNotAnswer };
    assert_eq!(step.broke.as_ref(), Some(&named));
    room.took(false, step);
    room.run();
    // The guest is told; its words never came back, which its screen says beside the
    // verdict (the app's `fair::unpassed`).
    assert_eq!(room.guest.deal().unwrap().broke(), Some(&named));
    assert_eq!(room.guest.unheard().len(), 1);
    assert_eq!(room.host.not_answering(), None, "named once");
}

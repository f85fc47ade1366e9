//! Two devices agree on an Espionage game and play it through bytes alone: the same game
//! as the one-device referee's, neither device choosing the board, through reloads and
//! hostile frames.

use std::collections::VecDeque;

use super::*;
use crate::seats::Viewer;
use crate::games::espionage::game::{Phase, State};
use crate::games::espionage::view;

fn terms(host_seat: u8) -> Terms {
    Terms {
        names: vec!["Ann".into(), "Bo".into()],
        width: 10,
        volcanoes: 4,
        quiet_draw: Some(200),
        host_seat,
    }
}

fn bytes16(seed: u64, label: &str) -> [u8; 16] {
    let mut rng = Seed(seed).stream(label, 0);
    let mut out = [0; 16];
    out[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
    out[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
    out
}

fn salts(seat: u8, game: u64) -> Vec<Salt> {
    (0..super::super::army::ARMY_SIZE as u64)
        .map(|i| Salt(bytes16(game * 100 + i, &format!("salt {seat}"))))
        .collect()
}

/// Both devices and the bytes on their way.
struct Pair {
    host: Host,
    guest: Guest,
    to_guest: VecDeque<Vec<u8>>,
    to_host: VecDeque<Vec<u8>>,
    news: [Vec<Event>; 2],
    broke: Option<Broke>,
}

impl Pair {
    fn new(host_seat: u8, seed: u64) -> Pair {
        let host = Host::new(
            terms(host_seat),
            bytes16(seed, "game"),
            bytes16(seed, "host share"),
            Salt(bytes16(seed, "host salt")),
        )
        .unwrap();
        let mut pair = Pair {
            to_guest: VecDeque::from([host.hello()]),
            host,
            guest: Guest::new(bytes16(seed, "guest share")),
            to_host: VecDeque::new(),
            news: [Vec::new(), Vec::new()],
            broke: None,
        };
        pair.run();
        pair
    }

    fn seats(&self) -> (usize, usize) {
        let host = usize::from(self.host.terms().host_seat);
        (host, 1 - host)
    }

    fn took(&mut self, step: Step, from_host: bool) {
        let (host, guest) = self.seats();
        if from_host {
            self.to_guest.extend(step.send);
            self.news[host].extend(step.news);
        } else {
            self.to_host.extend(step.send);
            self.news[guest].extend(step.news);
        }
        if step.broke.is_some() {
            self.broke = step.broke;
        }
    }

    /// Every frame on its way delivered, until both are quiet.
    fn run(&mut self) {
        loop {
            if let Some(bytes) = self.to_guest.pop_front() {
                let step = self.guest.heard(&bytes).unwrap();
                self.took(step, false);
            } else if let Some(bytes) = self.to_host.pop_front() {
                let step = self.host.heard(&bytes).unwrap();
                self.took(step, true);
            } else {
                return;
            }
        }
    }

    fn act(&mut self, seat: u8, action: Action) {
        let step = if usize::from(seat) == self.seats().0 {
            let step = match action {
                Action::SetUp(p) => self.host.set_up(p, &salts(seat, 1)),
                action => self.host.act(action),
            };
            (step.unwrap(), true)
        } else {
            let step = match action {
                Action::SetUp(p) => self.guest.set_up(p, &salts(seat, 1)),
                action => self.guest.act(action),
            };
            (step.unwrap(), false)
        };
        self.took(step.0, step.1);
        self.run();
    }

    fn side(&self, seat: u8) -> &Side {
        if usize::from(seat) == self.seats().0 {
            self.host.side().unwrap()
        } else {
            self.guest.side().unwrap()
        }
    }
}

/// The one-device referee's game on the board both devices dealt.
fn referee(host_seat: u8, seed: u64) -> State {
    let config = terms(host_seat).config().unwrap();
    let (volcanoes, _) = dealt(
        &config,
        &bytes16(seed, "game"),
        &bytes16(seed, "host share"),
        &bytes16(seed, "guest share"),
    );
    State::empty(config, volcanoes)
}

fn random_action(state: &State, rng: &mut crate::seed::Rng, last: bool) -> Action {
    let mut actions = Espionage::legal_actions(state);
    actions.retain(|a| !matches!(a, Action::Resign));
    if actions.is_empty() || last {
        Action::Resign
    } else {
        actions[rng.below(actions.len() as u64) as usize].clone()
    }
}

/// A random game between the two devices; `between` runs after every action.
fn play(host_seat: u8, seed: u64, mut between: impl FnMut(&mut Pair)) -> Pair {
    let mut pair = Pair::new(host_seat, seed);
    let mut real = referee(host_seat, seed);
    for seat in 0..2u8 {
        let placement = Placement::random(Seed(seed * 2 + u64::from(seat)), 10);
        Espionage::apply(&mut real, Action::SetUp(placement.clone())).unwrap();
        pair.act(seat, Action::SetUp(placement));
        between(&mut pair);
    }
    let mut rng = Seed(seed).stream("session moves", 0);
    for ply in 0..300 {
        for seat in 0..2u8 {
            assert_eq!(
                pair.side(seat).view(),
                view::view(&real, Viewer::Seat(seat)),
                "seat {seat}, host {host_seat}, ply {ply}"
            );
        }
        let Phase::Turn { seat } = real.phase else {
            break;
        };
        let action = random_action(&real, &mut rng, ply == 299);
        Espionage::apply(&mut real, action.clone()).unwrap();
        pair.act(seat, action);
        between(&mut pair);
    }
    pair
}

#[test]
fn two_devices_deal_and_play_the_referees_game_through_bytes_alone() {
    for seed in 0..6 {
        for host_seat in 0..2 {
            let pair = play(host_seat, seed, |_| {});
            assert_eq!(pair.broke, None);
            for seat in 0..2 {
                assert!(matches!(
                    pair.side(seat).verdict(),
                    Some(fair::Verdict::Fair(_))
                ));
            }
            assert_eq!(pair.host.side().unwrap().transcript(), pair.guest.side().unwrap().transcript());
        }
    }
}

#[test]
fn neither_device_chooses_the_board_alone() {
    let config = terms(0).config().unwrap();
    let game = bytes16(1, "game");
    let boards = |host: u64, guest: u64| {
        dealt(&config, &game, &bytes16(host, "h"), &bytes16(guest, "g"))
    };
    // Whichever share one device fixes, the other's share still moves the volcanoes and
    // always changes the game's context.
    let mut moved = 0;
    for other in 1..20 {
        let (volcanoes, context) = boards(0, other);
        let (host_fixed, host_context) = boards(0, 0);
        moved += usize::from(volcanoes != host_fixed);
        assert_ne!(context, host_context);
        let (volcanoes, context) = boards(other, 0);
        moved += usize::from(volcanoes != host_fixed);
        assert_ne!(context, host_context);
    }
    assert!(moved >= 30, "{moved} of 38 boards moved");
}

#[test]
fn a_host_whose_share_does_not_open_its_commitment_is_named() {
    let mut pair = Pair::new(0, 3);
    let mut guest = Guest::new(bytes16(9, "guest"));
    let hello = pair.host.hello();
    let step = guest.heard(&hello).unwrap();
    assert_eq!(step.send, vec![ToHost::Share(bytes16(9, "guest")).to_bytes()]);
    // The host opens another share than it committed to (one that suits it better).
    let forged = ToGuest::Dealt {
        share: bytes16(4, "another"),
        salt: Salt(bytes16(3, "host salt")),
        guest: bytes16(9, "guest"),
    };
    let step = guest.heard(&forged.to_bytes()).unwrap();
    assert_eq!(
        step.broke,
        Some(Broke {
            seat: 0,
            breach: Breach::WrongOpening
        })
    );
    assert_eq!(guest.broke().map(|b| b.seat), Some(0));
    assert!(guest.side().is_none());
    // A deal for another guest share than this guest's is another game.
    let mut guest = Guest::new(bytes16(9, "guest"));
    guest.heard(&hello).unwrap();
    let other = ToGuest::Dealt {
        share: bytes16(3, "host share"),
        salt: Salt(bytes16(3, "host salt")),
        guest: bytes16(8, "guest"),
    };
    assert_eq!(guest.heard(&other.to_bytes()), Err(Trouble::OtherGame));
    // And a hello of another game, once in one, is refused.
    let another = Host::new(terms(0), [5; 16], [6; 16], Salt([7; 16])).unwrap();
    assert_eq!(pair.guest.heard(&another.hello()), Err(Trouble::OtherGame));
}

/// A host that learnt the guest's share (and so the board) and will not deal is named by
/// the guest's clock, and the deal goes no further; nobody is named before the hello, nor
/// once the game is dealt (its side's clock says it then).
#[test]
fn a_host_that_will_not_deal_is_named_by_the_clock() {
    let mut guest = Guest::new(bytes16(9, "guest"));
    assert_eq!(guest.would_not_answer(), None, "no host yet");
    let mut host = Host::new(terms(1), bytes16(1, "game"), bytes16(2, "share"), Salt(bytes16(3, "salt"))).unwrap();
    let share = guest.heard(&host.hello()).unwrap().send;
    assert_eq!(
        guest.would_not_answer(),
        Some(Broke {
            seat: 1,
            breach: Breach::WouldNotAnswer
        })
    );
    // The host's deal, late, changes nothing.
    let dealt = host.heard(&share[0]).unwrap().send;
    assert_eq!(guest.heard(&dealt[0]), Ok(Step::default()));
    assert!(guest.side().is_none());
    assert_eq!(guest.broke().map(|b| b.breach.clone()), Some(Breach::WouldNotAnswer));
    // Dealt in time, there is nothing for this clock to say.
    let pair = Pair::new(0, 3);
    assert_eq!(pair.guest.clone().would_not_answer(), None);
}

#[test]
fn the_hosts_first_share_from_the_guest_stands() {
    let mut pair = Pair::new(1, 5);
    let before = pair.host.kept();
    // The guest, having seen the host's share, sends another: the deal does not change.
    let step = pair
        .host
        .heard(&ToHost::Share([0xee; 16]).to_bytes())
        .unwrap();
    assert_eq!(pair.host.kept(), before);
    assert_eq!(
        step.send,
        vec![
            ToGuest::Dealt {
                share: bytes16(5, "host share"),
                salt: Salt(bytes16(5, "host salt")),
                guest: bytes16(5, "guest share"),
            }
            .to_bytes()
        ]
    );
}

#[test]
fn both_devices_reload_at_every_step_and_the_game_plays_on() {
    for host_seat in 0..2 {
        let pair = play(host_seat, 11, |pair| {
            let host: HostKept = kept_from_bytes(&kept_to_bytes(&pair.host.kept())).unwrap();
            let guest: GuestKept = kept_from_bytes(&kept_to_bytes(&pair.guest.kept())).unwrap();
            let old_view = pair.guest.side().map(Side::view);
            pair.host = Host::restore(&host).unwrap();
            pair.guest = Guest::restore(&guest).unwrap();
            assert_eq!(pair.guest.side().map(Side::view), old_view);
            // A new link: the host says hello, the guest says where it stands.
            pair.to_guest.push_back(pair.host.hello());
            pair.run();
        });
        assert!(matches!(
            pair.host.side().unwrap().verdict(),
            Some(fair::Verdict::Fair(_))
        ));
    }
    // A guest reloaded before the deal came sends its same share again.
    let host = Host::new(terms(0), [1; 16], [2; 16], Salt([3; 16])).unwrap();
    let mut guest = Guest::new([4; 16]);
    guest.heard(&host.hello()).unwrap();
    let mut guest = Guest::restore(&guest.kept()).unwrap();
    let step = guest.heard(&host.hello()).unwrap();
    assert_eq!(step.send, vec![ToHost::Share([4; 16]).to_bytes()]);
    // Damaged kept bytes are said as such.
    let bytes = kept_to_bytes(&guest.kept());
    assert!(kept_from_bytes::<GuestKept>(&bytes[..bytes.len() - 1]).is_err());
    assert!(kept_from_bytes::<HostKept>(&[9, 9, 9]).is_err());
}

/// A host's device read back from older storage (what it kept a few values ago) has less
/// than the guest heard from it: the guest names it when the two link again, and a host
/// that sends a value heard before changed is named too. A value sent again unchanged is
/// passed over, and a game already ended keeps its verdict.
#[test]
fn a_host_rolled_back_or_rewriting_the_game_is_named() {
    for host_seat in 0..2u8 {
        let named = Some(Broke { seat: host_seat, breach: Breach::Rewrote });
        let mut older = None;
        let mut checked = false;
        let pair = play(host_seat, 5, |pair| {
            let heard = pair.guest.side().map_or(0, |s| s.transcript().len());
            if older.is_none() && heard >= 6 {
                older = Some(pair.host.kept());
            }
            if checked || heard < 12 {
                return;
            }
            checked = true;
            let said = pair.guest.side().unwrap().transcript().to_vec();
            let frame = |said: &Said| ToGuest::Relay(FromRelay::Said { index: 2, said: said.clone() }).to_bytes();
            // The same value sent again changes nothing.
            let mut guest = pair.guest.clone();
            assert_eq!(guest.heard(&frame(&said[2])).unwrap().broke, None);
            // Another value at a place heard: the host rewrote the game.
            let other = said.iter().find(|s| **s != said[2]).unwrap();
            assert_eq!(guest.heard(&frame(other)).unwrap().broke, named);
            assert_eq!(guest.side().unwrap().verdict(), Some(&fair::Verdict::Broke(named.clone().unwrap())));
            // Reloaded, the guest still names the host.
            let kept: GuestKept = kept_from_bytes(&kept_to_bytes(&guest.kept())).unwrap();
            let reloaded = Guest::restore(&kept).unwrap();
            assert_eq!(reloaded.side().unwrap().verdict(), guest.side().unwrap().verdict());
            // The host's device read back from what it kept earlier, linked again.
            let host = Host::restore(older.as_ref().unwrap()).unwrap();
            assert!(host.side().unwrap().transcript().len() < said.len());
            let mut rolled = Pair {
                to_guest: VecDeque::from([host.hello()]),
                host,
                guest: pair.guest.clone(),
                to_host: VecDeque::new(),
                news: [Vec::new(), Vec::new()],
                broke: None,
            };
            rolled.run();
            assert_eq!(rolled.broke, named, "host {host_seat}");
        });
        assert!(checked);
        // The game went on with the honest host, and ended fairly; a host read back from
        // older storage after that does not change the verdict.
        let mut pair = pair;
        assert!(matches!(pair.guest.side().unwrap().verdict(), Some(fair::Verdict::Fair(_))));
        pair.host = Host::restore(older.as_ref().unwrap()).unwrap();
        pair.to_guest.push_back(pair.host.hello());
        pair.run();
        assert_eq!(pair.broke, None);
        assert!(matches!(pair.guest.side().unwrap().verdict(), Some(fair::Verdict::Fair(_))));
    }
}

#[test]
fn a_lost_frame_is_asked_for_again() {
    let mut pair = Pair::new(0, 8);
    let placement = Placement::random(Seed(1), 10);
    let step = pair.host.set_up(placement, &salts(0, 1)).unwrap();
    // The host's set-up never reaches the guest; its next frame would show the gap.
    assert!(!step.send.is_empty());
    assert!(pair.guest.side().unwrap().transcript().is_empty());
    let again = pair.guest.ask_again().unwrap();
    let step = pair.host.heard(&again).unwrap();
    pair.took(step, true);
    pair.run();
    assert_eq!(
        pair.guest.side().unwrap().transcript(),
        pair.host.side().unwrap().transcript()
    );
}

#[test]
fn hostile_frames_change_nothing_and_never_panic() {
    let mut pair = play(0, 2, |_| {});
    let host_before = pair.host.kept();
    let guest_before = pair.guest.kept();
    let mut rng = Seed(77).stream("session fuzz", 0);
    let good = [
        pair.host.hello(),
        ToHost::Share([1; 16]).to_bytes(),
        ToHost::Relay(ToRelay::From { heard: 0 }).to_bytes(),
    ];
    for _ in 0..5_000 {
        let mut bytes = if rng.below(2) == 0 {
            good[rng.below(3) as usize].clone()
        } else {
            (0..rng.below(40)).map(|_| rng.below(256) as u8).collect()
        };
        if !bytes.is_empty() {
            let at = rng.below(bytes.len() as u64) as usize;
            bytes[at] ^= 1 + rng.below(255) as u8;
        }
        let _ = pair.guest.heard(&bytes);
        let _ = pair.host.heard(&bytes);
    }
    // The game was over: whatever was heard, each device's side stands as it was (a
    // garbled frame is refused, a new share is not taken, an ask is only answered).
    assert_eq!(pair.host.kept().side, host_before.side);
    assert_eq!(pair.guest.kept().side, guest_before.side);
    assert_eq!(
        pair.guest.heard(&[200]),
        Err(Trouble::Garbled(WireError::Bad("frame to a guest")))
    );
}

#[test]
fn words_lost_when_a_link_drops_are_said_again_once() {
    // The guest (North) sets up, and its words are lost with the link.
    let mut pair = Pair::new(0, 12);
    pair.act(0, Action::SetUp(Placement::random(Seed(1), 10)));
    let step = pair
        .guest
        .set_up(Placement::random(Seed(2), 10), &salts(1, 1))
        .unwrap();
    assert_eq!(step.send.len(), 1);
    assert_eq!(pair.guest.side().unwrap().unheard().len(), 1);
    // A new link: hello, where the guest stands, the relay's answer, then the lost words.
    pair.to_guest.push_back(pair.host.hello());
    pair.run();
    assert!(pair.guest.side().unwrap().unheard().is_empty());
    let transcript = pair.host.side().unwrap().transcript();
    assert_eq!(transcript, pair.guest.side().unwrap().transcript());
    // Both set-ups sealed and shown, each once.
    let sealed = transcript
        .iter()
        .filter(|s| matches!(s, Said::Sealed { .. }))
        .count();
    assert_eq!(sealed, 2);
    assert!(matches!(
        pair.guest.side().unwrap().view().phase,
        Phase::Turn { seat: 0 }
    ));
    // Asking again while nothing was lost says nothing twice.
    let before = transcript.len();
    let again = pair.guest.ask_again().unwrap();
    let step = pair.host.heard(&again).unwrap();
    pair.took(step, true);
    pair.run();
    assert_eq!(pair.host.side().unwrap().transcript().len(), before);
    assert_eq!(pair.guest.side().unwrap().transcript().len(), before);
}

/// Quiet turns (no combat, no spy beside an enemy) on two devices, South on the host's,
/// North set up as given: everything the host received, as bytes read back, and its kept
/// state.
fn quiet_session(north: Placement) -> (Pair, Vec<ToHost>) {
    let mut pair = Pair::new(0, 21);
    let mut real = referee(0, 21);
    let mut received = Vec::new();
    let deliver = |pair: &mut Pair, received: &mut Vec<ToHost>| {
        loop {
            if let Some(bytes) = pair.to_guest.pop_front() {
                let step = pair.guest.heard(&bytes).unwrap();
                pair.took(step, false);
            } else if let Some(bytes) = pair.to_host.pop_front() {
                received.push(ToHost::from_bytes(&bytes).unwrap());
                let step = pair.host.heard(&bytes).unwrap();
                pair.took(step, true);
            } else {
                return;
            }
        }
    };
    let south = Placement::random(Seed(41), 10);
    for (seat, placement) in [(0u8, south), (1, north)] {
        Espionage::apply(&mut real, Action::SetUp(placement.clone())).unwrap();
        let step = if seat == 0 {
            pair.host.set_up(placement, &salts(0, 1)).unwrap()
        } else {
            pair.guest.set_up(placement, &salts(1, 1)).unwrap()
        };
        pair.took(step, seat == 0);
        deliver(&mut pair, &mut received);
    }
    let mut rng = Seed(9).stream("quiet session", 0);
    for _ in 0..40 {
        let Phase::Turn { seat } = real.phase else {
            break;
        };
        let g = real.geometry();
        let quiet: Vec<Action> = Espionage::legal_actions(&real)
            .into_iter()
            .filter(|a| match *a {
                Action::Move { to, .. } => {
                    real.board[usize::from(to)].is_none() && (3..7).contains(&g.row(to))
                }
                Action::Submit => real.moves_made >= 1,
                _ => false,
            })
            .collect();
        let Some(action) = quiet.get(rng.below(quiet.len().max(1) as u64) as usize).cloned()
        else {
            break;
        };
        Espionage::apply(&mut real, action.clone()).unwrap();
        let step = if seat == 0 {
            pair.host.act(action).unwrap()
        } else {
            pair.guest.act(action).unwrap()
        };
        pair.took(step, seat == 0);
        deliver(&mut pair, &mut received);
    }
    (pair, received)
}

/// A value with its commitments blanked: hashes of fresh salts, which show nothing, and
/// which differ whenever what they bind differs.
fn blank(said: &Said) -> Said {
    match said {
        Said::Sealed { seat, .. } => Said::Sealed {
            seat: *seat,
            digest: [0; 32],
        },
        Said::Shown { seat, squares, .. } => Said::Shown {
            seat: *seat,
            squares: squares.clone(),
            commitments: Vec::new(),
        },
        other => other.clone(),
    }
}

#[test]
fn the_hosts_storage_and_all_it_received_do_not_change_with_the_guests_unopened_army() {
    let first = Placement::random(Seed(40), 10);
    let mut swapped = first.clone();
    // Two different pieces of North's back row, which quiet turns never open.
    let back: Vec<usize> = (20..30).collect();
    let (a, b) = back
        .iter()
        .flat_map(|&a| back.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| swapped.0[a] != swapped.0[b] && swapped.0[a].is_some() && swapped.0[b].is_some())
        .unwrap();
    swapped.0.swap(a, b);
    let (one, heard_one) = quiet_session(first);
    let (two, heard_two) = quiet_session(swapped);
    assert!(heard_one.len() > 20, "the game went on: {} frames", heard_one.len());
    let blank_frames = |frames: &[ToHost]| -> Vec<ToHost> {
        frames
            .iter()
            .map(|frame| match frame {
                ToHost::Relay(ToRelay::Say(said)) => ToHost::Relay(ToRelay::Say(blank(said))),
                other => other.clone(),
            })
            .collect()
    };
    // Every frame the host received, read back: the same but for the commitments.
    assert_eq!(blank_frames(&heard_one), blank_frames(&heard_two));
    // What the host keeps in its storage: the same but for the commitments it heard.
    let blank_kept = |kept: HostKept| {
        let mut kept = kept;
        if let Some(side) = &mut kept.side {
            side.said = side.said.iter().map(blank).collect();
        }
        kept
    };
    assert_eq!(blank_kept(one.host.kept()), blank_kept(two.host.kept()));
    assert_eq!(one.host.side().unwrap().view(), two.host.side().unwrap().view());
    // The guest's own view tells the two games apart: the test changed something real.
    assert_ne!(one.guest.side().unwrap().view(), two.guest.side().unwrap().view());
}

/// The guest's phone gone at its set-up: the host's clock names it, nothing of its army is
/// opened, and the guest's phone, back on a new link, learns so after its catch-up. A
/// verdict on a seat the game did not wait on names the relay instead.
#[test]
fn a_guest_named_while_gone_learns_it_when_back() {
    let mut pair = Pair::new(0, 13);
    pair.act(0, Action::SetUp(Placement::random(Seed(1), 10)));
    assert!(matches!(pair.guest.side().unwrap().view().phase, Phase::SetUp { seat: 1 }));
    // A lie first: a verdict on the host's seat, which the game does not wait on.
    let mut lied_to = pair.guest.clone();
    let step = lied_to.heard(&ToGuest::Ended(0).to_bytes()).unwrap();
    assert_eq!(step.broke.map(|b| (b.seat, b.breach)), Some((0, Breach::Rewrote)));
    // The guest's phone is gone; the host's clock names it.
    let said = pair.host.side().unwrap().transcript().len();
    assert!(matches!(
        pair.host.side_mut().unwrap().would_not_answer(1),
        fair::Verdict::Broke(_)
    ));
    let named = Broke { seat: 1, breach: Breach::WouldNotAnswer };
    // Back on a new link: it learns the verdict after its catch-up, and nothing of its
    // army was said.
    pair.to_guest.push_back(pair.host.hello());
    pair.run();
    assert_eq!(pair.broke, Some(named.clone()));
    assert_eq!(pair.guest.side().unwrap().verdict(), Some(&fair::Verdict::Broke(named.clone())));
    assert_eq!(pair.host.side().unwrap().transcript().len(), said);
    assert_eq!(pair.guest.side().unwrap().transcript().len(), said);
    // Told twice: nothing new; and the framing reads back, garbage refused.
    pair.broke = None;
    pair.to_guest.push_back(pair.host.hello());
    pair.run();
    assert_eq!(pair.broke, None);
    assert_eq!(ToGuest::from_bytes(&ToGuest::Ended(1).to_bytes()), Ok(ToGuest::Ended(1)));
    for garbage in [&[3][..], &[3, 1, 1], &[4, 1]] {
        assert!(ToGuest::from_bytes(garbage).is_err());
    }
}

/// The host's clock names a guest whose phone is still linked: it is told at once; a guest
/// the game does not wait on (the host's own set-up) cannot be named.
#[test]
fn a_linked_guest_named_by_the_hosts_clock_is_told_at_once() {
    let mut pair = Pair::new(0, 14);
    assert_eq!(pair.host.not_answering(), None, "the host's set-up: the guest is not waited on");
    pair.act(0, Action::SetUp(Placement::random(Seed(1), 10)));
    let step = pair.host.not_answering().expect("the guest's set-up");
    let named = Broke { seat: 1, breach: Breach::WouldNotAnswer };
    assert_eq!(step.broke.as_ref(), Some(&named));
    pair.took(step, true);
    pair.run();
    assert_eq!(pair.guest.side().unwrap().verdict(), Some(&fair::Verdict::Broke(named)));
    assert_eq!(pair.host.not_answering(), None, "named once");
}

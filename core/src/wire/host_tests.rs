//! The host and its phones over the wire: whole games played by phones that know only what
//! they were sent (all five games), the host's refusals, a phone that drops and rejoins, a
//! take back, and no other seat's secret on the wire.

use super::host::{Host, LinkId};
use super::phone::{Feed, Heard};
use super::*;
use crate::bots::{Bot, Random, Seen, named};
use crate::game::{Game, Referee};
use crate::games::carousel_chess::CarouselChess;
use crate::games::city_of_spies::CityOfSpies;
use crate::games::deckbuilder::Deckbuilder;
use crate::games::espionage::{Action as EAction, Espionage, Placement};
use crate::games::usurp::Usurp;
use crate::seats::{Seats, Viewer};
use crate::seed::{Rng, Seed};

/// A phone as the wire makes it: what it holds of its seat (the core's [`Feed`], as the
/// app's phone keeps it), and what it was sent.
struct Phone<G: Wired> {
    seat: u8,
    key: [u8; 16],
    link: LinkId,
    feed: Option<Feed<G>>,
    /// Every frame it received.
    received: Vec<Vec<u8>>,
    refused: Vec<Refusal>,
}

impl<G: Wired> Phone<G> {
    /// A phone of `seat` on `link`, sent nothing yet.
    fn new(seat: u8, key: [u8; 16], link: LinkId) -> Phone<G> {
        Phone {
            seat,
            key,
            link,
            feed: None,
            received: Vec::new(),
            refused: Vec::new(),
        }
    }

    fn read(&mut self, bytes: &[u8]) {
        self.received.push(bytes.to_vec());
        match Feed::hear(&mut self.feed, self.seat, bytes).expect("the host's frames read") {
            Heard::Updated => {}
            Heard::Refused(why) => self.refused.push(why),
            Heard::Welcome { seat, key } => {
                assert_eq!(seat, self.seat);
                self.key = key;
            }
            // The host's book sends no such list (the app's host does, from its log).
            Heard::Relinked(_) => panic!("the host's book tells no links again"),
        }
    }

    fn view(&self) -> Option<&View<G::View>> {
        self.feed.as_ref().map(|f| &f.view)
    }

    fn legal(&self) -> &[G::Action] {
        match &self.feed {
            Some(feed) => &feed.legal,
            None => &[],
        }
    }

    fn news(&self) -> &[G::Event] {
        match &self.feed {
            Some(feed) => &feed.news,
            None => &[],
        }
    }

    fn actions(&self) -> u32 {
        self.feed.as_ref().map_or(0, |f| f.actions)
    }

    /// The message that joins its seat again, with what it holds.
    fn rejoin(&self) -> ToHost<G> {
        match &self.feed {
            Some(feed) => feed.join(self.key),
            None => Feed::join_afresh(self.seat, self.key),
        }
    }
}

/// Deliver every frame of `outbox` to its phone.
fn deliver<G: Wired>(phones: &mut [Phone<G>], outbox: Vec<(LinkId, Vec<u8>)>) {
    for (link, bytes) in outbox {
        if let Some(phone) = phones.iter_mut().find(|p| p.link == link) {
            phone.read(&bytes);
        }
    }
}

/// `seat`'s phone sends `message`; the host's answers are delivered.
fn send<G: Wired>(
    referee: &mut Referee<G>,
    host: &mut Host,
    phones: &mut [Phone<G>],
    seat: u8,
    message: ToHost<G>,
) {
    let out = host.receive(referee, phones[usize::from(seat)].link, &message.to_bytes());
    deliver(phones, out);
}

fn keys(n: u8) -> Vec<[u8; 16]> {
    (0..n)
        .map(|s| [s.wrapping_mul(37).wrapping_add(11); 16])
        .collect()
}

/// Phones for every seat, joined.
fn joined<G: Wired>(host: &mut Host, referee: &mut Referee<G>, n: u8) -> Vec<Phone<G>> {
    let mut phones: Vec<Phone<G>> = keys(n)
        .into_iter()
        .enumerate()
        .map(|(seat, key)| Phone::new(seat as u8, key, host.open()))
        .collect();
    for i in 0..phones.len() {
        let join = phones[i].rejoin().to_bytes();
        let out = host.receive(referee, phones[i].link, &join);
        deliver(&mut phones, out);
    }
    phones
}

/// Play `referee`'s game to its end over the wire, each phone's bot deciding from what
/// that phone was sent and nothing else; every phone's last view is its seat's real view.
fn play_over_the_wire<G: Wired>(referee: &mut Referee<G>, n: u8, bots: &mut [impl Bot<G>]) {
    let mut host = Host::new(keys(n));
    let mut phones = joined(&mut host, referee, n);
    let mut rng = Rng::from_state(3);
    for _ in 0..20_000 {
        let seat = match referee.to_act() {
            ToAct::Seat(seat) => seat,
            // The table's own decision (a set-up): made on the host, and every phone told.
            ToAct::Table => {
                let action = referee.legal_actions(Viewer::Table).swap_remove(0);
                referee.act(action).unwrap();
                let out = host.changed(referee);
                deliver(&mut phones, out);
                continue;
            }
            ToAct::Nobody => break,
        };
        let phone = &phones[usize::from(seat)];
        let view = phone.view().expect("a joined phone has a view");
        assert_eq!(
            view,
            &referee.view(Viewer::Seat(seat)),
            "the phone's view is its seat's"
        );
        let seen = Seen {
            seat,
            view,
            legal: phone.legal(),
            news: phone.news(),
        };
        let i = bots[usize::from(seat)].decide(&seen, &mut rng);
        let act = ToHost::<G>::Act {
            after: phone.actions(),
            action: phone.legal()[i].clone(),
        }
        .to_bytes();
        let before = referee.actions();
        let out = host.receive(referee, phone.link, &act);
        deliver(&mut phones, out);
        assert_eq!(referee.actions(), before + 1, "the action was played");
    }
    assert_eq!(referee.to_act(), ToAct::Nobody, "the game ended");
    for phone in &phones {
        assert!(phone.refused.is_empty());
        assert_eq!(
            phone.news(),
            referee.news_since(Viewer::Seat(phone.seat), 0),
            "every phone gathered exactly its seat's news"
        );
        assert_eq!(
            phone.view(),
            Some(&referee.view(Viewer::Seat(phone.seat))),
            "and its seat's last view"
        );
    }
}

#[test]
fn whole_games_play_over_the_wire_from_what_each_phone_is_sent() {
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(9)).unwrap();
    let normal = named::<Espionage>("normal").unwrap();
    let random = named::<Espionage>("random").unwrap();
    play_over_the_wire(&mut referee, 2, &mut [normal, random]);
    assert!(matches!(
        referee.view(Viewer::Table).status,
        Status::Over { .. }
    ));

    let seats = Seats::new(3, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    play_over_the_wire(&mut referee, 3, &mut [Random, Random, Random]);
    assert!(matches!(
        referee.view(Viewer::Table).status,
        Status::Over { .. }
    ));

    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Deckbuilder>::new(Deckbuilder::config(&seats, 0), Seed(6)).unwrap();
    let normal = named::<Deckbuilder>("normal").unwrap();
    let random = named::<Deckbuilder>("random").unwrap();
    play_over_the_wire(&mut referee, 2, &mut [normal, random]);

    let seats = Seats::new(4, vec![]).unwrap();
    let mut referee = Referee::<CityOfSpies>::new(CityOfSpies::config(&seats, 0), Seed(2)).unwrap();
    play_over_the_wire(&mut referee, 4, &mut [Random, Random, Random, Random]);

    let seats = Seats::new(3, vec![]).unwrap();
    let mut referee =
        Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(2)).unwrap();
    play_over_the_wire(&mut referee, 3, &mut [Random, Random, Random]);
}

#[test]
fn the_host_refuses_a_wrong_key_a_wrong_seat_a_replay_an_illegal_action_and_garbage() {
    let seats = Seats::new(3, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let mut host = Host::new(keys(3));
    let mut phones = joined(&mut host, &mut referee, 3);
    let text = referee.to_text();
    let refused = |host: &mut Host, referee: &mut Referee<Usurp>, link: LinkId, bytes: Vec<u8>| {
        let out = host.receive(referee, link, &bytes);
        assert_eq!(out.len(), 1, "only the sender hears of it");
        assert_eq!(out[0].0, link);
        match ToPhone::<Usurp>::from_bytes(&out[0].1).unwrap() {
            ToPhone::Refused(why) => why,
            ToPhone::Update { .. } | ToPhone::Welcome { .. } | ToPhone::Relinked(_) => {
                panic!("accepted")
            }
        }
    };
    let ToAct::Seat(mover) = referee.view(Viewer::Table).to_act else {
        panic!("a seat is to act");
    };
    let other = (mover + 1) % 3;
    let draw = |after: usize| {
        ToHost::<Usurp>::Act {
            after: after as u32,
            action: crate::games::usurp::Action::Draw,
        }
        .to_bytes()
    };
    // A stranger with a guessed key, and a link that never joined.
    let stranger = host.open();
    let guess = Feed::<Usurp>::join_afresh(mover, [0; 16]);
    assert_eq!(
        refused(&mut host, &mut referee, stranger, guess.to_bytes()),
        Refusal::WrongKey
    );
    let no_seat = Feed::<Usurp>::join_afresh(9, [0; 16]);
    assert_eq!(
        refused(&mut host, &mut referee, stranger, no_seat.to_bytes()),
        Refusal::WrongKey
    );
    assert_eq!(
        refused(&mut host, &mut referee, stranger, draw(0)),
        Refusal::NotJoined
    );
    // Another seat acting out of turn.
    let link = phones[usize::from(other)].link;
    assert_eq!(
        refused(&mut host, &mut referee, link, draw(0)),
        Refusal::NotYours
    );
    // Garbage, and a frame tampered with on the way.
    let link = phones[usize::from(mover)].link;
    assert_eq!(
        refused(&mut host, &mut referee, link, vec![1, 2, 3]),
        Refusal::Garbled
    );
    let mut tampered = draw(0);
    tampered[3] = 0x80;
    assert_eq!(
        refused(&mut host, &mut referee, link, tampered),
        Refusal::Garbled
    );
    // An action the rules do not allow now (placing before drawing).
    let place = ToHost::<Usurp>::Act {
        after: 0,
        action: crate::games::usurp::Action::Place { square: 0 },
    };
    assert_eq!(
        refused(&mut host, &mut referee, link, place.to_bytes()),
        Refusal::Illegal
    );
    assert_eq!(referee.to_text(), text, "nothing refused changed the game");

    // The right seat, on the view it was sent: played, and every phone is told.
    let out = host.receive(&mut referee, link, &draw(0));
    assert_eq!(out.len(), 3);
    deliver(&mut phones, out);
    assert_eq!(referee.actions(), 1);
    // The same frame again (replayed, or sent twice): stale.
    assert_eq!(
        refused(&mut host, &mut referee, link, draw(0)),
        Refusal::Stale
    );
    assert_eq!(referee.actions(), 1);
}

#[test]
fn a_phone_that_drops_and_rejoins_catches_up_and_its_old_link_is_dropped() {
    let seats = Seats::new(3, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let mut host = Host::new(keys(3));
    let mut phones = joined(&mut host, &mut referee, 3);
    let mut rng = Rng::from_state(1);
    // Seat 2's phone drops; three actions are played without it.
    let old = phones[2].link;
    host.close(old);
    for _ in 0..3 {
        let ToAct::Seat(seat) = referee.view(Viewer::Table).to_act else {
            break;
        };
        let legal = referee.legal_actions(Viewer::Seat(seat));
        let action = legal[rng.below(legal.len() as u64) as usize];
        referee.act(action).unwrap();
        let out = host.changed(&referee);
        assert!(
            out.iter().all(|(link, _)| *link != old),
            "nothing goes to a closed link"
        );
        deliver(&mut phones, out);
    }
    // It comes back on a new link, with the news it had before it dropped.
    phones[2].link = host.open();
    let rejoin = phones[2].rejoin();
    let out = host.receive(&mut referee, phones[2].link, &rejoin.to_bytes());
    deliver(&mut phones, out);
    assert_eq!(phones[2].view(), Some(&referee.view(Viewer::Seat(2))));
    assert_eq!(phones[2].news(), referee.news_since(Viewer::Seat(2), 0));
    assert_eq!(host.joined(), vec![0, 1, 2]);
    // A second phone joining seat 2 takes it: the first no longer hears of the game.
    let usurper = host.open();
    let out = host.receive(&mut referee, usurper, &rejoin.to_bytes());
    assert_eq!(out.len(), 1);
    assert!(
        host.changed(&referee)
            .iter()
            .all(|(link, _)| *link != phones[2].link)
    );
}

#[test]
fn after_a_take_back_every_phone_is_sent_its_whole_news_again() {
    use crate::games::usurp::Action as UAction;
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let mut host = Host::new(keys(2));
    let mut phones = joined(&mut host, &mut referee, 2);
    let ToAct::Seat(mover) = referee.view(Viewer::Table).to_act else {
        panic!("a seat is to act");
    };
    for action in [UAction::Draw, UAction::Place { square: 0 }] {
        let bytes = ToHost::<Usurp>::Act {
            after: referee.actions() as u32,
            action,
        }
        .to_bytes();
        let out = host.receive(&mut referee, phones[usize::from(mover)].link, &bytes);
        deliver(&mut phones, out);
    }
    assert_eq!(referee.actions(), 2);
    assert!(referee.undo());
    let out = host.changed(&referee);
    assert_eq!(out.len(), 2);
    for (_, bytes) in &out {
        let Ok(ToPhone::Update { news_from, .. }) = ToPhone::<Usurp>::from_bytes(bytes) else {
            panic!("an update");
        };
        assert_eq!(news_from, 0, "the news is sent whole");
    }
    deliver(&mut phones, out);
    for phone in &phones {
        assert_eq!(
            phone.news(),
            referee.news_since(Viewer::Seat(phone.seat), 0)
        );
    }
}

/// Two Espionage games that differ only in where two of South's hidden pieces stand (a
/// corporal and a general, swapped): North's phone is sent the very same bytes in both.
#[test]
fn a_phone_is_sent_nothing_of_the_other_seats_secrets() {
    let streams: Vec<Vec<Vec<u8>>> = [false, true]
        .into_iter()
        .map(|swapped| {
            let seats = Seats::new(2, vec![]).unwrap();
            let mut referee =
                Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(12)).unwrap();
            let mut host = Host::new(keys(2));
            let mut phones = joined(&mut host, &mut referee, 2);
            let mut south = Placement::random(Seed(1), 10);
            if swapped {
                // A corporal and a general trade places (both move: South's own moves
                // are the same in both games).
                let kinds = &mut south.0;
                let corporal = kinds
                    .iter()
                    .position(|k| *k == Some(crate::games::espionage::Kind::Corporal))
                    .unwrap();
                let general = kinds
                    .iter()
                    .position(|k| *k == Some(crate::games::espionage::Kind::General))
                    .unwrap();
                kinds.swap(corporal, general);
            }
            let play = |referee: &mut Referee<Espionage>,
                        host: &mut Host,
                        phones: &mut Vec<Phone<Espionage>>,
                        seat: u8,
                        action: EAction| {
                let after = referee.actions() as u32;
                send(referee, host, phones, seat, ToHost::Act { after, action });
            };
            play(
                &mut referee,
                &mut host,
                &mut phones,
                0,
                EAction::SetUp(south),
            );
            let north = Placement::random(Seed(2), 10);
            play(
                &mut referee,
                &mut host,
                &mut phones,
                1,
                EAction::SetUp(north),
            );
            // South's turn: its first listed moves (the same squares in both games).
            for _ in 0..2 {
                let legal = phones[0].legal().to_vec();
                let step = legal
                    .into_iter()
                    .find(|a| matches!(a, EAction::Move { .. }))
                    .unwrap();
                play(&mut referee, &mut host, &mut phones, 0, step);
            }
            phones.swap_remove(1).received
        })
        .collect();
    assert!(streams[0].len() >= 4);
    assert_eq!(
        streams[0], streams[1],
        "North's phone cannot tell the two games apart"
    );
}

#[test]
fn a_phone_connected_from_a_seats_invitation_is_welcomed_with_the_key_and_can_rejoin_with_it() {
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let mut host = Host::new(keys(2));
    let mut phone = Phone::<Usurp>::new(1, [0; 16], host.open());
    let out = host.seat_link(&referee, phone.link, 1);
    assert_eq!(out.len(), 2);
    for (_, bytes) in out {
        phone.read(&bytes);
    }
    assert_eq!(phone.key, keys(2)[1], "the phone holds its seat's key");
    assert_eq!(phone.view(), Some(&referee.view(Viewer::Seat(1))));
    // Dropped, it rejoins on a new connection with the key it was given.
    host.close(phone.link);
    phone.link = host.open();
    let rejoin = phone.rejoin();
    let out = host.receive(&mut referee, phone.link, &rejoin.to_bytes());
    assert_eq!(out.len(), 1);
    assert_eq!(host.joined(), vec![1]);
}

#[test]
fn a_phone_takes_back_its_own_staged_move_and_never_the_other_seats() {
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(12)).unwrap();
    let mut host = Host::new(keys(2));
    let mut phones = joined(&mut host, &mut referee, 2);
    for (seat, seed) in [(0, 1), (1, 2)] {
        let action = EAction::SetUp(Placement::random(Seed(seed), 10));
        let after = referee.actions() as u32;
        send(
            &mut referee,
            &mut host,
            &mut phones,
            seat,
            ToHost::Act { after, action },
        );
    }
    let step = phones[0]
        .legal()
        .to_vec()
        .into_iter()
        .find(|a| matches!(a, EAction::Move { .. }))
        .unwrap();
    let after = referee.actions() as u32;
    send(
        &mut referee,
        &mut host,
        &mut phones,
        0,
        ToHost::Act {
            after,
            action: step,
        },
    );
    assert_eq!(referee.actions(), 3);
    // North may not take back South's move, nor may anyone on a view since replaced.
    let after = referee.actions() as u32;
    send(
        &mut referee,
        &mut host,
        &mut phones,
        1,
        ToHost::TakeBack { after },
    );
    assert_eq!(phones[1].refused, vec![Refusal::NotYours]);
    send(
        &mut referee,
        &mut host,
        &mut phones,
        0,
        ToHost::TakeBack { after: after - 1 },
    );
    assert_eq!(phones[0].refused, vec![Refusal::Stale]);
    assert_eq!(referee.actions(), 3, "nothing refused changed the game");
    // South takes its own back: every phone hears of it.
    send(
        &mut referee,
        &mut host,
        &mut phones,
        0,
        ToHost::TakeBack { after },
    );
    assert_eq!(referee.actions(), 2);
    deliver(&mut phones, host.changed(&referee));
    assert_eq!(phones[0].view(), Some(&referee.view(Viewer::Seat(0))));
    assert_eq!(phones[1].view(), Some(&referee.view(Viewer::Seat(1))));
    // Nothing left of the turn to take back: refused, nothing changes.
    let after = referee.actions() as u32;
    send(
        &mut referee,
        &mut host,
        &mut phones,
        0,
        ToHost::TakeBack { after },
    );
    assert_eq!(phones[0].refused, vec![Refusal::Stale, Refusal::Illegal]);
    assert_eq!(referee.actions(), 2);
}

// The take back once the turn has passed, a rejoin after the game went another way, and
// news in parts: in a file of their own beside these.
#[cfg(test)]
mod turn_and_news;

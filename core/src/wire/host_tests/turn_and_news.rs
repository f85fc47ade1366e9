//! The host and its phones over time: a phone cannot take back its action once the turn
//! has passed; a phone that rejoins after the game went another way is sent all its news;
//! Carousel's plies are sent once, and long news comes in parts.

use super::*;

/// Play `referee`'s game over the wire until a seat plays an action that passes the turn
/// to another seat and that the game would let be taken back; that seat's phone then asks
/// to take it back, on the view it was sent. Refused: the next player is choosing.
fn a_take_back_after_the_turn_passed_is_refused<G: Wired>(mut referee: Referee<G>, n: u8) {
    let mut host = Host::new(keys(n));
    let mut phones = joined(&mut host, &mut referee, n);
    for _ in 0..200 {
        let seat = match referee.to_act() {
            ToAct::Seat(seat) => seat,
            ToAct::Table => {
                let action = referee.legal_actions(Viewer::Table).swap_remove(0);
                referee.act(action).unwrap();
                deliver(&mut phones, host.changed(&referee));
                continue;
            }
            ToAct::Nobody => break,
        };
        let legal = referee.legal_actions(Viewer::Seat(seat));
        let passes = |action: &G::Action| {
            let mut after = referee.clone();
            after.act(action.clone()).is_ok()
                && after.can_undo()
                && matches!(after.to_act(), ToAct::Seat(next) if next != seat)
        };
        let passing = legal.iter().find(|&a| passes(a)).cloned();
        let action = passing.clone().unwrap_or_else(|| legal[0].clone());
        let after = phones[usize::from(seat)].actions();
        send(
            &mut referee,
            &mut host,
            &mut phones,
            seat,
            ToHost::Act { after, action },
        );
        if passing.is_none() {
            continue;
        }
        assert!(referee.can_undo(), "the host could take it back");
        let text = referee.to_text();
        let after = phones[usize::from(seat)].actions();
        assert_eq!(after as usize, referee.actions(), "on the view it was sent");
        send(
            &mut referee,
            &mut host,
            &mut phones,
            seat,
            ToHost::TakeBack { after },
        );
        assert_eq!(phones[usize::from(seat)].refused, vec![Refusal::NotYours]);
        assert_eq!(referee.to_text(), text, "the game is unchanged");
        return;
    }
    panic!("no action passed the turn");
}

#[test]
fn a_phone_cannot_take_back_its_action_once_the_turn_has_passed() {
    let seats = Seats::new(3, vec![]).unwrap();
    let referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    a_take_back_after_the_turn_passed_is_refused(referee, 3);
    let referee = Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(2)).unwrap();
    a_take_back_after_the_turn_passed_is_refused(referee, 3);
    let seats = Seats::new(4, vec![]).unwrap();
    let referee = Referee::<CityOfSpies>::new(CityOfSpies::config(&seats, 0), Seed(2)).unwrap();
    a_take_back_after_the_turn_passed_is_refused(referee, 4);
}

#[test]
fn a_phone_that_rejoins_after_the_game_went_another_way_is_sent_its_whole_news() {
    use crate::games::usurp::Action as UAction;
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let mut host = Host::new(keys(2));
    let mut phones = joined(&mut host, &mut referee, 2);
    let ToAct::Seat(mover) = referee.to_act() else {
        panic!("a seat is to act");
    };
    let away = 1 - mover;
    for action in [UAction::Draw, UAction::Place { square: 0 }] {
        let after = referee.actions() as u32;
        send(
            &mut referee,
            &mut host,
            &mut phones,
            mover,
            ToHost::Act { after, action },
        );
    }
    assert_eq!(phones[usize::from(away)].actions(), 2);
    // The other phone drops; meanwhile the host takes the card back and places it on the
    // other town square: as many actions as the phone saw, another game.
    let old = phones[usize::from(away)].link;
    host.close(old);
    assert!(referee.undo());
    deliver(&mut phones, host.changed(&referee));
    referee.act(UAction::Place { square: 1 }).unwrap();
    deliver(&mut phones, host.changed(&referee));
    assert_eq!(referee.actions(), 2);
    let viewer = Viewer::Seat(away);
    assert_ne!(
        phones[usize::from(away)].news(),
        referee.news_since(viewer, 0)
    );
    // It comes back, saying what it holds: its news is replaced whole.
    phones[usize::from(away)].link = host.open();
    let rejoin = phones[usize::from(away)].rejoin().to_bytes();
    let out = host.receive(&mut referee, phones[usize::from(away)].link, &rejoin);
    assert_eq!(out.len(), 1);
    let Ok(ToPhone::Update { news_from, .. }) = ToPhone::<Usurp>::from_bytes(&out[0].1) else {
        panic!("an update");
    };
    assert_eq!(news_from, 0, "the news is sent whole");
    deliver(&mut phones, out);
    assert_eq!(
        phones[usize::from(away)].news(),
        referee.news_since(viewer, 0)
    );
    assert_eq!(
        phones[usize::from(away)].view(),
        Some(&referee.view(viewer))
    );
    // A phone whose news is the game's is sent only what it lacks: here nothing.
    let link = host.open();
    phones[usize::from(mover)].link = link;
    let rejoin = phones[usize::from(mover)].rejoin().to_bytes();
    let out = host.receive(&mut referee, link, &rejoin);
    let Ok(ToPhone::Update {
        news_from, news, ..
    }) = ToPhone::<Usurp>::from_bytes(&out[0].1)
    else {
        panic!("an update");
    };
    assert_eq!((news_from, news.len()), (2, 0));
    deliver(&mut phones, out);
    assert_eq!(
        phones[usize::from(mover)].news(),
        referee.news_since(Viewer::Seat(mover), 0)
    );
}

/// Carousel's list of moves is news every phone holds: no update carries it again (it
/// made a long game's every frame tens of kilobytes), and the phone's view has it back.
/// A phone that comes back is sent only the plies it lacks; news too long for one frame
/// comes in several, which the phone gathers whole.
#[test]
fn a_carousel_phone_is_sent_each_ply_once_and_long_news_comes_in_parts() {
    let seats = Seats::new(3, vec![]).unwrap();
    let mut referee =
        Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(7)).unwrap();
    let mut host = Host::new(keys(3));
    let mut phones = joined(&mut host, &mut referee, 3);
    let mut rng = Rng::from_state(5);
    for _ in 0..60 {
        let ToAct::Seat(seat) = referee.to_act() else {
            break;
        };
        let legal = phones[usize::from(seat)].legal().to_vec();
        let action = legal[rng.below(legal.len() as u64) as usize];
        let after = phones[usize::from(seat)].actions();
        send(
            &mut referee,
            &mut host,
            &mut phones,
            seat,
            ToHost::Act { after, action },
        );
    }
    assert!(referee.actions() >= 20, "{} plies", referee.actions());
    for phone in &phones {
        let viewer = Viewer::Seat(phone.seat);
        let mut view = referee.view(viewer).body;
        assert_eq!(view.moves.len(), referee.actions());
        let whole = to_bytes(&view);
        view.moves.clear();
        assert_eq!(to_bytes(&view), whole, "the list of moves does not travel");
        assert_eq!(
            phone.view(),
            Some(&referee.view(viewer)),
            "the phone has it back"
        );
    }
    // Seat 1's phone drops while a ply is played, and comes back: it is sent that ply.
    let away = 1;
    host.close(phones[away].link);
    let ToAct::Seat(seat) = referee.to_act() else {
        panic!("the game goes on");
    };
    let action = referee.legal_actions(Viewer::Seat(seat)).swap_remove(0);
    referee.act(action).unwrap();
    deliver(&mut phones, host.changed(&referee));
    phones[away].link = host.open();
    let rejoin = phones[away].rejoin().to_bytes();
    let out = host.receive(&mut referee, phones[away].link, &rejoin);
    let Ok(ToPhone::Update {
        news_from, news, ..
    }) = ToPhone::<CarouselChess>::from_bytes(&out[0].1)
    else {
        panic!("an update");
    };
    assert_eq!(news_from as usize, referee.actions() - 1);
    assert!(matches!(
        news[0],
        crate::games::carousel_chess::Event::Played { .. }
    ));
    deliver(&mut phones, out);
    let viewer = Viewer::Seat(away as u8);
    assert_eq!(phones[away].view(), Some(&referee.view(viewer)));
    // The host takes the ply back: every phone is due its whole news, here in parts of at
    // most 200 bytes of news (a part of one ply whatever its size).
    assert!(referee.undo());
    let frames = host.updates_within(&referee, phones[away].link, 200);
    assert!(frames.len() > 1, "{} frames", frames.len());
    let mut from = 0;
    for frame in &frames {
        let Ok(ToPhone::Update {
            actions,
            news_from,
            news,
            ..
        }) = ToPhone::<CarouselChess>::from_bytes(frame)
        else {
            panic!("an update");
        };
        assert_eq!(news_from, from, "each part goes on from the last");
        assert!(to_bytes(&news).len() <= 200 || actions == news_from + 1);
        from = actions;
    }
    assert_eq!(from as usize, referee.actions());
    for frame in &frames {
        phones[away].read(frame);
    }
    assert_eq!(phones[away].news(), referee.news_since(viewer, 0));
    assert_eq!(phones[away].view(), Some(&referee.view(viewer)));
}

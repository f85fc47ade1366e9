//! The wire's frames: values read back as written, garbage refused without a panic. The
//! host and its phones are tried in `host_tests`.

use super::*;
use crate::game::{Game, Referee};
use crate::games::carousel_chess::CarouselChess;
use crate::games::city_of_spies::CityOfSpies;
use crate::games::deckbuilder::Deckbuilder;
use crate::games::espionage::Espionage;
use crate::games::usurp::Usurp;
use crate::seats::{Seats, Viewer};
use crate::seed::{Rng, Seed};

fn round_trip<T: Wire + PartialEq + std::fmt::Debug>(value: T) {
    let bytes = to_bytes(&value);
    assert_eq!(from_bytes::<T>(&bytes), Ok(value), "{bytes:?}");
}

#[test]
fn numbers_texts_and_lists_read_back_as_written() {
    for n in [
        0u64,
        1,
        127,
        128,
        300,
        16_383,
        16_384,
        u64::from(u32::MAX),
        u64::MAX,
    ] {
        round_trip(n);
    }
    for n in [0i32, 1, -1, 63, -64, 64, -65, i32::MAX, i32::MIN] {
        round_trip(n);
    }
    assert_eq!(to_bytes(&-1i32), vec![1], "small negatives stay one byte");
    round_trip(String::from("Ann ✓"));
    round_trip(vec![Some(3u8), None, Some(250)]);
    round_trip([vec![1u32, 2], vec![]]);
    round_trip((7u8, true, String::new()));
}

#[test]
fn a_frame_that_is_cut_padded_or_out_of_range_is_refused() {
    // Not the shortest spelling of a number: one value, one spelling.
    assert_eq!(
        from_bytes::<u32>(&[0x80, 0x00]),
        Err(WireError::Bad("number"))
    );
    assert_eq!(from_bytes::<u8>(&[]), Err(WireError::Short));
    assert_eq!(from_bytes::<u8>(&[1, 2]), Err(WireError::Trailing));
    assert_eq!(
        from_bytes::<u16>(&[0xff, 0xff, 0x04]),
        Err(WireError::Bad("number"))
    );
    assert_eq!(from_bytes::<bool>(&[2]), Err(WireError::Bad("yes or no")));
    assert_eq!(
        from_bytes::<String>(&[2, 0xff, 0xfe]),
        Err(WireError::Bad("text"))
    );
    // A list claiming more items than bytes left allocates nothing.
    assert_eq!(from_bytes::<Vec<u8>>(&[0xff, 0x3f]), Err(WireError::Short));
    assert_eq!(
        from_bytes::<Vec<u8>>(&[0xff, 0xff, 0x03]),
        Err(WireError::TooLong)
    );
    let join = ToHost::<Usurp>::Join {
        seat: 1,
        key: [7; 16],
        seen: 0,
        digest: 0,
    }
    .to_bytes();
    let mut other_version = join.clone();
    other_version[0] = VERSION + 1;
    assert!(matches!(
        ToHost::<Usurp>::from_bytes(&other_version),
        Err(WireError::Version(v)) if v == VERSION + 1
    ));
    assert!(matches!(
        ToHost::<Espionage>::from_bytes(&join),
        Err(WireError::OtherGame)
    ));
    assert!(ToHost::<Usurp>::from_bytes(&join[..join.len() - 1]).is_err());
    assert!(ToHost::<Usurp>::from_bytes(&vec![0; MOST_BYTES + 1]).is_err());
}

/// Thousands of random and damaged frames: each is refused or reads as a message that is
/// written back byte for byte the same (one message, one spelling); never a panic.
#[test]
fn garbage_and_tampered_frames_never_panic() {
    let mut rng = Rng::from_state(22);
    let seats = Seats::new(2, vec![]).unwrap();
    let mut referee = Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(5)).unwrap();
    let mut frames: Vec<Vec<u8>> = Vec::new();
    for _ in 0..40 {
        let seat = match referee.view(Viewer::Table).to_act {
            ToAct::Seat(s) => s,
            _ => break,
        };
        let legal = referee.legal_actions(Viewer::Seat(seat));
        frames.push(
            ToPhone::<Espionage>::Update {
                seat,
                actions: referee.actions() as u32,
                view: referee.view(Viewer::Seat(seat)),
                legal: legal.clone(),
                news_from: 0,
                news: referee.news_since(Viewer::Seat(seat), 0),
            }
            .to_bytes(),
        );
        // Anything but resigning (listed last).
        let playing = legal.len().saturating_sub(1).max(1);
        let action = legal[rng.below(playing as u64) as usize].clone();
        frames.push(
            ToHost::<Espionage>::Act {
                after: referee.actions() as u32,
                action: action.clone(),
            }
            .to_bytes(),
        );
        referee.act(action).unwrap();
    }
    let mut tried = 0;
    for frame in &frames {
        for _ in 0..60 {
            let mut damaged = frame.clone();
            match rng.below(3) {
                0 => {
                    let i = rng.below(damaged.len() as u64) as usize;
                    damaged[i] ^= 1 << rng.below(8);
                }
                1 => damaged.truncate(rng.below(damaged.len() as u64) as usize),
                _ => damaged.push(rng.below(256) as u8),
            }
            if let Ok(message) = ToPhone::<Espionage>::from_bytes(&damaged) {
                assert_eq!(message.to_bytes(), damaged);
            }
            if let Ok(message) = ToHost::<Espionage>::from_bytes(&damaged) {
                assert_eq!(message.to_bytes(), damaged);
            }
            tried += 1;
        }
    }
    for _ in 0..2000 {
        let n = rng.below(64) as usize;
        let mut noise: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        if n > 2 && rng.below(2) == 0 {
            noise[0] = VERSION;
            noise[1] = crate::games::espionage::KIND.id();
        }
        let _ = ToPhone::<Espionage>::from_bytes(&noise);
        let _ = ToHost::<Espionage>::from_bytes(&noise);
        tried += 1;
    }
    assert!(tried > 5000);
}

/// `seat`'s update in `referee`'s game, its view changed by `tamper`: a frame as a
/// hostile or broken host could send it.
fn tampered<G: Wired>(
    referee: &Referee<G>,
    seat: u8,
    tamper: impl FnOnce(&mut View<G::View>),
) -> Vec<u8> {
    let viewer = Viewer::Seat(seat);
    let mut view = referee.view(viewer);
    tamper(&mut view);
    ToPhone::<G>::Update {
        seat,
        actions: referee.actions() as u32,
        view,
        legal: referee.legal_actions(viewer),
        news_from: 0,
        news: referee.news_since(viewer, 0),
    }
    .to_bytes()
}

/// `referee`'s game played at random for `actions` actions (the table's decisions too).
fn played<G: Wired>(mut referee: Referee<G>, actions: usize, rng: &mut Rng) -> Referee<G> {
    for _ in 0..actions {
        let viewer = match referee.to_act() {
            ToAct::Seat(seat) => Viewer::Seat(seat),
            ToAct::Table => Viewer::Table,
            ToAct::Nobody => break,
        };
        let legal: Vec<G::Action> = referee
            .legal_actions(viewer)
            .into_iter()
            .filter(|a| !G::gives_up(a))
            .collect();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len() as u64) as usize].clone();
        referee.act(action).unwrap();
    }
    referee
}

/// A real view of `seat` reads back as it was written.
fn reads_back<G: Wired>(referee: &Referee<G>, seat: u8) {
    let frame = tampered(referee, seat, |_| {});
    let Ok(ToPhone::Update { view, .. }) = ToPhone::<G>::from_bytes(&frame) else {
        panic!("{}: a real view reads back", G::KIND.info().title);
    };
    assert_eq!(to_bytes(&view), to_bytes(&referee.view(Viewer::Seat(seat))));
}

/// `seat`'s frame changed by `tamper` (which read without the checks) is refused.
fn refused<G: Wired>(
    referee: &Referee<G>,
    seat: u8,
    what: &str,
    tamper: impl FnOnce(&mut View<G::View>),
) {
    let frame = tampered(referee, seat, tamper);
    assert!(
        ToPhone::<G>::from_bytes(&frame).is_err(),
        "{}: {what} was read",
        G::KIND.info().title
    );
}

/// The seat to act in `referee`'s game.
fn mover<G: Game>(referee: &Referee<G>) -> u8 {
    match referee.to_act() {
        ToAct::Seat(seat) => seat,
        _ => panic!("a seat is to act"),
    }
}

#[test]
fn views_naming_a_seat_a_square_or_a_count_the_game_cannot_hold_are_refused() {
    use crate::games::city_of_spies::Phase as CPhase;
    use crate::games::espionage::Phase as EPhase;
    use crate::games::usurp::{Card, Counts, UsurpView};
    let mut rng = Rng::from_state(22);
    let seats = |n| Seats::new(n, vec![]).unwrap();

    let referee = Referee::<Espionage>::new(Espionage::config(&seats(2), 0), Seed(5)).unwrap();
    let referee = played(referee, 6, &mut rng);
    let seat = mover(&referee);
    reads_back(&referee, seat);
    refused(&referee, seat, "a board of width 0", |v| v.body.width = 0);
    refused(&referee, seat, "a board of width 13", |v| v.body.width = 13);
    refused(&referee, seat, "a third seat", |v| v.body.me = Some(2));
    refused(&referee, seat, "a third seat to act", |v| {
        v.to_act = ToAct::Seat(2)
    });
    refused(&referee, seat, "a third seat's turn", |v| {
        v.body.phase = EPhase::Turn { seat: 5 }
    });
    refused(&referee, seat, "a square off the board", |v| {
        v.body.destinations.push((200, vec![0]))
    });
    refused(&referee, seat, "a board cut short", |v| {
        v.body.squares.pop();
    });
    refused(&referee, seat, "a third seat winning", |v| {
        v.status = Status::Over {
            winners: vec![2],
            scores: Vec::new(),
        }
    });
    // A frame for a seat the game does not have (the seat follows the head).
    let mut frame = tampered(&referee, seat, |_| {});
    frame[3] = 2;
    assert!(ToPhone::<Espionage>::from_bytes(&frame).is_err());

    let referee = Referee::<Usurp>::new(Usurp::config(&seats(3), 0), Seed(4)).unwrap();
    let referee = played(referee, 9, &mut rng);
    let seat = mover(&referee);
    // `n` players holding `count` of every card.
    let crowd = |n: usize, count: u8| {
        move |v: &mut View<UsurpView>| {
            let mut player = v.body.players[0].clone();
            player.cards = Counts {
                castles: count,
                kings: count,
                queens: count,
                bishops: count,
                knights: count,
                pawns: count,
            };
            v.body.players = vec![player; n];
            v.body.squares = vec![Vec::new(); n];
            v.body.take_gain = Vec::new();
            v.body.placeable = Vec::new();
            v.body.takeable = Vec::new();
            v.body.seat = Some(0);
            v.to_act = ToAct::Seat(0);
        }
    };
    reads_back(&referee, seat);
    refused(&referee, seat, "a seat to act of 5", |v| {
        v.body.seat = Some(5)
    });
    refused(&referee, seat, "a seat to act of 255", |v| {
        v.body.seat = Some(255)
    });
    refused(&referee, seat, "an envelope's seat to act of 5", |v| {
        v.to_act = ToAct::Seat(5)
    });
    // The frame that froze a phone for 135 ms: 100 players holding 255 of every card.
    refused(&referee, seat, "100 players of 255 cards", crowd(100, 255));
    refused(&referee, seat, "6 players", crowd(6, 1));
    refused(&referee, seat, "3 players of 255 cards", crowd(3, 255));
    refused(&referee, seat, "a town square of 5 cards", |v| {
        v.body.squares[0] = vec![Card::Pawn; 5]
    });
    refused(&referee, seat, "a fourth town square", |v| {
        v.body.takeable.push(3)
    });
    refused(&referee, seat, "a fourth round", |v| v.body.round = 4);
    // Still read: as many players as the game seats, each with as many of a card as the
    // deck holds of the rarest (scoring them is quick).
    let five = tampered(&referee, seat, crowd(5, 6));
    assert!(ToPhone::<Usurp>::from_bytes(&five).is_ok());

    let referee =
        Referee::<CarouselChess>::new(CarouselChess::config(&seats(4), 0), Seed(2)).unwrap();
    let referee = played(referee, 12, &mut rng);
    let seat = mover(&referee);
    reads_back(&referee, seat);
    refused(&referee, seat, "a fifth seat to move", |v| {
        v.body.seat_to_move = Some(4)
    });
    refused(&referee, seat, "a seat after of 200", |v| {
        v.body.seat_after = Some(200)
    });
    refused(&referee, seat, "a fifth seat sitting out", |v| {
        v.body.sitting_out = Some(4)
    });
    refused(&referee, seat, "a score short", |v| {
        v.body.scores.pop();
    });
    refused(&referee, seat, "a fifth seat winning", |v| {
        v.body.winners = vec![4]
    });
    refused(&referee, seat, "two seats", |v| v.body.names.truncate(2));
    refused(&referee, seat, "ten seats", |v| {
        v.body.names = vec![String::new(); 10]
    });

    let referee = Referee::<CityOfSpies>::new(CityOfSpies::config(&seats(4), 0), Seed(2)).unwrap();
    let referee = played(referee, 8, &mut rng);
    let seat = mover(&referee);
    reads_back(&referee, seat);
    refused(&referee, seat, "a fifth seat's turn", |v| {
        v.body.phase = CPhase::Turn { seat: 4 }
    });
    refused(&referee, seat, "a fifth seat in the order", |v| {
        v.body.order.push(4)
    });
    refused(&referee, seat, "a turn past the order", |v| v.body.turn = 9);
    refused(&referee, seat, "a flag short", |v| {
        v.body.active.pop();
    });
    refused(&referee, seat, "a team short", |v| {
        v.body.teams.pop();
    });
    refused(&referee, seat, "seven seats", |v| {
        v.body.names = vec![String::new(); 7]
    });
    refused(&referee, seat, "a fifth seat's secrets", |v| {
        if let Some(own) = &mut v.body.own {
            own.seat = 4;
        }
    });

    let referee = Referee::<Deckbuilder>::new(Deckbuilder::config(&seats(2), 0), Seed(6)).unwrap();
    let referee = played(referee, 5, &mut rng);
    let seat = mover(&referee);
    reads_back(&referee, seat);
    refused(&referee, seat, "a third seat", |v| v.body.me = Some(2));
    refused(&referee, seat, "a third seat to act", |v| {
        v.body.seat = Some(2)
    });
    refused(&referee, seat, "three names", |v| {
        v.body.names.push(String::new())
    });
}

#[test]
fn news_naming_a_seat_the_game_does_not_have_is_refused() {
    use crate::games::usurp::Event as UEvent;
    let seats = Seats::new(3, vec![]).unwrap();
    let referee = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(4)).unwrap();
    let ToAct::Seat(seat) = referee.to_act() else {
        panic!("a seat is to act");
    };
    let viewer = Viewer::Seat(seat);
    for (event, fits) in [
        (UEvent::TookNothing { seat: 2 }, true),
        (UEvent::TookNothing { seat: 3 }, false),
        (
            UEvent::Placed {
                seat: 0,
                square: 3,
                card: crate::games::usurp::Card::Pawn,
            },
            false,
        ),
    ] {
        let frame = ToPhone::<Usurp>::Update {
            seat,
            actions: 0,
            view: referee.view(viewer),
            legal: referee.legal_actions(viewer),
            news_from: 0,
            news: vec![event],
        }
        .to_bytes();
        assert_eq!(ToPhone::<Usurp>::from_bytes(&frame).is_ok(), fits);
    }
}

#[test]
fn the_list_of_seats_linked_again_reads_back_and_a_list_a_game_cannot_hold_is_refused() {
    let links = vec![
        (1u8, "Bo".to_string(), 1_764_000_000_000u64),
        (0, "Ann".to_string(), 1_764_000_060_000),
    ];
    let bytes = ToPhone::<Espionage>::Relinked(links.clone()).to_bytes();
    match ToPhone::<Espionage>::from_bytes(&bytes) {
        Ok(ToPhone::Relinked(read)) => assert_eq!(read, links),
        _ => panic!("the list reads back"),
    }
    // Espionage has two seats: a third is refused, and so is an endless list.
    let third = ToPhone::<Espionage>::Relinked(vec![(2, "Cy".into(), 5)]).to_bytes();
    assert!(ToPhone::<Espionage>::from_bytes(&third).is_err());
    let endless =
        ToPhone::<Usurp>::Relinked(vec![(1, "Bo".into(), 5); MOST_RELINKS + 1]).to_bytes();
    assert!(ToPhone::<Usurp>::from_bytes(&endless).is_err());
    let long_name = ToPhone::<Usurp>::Relinked(vec![(1, "B".repeat(81), 5)]).to_bytes();
    assert!(ToPhone::<Usurp>::from_bytes(&long_name).is_err());
    // Usurp's fifth seat is one it has.
    let fifth = ToPhone::<Usurp>::Relinked(vec![(4, "Di".into(), 5)]).to_bytes();
    assert!(ToPhone::<Usurp>::from_bytes(&fifth).is_ok());
}

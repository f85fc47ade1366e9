//! The relay numbers every value once, passes on only what a seat says for itself, and a
//! phone hears each value once, in order, whatever its link lost.

use super::*;
use crate::games::usurp::fair::Said;
use crate::seed::Seed;

fn joined(seat: u8) -> Said {
    Said::Joined {
        seat,
        head: [seat; 32],
    }
}

#[test]
fn the_relay_numbers_each_value_and_refuses_words_for_another_seat() {
    let mut relay = Relay::new();
    assert_eq!(
        relay.say(0, joined(0)),
        Ok(FromRelay::Said {
            index: 0,
            said: joined(0)
        })
    );
    // A phone of seat 1 speaking for seat 2 is refused, and nothing is numbered.
    assert_eq!(relay.say(1, joined(2)), Err(RelayRefusal::NotYourSeat));
    let bytes = ToRelay::Say(joined(2)).to_bytes();
    assert_eq!(
        relay.answer(1, &bytes),
        Answer::This(vec![FromRelay::Refused(RelayRefusal::NotYourSeat)])
    );
    let bytes = ToRelay::Say(joined(1)).to_bytes();
    assert_eq!(
        relay.answer(1, &bytes),
        Answer::Everyone(FromRelay::Said {
            index: 1,
            said: joined(1)
        })
    );
    assert_eq!(relay.log(), &[joined(0), joined(1)]);
    // A phone that asks from where it stands gets the rest, numbered; from beyond the
    // end, nothing.
    let from_one = ToRelay::<Said>::From { heard: 1 }.to_bytes();
    assert_eq!(
        relay.answer(2, &from_one),
        Answer::This(vec![
            FromRelay::Said {
                index: 1,
                said: joined(1)
            },
            FromRelay::Upto { len: 2 }
        ])
    );
    assert_eq!(relay.since(9), vec![FromRelay::Upto { len: 2 }]);
    assert_eq!(
        relay.answer(0, &[7, 7, 7]),
        Answer::This(vec![FromRelay::Refused(RelayRefusal::Garbled)])
    );
    // A relay read back from storage goes on numbering where it stood.
    let mut again = Relay::from_log(relay.log().to_vec());
    assert!(matches!(
        again.say(2, joined(2)),
        Ok(FromRelay::Said { index: 2, .. })
    ));
}

#[test]
fn a_relay_that_has_heard_more_than_any_game_says_refuses_more() {
    let mut relay = Relay::from_log(vec![joined(0); MOST_SAID]);
    assert_eq!(relay.say(0, joined(0)), Err(RelayRefusal::TooLong));
}

#[test]
fn a_phone_hears_each_value_once_and_in_order() {
    let mut ear = Ear::default();
    let said = |index| FromRelay::Said {
        index,
        said: joined(0),
    };
    assert_eq!(ear.take(said(0)), Next::Hear(joined(0)));
    assert_eq!(
        ear.take(said(0)),
        Next::Again {
            index: 0,
            said: joined(0)
        }
    );
    // Value 1 was lost: value 2 asks for everything from 1, and is not heard.
    assert_eq!(ear.take(said(2)), Next::Gap { heard: 1 });
    assert_eq!(ear.heard, 1);
    assert_eq!(ear.resume::<Said>(), ToRelay::From { heard: 1 });
    assert_eq!(ear.take(said(1)), Next::Hear(joined(0)));
    assert_eq!(ear.take(said(2)), Next::Hear(joined(0)));
    // The end of an answer: caught up, or values of it lost on the way.
    assert_eq!(ear.take(FromRelay::<Said>::Upto { len: 3 }), Next::CaughtUp);
    assert_eq!(
        ear.take(FromRelay::<Said>::Upto { len: 5 }),
        Next::Gap { heard: 3 }
    );
    assert_eq!(
        ear.take(FromRelay::<Said>::Upto { len: 1 }),
        Next::Behind { len: 1 }
    );
    assert_eq!(
        ear.take(FromRelay::<Said>::Refused(RelayRefusal::NotYourSeat)),
        Next::Refused(RelayRefusal::NotYourSeat)
    );
}

#[test]
fn frames_read_back_as_written_and_hostile_bytes_never_panic() {
    let frames: Vec<FromRelay<Said>> = vec![
        FromRelay::Said {
            index: 0,
            said: joined(3),
        },
        FromRelay::Said {
            index: 300_000,
            said: Said::Link {
                seat: 1,
                draw: 7,
                link: [9; 32],
            },
        },
        FromRelay::Refused(RelayRefusal::Garbled),
        FromRelay::Refused(RelayRefusal::NotYourSeat),
        FromRelay::Refused(RelayRefusal::TooLong),
        FromRelay::Upto { len: 70_000 },
    ];
    for frame in &frames {
        assert_eq!(FromRelay::from_bytes(&frame.to_bytes()).as_ref(), Ok(frame));
    }
    for frame in [ToRelay::From { heard: 12 }, ToRelay::Say(joined(1))] {
        assert_eq!(ToRelay::from_bytes(&frame.to_bytes()), Ok(frame));
    }
    // Cut short, or with a byte left over: refused.
    let whole = frames[1].to_bytes();
    for cut in 0..whole.len() {
        assert!(
            FromRelay::<Said>::from_bytes(&whole[..cut]).is_err(),
            "{cut}"
        );
    }
    let mut longer = ToRelay::<Said>::From { heard: 3 }.to_bytes();
    longer.push(0);
    assert!(ToRelay::<Said>::from_bytes(&longer).is_err());
    assert!(FromRelay::<Said>::from_bytes(&vec![2; crate::wire::MOST_BYTES + 1]).is_err());
    // Random bytes, and random changes of good frames: read or refused, never a panic.
    let mut rng = Seed(42).stream("relay fuzz", 0);
    for _ in 0..20_000 {
        let mut bytes = if rng.below(2) == 0 {
            frames[rng.below(frames.len() as u64) as usize].to_bytes()
        } else {
            (0..rng.below(48)).map(|_| rng.below(256) as u8).collect()
        };
        if !bytes.is_empty() {
            let at = rng.below(bytes.len() as u64) as usize;
            bytes[at] = rng.below(256) as u8;
        }
        let _ = FromRelay::<Said>::from_bytes(&bytes);
        let _ = ToRelay::<Said>::from_bytes(&bytes);
        let mut relay = Relay::<Said>::new();
        let _ = relay.answer(1, &bytes);
    }
}

/// A speaker says its seat's words, hears them back as said (else the relay forged them),
/// and after a new link says again only those the relay never had; a hello and a relay
/// frame travel as one kind of frame, and garbage is refused.
#[test]
fn a_speaker_hears_its_words_back_and_says_again_what_a_link_lost() {
    let mut relay = Relay::new();
    let mut speaker = Speaker::default();
    // Seat 1 says two values; the relay only ever got the first (the link dropped).
    let first = speaker.say(joined(1));
    let lost = Said::Link {
        seat: 1,
        draw: 0,
        link: [9; 32],
    };
    let _dropped = speaker.say(lost.clone());
    let Answer::Everyone(frame) = relay.answer(1, &first) else {
        panic!()
    };
    assert_eq!(speaker.take(frame, 1, &[]), Spoke::Hear(joined(1)));
    assert_eq!(speaker.unheard(), &[lost.clone()][..]);
    // A new link: the ask, the relay's answer, and the lost value said again.
    let ask = speaker.linked(0);
    let Answer::This(frames) = relay.answer(1, &ask) else {
        panic!()
    };
    let mut again = Vec::new();
    for frame in frames {
        if let Spoke::Send(frames) = speaker.take(frame, 1, &[joined(1)]) {
            again.extend(frames);
        }
    }
    assert_eq!(again, vec![ToRelay::Say(lost.clone()).to_bytes()]);
    // Words this seat never said, passed on in its name: forged.
    let mut other = speaker.clone();
    let forged = FromRelay::Said {
        index: 1,
        said: Said::Link {
            seat: 1,
            draw: 0,
            link: [7; 32],
        },
    };
    assert_eq!(other.take(forged, 1, &[joined(1)]), Spoke::Forged);
    // A value sent again otherwise than it was heard: forged; as it was: nothing to do.
    let mut other = speaker.clone();
    let changed = FromRelay::Said {
        index: 0,
        said: joined(2),
    };
    assert_eq!(other.take(changed, 1, &[joined(1)]), Spoke::Forged);
    let same = FromRelay::Said {
        index: 0,
        said: joined(1),
    };
    assert_eq!(other.take(same, 1, &[joined(1)]), Spoke::Send(Vec::new()));
    // The framing: a hello or a relay frame, read back as sent; garbage refused.
    type Frame = Down<u32, Said>;
    for frame in [
        Frame::Hello(7),
        Frame::Relay(FromRelay::Upto { len: 3 }),
        Frame::Ended(1),
    ] {
        assert_eq!(Frame::from_bytes(&frame.to_bytes()), Ok(frame));
    }
    for garbage in [&[][..], &[2], &[2, 1, 0], &[3, 1], &[0], &[0, 1, 2]] {
        assert!(Frame::from_bytes(garbage).is_err(), "{garbage:?}");
    }
}

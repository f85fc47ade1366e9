//! The wire's frames: values read back as written, garbage refused without a panic. The
//! host and its phones are tried in `host_tests`.

use super::*;
use crate::game::{Game, Referee};
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

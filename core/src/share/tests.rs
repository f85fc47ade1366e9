//! The bytes and text of every code: round trips, checksums, and damaged codes refused with
//! a clear message.

use super::*;
use crate::games::{city_of_spies, espionage};
use crate::seat::Code;
use crate::seed::{Rng, Seed};
use crate::table::TableDeal;

fn city(players: u8, names: Vec<String>, own_life: bool, seed: u64) -> TableDeal {
    let game = SecretGame::new(city_of_spies::KIND, u8::from(own_life)).unwrap();
    TableDeal::new(game, Seats::new(players, names).unwrap(), Seed(seed)).unwrap()
}

/// Bytes with a valid checksum, to reach the checks behind it.
fn sealed(body: Vec<u8>) -> String {
    seal(body)
}

#[test]
fn golden_crc32() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}

#[test]
fn base32_round_trips_every_length() {
    let mut rng = Rng::from_state(5);
    for len in 0..40usize {
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let text = encode(&bytes);
        assert_eq!(text.len(), (len * 8).div_ceil(5));
        if len > 0 {
            assert_eq!(decode(&text).unwrap(), bytes);
        }
    }
}

#[test]
fn every_single_mistyped_character_is_refused() {
    let deal = city(5, vec![], false, 0xDEAD_BEEF);
    let code = deal.seat_code(3).unwrap().to_typed_code().replace('-', "");
    let chars: Vec<char> = code.chars().collect();
    for i in 0..chars.len() {
        for &other in ALPHABET {
            let other = other as char;
            if other == chars[i] {
                continue;
            }
            let mut typo = chars.clone();
            typo[i] = other;
            let typo: String = typo.into_iter().collect();
            assert!(Code::parse(&typo).is_err(), "{typo} accepted");
        }
    }
}

#[test]
fn every_truncation_deletion_and_insertion_is_refused() {
    let deal = city(3, vec!["A".into(), "B".into(), "C".into()], false, 77);
    for link in [
        deal.seat_code(0).unwrap().to_link_token(),
        deal.reveal_code(4).to_link_token(),
        deal.rounds_code(1, 12).unwrap().to_link_token(),
    ] {
        for end in 0..link.len() {
            let err = Code::parse(&link[..end]).unwrap_err();
            assert!(
                matches!(
                    err,
                    ShareError::Empty
                        | ShareError::Truncated
                        | ShareError::Checksum
                        | ShareError::Damaged(_)
                ),
                "{end}: {err:?}"
            );
        }
        for i in 0..link.len() {
            let deleted = format!("{}{}", &link[..i], &link[i + 1..]);
            assert!(Code::parse(&deleted).is_err());
            let inserted = format!("{}7{}", &link[..i], &link[i..]);
            assert!(Code::parse(&inserted).is_err());
        }
    }
}

#[test]
fn each_refusal_says_why() {
    assert_eq!(Code::parse(""), Err(ShareError::Empty));
    assert_eq!(Code::parse(" - "), Err(ShareError::Empty));
    assert_eq!(Code::parse("ABCU"), Err(ShareError::BadCharacter('U')));
    assert_eq!(Code::parse("AB#C"), Err(ShareError::BadCharacter('#')));
    assert_eq!(Code::parse("00"), Err(ShareError::Truncated));
    let id = [7u8; 8];
    // A seat code of Carousel Chess: header, table id, team byte.
    let body = |version: u8, kind_game: u8, table: u8, options: u8| {
        let mut b = vec![version, kind_game, table, options];
        b.extend_from_slice(&id);
        b.push(1);
        b
    };
    assert_eq!(
        Code::parse(&sealed(body(3, 0x02, 0x51, 0))),
        Err(ShareError::FutureVersion(3))
    );
    assert_eq!(
        Code::parse(&sealed(body(1, 0x02, 0x51, 0))),
        Err(ShareError::OldVersion)
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x09, 0x51, 0))),
        Err(ShareError::UnknownGame(9))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x03, 0x21, 0))),
        Err(ShareError::NoSecretDeal(espionage::KIND))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x02, 0x55, 0))),
        Err(ShareError::Damaged("no such seat"))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x02, 0xA5, 0))),
        Err(ShareError::Damaged("player count"))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x02, 0x31, 1))),
        Err(ShareError::Damaged("unknown options"))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x01, 0x31, 0x40))),
        Err(ShareError::Damaged("unknown options"))
    );
    assert_eq!(
        Code::parse(&sealed(body(2, 0x52, 0x31, 0))),
        Err(ShareError::Damaged("unknown kind of code"))
    );
    assert_eq!(
        Code::parse(&sealed(body(0, 0x02, 0x31, 0))),
        Err(ShareError::Damaged("no version"))
    );
    let mut extra = body(2, 0x02, 0x31, 0);
    extra.push(0);
    assert_eq!(
        Code::parse(&sealed(extra)),
        Err(ShareError::Damaged("extra data"))
    );
    let mut team = body(2, 0x02, 0x31, 0);
    *team.last_mut().unwrap() = 3;
    assert_eq!(Code::parse(&sealed(team)), Err(ShareError::Damaged("team")));
    let mut names = body(2, 0x02, 0x31, 0x80);
    names.extend_from_slice(&[1, b'A', 2, 0xFF, 0xFE, 1, b'C']);
    assert_eq!(
        Code::parse(&sealed(names)),
        Err(ShareError::Damaged("a name is not text"))
    );
    let mut short = body(2, 0x02, 0x31, 0x80);
    short.extend_from_slice(&[1, b'A', 9, b'B']);
    assert_eq!(
        Code::parse(&sealed(short)),
        Err(ShareError::Damaged("names cut short"))
    );
    // The table's own save is never a phone's code.
    let table = city(4, vec![], false, 1).to_text();
    assert_eq!(Code::parse(&table), Err(ShareError::NotForPhones));
    for error in [
        ShareError::Checksum,
        ShareError::FutureVersion(3),
        ShareError::OldVersion,
        ShareError::Truncated,
        ShareError::NotForPhones,
    ] {
        assert!(error.to_string().ends_with('.'));
    }
    assert_eq!(
        ShareError::OldVersion.to_string(),
        "This code was made by an older Intrigue: ask the table for a new code."
    );
}

/// A link whose characters were percent-encoded, or pasted with a stray character, says
/// what the character is rather than "contains %".
#[test]
fn a_foreign_character_is_named() {
    let said = |text: &str| Code::parse(text).unwrap_err().to_string();
    assert!(
        said("04%20AB").contains("encoded character"),
        "{}",
        said("04%20AB")
    );
    assert!(said("04\u{7}AB").contains("invisible character (U+0007)"));
    assert!(said("04éAB").contains("“é”"));
}

/// Property: arbitrary text never panics, and is refused unless it is a real code.
#[test]
fn arbitrary_strings_never_panic() {
    let mut rng = Rng::from_state(2024);
    let pool: Vec<char> = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcxyzILOU-_ #%/?=&é♞😀\u{0}\n"
        .chars()
        .collect();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let len = rng.below(60) as usize;
        let text: String = (0..len)
            .map(|_| pool[rng.below(pool.len() as u64) as usize])
            .collect();
        if Code::parse(&text).is_ok() {
            accepted += 1;
        }
        let _ = TableDeal::from_text(&text);
    }
    assert_eq!(accepted, 0);
}

/// Property: random mutations of real codes of every kind never panic and are refused.
#[test]
fn mutated_codes_are_refused() {
    let mut rng = Rng::from_state(77);
    for case in 0..6_000u64 {
        let players = 3 + (case % 4) as u8;
        let names: Vec<String> = if case % 2 == 0 {
            vec![]
        } else {
            (0..players).map(|i| format!("P{i}")).collect()
        };
        let deal = city(players, names, case % 3 == 0, rng.next_u64());
        let seat = (case % players as u64) as u8;
        let link = match case % 4 {
            0 => deal.reveal_code(1 + (case % 20) as u32).to_link_token(),
            1 => deal
                .rounds_code(seat, 10 + (case % 30) as u32)
                .unwrap()
                .to_link_token(),
            2 => deal.to_text(),
            _ => deal.seat_code(seat).unwrap().to_link_token(),
        };
        let mut chars: Vec<char> = link.chars().collect();
        let mutations = 1 + rng.below(3);
        for _ in 0..mutations {
            let i = rng.below(chars.len() as u64) as usize;
            match rng.below(3) {
                0 => chars[i] = ALPHABET[rng.below(32) as usize] as char,
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, ALPHABET[rng.below(32) as usize] as char),
            }
        }
        let mutated: String = chars.into_iter().collect();
        if mutated != link {
            assert!(Code::parse(&mutated).is_err(), "{link} -> {mutated}");
            assert!(
                TableDeal::from_text(&mutated).is_err(),
                "{link} -> {mutated}"
            );
        }
    }
}

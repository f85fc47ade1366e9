use super::*;
use crate::seed::Rng;

fn city(players: u8, names: Vec<String>, own_life: bool, seed: u64) -> TableDeal {
    let game = SecretGame::CityOfSpies(city_of_spies::Options {
        target_may_be_own_life: own_life,
    });
    TableDeal::new(game, Seats::new(players, names).unwrap(), Seed(seed)).unwrap()
}

/// Bytes with a valid checksum, to reach the checks behind it.
fn sealed(mut body: Vec<u8>) -> String {
    let crc = crc32(&body);
    body.extend_from_slice(&crc.to_be_bytes());
    encode(&body)
}

#[test]
fn golden_crc32() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}

#[test]
fn golden_codes() {
    let token = ShareToken::new(city(5, vec![], false, 0x5EED_CAFE_F00D_0001), 2).unwrap();
    assert_eq!(token.to_typed_code(), GOLDEN_TYPED);
    let named = vec!["Ann".into(), "Bo".into(), "Zoë".into()];
    let token = ShareToken::new(
        TableDeal::new(
            SecretGame::CarouselChess,
            Seats::new(3, named).unwrap(),
            Seed(7),
        )
        .unwrap(),
        0,
    )
    .unwrap();
    assert_eq!(token.to_link_token(), GOLDEN_LINK);
}

const GOLDEN_TYPED: &str = "040N-402Y-XQ5F-XW0D-000G-02J3-38";
const GOLDEN_LINK: &str = "0413100000000000003G6GBEDR144VR4B9QW7AT1ETGEJ";

#[test]
fn every_table_seat_and_option_round_trips() {
    for players in 3..=9u8 {
        for seat in 0..players {
            let names: Vec<String> = (0..players).map(|i| format!("Pläyer {i} ♞")).collect();
            let mut deals = vec![
                TableDeal::new(
                    SecretGame::CarouselChess,
                    Seats::new(players, vec![]).unwrap(),
                    Seed(u64::MAX - seat as u64),
                )
                .unwrap(),
                TableDeal::new(
                    SecretGame::CarouselChess,
                    Seats::new(players, names.clone()).unwrap(),
                    Seed(seat as u64),
                )
                .unwrap(),
            ];
            if players <= 6 {
                deals.push(city(players, vec![], true, 1 << seat));
                deals.push(city(players, names, false, 0));
            }
            for deal in deals {
                let token = ShareToken::new(deal, seat).unwrap();
                assert_eq!(ShareToken::parse(&token.to_link_token()).unwrap(), token);
                let typed = ShareToken::parse(&token.to_typed_code()).unwrap();
                assert_eq!(typed.seat, seat);
                assert_eq!(typed.deal.seed, token.deal.seed);
                assert_eq!(typed.deal.game, token.deal.game);
                assert_eq!(typed.deal.fingerprint(), token.deal.fingerprint());
            }
        }
    }
}

#[test]
fn a_typed_code_is_short_and_forgiving() {
    let token = ShareToken::new(
        city(6, vec!["Al".into(); 6], false, 0x0123_4567_89AB_CDEF),
        5,
    )
    .unwrap();
    let code = token.to_typed_code();
    assert_eq!(code.len(), 26 + 6, "{code}");
    assert!(
        code.chars()
            .all(|c| c == '-' || ALPHABET.contains(&(c as u8)))
    );
    let sloppy = code
        .to_lowercase()
        .replace('-', " ")
        .replace('0', "o")
        .replace('1', "l");
    assert_eq!(ShareToken::parse(&sloppy).unwrap().seat, 5);
    assert_eq!(ShareToken::parse(&format!("  {code}\n")).unwrap().seat, 5);
}

#[test]
fn a_link_without_names_is_as_short_as_the_code() {
    let token = ShareToken::new(city(4, vec![], false, 9), 1).unwrap();
    assert_eq!(
        token.to_link_token(),
        token.to_typed_code().replace('-', "")
    );
}

#[test]
fn every_single_mistyped_character_is_refused() {
    let token = ShareToken::new(city(5, vec![], false, 0xDEAD_BEEF), 3).unwrap();
    let code = token.to_typed_code().replace('-', "");
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
            assert!(ShareToken::parse(&typo).is_err(), "{typo} accepted");
        }
    }
}

#[test]
fn every_truncation_deletion_and_insertion_is_refused() {
    let token = ShareToken::new(
        city(3, vec!["A".into(), "B".into(), "C".into()], false, 77),
        0,
    )
    .unwrap();
    let link = token.to_link_token();
    for end in 0..link.len() {
        let err = ShareToken::parse(&link[..end]).unwrap_err();
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
        assert!(ShareToken::parse(&deleted).is_err());
        let inserted = format!("{}7{}", &link[..i], &link[i..]);
        assert!(ShareToken::parse(&inserted).is_err());
    }
}

#[test]
fn each_refusal_says_why() {
    assert_eq!(ShareToken::parse(""), Err(ShareError::Empty));
    assert_eq!(ShareToken::parse(" - "), Err(ShareError::Empty));
    assert_eq!(
        ShareToken::parse("ABCU"),
        Err(ShareError::BadCharacter('U'))
    );
    assert_eq!(
        ShareToken::parse("AB#C"),
        Err(ShareError::BadCharacter('#'))
    );
    assert_eq!(ShareToken::parse("00"), Err(ShareError::Truncated));
    let seed = [0, 0, 0, 0, 0, 0, 0, 9];
    let body = |version: u8, game: u8, table: u8, options: u8| {
        let mut b = vec![version, game, table, options];
        b.extend_from_slice(&seed);
        b
    };
    assert_eq!(
        ShareToken::parse(&sealed(body(2, 1, 0x51, 0))),
        Err(ShareError::FutureVersion(2))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 9, 0x51, 0))),
        Err(ShareError::UnknownGame(9))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 3, 0x21, 0))),
        Err(ShareError::NoSecretDeal(GameKind::Espionage))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 1, 0x55, 0))),
        Err(ShareError::Damaged("no such seat"))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 1, 0x75, 0))),
        Err(ShareError::Damaged("player count"))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 2, 0x31, 1))),
        Err(ShareError::Damaged("unknown options"))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(1, 1, 0x31, 0x40))),
        Err(ShareError::Damaged("unknown options"))
    );
    assert_eq!(
        ShareToken::parse(&sealed(body(0, 1, 0x31, 0))),
        Err(ShareError::Damaged("no version"))
    );
    let mut extra = body(1, 1, 0x31, 0);
    extra.push(0);
    assert_eq!(
        ShareToken::parse(&sealed(extra)),
        Err(ShareError::Damaged("extra data"))
    );
    let mut names = body(1, 1, 0x31, 0x80);
    names.extend_from_slice(&[1, b'A', 2, 0xFF, 0xFE, 1, b'C']);
    assert_eq!(
        ShareToken::parse(&sealed(names)),
        Err(ShareError::Damaged("a name is not text"))
    );
    let mut short = body(1, 1, 0x31, 0x80);
    short.extend_from_slice(&[1, b'A', 9, b'B']);
    assert_eq!(
        ShareToken::parse(&sealed(short)),
        Err(ShareError::Damaged("names cut short"))
    );
    for error in [
        ShareError::Checksum,
        ShareError::FutureVersion(3),
        ShareError::Truncated,
    ] {
        assert!(error.to_string().ends_with('.'));
    }
}

/// Property: arbitrary text never panics, and is refused unless it is a real token.
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
        if let Ok(token) = ShareToken::parse(&text) {
            accepted += 1;
            assert_eq!(ShareToken::parse(&token.to_link_token()).unwrap(), token);
        }
    }
    assert_eq!(accepted, 0);
}

/// Property: random mutations of real tokens never panic and are refused.
#[test]
fn mutated_tokens_are_refused() {
    let mut rng = Rng::from_state(77);
    for case in 0..5_000u64 {
        let players = 3 + (case % 4) as u8;
        let names: Vec<String> = if case % 2 == 0 {
            vec![]
        } else {
            (0..players).map(|i| format!("P{i}")).collect()
        };
        let token = ShareToken::new(
            city(players, names, case % 3 == 0, rng.next_u64()),
            (case % players as u64) as u8,
        )
        .unwrap();
        let link = token.to_link_token();
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
            assert!(ShareToken::parse(&mutated).is_err(), "{link} -> {mutated}");
        }
    }
}

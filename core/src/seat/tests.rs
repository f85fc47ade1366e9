//! What a phone holds: seat codes and rounds codes that carry only their own seat, and a
//! reveal every phone checks against its table id and its own secrets.

use std::collections::HashMap;

use super::*;
use crate::seed::{Rng, Seed};
use crate::share::ALPHABET;

fn city(players: u8, names: Vec<String>, own_life: bool, seed: u64) -> TableDeal {
    let game = SecretGame::new(city_of_spies::KIND, u8::from(own_life)).unwrap();
    TableDeal::new(game, Seats::new(players, names).unwrap(), Seed(seed)).unwrap()
}

fn carousel(players: u8, names: Vec<String>, seed: u64) -> TableDeal {
    TableDeal::new(
        SecretGame::with_defaults(carousel_chess::KIND).unwrap(),
        Seats::new(players, names).unwrap(),
        Seed(seed),
    )
    .unwrap()
}

fn seat_code(text: &str) -> SeatCode {
    match Code::parse(text) {
        Ok(Code::Seat(code)) => code,
        other => panic!("not a seat code: {other:?}"),
    }
}

fn reveal_code(text: &str) -> RevealCode {
    match Code::parse(text) {
        Ok(Code::Reveal(code)) => code,
        other => panic!("not a reveal code: {other:?}"),
    }
}

fn rounds_code(text: &str) -> RoundsCode {
    match Code::parse(text) {
        Ok(Code::Rounds(code)) => code,
        other => panic!("not a rounds code: {other:?}"),
    }
}

/// Golden vectors: the format is frozen, as the deal algorithms are. A phone with an older
/// cached app must read today's codes.
#[test]
fn golden_codes() {
    let deal = city(5, vec![], false, 0x5EED_CAFE_F00D_0001);
    assert_eq!(deal.table_id().to_hex(), GOLDEN_TABLE_ID);
    assert_eq!(deal.fingerprint().to_string(), GOLDEN_WORDS);
    assert_eq!(
        (1..=4)
            .map(|r| deal.table_id().round_word(r))
            .collect::<Vec<_>>(),
        GOLDEN_ROUND_WORDS
    );
    assert_eq!(deal.seat_code(2).unwrap().to_typed_code(), GOLDEN_TYPED);
    assert_eq!(
        deal.rounds_code(2, 10).unwrap().to_typed_code(),
        GOLDEN_ROUNDS
    );
    assert_eq!(deal.reveal_code(3).to_typed_code(), GOLDEN_REVEAL);
    let named = carousel(3, vec!["Ann".into(), "Bo".into(), "Zoë".into()], 7);
    assert_eq!(named.seat_code(0).unwrap().to_link_token(), GOLDEN_LINK);
    assert_eq!(named.to_text(), GOLDEN_TABLE);
}

const GOLDEN_TABLE_ID: &str = "35dce928279ffaa5";
const GOLDEN_WORDS: &str = "clover hill yak";
const GOLDEN_ROUND_WORDS: [&str; 4] = ["coral", "flint", "iris", "lynx"];
const GOLDEN_TYPED: &str = "080N-401N-VKMJ-G9WZ-ZAJN-F7NW-27HV-TGQ4-YV7Z-DKG";
const GOLDEN_ROUNDS: &str = "088N-401N-VKMJ-G9WZ-ZAJG-MT6M-7T5P-VNYN-RW6W-FHEB";
const GOLDEN_REVEAL: &str = "08GN-002Y-XQ5F-XW0D-000G-6JZY-8FWG";
const GOLDEN_LINK: &str = "08131065M9P1V7DRB6Q000T1DSQ04GKF0HD6ZGXBPS4PZX0";
const GOLDEN_TABLE: &str = "08S3100000000000003G6GBEDR144VR4B9QW7ARTZY1HA";

/// The table's own save from the previous app (a version-1 token with the seed) still
/// reads, so a game in progress survives the update.
#[test]
fn a_version_1_table_save_still_reads() {
    let old = "0413100000000000003G6GBEDR144VR4B9QW7AT1ETGEJ";
    let deal = TableDeal::from_text(old).unwrap();
    assert_eq!(
        deal,
        carousel(3, vec!["Ann".into(), "Bo".into(), "Zoë".into()], 7)
    );
    // …but as a phone's code it is refused with the reason.
    assert_eq!(Code::parse(old), Err(ShareError::OldVersion));
}

#[test]
fn every_table_seat_and_option_round_trips() {
    for players in 3..=9u8 {
        for seat in 0..players {
            let names: Vec<String> = (0..players).map(|i| format!("Pläyer {i} ♞")).collect();
            let mut deals = vec![
                carousel(players, vec![], u64::MAX - seat as u64),
                carousel(players, names.clone(), seat as u64),
            ];
            if players <= 6 {
                deals.push(city(players, vec![], true, 1 << seat));
                deals.push(city(players, names, false, 0));
            }
            for deal in deals {
                let code = deal.seat_code(seat).unwrap();
                assert_eq!(seat_code(&code.to_link_token()), code);
                let typed = seat_code(&code.to_typed_code());
                assert_eq!(typed.seat, seat);
                assert_eq!(typed.secrets, code.secrets);
                assert_eq!(typed.table_id, deal.table_id());
                assert_eq!(typed.fingerprint(), deal.fingerprint());
                assert!(!typed.seats.any_named());
                assert_eq!(TableDeal::from_text(&deal.to_text()).unwrap(), deal);
                let reveal = reveal_code(&deal.reveal_code(5).to_link_token());
                assert_eq!(reveal.table_id(), deal.table_id());
            }
        }
    }
}

/// Issue "seat codes": the typed code stays at most 40 characters in groups of four.
#[test]
fn typed_codes_are_short_and_forgiving() {
    let deal = city(6, vec!["Al".into(); 6], false, 0x0123_4567_89AB_CDEF);
    let code = deal.seat_code(5).unwrap().to_typed_code();
    assert_eq!(code.replace('-', "").len(), 39, "{code}");
    assert!(code.split('-').all(|g| g.len() == 4 || g.len() == 3));
    assert!(
        code.chars()
            .all(|c| c == '-' || ALPHABET.contains(&(c as u8)))
    );
    let sloppy = code
        .to_lowercase()
        .replace('-', " ")
        .replace('0', "o")
        .replace('1', "l");
    assert_eq!(seat_code(&sloppy).seat, 5);
    assert_eq!(seat_code(&format!("  {code}\n")).seat, 5);
    for typed in [
        deal.rounds_code(0, 50).unwrap().to_typed_code(),
        deal.reveal_code(12).to_typed_code(),
        carousel(9, vec![], 1).seat_code(8).unwrap().to_typed_code(),
    ] {
        assert!(typed.replace('-', "").len() <= 40, "{typed}");
    }
    // A link without names is as short as the typed code.
    let plain = city(4, vec![], false, 9).seat_code(1).unwrap();
    assert_eq!(
        plain.to_link_token(),
        plain.to_typed_code().replace('-', "")
    );
}

/// A seat code holds exactly its seat's secrets: the team and rounds 1–9.
#[test]
fn a_seat_code_holds_its_own_secrets_and_no_more() {
    for seed in 0..300u64 {
        let deal = city(3 + (seed % 4) as u8, vec![], seed % 5 == 0, seed * 7919);
        let teams = deal.city_of_spies().unwrap().teams();
        for seat in 0..deal.players() {
            let code = seat_code(&deal.seat_code(seat).unwrap().to_typed_code());
            let Secrets::CityOfSpies { team, rounds } = &code.secrets else {
                panic!("a City of Spies code");
            };
            assert_eq!(*team, teams[seat as usize]);
            assert_eq!(rounds.len(), ROUNDS_PER_CODE as usize);
            for (i, cards) in rounds.iter().enumerate() {
                let dealt = deal.city_of_spies().unwrap().cards(i as u32 + 1);
                assert_eq!(*cards, dealt[seat as usize]);
            }
        }
    }
}

/// "Nothing in a seat code lets anyone compute another seat's secret": over many deals,
/// two deals that give a seat the same secrets give it the same code except for the table
/// id (and the checksum, which is computed from the rest). Carousel Chess has few
/// distinct secrets, so thousands of deals give each seat's secrets many times over; A City
/// of Spies is checked on the first round's cards with the other rounds masked.
#[test]
fn equal_secrets_give_equal_codes_but_for_the_table_id() {
    let masked = |token: &str| {
        let mut bytes = share::decode(token).unwrap();
        bytes.truncate(bytes.len() - 4);
        bytes[4..12].fill(0);
        bytes
    };
    let mut seen: HashMap<(u8, u8, String), (Vec<u8>, u64)> = HashMap::new();
    let mut repeats = 0;
    for seed in 0..4_000u64 {
        let players = 3 + (seed % 7) as u8;
        let deal = carousel(players, vec![], seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for seat in 0..players {
            let code = deal.seat_code(seat).unwrap();
            let key = (players, seat, code.secrets.team_name().to_string());
            let bytes = masked(&code.to_link_token());
            match seen.get(&key) {
                Some((earlier, other)) => {
                    assert_eq!(&bytes, earlier, "seeds {seed} and {other}, {key:?}");
                    repeats += 1;
                }
                None => {
                    seen.insert(key, (bytes, seed));
                }
            }
        }
    }
    assert!(repeats > 20_000, "{repeats}");
    // A City of Spies: the bytes after the table id are the secrets, bit for bit.
    let mut city_seen: HashMap<(u8, u8, String, Cards), (u64, u64)> = HashMap::new();
    let mut city_repeats = 0;
    for seed in 0..20_000u64 {
        let deal = city(3, vec![], false, seed.wrapping_mul(0xD134_2543_DE82_EF95));
        for seat in 0..3 {
            let code = deal.seat_code(seat).unwrap();
            let bytes = masked(&code.to_link_token());
            let secrets = u64::from_be_bytes(bytes[12..20].try_into().unwrap());
            let first_round = secrets & !((1 << 56) - 1);
            let key = (
                3,
                seat,
                code.secrets.team_name().to_string(),
                code.secrets.cards(1).unwrap(),
            );
            match city_seen.get(&key) {
                Some((earlier, _)) => {
                    assert_eq!(first_round, *earlier, "{key:?}");
                    city_repeats += 1;
                }
                None => {
                    city_seen.insert(key, (first_round, seed));
                }
            }
            assert_eq!(bytes[..4], [2, 0x01, 0x30 | seat, 0]);
            assert_eq!(bytes.len(), 20, "header, table id, secrets: nothing else");
        }
    }
    assert!(city_repeats > 10_000, "{city_repeats}");
}

#[test]
fn rounds_codes_extend_a_phone_in_nines() {
    let deal = city(4, vec![], false, 4242);
    assert!(deal.rounds_code(0, 9).is_none(), "the seat code covers 1–9");
    assert_eq!(deal.rounds_code(0, 10).unwrap().first, 10);
    assert_eq!(deal.rounds_code(0, 18).unwrap().first, 10);
    assert_eq!(deal.rounds_code(0, 19).unwrap().first, 19);
    assert_eq!(deal.rounds_code(0, 99).unwrap().last(), 99);
    assert!(deal.rounds_code(0, 100).is_none());
    assert!(deal.rounds_code(4, 10).is_none(), "no seat 5");
    assert!(carousel(4, vec![], 1).rounds_code(0, 10).is_none());

    let mut phone = seat_code(&deal.seat_code(1).unwrap().to_link_token());
    assert_eq!(phone.rounds_held(), 9);
    let later = rounds_code(&deal.rounds_code(1, 20).unwrap().to_typed_code());
    assert_eq!(
        phone.add_rounds(&later),
        Err(Refused::Gap { first: 19, held: 9 })
    );
    let next = rounds_code(&deal.rounds_code(1, 10).unwrap().to_typed_code());
    phone.add_rounds(&next).unwrap();
    assert_eq!(phone.rounds_held(), 18);
    phone.add_rounds(&next).unwrap();
    assert_eq!(phone.rounds_held(), 18, "scanning twice adds nothing");
    phone.add_rounds(&later).unwrap();
    assert_eq!(phone.rounds_held(), 27);
    for round in 1..=27 {
        assert_eq!(
            phone.secrets.cards(round),
            Some(deal.city_of_spies().unwrap().cards(round)[1])
        );
    }
    // Another seat's, another table's, or altered cards are refused.
    let other_seat = deal.rounds_code(2, 10).unwrap();
    assert_eq!(
        phone.add_rounds(&other_seat),
        Err(Refused::OtherSeat { seat: 2 })
    );
    let other_table = city(4, vec![], false, 4243).rounds_code(1, 10).unwrap();
    assert!(matches!(
        phone.add_rounds(&other_table),
        Err(Refused::OtherTable { .. })
    ));
    let mut altered = next.clone();
    altered.cards.swap(0, 1);
    assert_eq!(phone.add_rounds(&altered), Err(Refused::Contradicts));
    // The link token of an extended seat is still the code the table handed out.
    assert_eq!(
        phone.to_link_token(),
        deal.seat_code(1).unwrap().to_link_token()
    );
}

#[test]
fn a_reveal_is_verified_against_the_table_id_and_the_phones_own_secrets() {
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Di", "Ed"].map(String::from).to_vec();
    let deal = city(5, names, false, 0xC0FFEE);
    let phone = seat_code(&deal.seat_code(3).unwrap().to_link_token());
    let reveal = reveal_code(&deal.reveal_code(2).to_typed_code());
    assert_eq!(reveal.rounds, 2);
    let verified = phone.verify(&reveal).unwrap();
    assert_eq!(verified, deal, "the whole deal, names from the phone");
    // Another table's reveal is refused, naming both tables' words.
    let other = city(5, vec![], false, 0xC0FFEF).reveal_code(2);
    let refused = phone.verify(&other).unwrap_err();
    assert_eq!(
        refused,
        Refused::OtherTable {
            theirs: city(5, vec![], false, 0xC0FFEF).fingerprint(),
            ours: deal.fingerprint()
        }
    );
    assert!(refused.to_string().contains("another table"));
    // The same seed for another game or table size is another table.
    let carousel_reveal = carousel(5, vec![], 0xC0FFEE).reveal_code(0);
    assert!(phone.verify(&carousel_reveal).is_err());
    // A phone whose secrets do not match the deal refuses the reveal.
    let mut wrong = phone.clone();
    if let Secrets::CityOfSpies { rounds, .. } = &mut wrong.secrets {
        rounds.swap(0, 1);
    }
    assert_eq!(wrong.verify(&reveal), Err(Refused::Contradicts));
    // Carousel Chess: the team is checked.
    let table = carousel(4, vec![], 99);
    let phone = table.seat_code(2).unwrap();
    assert_eq!(phone.verify(&table.reveal_code(0)).unwrap(), table);
}

/// The winners ride in the reveal when the table knows them: seats, a draw (none), or
/// nothing said (a real board); a code with impossible winners is damaged, and the reveal
/// without them (an older table's) still reads.
#[test]
fn a_reveal_carries_the_winners_the_table_knows() {
    let deal = city(5, vec![], false, 0xC0FFEE);
    let plain = deal.reveal_code(2);
    assert_eq!(reveal_code(&plain.to_typed_code()).winners, None);
    for winners in [vec![0, 3], vec![], vec![4], vec![0, 1, 2, 3, 4]] {
        let code = RevealCode {
            winners: Some(winners.clone()),
            ..plain.clone()
        };
        let read = reveal_code(&code.to_link_token());
        assert_eq!(read.winners, Some(winners));
        assert_eq!(read.to_link_token(), code.to_link_token());
        // The deal it reveals is the same.
        let phone = deal.seat_code(1).unwrap();
        assert_eq!(phone.verify(&read).unwrap(), deal);
    }
    // Two bytes exactly, with their mark, and no seat past the table.
    for tail in [
        vec![0x00, 0x01],
        vec![0x80, 0x20],
        vec![0x80],
        vec![0x80, 0x01, 0x00],
    ] {
        let mut bytes = plain.bytes();
        bytes.extend_from_slice(&tail);
        let text = crate::share::seal(bytes);
        assert!(Code::parse(&text).is_err(), "{tail:?} read");
    }
}

#[test]
fn round_words_differ_round_to_round_and_phones_agree_with_the_table() {
    for seed in 0..200u64 {
        let deal = city(4, vec![], false, seed);
        let id = deal.table_id();
        let words: Vec<&str> = (1..=256).map(|r| id.round_word(r)).collect();
        let mut distinct = words.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 256, "every round 1–256 has its own word");
        let phone = seat_code(&deal.seat_code(0).unwrap().to_typed_code());
        assert_eq!(phone.table_id.round_word(7), id.round_word(7));
        assert_eq!(deal.table_view(3).round_word, Some(id.round_word(3)));
    }
    assert_eq!(carousel(4, vec![], 1).table_view(1).round_word, None);
}

/// Property: the reveal code refuses every table but its own, over many tables.
#[test]
fn reveals_of_random_tables_never_verify_elsewhere() {
    let mut rng = Rng::from_state(31);
    let mut phones = Vec::new();
    let mut reveals = Vec::new();
    for _ in 0..200 {
        let deal = city(3 + rng.below(4) as u8, vec![], false, rng.next_u64());
        phones.push(deal.seat_code(0).unwrap());
        reveals.push(deal.reveal_code(1));
    }
    for (i, phone) in phones.iter().enumerate() {
        for (j, reveal) in reveals.iter().enumerate() {
            assert_eq!(phone.verify(reveal).is_ok(), i == j);
        }
    }
}

#[test]
fn rounds_are_handed_out_a_round_ahead() {
    assert!(rounds_batches(8).is_empty());
    assert_eq!(rounds_batches(9), vec![10]);
    assert_eq!(rounds_batches(17), vec![10]);
    assert_eq!(rounds_batches(18), vec![10, 19]);
    assert_eq!(rounds_batches(99).last(), Some(&91));
    assert_eq!(rounds_batches(99).len(), 10);
}

/// Every game whose facts say it deals secrets has its own arm in `Dealt` (a new one would
/// otherwise be read as another game's secrets).
#[test]
fn every_secret_game_spells_out_its_own_secrets() {
    let mut secret = 0;
    for &kind in crate::games::REGISTRY {
        if let Ok(game) = SecretGame::with_defaults(kind) {
            secret += 1;
            assert_eq!(Dealt::of(game).kind(), kind);
            assert_eq!(
                game.has_rounds(),
                matches!(Dealt::of(game), Dealt::CityOfSpies(_))
            );
        }
    }
    assert_eq!(secret, 2);
}

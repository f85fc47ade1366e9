//! The referee: one action at a time, undo by the game's rule, news, and saves that lose
//! only what cannot be read.

use super::*;
use crate::games::carousel_chess::{self, CarouselChess};
use crate::games::city_of_spies::{self, CityOfSpies, LayoutChoice};
use crate::games::deckbuilder::{self, Deckbuilder};
use crate::games::usurp::{self, Usurp};
use crate::seats::Seats;
use crate::seed::Rng;
use shakmaty::Square;

fn carousel(players: u8, seed: u64) -> Referee<CarouselChess> {
    let config = carousel_chess::Config {
        seats: Seats::new(players, vec![]).unwrap(),
        options: Default::default(),
    };
    Referee::new(config, Seed(seed)).unwrap()
}

fn city(players: u8, seed: u64) -> Referee<CityOfSpies> {
    let config = city_of_spies::Config {
        seats: Seats::new(players, vec![]).unwrap(),
        options: Default::default(),
        layout: LayoutChoice::Random,
    };
    Referee::new(config, Seed(seed)).unwrap()
}

fn ply(from: Square, to: Square) -> carousel_chess::Action {
    carousel_chess::Action {
        from,
        to,
        promotion: None,
    }
}

/// Fool's mate: 1. f3 e5 2. g4 Qh4#.
fn fools_mate(referee: &mut Referee<CarouselChess>) {
    referee.act(ply(Square::F2, Square::F3)).unwrap();
    fools_mate_rest(referee);
}

#[test]
fn an_action_is_applied_once_and_an_illegal_one_changes_nothing() {
    let mut referee = carousel(3, 9);
    let before = referee.to_text();
    let refused = referee.act(ply(Square::E2, Square::E5)).unwrap_err();
    assert_eq!(
        refused,
        crate::games::carousel_chess::Illegal::NotLegal(ply(Square::E2, Square::E5))
    );
    assert_eq!(referee.to_text(), before);
    assert_eq!(referee.actions(), 0);
    assert!(!referee.can_undo(), "nothing to take back");
    referee.act(ply(Square::E2, Square::E4)).unwrap();
    assert_eq!(referee.actions(), 1);
    // The referee's state is the replay of its record.
    let replayed = Referee::<CarouselChess>::from_record(referee.record.clone()).unwrap();
    assert_eq!(
        replayed.view(Viewer::Table).body,
        referee.view(Viewer::Table).body
    );
}

#[test]
fn the_envelope_says_whose_turn_the_status_undo_and_the_news() {
    let mut referee = carousel(3, 4);
    let start = referee.view(Viewer::Table);
    assert_eq!(start.status, Status::Playing);
    assert!(referee.news_since(Viewer::Table, 0).is_empty());
    assert!(matches!(start.to_act, ToAct::Seat(_)));
    referee.act(ply(Square::F2, Square::F3)).unwrap();
    let one = referee.view(Viewer::Table);
    assert_eq!(
        referee.news_since(Viewer::Table, 0).len(),
        1,
        "the ply's event"
    );
    assert!(one.can_undo);
    fools_mate_rest(&mut referee);
    let over = referee.view(Viewer::Table);
    let Status::Over { winners, scores } = &over.status else {
        panic!("mate ends the game");
    };
    assert_eq!(scores.len(), 3);
    assert!(!winners.is_empty());
    assert_eq!(over.to_act, ToAct::Nobody);
    assert!(!over.can_undo, "the teams are shown: no undo after the end");
    assert_eq!(
        referee.news_since(Viewer::Table, 0).len(),
        4 + 1,
        "four plies and the end"
    );
    assert_eq!(referee.actions(), 4);
    assert_eq!(
        referee.news_since(Viewer::Table, 3).len(),
        2,
        "the last ply and the end"
    );
    let mut newest: Vec<_> = referee.news_newest_first(Viewer::Table).cloned().collect();
    newest.reverse();
    assert_eq!(newest, referee.news_since(Viewer::Table, 0));
    assert!(!referee.undo());
}

/// Fool's mate after 1. f3: e5 2. g4 Qh4#.
fn fools_mate_rest(referee: &mut Referee<CarouselChess>) {
    for (from, to) in [
        (Square::E7, Square::E5),
        (Square::G2, Square::G4),
        (Square::D8, Square::H4),
    ] {
        referee.act(ply(from, to)).unwrap();
    }
}

#[test]
fn undo_follows_each_games_rule() {
    let mut referee = carousel(4, 2);
    fools_mate(&mut referee);
    assert!(!referee.can_undo());
    let mut referee = carousel(4, 2);
    referee.act(ply(Square::E2, Square::E4)).unwrap();
    assert!(referee.undo());
    assert_eq!(referee.actions(), 0);
    // A City of Spies: the set-up cannot be taken back; a move can.
    let mut referee = city(3, 11);
    let layout = referee.view(Viewer::Table).body.random_layout.unwrap();
    referee.act(city_of_spies::Action::SetUp(layout)).unwrap();
    assert!(!referee.can_undo());
    let first = referee.legal_actions(acting(&referee))[0];
    referee.act(first).unwrap();
    assert_eq!(
        referee.can_undo(),
        matches!(first, city_of_spies::Action::Move(_))
    );
}

/// Whoever acts now: the seat to move, or the table (a set-up decision; once the game is
/// over, the table too, which then gets no actions).
pub(crate) fn acting<G: Game>(referee: &Referee<G>) -> Viewer {
    match referee.view(Viewer::Table).to_act {
        ToAct::Seat(seat) => Viewer::Seat(seat),
        ToAct::Table | ToAct::Nobody => Viewer::Table,
    }
}

#[test]
fn a_seat_gets_legal_actions_only_on_its_turn() {
    let referee = carousel(3, 8);
    let ToAct::Seat(seat) = referee.view(Viewer::Table).to_act else {
        panic!("a seat moves first");
    };
    assert_eq!(referee.legal_actions(Viewer::Seat(seat)).len(), 20);
    assert!(
        referee
            .legal_actions(Viewer::Seat((seat + 1) % 3))
            .is_empty()
    );
    // The table never gets a seat's actions: they can spell out that seat's secrets.
    assert!(referee.legal_actions(Viewer::Table).is_empty());
    // A set-up decision is the table's, not a seat's.
    let referee = city(3, 11);
    assert_eq!(referee.view(Viewer::Table).to_act, ToAct::Table);
    assert!(!referee.legal_actions(Viewer::Table).is_empty());
    assert!(referee.legal_actions(Viewer::Seat(0)).is_empty());
}

/// Issue "saves never lose a game": every action that still replays is kept.
#[test]
fn a_damaged_save_keeps_every_action_that_replays() {
    let mut referee = carousel(3, 5);
    let mut rng = Rng::from_state(3);
    for _ in 0..12 {
        let actions = referee.legal_actions(acting(&referee));
        let pick = actions[rng.below(actions.len() as u64) as usize];
        referee.act(pick).unwrap();
    }
    let text = referee.to_text();
    let whole = Referee::<CarouselChess>::from_text(&text).unwrap();
    assert!(whole.lost.is_none());
    assert_eq!(whole.referee.to_text(), text);
    // Cut by one character: the last ply is lost, the eleven before it are kept.
    let cut = Referee::<CarouselChess>::from_text(&text[..text.len() - 1]).unwrap();
    assert_eq!(cut.referee.actions(), 11);
    assert_eq!(cut.lost, Some(Lost::After { kept: 11 }));
    assert!(cut.lost.unwrap().words().contains("goes on from action 11"));
    // An unreadable ply in the middle: everything before it is kept.
    let plies: Vec<&str> = text.rsplit('|').next().unwrap().split(' ').collect();
    let damaged = text.replacen(plies[5], "zz9", 1);
    let kept = Referee::<CarouselChess>::from_text(&damaged).unwrap();
    assert_eq!(kept.referee.actions(), 5);
    // No ply readable: the game starts again, and says so.
    let header: String = text.splitn(4, '|').take(3).collect::<Vec<_>>().join("|") + "|";
    let none = Referee::<CarouselChess>::from_text(&(header.clone() + "zz9 e2e4")).unwrap();
    assert_eq!(none.referee.actions(), 0);
    assert_eq!(none.lost, Some(Lost::Everything));
    // An unreadable header is an error: there is no game to keep.
    assert!(Referee::<CarouselChess>::from_text("cc1|NOT-A-TABLE|-|e2e4").is_err());
    // The game's mark is its head's checksum: the same whatever was played, another for
    // another deal (the app's phones are kept by it: the value must not change).
    assert_eq!(
        whole.referee.game_mark(),
        crate::share::crc32(header.trim_end_matches('|').as_bytes())
    );
    assert_eq!(none.referee.game_mark(), whole.referee.game_mark());
    assert_ne!(carousel(3, 6).game_mark(), whole.referee.game_mark());
    assert!(Referee::<CarouselChess>::from_text("").is_err());
    assert!(
        Referee::<CityOfSpies>::from_text(&text).is_err(),
        "another game's save"
    );
}

/// `$f::<G>($args)` for the `Game` type `G` of `$kind`, through the registry's
/// [`crate::games::visit`] (a visitor made on the spot).
macro_rules! per_game {
    ($kind:expr, $f:ident ( $($arg:ident: $ty:ty = $value:expr),* ) -> $out:ty) => {{
        struct Call<'a> { $($arg: $ty,)* _life: std::marker::PhantomData<&'a ()> }
        impl crate::games::Visit for Call<'_> {
            type Output = $out;
            fn visit<G: Game>(self) -> $out {
                $f::<G>($(self.$arg),*)
            }
        }
        crate::games::visit($kind, Call { $($arg: $value,)* _life: std::marker::PhantomData })
    }};
}

/// Up to `actions` random legal actions, each by whoever is to act, until the game ends.
fn play_at_random<G: Game>(referee: &mut Referee<G>, actions: usize, rng: &mut Rng) {
    for _ in 0..actions {
        // Over, nobody acts: the table then gets no actions either.
        let legal = referee.legal_actions(acting(referee));
        if legal.is_empty() {
            return;
        }
        let pick = legal[rng.below(legal.len() as u64) as usize].clone();
        referee.act(pick).unwrap();
    }
}

/// `text` with one to three random changes: a character dropped, replaced, doubled or
/// inserted (from the characters records are made of, and a few they never hold), a slice
/// repeated, or the end cut off.
pub(crate) fn damage(text: &str, rng: &mut Rng) -> String {
    const CHARS: &[char] = &[
        '|',
        ':',
        ',',
        '.',
        ' ',
        '/',
        '+',
        '-',
        '=',
        '>',
        '!',
        '0',
        '1',
        '9',
        'a',
        'e',
        'h',
        'x',
        'P',
        'N',
        'B',
        'R',
        'K',
        'Q',
        'C',
        'S',
        '\n',
        '\u{1f}',
        '\u{e9}',
        '\u{1f600}',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        let any = CHARS[rng.below(CHARS.len() as u64) as usize];
        match rng.below(6) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = any,
            2 if at < chars.len() => chars.insert(at, chars[at]),
            3 => chars.insert(at, any),
            4 => {
                let end = (at + 1 + rng.below(12) as usize).min(chars.len());
                let slice: Vec<char> = chars[at.min(end)..end].to_vec();
                chars.splice(at..at, slice);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// `count` damaged copies of `text` (see [`damage`]) through `read_write`, which reads a
/// text and writes what it read (`None`: refused). Never a panic; what reads writes a text
/// that reads back to itself. Returns how many copies read.
pub(crate) fn survives_damage(
    text: &str,
    count: usize,
    rng: &mut Rng,
    mut read_write: impl FnMut(&str) -> Option<String>,
) -> usize {
    let mut read = 0;
    for _ in 0..count {
        let damaged = damage(text, rng);
        if let Some(again) = read_write(&damaged) {
            read += 1;
            assert_eq!(
                read_write(&again).as_deref(),
                Some(again.as_str()),
                "{damaged:?}"
            );
        }
    }
    read
}

/// Property: a damaged record never panics its reader or the referee that replays it.
/// What reads is a game like any other: it saves, reads back whole, and shows every viewer.
#[test]
fn every_games_record_reader_survives_damage() {
    use crate::catalogue::GameKind;
    use crate::games::Start;

    fn survive<G: Game>(text: &str, players: u8, rng: &mut Rng) -> usize {
        let mut referee = Referee::<G>::from_text(text).unwrap().referee;
        play_at_random(&mut referee, 60, rng);
        let whole = referee.to_text();
        let mut read = 0;
        for _ in 0..400 {
            let damaged = damage(&whole, rng);
            // The import's check: the whole record, or nothing.
            if let Ok(record) = G::read_record(&damaged) {
                let _ = Referee::from_record(record);
            }
            let Ok(loaded) = Referee::<G>::from_text(&damaged) else {
                continue;
            };
            read += 1;
            let again = loaded.referee.to_text();
            let back = Referee::<G>::from_text(&again).unwrap();
            assert_eq!(back.lost, None, "{damaged:?} re-saved as {again:?}");
            for viewer in std::iter::once(Viewer::Table).chain((0..players).map(Viewer::Seat)) {
                let _ = back.referee.view(viewer);
            }
        }
        read
    }

    let mut rng = Rng::from_state(0xda3a6e);
    for kind in GameKind::all() {
        let info = kind.info();
        let players = *info.players.start();
        let seats = Seats::new(players, vec![]).unwrap();
        let mut read = 0;
        for game in 0..5u64 {
            let start = Start {
                seats: &seats,
                seed: Seed(game),
                options: 0,
            };
            let text = kind.start(&start).unwrap();
            read += per_game!(kind, survive(text: &'a str = &text, players: u8 = players, rng: &'a mut Rng = &mut rng) -> usize);
        }
        // Damage at the end of a record leaves a game that still reads: some must.
        assert!(read > 0, "{kind:?}: no damaged record read at all");
    }
}

/// A save cut short is never read as a whole game: by one character in every game, and by
/// any length in the games whose actions can be one letter long (their records end with
/// `END_MARK`). What is kept is said.
#[test]
fn a_save_cut_short_says_so_in_every_game() {
    use crate::catalogue::GameKind;
    use crate::games::Start;

    fn cuts<G: Game>(text: &str, rng: &mut Rng, every_length: bool) {
        let mut referee = Referee::<G>::from_text(text).unwrap().referee;
        play_at_random(&mut referee, 30, rng);
        let whole = referee.to_text();
        let actions = referee.actions();
        let header = whole.match_indices('|').nth(2).unwrap().0 + 1;
        let longest = if every_length {
            whole.len() - header
        } else {
            1
        };
        for cut in 1..=longest {
            let short = &whole[..whole.len() - cut];
            if let Ok(loaded) = Referee::<G>::from_text(short) {
                let lost = loaded
                    .lost
                    .unwrap_or_else(|| panic!("{short:?} read as a whole game"));
                // What it says agrees with what it kept.
                let kept = loaded.referee.actions();
                assert_eq!(
                    lost,
                    if kept == 0 {
                        Lost::Everything
                    } else {
                        Lost::After { kept }
                    }
                );
                assert!(kept <= actions);
            }
        }
    }

    let mut rng = Rng::from_state(0xc07);
    for kind in GameKind::all() {
        let players = *kind.info().players.start();
        let seats = Seats::new(players, vec![]).unwrap();
        let every_length = kind == usurp::KIND || kind == deckbuilder::KIND;
        for game in 0..3u64 {
            let start = Start {
                seats: &seats,
                seed: Seed(game + 11),
                options: 0,
            };
            let text = kind.start(&start).unwrap();
            per_game!(kind, cuts(text: &'a str = &text, rng: &'a mut Rng = &mut rng, every_length: bool = every_length) -> ());
        }
    }
}

/// Records written before the end mark (`usu1`, `cdb1`) still read, whole.
#[test]
fn records_without_the_end_mark_still_read() {
    let old = "usu1|000000000000004d:10.8.6.6.6.30|Ann,Bo|D P1 D P2";
    let loaded = Referee::<Usurp>::from_text(old).unwrap();
    assert_eq!((loaded.referee.actions(), loaded.lost), (4, None));
    assert_eq!(
        loaded.referee.to_text(),
        "usu2|000000000000004d:10.8.6.6.6.30|Ann,Bo|D P1 D P2;"
    );
    let old = "cdb1|0000000000000002:10.10.10.10.10.10.30.20|Ann,Bo|Pd2d4 Pa2a3 / +P .";
    let loaded = Referee::<Deckbuilder>::from_text(old).unwrap();
    assert_eq!((loaded.referee.actions(), loaded.lost), (5, None));
    assert!(loaded.referee.to_text().ends_with("/ +P .;"));
}

/// Walk the registry: every game starts from its declaration, its record text
/// names it and round-trips through the referee with every viewer's view unchanged, and a
/// game that deals secrets hands out codes that read back and verify against the reveal.
#[test]
fn every_game_in_the_registry_round_trips() {
    use crate::catalogue::GameKind;
    use crate::games::Start;
    use crate::seat::Code;
    use crate::table::{SecretGame, TableDeal};

    fn replay<G: Game>(text: &str, rng: &mut Rng, dealt: (&Seats, u8)) -> String {
        let players = dealt.0.players();
        let mut referee = Referee::<G>::from_text(text).unwrap().referee;
        assert_eq!(referee.to_text(), text, "a fresh game re-saves as it was");
        // Play again deals the same seats and house rules as were started.
        assert_eq!(referee.rematch(), (dealt.0.clone(), dealt.1));
        play_at_random(&mut referee, 40, rng);
        let saved = referee.to_text();
        let again = Referee::<G>::from_text(&saved).unwrap();
        assert_eq!(again.lost, None);
        for viewer in std::iter::once(Viewer::Table).chain((0..players).map(Viewer::Seat)) {
            assert_eq!(
                again.referee.view(viewer),
                referee.view(viewer),
                "{viewer:?}"
            );
        }
        saved
    }

    let mut rng = Rng::from_state(0x1e9);
    let mut walked = 0;
    for kind in GameKind::all() {
        let info = kind.info();
        for option in info.options {
            assert!(
                option.code_bit.is_none_or(
                    |bit| bit.count_ones() == 1 && bit & crate::share::NAMES_FOLLOW == 0
                ),
                "{kind:?}: a code bit is one bit, apart from the names bit"
            );
            assert!(
                option.code_bit.is_none() || option.choices.is_empty(),
                "{kind:?}: a house rule that changes the deal is a switch (one code bit)"
            );
        }
        walked += 1;
        for (round, players) in [*info.players.start(), *info.players.end()]
            .into_iter()
            .enumerate()
        {
            // Every house rule on, then none.
            let options = if round == 0 { info.every_option() } else { 0 };
            let seats = Seats::new(players, vec![]).unwrap();
            let start = Start {
                seats: &seats,
                seed: Seed(rng.below(u64::MAX)),
                options,
            };
            let text = kind.start(&start).unwrap();
            assert_eq!(GameKind::of_record(&text), Some(kind), "{text}");
            let saved = per_game!(kind, replay(text: &'a str = &text, rng: &'a mut Rng = &mut rng, dealt: (&'a Seats, u8) = (&seats, options)) -> String);
            assert_eq!(GameKind::of_record(&saved), Some(kind));
            if info.secret_deal {
                let table = kind
                    .record_table(&saved)
                    .expect("the record names its table");
                assert_eq!(table.seats, seats);
                assert_eq!(table.game.kind(), kind);
                assert_eq!(
                    table.table_id(),
                    TableDeal::new(
                        SecretGame::new(kind, options).unwrap(),
                        seats.clone(),
                        start.seed
                    )
                    .unwrap()
                    .table_id(),
                    "the game is played with the table's own deal"
                );
            } else {
                assert_eq!(kind.record_table(&saved), None);
            }

            if info.secret_deal {
                let game = SecretGame::new(kind, options).unwrap();
                assert_eq!(game.kind(), kind);
                let deal = TableDeal::new(game, seats.clone(), start.seed).unwrap();
                let reveal = deal.reveal_code(1);
                for seat in 0..players {
                    let code = deal.seat_code(seat).unwrap();
                    for text in [code.to_link_token(), code.to_typed_code()] {
                        let Ok(Code::Seat(back)) = Code::parse(&text) else {
                            panic!("{kind:?}: seat code {text} does not read back");
                        };
                        assert_eq!(back.game.kind(), kind);
                        assert_eq!(back.verify(&reveal).unwrap(), deal);
                    }
                }
                let table = TableDeal::from_text(&deal.to_text()).unwrap();
                assert_eq!(table, deal);
            } else {
                // The facts and the game agree: no secret deal said, none dealt.
                assert!(SecretGame::new(kind, 0).is_err());
            }
        }
    }
    assert_eq!(walked, crate::games::REGISTRY.len());
}

thread_local! {
    /// How many actions `Record::replay_while_legal` has applied on this thread.
    pub(crate) static APPLIED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The actions applied while `f` runs.
fn applied<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = APPLIED.with(|n| n.get());
    let out = f();
    (out, APPLIED.with(|n| n.get()) - before)
}

/// Issue "long games load at once": a long save of every game (the longest of two random
/// games of up to 4,000 actions) loads with each action applied once, whole, with an
/// illegal action early on (replayed up to it, once) and with an unreadable one.
#[test]
fn a_long_save_replays_each_action_once_damaged_or_not() {
    struct Long;
    impl crate::games::Visit for Long {
        type Output = ();
        fn visit<G: crate::bots::Computer>(self) {
            let text = crate::bots::longest_random_game::<G>(4000, 2).unwrap();
            let n = G::read_record(&text).unwrap().actions.len();
            assert!(n >= 25, "{}: a game of {n} actions", G::KIND);
            let (whole, count) = applied(|| Referee::<G>::from_text(&text).unwrap());
            assert_eq!((whole.referee.actions(), count), (n, n), "{}", G::KIND);
            assert!(whole.lost.is_none());

            let (illegal, at) = crate::bots::with_early_illegal::<G>(&text, 2).unwrap();
            let (loaded, count) = applied(|| Referee::<G>::from_text(&illegal).unwrap());
            assert_eq!(loaded.referee.actions(), at, "{}", G::KIND);
            assert_eq!(
                count,
                at + 1,
                "{}: applied up to the illegal action",
                G::KIND
            );
            assert_eq!(loaded.lost, Some(Lost::After { kept: at }), "{}", G::KIND);

            let unreadable = crate::bots::with_unreadable::<G>(&text, 2).unwrap();
            let (loaded, count) = applied(|| Referee::<G>::from_text(&unreadable).unwrap());
            assert_eq!((loaded.referee.actions(), count), (2, 2), "{}", G::KIND);
            assert_eq!(loaded.lost, Some(Lost::After { kept: 2 }), "{}", G::KIND);
        }
    }
    for kind in crate::catalogue::GameKind::all() {
        crate::games::visit(kind, Long);
    }
}

#[test]
fn a_save_marked_with_a_format_no_version_wrote_is_not_called_newer() {
    use crate::games::espionage::Espionage;
    // esp0 and csp0 never existed: damaged or made by hand, not from the future.
    for (text, title) in [
        ("esp0|x|y|z", "Espionage"),
        ("usu0|x|y|z", "Usurp"),
        ("csp0|x|y|z", "A City of Spies"),
    ] {
        let why = match title {
            "Espionage" => Referee::<Espionage>::from_text(text).err(),
            "Usurp" => Referee::<Usurp>::from_text(text).err(),
            _ => Referee::<CityOfSpies>::from_text(text).err(),
        }
        .expect("refused");
        assert!(!why.contains("newer"), "{text}: {why}");
        assert!(
            why.contains("no version of Intrigue writes") && why.contains(title),
            "{text}: {why}"
        );
    }
    // A number past the newest this version reads is a newer version's.
    let why = Referee::<Espionage>::from_text("esp9|x|y|z").err().unwrap();
    assert!(why.contains("newer version"), "{why}");
    let why = Referee::<CityOfSpies>::from_text("csp7|x|y|z")
        .err()
        .unwrap();
    assert!(why.contains("newer version"), "{why}");
    // Another game's tag is not this game's save.
    let why = Referee::<Espionage>::from_text("usu2|x|y|z").err().unwrap();
    assert!(why.contains("not a saved game of Espionage"), "{why}");
}

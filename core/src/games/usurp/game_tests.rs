//! Usurp's rules (RULINGS §4): turns, full squares, the end of the deck and of the rounds,
//! the record, and thousands of random games.

use super::*;
use crate::game::Referee;
use crate::seed::Rng;

fn seats(players: u8) -> Seats {
    Seats::new(players, vec![]).unwrap()
}

fn dealt(players: u8, seed: u64) -> State {
    Usurp::deal(&Config::standard(seats(players)), Seed(seed), RefereeOnly::new()).unwrap()
}

fn act(state: &mut State, action: Action) -> Vec<Event> {
    Usurp::apply(state, action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// Every card of the game, wherever it is.
fn all_cards(s: &State) -> Counts {
    let mut cards: Vec<Card> = s.deck.clone();
    cards.extend(s.squares.iter().flatten());
    cards.extend(s.collections.iter().flatten());
    cards.extend(s.drawn);
    Counts::of(&cards)
}

#[test]
fn the_deal_gives_a_castle_each_and_shuffles_the_rest() {
    for players in 2..=5u8 {
        let s = dealt(players, 9);
        assert_eq!(s.squares.len(), usize::from(players));
        assert!(s.squares.iter().all(Vec::is_empty));
        assert!(s.collections.iter().all(|c| c == &vec![Card::Castle]));
        assert_eq!(s.deck.len(), 66 - usize::from(players));
        assert_eq!(all_cards(&s), Counts::STANDARD_DECK);
        assert!(s.seat < players);
    }
    assert_ne!(dealt(3, 1).deck, dealt(3, 2).deck);
    assert_eq!(dealt(3, 1).deck, dealt(3, 1).deck);
    assert!(Usurp::deal(&Config::standard(seats(6)), Seed(1), RefereeOnly::new()).is_err());
}

#[test]
fn a_turn_draws_and_places_or_takes_a_square() {
    let mut s = dealt(3, 4);
    let first = s.seat;
    assert!(
        Usurp::apply(&mut s, Action::Place { square: 0 }).is_err(),
        "draw first"
    );
    assert!(
        Usurp::apply(&mut s, Action::Take { square: 0 }).is_err(),
        "nothing to take"
    );
    assert_eq!(Usurp::legal_actions(&s), vec![Action::Draw]);
    let top = *s.deck.last().unwrap();
    act(&mut s, Action::Draw);
    assert_eq!(s.drawn, Some(top));
    assert!(!Usurp::can_undo(&s), "a draw showed the deck's top card");
    assert!(
        Usurp::apply(&mut s, Action::Take { square: 0 }).is_err(),
        "place the card first"
    );
    act(&mut s, Action::Place { square: 1 });
    assert!(Usurp::can_undo(&s));
    assert_eq!(s.squares[1], vec![top]);
    assert_eq!(s.seat, (first + 1) % 3);
    // The next player takes that square and sits out the round.
    let taker = s.seat;
    act(&mut s, Action::Take { square: 1 });
    assert_eq!(s.collections[usize::from(taker)], vec![Card::Castle, top]);
    assert!(s.taken[usize::from(taker)]);
    assert_ne!(s.seat, taker);
}

#[test]
fn a_full_square_takes_no_more_and_when_all_are_full_a_player_must_take() {
    let mut s = dealt(2, 11);
    for _ in 0..8 {
        act(&mut s, Action::Draw);
        let room = (0..2).find(|&q| s.can_place(q)).unwrap();
        act(&mut s, Action::Place { square: room });
    }
    assert!(s.squares.iter().all(|q| q.len() == 4));
    assert_eq!(
        Usurp::legal_actions(&s),
        vec![Action::Take { square: 0 }, Action::Take { square: 1 }],
        "every square full: a take is forced"
    );
    assert_eq!(
        Usurp::apply(&mut s, Action::Draw),
        Err(super::Illegal::SquaresFull)
    );
}

#[test]
fn rounds_end_when_all_have_taken_the_last_taker_starts_and_three_rounds_end_the_game() {
    let mut s = dealt(3, 5);
    let mut rounds_seen = vec![];
    let mut last_taker = None;
    while !s.over {
        let actions = Usurp::legal_actions(&s);
        // Place where there is room until each square holds two cards, then take.
        let action = if s.drawn.is_some() {
            actions[0]
        } else if s.squares.iter().any(|q| q.len() < 2) && s.can_draw() {
            Action::Draw
        } else {
            *actions
                .iter()
                .find(|a| matches!(a, Action::Take { .. }))
                .unwrap()
        };
        let seat = s.seat;
        for event in act(&mut s, action) {
            match event {
                Event::Took { seat: who, .. } => last_taker = Some(who),
                Event::RoundStarted { round, first } => {
                    assert_eq!(Some(first), last_taker, "the last taker starts");
                    rounds_seen.push(round);
                }
                _ => {}
            }
        }
        let _ = seat;
    }
    assert_eq!(rounds_seen, vec![2, 3]);
    assert_eq!(s.round, ROUNDS);
    assert!(matches!(Usurp::status(&s), Status::Over { .. }));
    assert!(Usurp::legal_actions(&s).is_empty());
}

#[test]
fn when_the_deck_runs_out_the_others_take_a_square_each_or_nothing() {
    // A tiny deck: two pawns besides the castles.
    let config = Config {
        seats: seats(3),
        deck: Counts {
            castles: 3,
            pawns: 2,
            ..Counts::default()
        },
    };
    let mut s = Usurp::deal(&config, Seed(3), RefereeOnly::new()).unwrap();
    act(&mut s, Action::Draw);
    act(&mut s, Action::Place { square: 0 });
    act(&mut s, Action::Draw);
    act(&mut s, Action::Place { square: 1 });
    // The deck is out: the third player must take; then the next takes the other square;
    // the last has nothing to take and the round ends; rounds 2 and 3 have nothing at all.
    assert_eq!(
        Usurp::legal_actions(&s),
        vec![Action::Take { square: 0 }, Action::Take { square: 1 }]
    );
    act(&mut s, Action::Take { square: 0 });
    let events = act(&mut s, Action::Take { square: 1 });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TookNothing { .. }))
    );
    assert!(s.over, "the later rounds have nothing to play");
    assert_eq!(all_cards(&s), config.deck);
}

#[test]
fn two_thousand_random_games_end_after_three_rounds_with_every_card_kept() {
    let mut rng = Rng::from_state(0x05_52);
    for game in 0..2000 {
        let players = 2 + rng.below(4) as u8;
        let mut referee =
            Referee::<Usurp>::new(Config::standard(seats(players)), Seed(rng.next_u64())).unwrap();
        let mut rounds = 1;
        for _ in 0..1000 {
            let actions = referee.legal_actions(crate::game::tests::acting(&referee));
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.below(actions.len() as u64) as usize];
            for event in referee.act(action).unwrap() {
                if let Event::RoundStarted { round, .. } = event {
                    rounds = round;
                }
            }
            assert_eq!(all_cards(referee.state()), Counts::STANDARD_DECK);
            assert!(
                referee
                    .state()
                    .squares
                    .iter()
                    .all(|q| q.len() <= SQUARE_ROOM)
            );
        }
        assert!(referee.state().over, "game {game} ended");
        assert_eq!(rounds, ROUNDS);
        if game % 50 == 0 {
            let again = Referee::<Usurp>::from_text(&referee.to_text()).unwrap();
            assert_eq!(again.lost, None);
            assert_eq!(
                again.referee.view(crate::seats::Viewer::Table),
                referee.view(crate::seats::Viewer::Table)
            );
        }
    }
}

#[test]
fn the_view_shows_what_a_take_would_change() {
    let mut s = dealt(2, 21);
    // Put a known square together: a king and a queen.
    s.squares[0] = vec![Card::King, Card::Queen];
    s.squares[1] = vec![Card::Pawn];
    let v = Usurp::view(&s, crate::seats::Viewer::Table);
    assert_eq!(v.take_gain, vec![10, -1]);
    assert_eq!(v.takeable, vec![0, 1]);
    assert!(v.can_draw);
    assert_eq!(v.players[0].scoring.total, 0);
}

#[test]
fn the_record_reads_back() {
    let names = Seats::new(3, vec!["Ann, jr".into(), "".into(), "Cy 100%".into()]).unwrap();
    let mut referee = Referee::<Usurp>::new(Config::standard(names.clone()), Seed(77)).unwrap();
    let mut rng = Rng::from_state(8);
    for _ in 0..40 {
        let actions = referee.legal_actions(crate::game::tests::acting(&referee));
        if actions.is_empty() {
            break;
        }
        referee
            .act(actions[rng.below(actions.len() as u64) as usize])
            .unwrap();
    }
    let text = referee.to_text();
    assert!(text.starts_with("usu2|000000000000004d:10.8.6.6.6.30|Ann%2C%20jr,,Cy%20100%25|D P"));
    let back = Referee::<Usurp>::from_text(&text).unwrap();
    assert_eq!(back.lost, None);
    assert_eq!(back.referee.config().seats, names);
    assert_eq!(back.referee.to_text(), text);
    for bad in [
        "usu1|zz:1.1.1.1.1.1|,|",
        "usu1|0000000000000001:10.8.6|,|",
        "usu9|0000000000000001:10.8.6.6.6.30|,|",
    ] {
        assert!(Referee::<Usurp>::from_text(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_save_whose_deck_holds_more_of_a_card_than_the_game_has_is_refused() {
    let standard = Referee::<Usurp>::new(Config::standard(seats(3)), Seed(4)).unwrap();
    let text = standard.to_text();
    assert!(Referee::<Usurp>::from_text(&text).is_ok());
    // The same save with twenty castles: a deck no screen or phone is made for.
    let (head, rest) = text.split_once(':').unwrap();
    let counts = rest.split('|').next().unwrap();
    let more = format!(
        "{head}:{}{}",
        counts.replacen(counts.split('.').next().unwrap(), "20", 1),
        &rest[counts.len()..]
    );
    let why = Referee::<Usurp>::from_text(&more).err().expect("refused");
    assert!(why.contains("more of a card"), "{why}");
}

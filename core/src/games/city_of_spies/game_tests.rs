//! A test for every ruling of RULINGS §1 that concerns play.

use shakmaty::Square;

use super::*;
use crate::game::Record;
use crate::games::city_of_spies::{Layout, Piece, record};
use crate::seats::Seats;

fn config(players: u8) -> Config {
    Config {
        seats: Seats::new(players, vec![]).unwrap(),
        options: Options::default(),
        layout: LayoutChoice::Random,
    }
}

fn dealt(players: u8, seed: u64) -> State {
    CityOfSpies::deal(&config(players), Seed(seed), crate::game::RefereeOnly::new()).unwrap()
}

fn apply(state: &mut State, action: Action) -> Vec<Event> {
    CityOfSpies::apply(state, action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

fn mover(state: &State) -> u8 {
    state.seat_to_act().expect("someone is to act")
}

/// A layout with the given pieces on the given squares and the rest out of the way on
/// rank 8 and g6/h6 (never on file a or rank 1).
fn layout_with(placed: &[(Piece, Square)]) -> Layout {
    let mut spare = [
        Square::B8,
        Square::C8,
        Square::D8,
        Square::E8,
        Square::F8,
        Square::G8,
        Square::H8,
        Square::H6,
        Square::G6,
        Square::B6,
        Square::C6,
    ]
    .into_iter()
    .filter(|sq| !placed.iter().any(|(_, s)| s == sq));
    let squares = Piece::ALL.map(|piece| match placed.iter().find(|(p, _)| *p == piece) {
        Some((_, sq)) => *sq,
        None => spare.next().expect("enough spare squares"),
    });
    Layout(squares)
}

/// Start the round with Rook 1 on a1 and `piece` on a5, file a clear between them.
fn set_up_rook_a1_and(state: &mut State, piece: Piece) {
    apply(
        state,
        Action::SetUp(layout_with(&[
            (Piece::Rook1, Square::A1),
            (piece, Square::A5),
        ])),
    );
}

/// A seed whose round-1 deal puts no Life-Piece on Rook 1, and the seats to use.
fn rook_scenario(players: u8) -> State {
    (0..1000)
        .map(|seed| dealt(players, seed))
        .find(|s| {
            s.cards
                .iter()
                .all(|c| c.life != Piece::Rook1 && c.target != Piece::Rook1)
        })
        .expect("some seed")
}

#[test]
fn nothing_moves_before_the_set_up_and_a_bad_set_up_is_refused() {
    let mut s = dealt(3, 1);
    assert_eq!(CityOfSpies::to_act(&s), ToAct::Table);
    let before = s.clone();
    assert!(
        CityOfSpies::apply(
            &mut s,
            Action::Move(Move {
                from: Square::A1,
                to: Square::A2
            })
        )
        .is_err()
    );
    let mut bad = Layout::standard();
    bad.0[3] = Square::E6;
    assert_eq!(
        CityOfSpies::apply(&mut s, Action::SetUp(bad)),
        Err(super::Illegal::ImpossibleSetUp)
    );
    assert_eq!(s, before, "refused actions change nothing");
}

#[test]
fn a_round_starts_with_the_layout_and_a_roll_of_every_players_die() {
    let mut s = dealt(4, 2);
    let events = apply(&mut s, Action::SetUp(Layout::standard()));
    assert_eq!(events[0], Event::RoundStarted { round: 1 });
    let Event::DiceRolled { cycle: 1, rolls } = &events[1] else {
        panic!("{events:?}")
    };
    let mut order = rolls.order.clone();
    order.sort();
    assert_eq!(order, vec![0, 1, 2, 3]);
    assert_eq!(mover(&s), rolls.order[0]);
    assert_eq!(s.board().pieces().count(), 11);
}

#[test]
fn a_turn_is_one_move_then_the_next_in_the_dice_order() {
    let mut s = dealt(3, 3);
    apply(&mut s, Action::SetUp(Layout::standard()));
    let order = s.rolls.order.clone();
    let first = mover(&s);
    assert_eq!(first, order[0]);
    // A quiet move: Rook 1 a1 to a2.
    let events = apply(
        &mut s,
        Action::Move(Move {
            from: Square::A1,
            to: Square::A2,
        }),
    );
    assert!(matches!(events[0], Event::Moved { seat, piece: Piece::Rook1, .. } if seat == first));
    assert_eq!(mover(&s), order[1]);
    assert!(s.can_undo());
    // An illegal move is refused and changes nothing.
    let before = s.clone();
    assert!(
        CityOfSpies::apply(
            &mut s,
            Action::Move(Move {
                from: Square::A2,
                to: Square::B3
            })
        )
        .is_err()
    );
    assert_eq!(
        CityOfSpies::apply(&mut s, Action::Pass),
        Err(super::Illegal::MayNotPass)
    );
    assert!(CityOfSpies::apply(&mut s, Action::Claim).is_err());
    assert_eq!(s, before);
    // After every player has moved once, the dice are rolled again.
    apply(
        &mut s,
        Action::Move(Move {
            from: Square::A2,
            to: Square::A3,
        }),
    );
    let events = apply(
        &mut s,
        Action::Move(Move {
            from: Square::A3,
            to: Square::A4,
        }),
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DiceRolled { cycle: 2, .. })),
        "{events:?}"
    );
}

#[test]
fn a_captured_life_piece_knocks_its_owner_out_at_once_and_every_capture_prompts_the_mover() {
    let mut s = rook_scenario(3);
    let victim_life = s.cards[1].life;
    set_up_rook_a1_and(&mut s, victim_life);
    let me = mover(&s);
    // Whoever moves captures seat 2's Life-Piece (possibly their own).
    let events = apply(
        &mut s,
        Action::Move(Move {
            from: Square::A1,
            to: Square::A5,
        }),
    );
    assert!(
        events.contains(&Event::Eliminated { seat: 1 }),
        "{events:?}"
    );
    assert!(!s.is_active(1));
    assert_eq!(
        s.phase(),
        Phase::Claim {
            seat: me,
            captured: victim_life
        },
        "the mover is asked, even if out"
    );
    let view = CityOfSpies::view(&s, Viewer::Table);
    assert_eq!(
        view.teams,
        vec![None, None, None],
        "a knock-out reveals no team"
    );
}

/// A standard set-up where the first player to move can capture their own Target.
fn first_mover_can_take_their_target(players: u8, seed: u64) -> Option<(State, u8, Piece, Move)> {
    let mut s = dealt(players, seed);
    apply(&mut s, Action::SetUp(Layout::standard()));
    let me = mover(&s);
    let target = s.cards[me as usize].target;
    let mv = s
        .board
        .moves()
        .into_iter()
        .find(|mv| s.board.piece_at(mv.to) == Some(target))?;
    Some((s, me, target, mv))
}

#[test]
fn a_true_claim_reveals_the_team_and_scores_one() {
    for seed in 0..200 {
        let Some((mut s, me, target, mv)) = first_mover_can_take_their_target(4, seed) else {
            continue;
        };
        apply(&mut s, Action::Move(mv));
        let team = s.teams[me as usize];
        let events = apply(&mut s, Action::Claim);
        assert!(events.contains(&Event::TargetClaimed {
            seat: me,
            team,
            piece: target
        }));
        assert_eq!(s.scores()[team_index(team)], 1);
        let view = CityOfSpies::view(&s, Viewer::Table);
        assert_eq!(view.teams[me as usize], Some(team));
        assert_eq!(view.teams.iter().filter(|t| t.is_some()).count(), 1);
        assert!(!s.can_undo(), "an answered claim cannot be taken back");
        return;
    }
    panic!("no seed let the first player capture their Target");
}

#[test]
fn a_false_claim_is_refused_and_reveals_nothing_and_a_decline_is_neutral() {
    for seed in 0..200 {
        let mut s = dealt(5, seed);
        apply(&mut s, Action::SetUp(Layout::standard()));
        let me = mover(&s);
        let target = s.cards[me as usize].target;
        let Some(mv) = s
            .board
            .moves()
            .into_iter()
            .find(|mv| matches!(s.board.piece_at(mv.to), Some(p) if p != target))
        else {
            continue;
        };
        apply(&mut s, Action::Move(mv));
        let mut declined = s.clone();
        let events = apply(&mut s, Action::Claim);
        assert_eq!(events[0], Event::ClaimRefused { seat: me });
        assert_eq!(s.scores(), [0, 0]);
        assert!(
            CityOfSpies::view(&s, Viewer::Table)
                .teams
                .iter()
                .all(Option::is_none)
        );
        let events = apply(&mut declined, Action::Decline);
        assert_eq!(events[0], Event::ClaimDeclined { seat: me });
        return;
    }
    panic!("no capture found");
}

#[test]
fn a_target_captured_on_someone_elses_turn_can_never_be_claimed() {
    // Only the mover is ever asked, and only about the piece just captured.
    let mut s = rook_scenario(3);
    let other_target = s.cards[2].target;
    set_up_rook_a1_and(&mut s, other_target);
    let me = mover(&s);
    apply(
        &mut s,
        Action::Move(Move {
            from: Square::A1,
            to: Square::A5,
        }),
    );
    assert_eq!(
        s.phase(),
        Phase::Claim {
            seat: me,
            captured: other_target
        }
    );
    apply(&mut s, Action::Decline);
    assert!(
        !matches!(s.phase(), Phase::Claim { .. }),
        "no later prompt for the piece"
    );
}

#[test]
fn a_player_knocked_out_mid_cycle_loses_the_rest_of_the_cycle() {
    for seed in 0..2000 {
        let mut s = dealt(4, seed);
        let cards = s.cards.clone();
        if cards.iter().any(|c| c.life == Piece::Rook1) {
            continue;
        }
        apply(&mut s, Action::SetUp(Layout::standard()));
        let order = s.rolls.order.clone();
        let second = order[1];
        // Put the second player's Life-Piece in the first player's reach: re-set with a layout.
        let mut t = dealt(4, seed);
        set_up_rook_a1_and(&mut t, cards[second as usize].life);
        if t.rolls.order != order {
            continue;
        }
        apply(
            &mut t,
            Action::Move(Move {
                from: Square::A1,
                to: Square::A5,
            }),
        );
        apply(&mut t, Action::Decline);
        assert_eq!(mover(&t), order[2], "seat {second} was skipped");
        return;
    }
    panic!("no seed gave the scenario");
}

#[test]
fn the_last_player_in_wins_the_round_for_their_team_and_a_new_round_deals_new_cards() {
    let mut s = rook_scenario(3);
    apply(&mut s, Action::SetUp(Layout::standard()));
    let me = mover(&s);
    let others: Vec<u8> = (0..3).filter(|&x| x != me).collect();
    let mut t = rook_scenario(3);
    let lives = [
        t.cards[others[0] as usize].life,
        t.cards[others[1] as usize].life,
    ];
    apply(
        &mut t,
        Action::SetUp(layout_with(&[
            (Piece::Rook1, Square::A1),
            (lives[0], Square::A5),
            (lives[1], Square::A8),
        ])),
    );
    assert_eq!(mover(&t), me);
    apply(
        &mut t,
        Action::Move(Move {
            from: Square::A1,
            to: Square::A5,
        }),
    );
    apply(&mut t, Action::Decline);
    // Whoever moves next takes the last other Life-Piece.
    apply(
        &mut t,
        Action::Move(Move {
            from: Square::A5,
            to: Square::A8,
        }),
    );
    let events = apply(&mut t, Action::Decline);
    let team = t.teams[me as usize];
    assert!(
        events.contains(&Event::RoundWon {
            round: 1,
            seat: me,
            team
        }),
        "{events:?}"
    );
    assert_eq!(t.scores()[team_index(team)], 2);
    assert_eq!(
        CityOfSpies::view(&t, Viewer::Table).teams[me as usize],
        Some(team)
    );
    assert_eq!(t.phase(), Phase::SetUp);
    assert_eq!(t.round(), 2);
    assert_eq!(t.cards, t.deal.cards(2));
    assert_eq!(t.teams, t.deal.teams(), "teams stay for the whole game");
}

#[test]
fn five_points_end_the_game_at_once_even_by_a_claim_mid_round() {
    for seed in 0..300 {
        let Some((mut s, me, _, mv)) = first_mover_can_take_their_target(5, seed) else {
            continue;
        };
        let team = s.teams[me as usize];
        s.scores[team_index(team)] = 4;
        apply(&mut s, Action::Move(mv));
        let events = apply(&mut s, Action::Claim);
        assert_eq!(events.last(), Some(&Event::GameWon { team }));
        assert_eq!(s.phase, Phase::GameOver { winner: team });
        assert!(CityOfSpies::legal_actions(&s).is_empty());
        assert!(CityOfSpies::apply(&mut s, Action::Decline).is_err());
        let view = CityOfSpies::view(&s, Viewer::Table);
        let reveal = view.reveal.expect("the final reveal");
        assert_eq!(reveal.len(), 5);
        assert!(view.teams.iter().all(Option::is_some));
        assert_eq!(reveal[0].cards, vec![s.deal.cards(1)[0]]);
        return;
    }
    panic!("no scenario");
}

#[test]
fn fifty_quiet_turns_end_the_round_with_no_points() {
    let mut s = dealt(3, 4);
    apply(&mut s, Action::SetUp(Layout::standard()));
    s.quiet_turns = QUIET_TURNS_LIMIT - 1;
    let events = apply(
        &mut s,
        Action::Move(Move {
            from: Square::A1,
            to: Square::A2,
        }),
    );
    assert!(events.contains(&Event::RoundStalled { round: 1 }));
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.phase(), Phase::SetUp);
}

#[test]
fn the_table_view_never_shows_an_unrevealed_secret() {
    for seed in 0..100 {
        let mut s = dealt(6, seed);
        apply(&mut s, Action::SetUp(Layout::standard()));
        apply(
            &mut s,
            Action::Move(Move {
                from: Square::A1,
                to: Square::A2,
            }),
        );
        let view = CityOfSpies::view(&s, Viewer::Table);
        assert!(view.own.is_none() && view.reveal.is_none());
        assert!(view.teams.iter().all(Option::is_none));
        // Non-interference: other secrets, same table view.
        let mut other = s.clone();
        other.teams.reverse();
        other.cards.reverse();
        other.cards[0].target = other.cards[1].life;
        assert_eq!(CityOfSpies::view(&other, Viewer::Table), view);
        // A seat sees its own cards, and only its own.
        let seat = CityOfSpies::view(&s, Viewer::Seat(2)).own.unwrap();
        assert_eq!(seat.cards, s.cards[2]);
    }
}

#[test]
fn the_record_round_trips_as_text_and_replays_to_the_same_state() {
    let mut record = Record::<CityOfSpies>::new(config(4), Seed(77));
    record.actions.push(Action::SetUp(Layout::standard()));
    record.actions.push(Action::Move(Move {
        from: Square::A1,
        to: Square::C1,
    }));
    let text = record::write(&record);
    assert!(text.starts_with("csp1|"), "{text}");
    let back = record::read(&text).unwrap();
    assert_eq!(back.actions, record.actions);
    assert_eq!(back.replay().unwrap().0, record.replay().unwrap().0);
    for bad in [
        "",
        "csp2|x|R|",
        "chess|x|R|",
        "csp1|NOTATOKEN|R|",
        &text.replace("|R|", "|X|"),
        &format!("{text} zz99"),
    ] {
        assert!(record::read(bad).is_err(), "{bad}");
    }
    // A record with an illegal move is refused on replay, with the action's number.
    let mut broken = back.clone();
    broken.actions.push(Action::Move(Move {
        from: Square::H8,
        to: Square::H7,
    }));
    assert!(matches!(
        broken.replay().err(),
        Some(crate::game::Unplayable::Action { number: 3, .. })
    ));
}

/// Property: thousands of random games (random legal moves, random claims, random set-ups)
/// end without panic, and the invariants hold after every action.
#[test]
fn random_games_end_and_keep_their_invariants() {
    let mut rng = Seed(2026).stream("test/random-games", 0);
    let mut games_won = 0;
    for game in 0..2_000u64 {
        let players = 3 + (game % 4) as u8;
        let mut s = dealt(players, rng.next_u64());
        let mut record = Record::<CityOfSpies>::new(s.config.clone(), s.deal.seed);
        let mut actions = 0;
        while !matches!(s.phase, Phase::GameOver { .. }) {
            actions += 1;
            assert!(actions < 20_000, "game {game} did not end");
            let action = match s.phase() {
                Phase::SetUp => match rng.below(3) {
                    0 => Action::SetUp(Layout::standard()),
                    1 => Action::SetUp(s.random_layout()),
                    _ => Action::SetUp(Layout::random(Seed(rng.next_u64()), 1)),
                },
                Phase::Claim { .. } => {
                    if rng.below(2) == 0 {
                        Action::Claim
                    } else {
                        Action::Decline
                    }
                }
                _ => {
                    let legal = CityOfSpies::legal_actions(&s);
                    // Prefer captures now and then, so rounds end sooner.
                    let captures: Vec<&Action> = legal
                        .iter()
                        .filter(
                            |a| matches!(a, Action::Move(mv) if s.board.piece_at(mv.to).is_some()),
                        )
                        .collect();
                    if !captures.is_empty() && rng.below(3) == 0 {
                        *captures[rng.below(captures.len() as u64) as usize]
                    } else {
                        legal[rng.below(legal.len() as u64) as usize]
                    }
                }
            };
            let before = s.clone();
            let events = apply(&mut s, action);
            record.actions.push(action);
            check_invariants(&before, &s, &events);
        }
        games_won += 1;
        if game % 100 == 0 {
            // The game is its record.
            assert_eq!(record.replay().unwrap().0, s);
            let text = record::write(&record);
            assert_eq!(record::read(&text).unwrap().replay().unwrap().0, s);
        }
    }
    assert_eq!(games_won, 2_000);
}

fn check_invariants(before: &State, after: &State, events: &[Event]) {
    let captured = events
        .iter()
        .filter(|e| matches!(e, Event::Captured { .. }))
        .count();
    let started = events
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { .. }));
    let ended = events
        .iter()
        .any(|e| matches!(e, Event::RoundWon { .. } | Event::RoundStalled { .. }));
    // Pieces only disappear by capture (a set-up puts all eleven down; a round end clears).
    if started {
        assert_eq!(after.board.pieces().count(), 11);
    } else if !ended {
        assert_eq!(
            after.board.pieces().count() + captured,
            before.board.pieces().count()
        );
    }
    // Scores move only by +2 for a round won and +1 for a true claim.
    let gained = |state: &State| state.scores[0] + state.scores[1];
    let expected: u32 = events
        .iter()
        .map(|e| match e {
            Event::RoundWon { .. } => ROUND_POINTS,
            Event::TargetClaimed { .. } => CLAIM_POINTS,
            _ => 0,
        })
        .sum();
    assert_eq!(gained(after), gained(before) + expected, "{events:?}");
    // A round ends with exactly one player still in (or by the quiet-turn rule).
    for e in events {
        if let Event::RoundWon { seat, .. } = e {
            assert_eq!(after_round_active(before, events), vec![*seat]);
        }
    }
    // The game ends as soon as a team has 5, and not before.
    let top = after.scores.iter().copied().max().unwrap();
    assert_eq!(
        top >= WINNING_SCORE,
        matches!(after.phase, Phase::GameOver { .. })
    );
    assert!(
        before.scores.iter().all(|&x| x < WINNING_SCORE),
        "play went on after a team had 5"
    );
    // The player to act is always still in the round.
    if let Phase::Turn { seat } = after.phase {
        assert!(after.active[seat as usize]);
    }
}

/// The seats still in when a round was won: those active before, minus this action's knock-outs.
fn after_round_active(before: &State, events: &[Event]) -> Vec<u8> {
    (0..before.active.len() as u8)
        .filter(|&s| before.active[s as usize] && !events.contains(&Event::Eliminated { seat: s }))
        .collect()
}

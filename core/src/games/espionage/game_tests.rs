//! Espionage's rules (RULINGS §3), one test per ruling: set-up, two-move turns, combat,
//! spies, mines and volcanoes, the fog of war, and thousands of random games.
// Long because it keeps every Espionage ruling's test beside the others, in the order of
// the rules; each test is short.

use super::*;
use crate::game::Referee;
use crate::games::espionage::army::{ARMY, army};
use crate::games::espionage::board::Geometry;
use crate::games::espionage::position::{self, perft};
use crate::games::espionage::view::Seen;
use crate::seed::Rng;

const G: Geometry = Geometry { width: 10 };

fn sq(name: &str) -> u8 {
    G.parse(name).unwrap()
}

/// A 10×10 position with these pieces (`"C"` a South corporal, `"s*"` an unmasked North
/// spy…), South to move with two moves left, nothing barred.
fn board(pieces: &[(&str, &str)]) -> String {
    let mut cells = vec![vec![".".to_string(); 10]; 10];
    for (square, piece) in pieces {
        let s = sq(square);
        cells[usize::from(9 - G.row(s))][usize::from(G.file(s))] = piece.to_string();
    }
    let rows: Vec<String> = cells.iter().map(|r| r.concat()).collect();
    rows.join("/")
}

fn position(pieces: &[(&str, &str)], rest: &str) -> State {
    position::read(&format!("{} {rest}", board(pieces))).unwrap()
}

fn play(state: &mut State, from: &str, to: &str) -> Vec<Event> {
    Espionage::apply(
        state,
        Action::Move {
            from: sq(from),
            to: sq(to),
        },
    )
    .unwrap_or_else(|e| panic!("{from}-{to}: {e}"))
}

fn submit(state: &mut State) -> Vec<Event> {
    Espionage::apply(state, Action::Submit).unwrap()
}

fn kind_on(state: &State, name: &str) -> Option<(u8, Kind, bool)> {
    state.board[usize::from(sq(name))].map(|p| (p.owner, p.kind, p.unmasked))
}

#[test]
fn every_pairing_of_kinds_fights_as_the_rulings_say() {
    use Kind::*;
    use Outcome::*;
    const A: Outcome = AttackerWins;
    const D: Outcome = DefenderWins;
    const MH: Outcome = MineHolds;
    const MC: Outcome = MineCleared;
    const HQ: Outcome = HeadquartersTaken;
    // Rows: the attacker; columns: the defender, in the order of `Kind::ALL`:
    // corporal, lieutenant, captain, colonel, general, spy, minesweeper, mine, headquarters.
    let table: [(Kind, [Outcome; 9]); 9] = [
        (Corporal, [A, D, D, D, D, A, A, MH, HQ]),
        (Lieutenant, [A, A, D, D, D, A, A, MH, HQ]),
        (Captain, [A, A, A, D, D, A, A, MH, HQ]),
        (Colonel, [A, A, A, A, D, A, A, MH, HQ]),
        (General, [A, A, A, A, A, A, A, MH, HQ]),
        (Spy, [D, D, D, D, D, A, A, MH, HQ]),
        (Minesweeper, [D, D, D, D, A, A, A, MC, HQ]),
        (Mine, [D; 9]),
        (Headquarters, [D; 9]),
    ];
    for (attacker, row) in table {
        for (defender, expected) in Kind::ALL.into_iter().zip(row) {
            assert_eq!(
                combat(attacker, defender),
                expected,
                "{attacker} attacks {defender}"
            );
        }
    }
}

#[test]
fn a_combat_on_the_board_removes_the_loser_and_unmasks_both() {
    // A captain attacks a colonel and dies; the colonel stays, unmasked.
    let mut s = position(
        &[
            ("e4", "K"),
            ("e5", "o"),
            ("a1", "H"),
            ("a2", "C"),
            ("j10", "h"),
            ("j9", "c"),
        ],
        "S 2 - -",
    );
    let events = play(&mut s, "e4", "e5");
    assert!(events.contains(&Event::Combat {
        seat: 0,
        from: sq("e4"),
        to: sq("e5"),
        attacker: Kind::Captain,
        defender: Kind::Colonel,
        outcome: Outcome::DefenderWins,
    }));
    assert_eq!(kind_on(&s, "e4"), None);
    assert_eq!(kind_on(&s, "e5"), Some((1, Kind::Colonel, true)));
    // A minesweeper clears a mine and stands on its square, unmasked.
    let mut s = position(
        &[
            ("e4", "M"),
            ("e5", "x"),
            ("a1", "H"),
            ("a2", "C"),
            ("j10", "h"),
            ("j9", "c"),
        ],
        "S 2 - -",
    );
    play(&mut s, "e4", "e5");
    assert_eq!(kind_on(&s, "e5"), Some((0, Kind::Minesweeper, true)));
    // Anything else dies on a mine; the mine stays, unmasked.
    let mut s = position(
        &[
            ("e4", "G"),
            ("e5", "x"),
            ("a1", "H"),
            ("a2", "C"),
            ("j10", "h"),
            ("j9", "c"),
        ],
        "S 2 - -",
    );
    play(&mut s, "e4", "e5");
    assert_eq!(kind_on(&s, "e4"), None);
    assert_eq!(kind_on(&s, "e5"), Some((1, Kind::Mine, true)));
    // Taking the headquarters ends the game at once, on the first move of the turn.
    let mut s = position(
        &[
            ("e9", "S"),
            ("e10", "h"),
            ("a1", "H"),
            ("a2", "C"),
            ("j9", "c"),
        ],
        "S 2 - -",
    );
    let events = play(&mut s, "e9", "e10");
    assert_eq!(
        events.last(),
        Some(&Event::Ended {
            end: End::HeadquartersTaken { winner: 0 }
        })
    );
    assert_eq!(Espionage::to_act(&s), crate::game::ToAct::Nobody);
    assert!(Espionage::apply(&mut s, Action::Submit).is_err());
}

#[test]
fn spies_unmask_the_eight_squares_around_them_for_good() {
    let pieces = [
        ("e5", "S"),
        ("f7", "c"),
        ("g7", "l"),
        ("d7", "k"),
        ("c4", "s"),
        ("d2", "C"),
        ("a1", "H"),
        ("j10", "h"),
    ];
    // A spy moving next to enemies: f7 (diagonal) and d7 (diagonal) are unmasked; g7 is
    // two files away and is not.
    let mut s = position(&pieces, "S 2 - -");
    let events = play(&mut s, "e5", "e6");
    let unmasked: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Unmasked { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    assert_eq!(unmasked, vec![sq("d7"), sq("f7")]);
    assert_eq!(kind_on(&s, "g7"), Some((1, Kind::Lieutenant, false)));
    // A piece moving next to an enemy spy is unmasked: South's corporal to d3 meets the
    // North spy on c4 (diagonal).
    play(&mut s, "d2", "d3");
    assert_eq!(kind_on(&s, "d3"), Some((0, Kind::Corporal, true)));
    // The North spy on c4 was next to nothing of South's before: South's spy, moving,
    // was not next to it. Stepping away keeps what was unmasked unmasked.
    submit(&mut s);
    play(&mut s, "f7", "f8");
    play(&mut s, "c4", "b4");
    assert_eq!(kind_on(&s, "f8"), Some((1, Kind::Corporal, true)));
    assert_eq!(kind_on(&s, "d3"), Some((0, Kind::Corporal, true)));
}

#[test]
fn a_turn_is_two_moves_of_two_different_pieces_then_submitted() {
    let mut s = position(
        &[
            ("e2", "C"),
            ("g2", "L"),
            ("a1", "H"),
            ("j10", "h"),
            ("j8", "c"),
        ],
        "S 2 - -",
    );
    assert!(
        Espionage::apply(&mut s, Action::Submit).is_err(),
        "no move yet"
    );
    play(&mut s, "e2", "e3");
    // The piece that moved first may not move second.
    let again = Espionage::apply(
        &mut s,
        Action::Move {
            from: sq("e3"),
            to: sq("e4"),
        },
    );
    assert_eq!(again.unwrap_err(), super::Illegal::MovedAlready);
    assert!(
        Espionage::apply(&mut s, Action::Submit).is_err(),
        "another piece can move"
    );
    play(&mut s, "g2", "g3");
    assert!(
        Espionage::apply(
            &mut s,
            Action::Move {
                from: sq("a1"),
                to: sq("a2")
            }
        )
        .is_err(),
        "the headquarters never moves, and two moves are made"
    );
    submit(&mut s);
    assert_eq!(s.phase, Phase::Turn { seat: 1 });
    // North has one piece that moves: its turn is that one move.
    play(&mut s, "j8", "j7");
    submit(&mut s);
    assert_eq!(s.phase, Phase::Turn { seat: 0 });
}

#[test]
fn a_piece_may_not_go_back_during_its_owners_next_turn_and_then_may() {
    let mut s = position(
        &[
            ("e2", "C"),
            ("g2", "L"),
            ("b2", "L"),
            ("a1", "H"),
            ("j10", "h"),
            ("j8", "c"),
            ("h8", "c"),
            ("e4", "c"),
        ],
        "S 2 - -",
    );
    play(&mut s, "e2", "e3");
    play(&mut s, "g2", "g3");
    submit(&mut s);
    play(&mut s, "j8", "j7");
    play(&mut s, "h8", "h7");
    submit(&mut s);
    // South's next turn: e3 may not go back to e2, g3 not to g2.
    let barred = Espionage::apply(
        &mut s,
        Action::Move {
            from: sq("e3"),
            to: sq("e2"),
        },
    );
    assert_eq!(barred.unwrap_err(), super::Illegal::NoReturn("e2".into()));
    assert!(!s.destinations(sq("g3")).contains(&sq("g2")));
    // The bar holds for the whole turn, the second move too.
    play(&mut s, "b2", "b3");
    assert!(!s.destinations(sq("g3")).contains(&sq("g2")));
    play(&mut s, "e3", "d3");
    submit(&mut s);
    play(&mut s, "j7", "j6");
    play(&mut s, "h7", "h6");
    submit(&mut s);
    // The turn after: g3 did not move, its bar lapsed; d3 is barred from e3; b3 from b2.
    assert!(s.destinations(sq("g3")).contains(&sq("g2")));
    assert!(!s.destinations(sq("d3")).contains(&sq("e3")));
    assert!(!s.destinations(sq("b3")).contains(&sq("b2")));
    assert_eq!(
        position::write(&s).split(' ').next_back().unwrap(),
        "b3>b2,d3>e3,j6>j7,h6>h7"
    );

    // An attack onto the barred square is barred too.
    let mut s = position(
        &[
            ("e3", "G"),
            ("e2", "c"),
            ("a1", "H"),
            ("b1", "C"),
            ("j10", "h"),
        ],
        "S 2 - e3>e2",
    );
    assert!(!s.destinations(sq("e3")).contains(&sq("e2")));
    play(&mut s, "b1", "b2");
}

#[test]
fn a_player_without_a_legal_move_loses_and_a_quiet_game_draws() {
    // North has only a mine and its headquarters: when South submits, North cannot move.
    let mut s = position(
        &[("e2", "C"), ("a1", "H"), ("j10", "h"), ("i10", "x")],
        "S 2 - -",
    );
    play(&mut s, "e2", "e3");
    let events = submit(&mut s);
    assert_eq!(
        events.last(),
        Some(&Event::Ended {
            end: End::NoMove { loser: 1 }
        })
    );
    // The quiet draw: here after 4 turns without a combat.
    let mut s = position(
        &[("e2", "C"), ("a1", "H"), ("j10", "h"), ("j8", "c")],
        "S 2 - -",
    );
    s.config.quiet_draw = Some(4);
    for (from, to) in [("e2", "e3"), ("j8", "j7"), ("e3", "e4"), ("j7", "j6")] {
        assert_eq!(s.phase, Espionage::to_act_phase(&s));
        play(&mut s, from, to);
        submit(&mut s);
    }
    assert_eq!(s.phase, Phase::Over(End::QuietDraw));
    assert_eq!(
        Espionage::status(&s),
        Status::Over {
            winners: vec![],
            scores: vec![]
        }
    );
}

impl Espionage {
    fn to_act_phase(state: &State) -> Phase {
        state.phase
    }
}

#[test]
fn a_player_who_cannot_move_at_their_first_turn_loses_at_once() {
    // South's front row is four mines, the headquarters and five pieces that volcanoes
    // wall in: South cannot move when its first turn begins.
    let referee = standard(3);
    let south = {
        let mut kinds = vec![Kind::Mine; 4];
        kinds.push(Kind::Headquarters);
        let rest: Vec<Kind> = army()
            .into_iter()
            .filter(|k| !matches!(k, Kind::Mine | Kind::Headquarters))
            .collect();
        kinds.extend(rest);
        // A zone reads from South's edge: indexes 20 to 29 are the front row, files a to j.
        let mut squares = vec![None; 30];
        for (i, kind) in kinds.into_iter().enumerate() {
            // The first ten kinds go to the front row (zone indexes 20..30).
            let slot = if i < 10 { 20 + i } else { i - 10 };
            squares[slot] = Some(kind);
        }
        Placement(squares)
    };
    let mut state = referee.state().clone();
    state.volcanoes = (5..10).map(|file| G.square(file, 3)).collect();
    let mut copy = state.clone();
    Espionage::apply(&mut copy, Action::SetUp(south.clone())).unwrap();
    let events =
        Espionage::apply(&mut copy, Action::SetUp(Placement::random(Seed(2), 10))).unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::Ended {
            end: End::NoMove { loser: 0 }
        })
    );
    assert_eq!(
        Espionage::status(&copy),
        crate::game::Status::Over {
            winners: vec![1],
            scores: vec![]
        }
    );
    // One gap in the wall: the game goes on.
    state.volcanoes.pop();
    Espionage::apply(&mut state, Action::SetUp(south)).unwrap();
    let events =
        Espionage::apply(&mut state, Action::SetUp(Placement::random(Seed(2), 10))).unwrap();
    assert_eq!(events, vec![Event::SetUp { seat: 1 }]);
    assert_eq!(Espionage::to_act(&state), crate::game::ToAct::Seat(0));
}

#[test]
fn perft_counts_complete_turns_as_counted_by_hand() {
    // One movable piece each, far apart: 4 steps; then North's 4; then South's corporal
    // again has 4 steps less the square it came from: 4 × 4 × 3.
    let s = position(
        &[("e5", "C"), ("a1", "H"), ("j10", "h"), ("b8", "c")],
        "S 2 - -",
    );
    assert_eq!([1, 2, 3].map(|d| perft(&s, d)), [4, 16, 48]);
    // Two movable pieces that never meet: either may go first, 4 × 4 twice. North cannot
    // move afterwards and loses: the second turn adds nothing.
    let s = position(
        &[
            ("e5", "C"),
            ("h5", "S"),
            ("a1", "H"),
            ("j10", "h"),
            ("i10", "x"),
        ],
        "S 2 - -",
    );
    assert_eq!([1, 2].map(|d| perft(&s, d)), [32, 32]);
    // A corporal next to the headquarters: taking it ends the turn at once (1); any other
    // corporal step is followed by one of the spy's 2 (3 × 2); the spy first (2) is
    // followed by any of the corporal's 4 steps (2 × 4): 1 + 6 + 8.
    let s = position(
        &[("e9", "C"), ("a1", "S"), ("e10", "h"), ("j1", "H")],
        "S 2 - -",
    );
    assert_eq!(perft(&s, 1), 15);
    // A bar and a half-played turn: the corporal on e5 may not re-enter e4 (3 steps); with
    // one move left and the spy already moved, only the corporal moves.
    let s = position(
        &[("e5", "C"), ("a1", "H"), ("j10", "h"), ("b8", "c")],
        "S 2 - e5>e4",
    );
    assert_eq!(perft(&s, 1), 3);
    let s = position(
        &[
            ("e5", "C"),
            ("h5", "S"),
            ("a1", "H"),
            ("j10", "h"),
            ("b8", "c"),
        ],
        "S 1 h5 -",
    );
    assert_eq!(perft(&s, 1), 4);
    assert_eq!(perft(&s, 2), 16);
    // Volcanoes block: a corporal in a corner walled by a volcano on b1 has one step.
    let text =
        board(&[("a1", "C"), ("j10", "h"), ("j1", "H"), ("j8", "c")]).replacen("C.", "C#", 1);
    let s = position::read(&format!("{text} S 2 - -")).unwrap();
    assert_eq!(perft(&s, 1), 1);
}

#[test]
fn position_text_round_trips_and_bad_text_is_refused() {
    let text = format!(
        "{} N 1 e5 a2>a3,e5>e4",
        board(&[
            ("e5", "c*"),
            ("a2", "C"),
            ("a1", "H"),
            ("j10", "h"),
            ("b8", "s")
        ])
    );
    let s = position::read(&text).unwrap();
    assert_eq!(position::write(&s), text);
    for bad in [
        "",
        "x S 2 - -",
        &format!("{} W 2 - -", board(&[])),
        &format!("{} S 3 - -", board(&[])),
        &format!("{} S 2 e5 -", board(&[])),
        &format!("{} S 2 - e5e4", board(&[("e5", "C")])),
        &format!("{} S 2 - -", board(&[]).replacen('.', "q", 1)),
        &format!("{} S 2 - -", board(&[]).replacen('.', "*", 1)),
        &format!("{} S 2 - - S-won", board(&[])),
        &format!("{} S 2 - - quiet-draw extra", board(&[])),
    ] {
        assert!(position::read(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_finished_position_is_written_as_text_that_says_how_it_ended() {
    // South takes the headquarters with its first move: the game is over, and its text
    // says so (perft prints such positions).
    let start = position(
        &[("e2", "C"), ("e1", "H"), ("e3", "h"), ("j10", "c")],
        "S 2 - -",
    );
    let mut over = start.clone();
    play(&mut over, "e2", "e3");
    let text = position::write(&over);
    assert!(
        text.ends_with(" S 1 e3 e3>e2 S-took-the-headquarters"),
        "{text}"
    );
    let back = position::read(&text).unwrap();
    assert_eq!(
        back.phase,
        Phase::Over(End::HeadquartersTaken { winner: 0 })
    );
    assert_eq!(position::write(&back), text);
    let turns = position::complete_turns(&start);
    assert!(
        turns
            .iter()
            .any(|s| position::write(s).ends_with("S-took-the-headquarters"))
    );
    for end in ["N-cannot-move", "S-resigned", "quiet-draw"] {
        let text = format!("{} S 2 - - {end}", board(&[("a1", "H"), ("j10", "h")]));
        let read = position::read(&text).unwrap();
        assert!(matches!(read.phase, Phase::Over(_)));
        assert!(position::write(&read).ends_with(end), "{end}");
    }
}

fn standard(seed: u64) -> Referee<Espionage> {
    let seats = Seats::new(2, vec!["Ann".into(), "Bo, the second".into()]).unwrap();
    Referee::new(Config::standard(seats), Seed(seed)).unwrap()
}

#[test]
fn set_ups_hold_the_whole_army_inside_the_zone() {
    for width in crate::games::espionage::board::WIDTHS {
        for seed in 0..50 {
            let placement = Placement::random(Seed(seed), width);
            placement.check(width).unwrap();
            assert_eq!(
                Placement::from_text(&placement.to_text()).unwrap(),
                placement
            );
        }
    }
    let mut referee = standard(7);
    let mut short = Placement::random(Seed(1), 10);
    let spy = short.0.iter().position(|k| *k == Some(Kind::Spy)).unwrap();
    short.0[spy] = None;
    assert_eq!(
        referee.act(Action::SetUp(short)).unwrap_err(),
        super::Illegal::ImpossibleSetUp
    );
    let mut extra = Placement::random(Seed(1), 10);
    extra.0.push(Some(Kind::Mine));
    assert!(referee.act(Action::SetUp(extra)).is_err());
    assert!(
        referee.act(Action::Submit).is_err(),
        "no move before set-up"
    );
    referee
        .act(Action::SetUp(Placement::random(Seed(1), 10)))
        .unwrap();
    referee
        .act(Action::SetUp(Placement::random(Seed(2), 10)))
        .unwrap();
    let view = referee.view(Viewer::Seat(0)).body;
    let own = view
        .squares
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, Seen::Own { .. }))
        .map(|(i, _)| i as u8)
        .collect::<Vec<_>>();
    assert_eq!(own.len(), 30);
    assert!(own.iter().all(|&s| G.in_zone(0, s)));
    let enemies = view
        .squares
        .iter()
        .filter(|s| matches!(s, Seen::Enemy { kind: None }))
        .count();
    assert_eq!(enemies, 30, "the opponent's army: positions only");
    let army_kinds: Vec<Kind> = army();
    assert_eq!(
        army_kinds.len(),
        ARMY.iter().map(|&(_, n)| usize::from(n)).sum()
    );
}

#[test]
fn a_seat_sees_nothing_of_the_other_set_up_and_the_table_sees_no_army() {
    let mut referee = standard(3);
    referee
        .act(Action::SetUp(Placement::random(Seed(1), 10)))
        .unwrap();
    let north = referee.view(Viewer::Seat(1)).body;
    assert!(
        north
            .squares
            .iter()
            .all(|s| !matches!(s, Seen::Own { .. } | Seen::Enemy { .. })),
        "North sets up without seeing South's army"
    );
    let table = referee.view(Viewer::Table);
    assert!(table.body.squares.is_empty());
    assert!(table.body.destinations.is_empty());
    assert!(
        referee
            .news_since(Viewer::Table, 0)
            .iter()
            .all(|e| matches!(e, Event::SetUp { .. }))
    );
}

/// A random action, leaning to attacks and to moves towards the enemy (so that random games
/// end in hundreds of actions, not tens of thousands): what a keen beginner plays.
fn pick(referee: &Referee<Espionage>, actions: &[Action], rng: &mut Rng) -> Action {
    let state = referee.state();
    let Some(seat) = state.mover() else {
        return actions[0].clone();
    };
    let g = state.geometry();
    let attacks: Vec<&Action> = actions
        .iter()
        .filter(|a| matches!(a, Action::Move { to, .. } if state.board[usize::from(*to)].is_some()))
        .collect();
    if !attacks.is_empty() && rng.below(10) < 7 {
        return attacks[rng.below(attacks.len() as u64) as usize].clone();
    }
    let forward: Vec<&Action> = actions
        .iter()
        .filter(|a| match a {
            Action::Move { from, to } => {
                (g.row(*to) > g.row(*from)) == (seat == 0) && g.row(*to) != g.row(*from)
            }
            _ => false,
        })
        .collect();
    if !forward.is_empty() && rng.below(10) < 6 {
        return forward[rng.below(forward.len() as u64) as usize].clone();
    }
    actions[rng.below(actions.len() as u64) as usize].clone()
}

/// Play `rng`'s random game on `referee`, checking the invariants after every action.
fn random_game(referee: &mut Referee<Espionage>, rng: &mut Rng) {
    let count = |r: &Referee<Espionage>| r.state().board.iter().flatten().count();
    for _ in 0..2 {
        let placement = Placement::random(Seed(rng.next_u64()), referee.config().width);
        referee.act(Action::SetUp(placement)).unwrap();
    }
    for step in 0..20_000 {
        let mut actions = referee.legal_actions(crate::game::tests::acting(referee));
        if actions.is_empty() {
            break;
        }
        // Resigning is rare at a real table.
        if rng.below(500) != 0 {
            actions.retain(|a| *a != Action::Resign);
        }
        let action = pick(referee, &actions, rng);
        let before = count(referee);
        let events = referee.act(action).unwrap();
        let after = count(referee);
        let combats = events
            .iter()
            .filter(|e| matches!(e, Event::Combat { .. }))
            .count();
        assert!(after <= before, "pieces never appear");
        assert_eq!(
            before - after,
            combats,
            "a piece is lost only in a combat, one each"
        );
        // Every combat, and now and then besides (a view costs as much as many moves).
        if combats > 0 || step % 16 == 0 {
            views_never_leak(referee);
        }
    }
    assert!(
        matches!(referee.state().phase, Phase::Over(_)),
        "a game ends (the quiet draw at the latest)"
    );
    views_never_leak(referee);
}

fn views_never_leak(referee: &Referee<Espionage>) {
    let table = referee.view(Viewer::Table).body;
    assert!(table.squares.is_empty() && table.destinations.is_empty() && table.barred.is_empty());
    for me in 0..2u8 {
        let view = referee.view(Viewer::Seat(me)).body;
        for (square, seen) in view.squares.iter().enumerate() {
            let piece = referee.state().board[square];
            match (seen, piece) {
                (Seen::Own { kind, .. }, Some(p)) => assert!(p.owner == me && p.kind == *kind),
                (Seen::Enemy { kind }, Some(p)) => {
                    assert_ne!(p.owner, me);
                    let over = matches!(referee.state().phase, Phase::Over(_));
                    assert_eq!(
                        *kind,
                        (p.unmasked || over).then_some(p.kind),
                        "only unmasked kinds show (all of them at the end)"
                    );
                }
                (Seen::Empty | Seen::Volcano, _) => {}
                (seen, piece) => panic!("{seen:?} over {piece:?}"),
            }
        }
        if referee.state().mover() != Some(me) {
            assert!(view.destinations.is_empty(), "no moves shown out of turn");
        }
    }
}

#[test]
fn two_thousand_random_games_end_without_a_leak_and_replay_equal() {
    let mut rng = Rng::from_state(0xE5B1);
    let mut ends = std::collections::HashMap::new();
    for game in 0..2000 {
        let mut referee = standard(rng.next_u64());
        random_game(&mut referee, &mut rng);
        let Phase::Over(end) = referee.state().phase else {
            panic!("a random game ends");
        };
        *ends.entry(std::mem::discriminant(&end)).or_insert(0) += 1;
        if game % 20 == 0 {
            let again = Referee::<Espionage>::from_text(&referee.to_text()).unwrap();
            assert_eq!(again.lost, None);
            for viewer in [Viewer::Table, Viewer::Seat(0), Viewer::Seat(1)] {
                assert_eq!(again.referee.view(viewer), referee.view(viewer));
            }
        }
    }
    // Random play reaches the headquarters, runs out of moves or draws: more than one end.
    assert!(ends.len() >= 2, "{ends:?}");
}

#[test]
fn swapping_the_hidden_ranks_of_one_side_leaves_the_other_sides_view_the_same() {
    let mut rng = Rng::from_state(0x51DE);
    for seed in 0..200 {
        let south = Placement::random(Seed(rng.next_u64()), 10);
        let north = Placement::random(Seed(rng.next_u64()), 10);
        // Swap two of North's soldiers of different ranks (they move alike).
        let corporal = north
            .0
            .iter()
            .position(|k| *k == Some(Kind::Corporal))
            .unwrap();
        let general = north
            .0
            .iter()
            .position(|k| *k == Some(Kind::General))
            .unwrap();
        let mut swapped = north.clone();
        swapped.0.swap(corporal, general);
        let mut a = standard(seed);
        let mut b = standard(seed);
        for r in [&mut a, &mut b] {
            r.act(Action::SetUp(south.clone())).unwrap();
        }
        a.act(Action::SetUp(north)).unwrap();
        b.act(Action::SetUp(swapped)).unwrap();
        // The two swapped pieces, wherever they went (ids follow the army's order): the
        // check holds while both stand on the board, masked.
        let hidden = |r: &Referee<Espionage>| {
            let swapped: Vec<_> = r
                .state()
                .board
                .iter()
                .flatten()
                .filter(|p| p.owner == 1 && matches!(p.kind, Kind::Corporal | Kind::General))
                .collect();
            swapped.len() == 7 && swapped.iter().all(|p| !p.unmasked)
        };
        for _ in 0..400 {
            if !hidden(&a) || !hidden(&b) || matches!(a.state().phase, Phase::Over(_)) {
                break;
            }
            assert_eq!(
                a.view(Viewer::Seat(0)),
                b.view(Viewer::Seat(0)),
                "seed {seed}"
            );
            assert_eq!(a.view(Viewer::Table), b.view(Viewer::Table));
            let actions = a.legal_actions(crate::game::tests::acting(&a));
            let actions: Vec<_> = actions
                .into_iter()
                .filter(|x| *x != Action::Resign)
                .collect();
            let pick = actions[rng.below(actions.len() as u64) as usize].clone();
            a.act(pick.clone()).unwrap();
            b.act(pick).unwrap();
        }
    }
}

#[test]
fn undo_takes_back_only_a_move_that_showed_nothing() {
    let mut s = position(
        &[
            ("e2", "C"),
            ("g2", "L"),
            ("g3", "c"),
            ("a1", "H"),
            ("j10", "h"),
            ("j8", "c"),
        ],
        "S 2 - -",
    );
    play(&mut s, "e2", "e3");
    assert!(
        Espionage::can_undo(&s),
        "a quiet move of the turn being staged"
    );
    play(&mut s, "g2", "g3");
    assert!(!Espionage::can_undo(&s), "a combat showed both pieces");
    submit(&mut s);
    assert!(!Espionage::can_undo(&s), "a submitted turn stands");
}

#[test]
fn the_new_deal_form_offers_every_width_and_volcano_count_the_game_plays() {
    let info = &crate::games::espionage::INFO;
    let seats = Seats::new(2, vec![]).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for width in 0..info.options[0].choices.len() as u8 {
        for volcanoes in 0..info.options[1].choices.len() as u8 {
            let bits = info.with_option(info.with_option(0, 0, width), 1, volcanoes);
            assert!(info.options_valid(bits));
            let config = Config::from_options(seats.clone(), bits);
            seen.insert((config.width, config.volcanoes));
            assert_eq!(Espionage::rematch(&config), (seats.clone(), bits));
            let referee = Referee::<Espionage>::new(config.clone(), Seed(u64::from(bits))).unwrap();
            assert_eq!(
                referee.state().volcanoes.len(),
                usize::from(config.volcanoes)
            );
        }
    }
    let all: std::collections::BTreeSet<(u8, u8)> = (10..=12)
        .flat_map(|w| (0..=8).map(move |v| (w, v)))
        .collect();
    assert_eq!(seen, all, "widths 10 to 12, 0 to 8 volcanoes");
    assert_eq!(
        Config::from_options(seats, 0),
        Config::standard(Seats::new(2, vec![]).unwrap())
    );
    // A choice past the list (width index 3) is refused, not played.
    assert!(!info.options_valid(3));
}

#[test]
fn the_record_reads_back_with_names_options_and_every_action() {
    let seats = Seats::new(2, vec!["Ann | 100%".into(), "Bo, jr".into()]).unwrap();
    let every = crate::games::espionage::INFO.every_option();
    let config = Config::from_options(seats, every);
    assert_eq!(config.width, 12);
    assert_eq!(config.volcanoes, 8);
    assert_eq!(config.quiet_draw, None);
    assert_eq!(Espionage::rematch(&config).1, every);
    let mut referee = Referee::<Espionage>::new(config.clone(), Seed(99)).unwrap();
    let mut rng = Rng::from_state(5);
    for _ in 0..2 {
        referee
            .act(Action::SetUp(Placement::random(Seed(rng.next_u64()), 12)))
            .unwrap();
    }
    for _ in 0..60 {
        let actions: Vec<_> = referee
            .legal_actions(crate::game::tests::acting(&referee))
            .into_iter()
            .filter(|a| *a != Action::Resign)
            .collect();
        if actions.is_empty() {
            break;
        }
        referee
            .act(actions[rng.below(actions.len() as u64) as usize].clone())
            .unwrap();
    }
    let text = referee.to_text();
    assert!(text.starts_with("esp2|0000000000000063:12:8:0|Ann%20%7C%20100%25,Bo%2C%20jr|P"));
    let back = Referee::<Espionage>::from_text(&text).unwrap();
    assert_eq!(back.lost, None);
    assert_eq!(back.referee.config(), &config);
    assert_eq!(back.referee.to_text(), text);
    // Cut short: every action that still reads is kept.
    let cut = &text[..text.len() - 3];
    let loaded = Referee::<Espionage>::from_text(cut).unwrap();
    assert!(loaded.lost.is_some(), "a cut save says so");
    for bad in [
        "esp1|zz:10:4:100||",
        "esp9|0000000000000001:10:4:100||",
        "esp1|0000000000000001:13:4:100||",
    ] {
        assert!(Referee::<Espionage>::from_text(bad).is_err(), "{bad}");
    }
}

#[test]
fn mines_and_the_headquarters_never_move_and_nothing_enters_a_volcano() {
    let text = board(&[
        ("b2", "X"),
        ("d2", "H"),
        ("f2", "C"),
        ("j10", "h"),
        ("j8", "c"),
    ])
    .replacen("C", "C#", 1)
    .replacen("C#.", "C#", 1);
    let s = position::read(&format!("{text} S 2 - -")).unwrap();
    assert!(s.destinations(sq("b2")).is_empty(), "a mine never moves");
    assert!(
        s.destinations(sq("d2")).is_empty(),
        "the headquarters never moves"
    );
    assert_eq!(s.volcanoes, vec![sq("g2")]);
    let mut steps = s.destinations(sq("f2"));
    steps.sort_unstable();
    assert_eq!(steps, vec![sq("f1"), sq("e2"), sq("f3")], "g2 is a volcano");
    let mut s = s;
    let refused = Espionage::apply(
        &mut s,
        Action::Move {
            from: sq("b2"),
            to: sq("b3"),
        },
    );
    assert_eq!(refused.unwrap_err(), super::Illegal::NeverMoves(Kind::Mine));
    let refused = Espionage::apply(
        &mut s,
        Action::Move {
            from: sq("f2"),
            to: sq("g2"),
        },
    );
    assert_eq!(refused.unwrap_err(), super::Illegal::IntoAVolcano("g2".into()));
}

/// A damaged record naming a board width the game does not offer is refused before any
/// square is read on it (a square past the board once overflowed here).
#[test]
fn a_record_on_a_board_width_the_game_does_not_offer_is_refused() {
    let good = "esp1|0000000000000001:10:0:0|Ann,Bo|";
    assert!(crate::games::espionage::record::read(good).is_ok());
    for width in ["9", "13", "30", "255"] {
        let text = format!("esp1|0000000000000001:{width}:0:0|Ann,Bo|j10-j9");
        assert_eq!(
            crate::games::espionage::record::read(&text).err(),
            Some(format!(
                "a board {width} squares wide is not one this game offers"
            ))
        );
    }
}

/// Property: a damaged position text never panics its reader, and what reads is a position
/// the perft counts from and that writes back as it reads.
#[test]
fn a_damaged_position_text_is_refused_or_read_never_a_panic() {
    let mut rng = Rng::from_state(0xd05e);
    let mut read = 0;
    for game in 0..10u64 {
        let mut referee = standard(game);
        for _ in 0..2 {
            let placement = Placement::random(Seed(rng.next_u64()), referee.config().width);
            referee.act(Action::SetUp(placement)).unwrap();
        }
        for _ in 0..rng.below(200) {
            let legal = referee.legal_actions(crate::game::tests::acting(&referee));
            let pick = legal[rng.below(legal.len() as u64) as usize].clone();
            if matches!(pick, Action::Resign) || legal.len() <= 1 {
                break;
            }
            referee.act(pick).unwrap();
        }
        let text = position::write(referee.state());
        assert_eq!(position::write(&position::read(&text).unwrap()), text);
        read += crate::game::tests::survives_damage(&text, 200, &mut rng, |t| {
            let state = position::read(t).ok()?;
            perft(&state, 1);
            Some(position::write(&state))
        });
    }
    assert!(
        read > 0,
        "some damage still reads (a piece moved, a count changed)"
    );
}

#[test]
fn a_random_fill_puts_the_headquarters_in_the_nearest_row_covered_and_keeps_what_was_placed() {
    let mut armies = std::collections::HashSet::new();
    for seed in 0..300u64 {
        let width = [10u8, 11, 12][(seed % 3) as usize];
        let w = usize::from(width);
        let size = w * 3;
        // From nothing, and from a zone where a player placed a few pieces already (not the
        // headquarters), some in the nearest row.
        let mut started = vec![None; size];
        if seed % 2 == 1 {
            started[0] = Some(Kind::General);
            started[w + 1] = Some(Kind::Spy);
            started[2 * w] = Some(Kind::Mine);
        }
        let filled = Placement::fill(&started, Seed(seed), width);
        assert_eq!(filled.check(width), Ok(()), "seed {seed}: a whole army");
        for (i, kind) in started.iter().enumerate() {
            if kind.is_some() {
                assert_eq!(filled.0[i], *kind, "seed {seed}: a placed piece stays");
            }
        }
        let hq = filled
            .0
            .iter()
            .position(|&k| k == Some(Kind::Headquarters))
            .unwrap();
        assert!(hq < w, "seed {seed}: headquarters at {hq}, not in the nearest row");
        assert!(
            filled.0[hq + w].is_some(),
            "seed {seed}: the square in front of the headquarters holds a piece"
        );
        if seed % 2 == 0 {
            armies.insert((width, filled.0.clone()));
        }
    }
    assert_eq!(armies.len(), 150, "no two seeds fill alike");
}

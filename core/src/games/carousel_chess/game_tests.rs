//! Carousel chess's rules (RULINGS §2): the carousel of movers, captures and mates scored,
//! the secret teams, checked against real games (PGN) and thousands of random ones.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Role, Square};

use super::*;
use crate::game::Record;
use crate::games::carousel_chess::pgn;
use crate::games::carousel_chess::scoring::capture_value;
use crate::seats::Seats;

fn config(players: u8) -> Config {
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy"];
    Config {
        seats: Seats::new(
            players,
            names[..players as usize]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        )
        .unwrap(),
        options: Options::default(),
    }
}

fn dealt(players: u8, seed: u64) -> State {
    CarouselChess::deal(&config(players), Seed(seed), crate::game::RefereeOnly::new()).unwrap()
}

fn from_fen(players: u8, fen: &str) -> State {
    let mut s = dealt(players, 1);
    let setup: Fen = fen.parse().unwrap();
    s.position = setup.into_position(CastlingMode::Standard).unwrap();
    s.seen = vec![super::key(&s.position)];
    s
}

fn uci(text: &str) -> Action {
    match text.parse::<UciMove>().unwrap() {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Action {
            from,
            to,
            promotion,
        },
        other => panic!("{other:?}"),
    }
}

fn play(s: &mut State, text: &str) -> Vec<Event> {
    CarouselChess::apply(s, uci(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// SAN to our action, through shakmaty (the test's own reading of the PGN).
fn san_action(position: &Chess, san: &str) -> Action {
    let m = san.parse::<San>().unwrap().to_move(position).unwrap();
    match UciMove::from_move(m, CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Action {
            from,
            to,
            promotion,
        },
        other => panic!("{other:?}"),
    }
}

/// Morphy v Duke Karl / Count Isouard, Paris 1858 (the "Opera Game").
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

#[test]
fn a_master_game_with_five_seats() {
    let mut s = dealt(5, 1858);
    // The test's own bookkeeping: a separate position, and points by the rule text.
    let mut shadow = Chess::default();
    let mut expected = vec![0u32; 5];
    for (k, san) in OPERA.split_whitespace().enumerate() {
        let action = san_action(&shadow, san);
        let seat = ((s.first_seat() as usize + k) % 5) as u8;
        assert_eq!(s.seat_to_move(), seat, "ply {k}");
        if let Some(piece) = shadow.board().piece_at(action.to) {
            expected[seat as usize] += capture_value(piece.role);
        }
        let m = san.parse::<San>().unwrap().to_move(&shadow).unwrap();
        shadow = shadow.play(m).unwrap();
        CarouselChess::apply(&mut s, action).unwrap();
    }
    let fen = Fen::from_position(s.position(), EnPassantMode::Legal).to_string();
    assert_eq!(fen, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17");
    let mater = ((s.first_seat() as usize + 32) % 5) as u8;
    assert_eq!(
        s.end(),
        Some(End::Checkmate {
            mater,
            colour: Color::White
        })
    );
    expected[mater as usize] += 10;
    for (points, team) in expected.iter_mut().zip(&s.teams) {
        if *team == Team::White {
            *points += 5;
        }
    }
    assert_eq!(s.scores(), expected);
    // The game is over: no more moves.
    assert!(CarouselChess::apply(&mut s, uci("e8d8")).is_err());
    let text = pgn::export(&CarouselChess::view(&s, Viewer::Table), "1858.??.??");
    assert!(
        text.contains("[Result \"1-0\"]") && text.contains("17. Rd8# {"),
        "{text}"
    );
    assert!(text.contains("[WhiteTeam "));
}

#[test]
fn odd_tables_alternate_each_players_colour() {
    let s = dealt(3, 9);
    for k in 0..30u32 {
        let seat = seat_for_ply(s.deal.seed, 3, s.first_seat(), k);
        assert_eq!(u32::from(seat), (u32::from(s.first_seat()) + k) % 3);
    }
    // Seat order Jane, Joe, Jeremy, John, Jake with Jane first: the rule text's table.
    let names = ["Jane", "Joe", "Jeremy", "John", "Jake"];
    let rows: Vec<&str> = (0..10)
        .map(|k| names[seat_for_ply(Seed(0), 5, 0, k) as usize])
        .collect();
    assert_eq!(
        rows,
        [
            "Jane", "Joe", "Jeremy", "John", "Jake", "Jane", "Joe", "Jeremy", "John", "Jake"
        ]
    );
}

#[test]
fn even_tables_skip_one_seat_each_lap() {
    for seed in 0..50 {
        for players in [4u8, 6, 8] {
            let n = u32::from(players);
            let first = (seed % u64::from(players)) as u8;
            // The ruling as slots: turns go round the table from the first seat, N to a lap,
            // and each lap passes over the one seat drawn to sit it out.
            let mut expected = Vec::new();
            for lap in 0..20u32 {
                let skip = skipped_seat(Seed(seed), players, lap);
                for j in 0..n {
                    let seat = ((u32::from(first) + j) % n) as u8;
                    if seat != skip {
                        expected.push(seat);
                    }
                }
            }
            let actual: Vec<u8> = (0..expected.len() as u32)
                .map(|k| seat_for_ply(Seed(seed), players, first, k))
                .collect();
            assert_eq!(actual, expected);
        }
    }
    // The draws vary from lap to lap.
    let skips: std::collections::HashSet<u8> =
        (0..40).map(|lap| skipped_seat(Seed(3), 6, lap)).collect();
    assert!(skips.len() > 3);
}

#[test]
fn promotion_scores_one_and_a_promoted_piece_is_worth_its_new_type() {
    // White promotes a7-a8=Q with check; Black's king takes the new queen: 9 points.
    let mut s = from_fen(3, "8/Pk6/8/8/8/8/8/K7 w - - 0 1");
    let first = s.seat_to_move();
    play(&mut s, "a7a8q");
    assert_eq!(s.plies()[0].points, 1);
    let second = s.seat_to_move();
    play(&mut s, "b7a8");
    assert_eq!(s.plies()[1].captured, Some(Role::Queen));
    assert_eq!(s.plies()[1].points, 9);
    // King against king: a dead position, which pays the Draw player.
    assert_eq!(s.end(), Some(End::InsufficientMaterial));
    let draw = s.teams.iter().position(|t| *t == Team::Draw).unwrap();
    let mut expected = vec![0u32; 3];
    expected[first as usize] += 1;
    expected[second as usize] += 9;
    expected[draw] += 100;
    assert_eq!(s.scores(), expected);
    // A capture that promotes: the rook's 5 and the promotion's 1.
    let mut t = from_fen(3, "1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
    play(&mut t, "a7b8q");
    assert_eq!(t.plies()[0].points, 6);
}

#[test]
fn fools_mate_pays_the_mater_ten_and_the_black_team_five_even_a_mater_from_white() {
    let mut s = dealt(3, 4);
    let mater = seat_for_ply(s.deal.seed, 3, s.first_seat(), 3);
    // Make the mating player a secret White: they get 10, not 5.
    s.teams = vec![Team::Black; 3];
    s.teams[mater as usize] = Team::White;
    let draw = (mater as usize + 1) % 3;
    s.teams[draw] = Team::Draw;
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut s, m);
    }
    assert_eq!(
        s.end(),
        Some(End::Checkmate {
            mater,
            colour: Color::Black
        })
    );
    let scores = s.scores();
    assert_eq!(scores[mater as usize], 10);
    assert_eq!(scores[draw], 0);
    let black = (0..3).find(|&x| s.teams[x] == Team::Black).unwrap();
    assert_eq!(scores[black], 5);
    assert_eq!(winners(&s), Some(vec![mater]));
}

#[test]
fn every_kind_of_draw_pays_the_draw_player_unless_only_stalemate_pays() {
    let draw_seat = |s: &State| s.teams.iter().position(|t| *t == Team::Draw).unwrap();
    // Stalemate.
    let mut s = from_fen(3, "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    play(&mut s, "e7f7");
    assert_eq!(s.end(), Some(End::Stalemate));
    assert_eq!(s.scores()[draw_seat(&s)], 100);
    // Threefold repetition: the knights go out and back twice.
    let mut s = dealt(3, 5);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        play(&mut s, m);
        assert_eq!(s.end(), None);
    }
    play(&mut s, "f6g8");
    assert_eq!(s.end(), Some(End::ThreefoldRepetition));
    assert_eq!(s.scores()[draw_seat(&s)], 100);
    // The fifty-move rule.
    let mut s = from_fen(3, "7k/8/8/8/8/8/1R6/K7 w - - 99 80");
    play(&mut s, "b2b3");
    assert_eq!(s.end(), Some(End::FiftyMoves));
    assert_eq!(s.scores()[draw_seat(&s)], 100);
    // House rule: only stalemate pays.
    s.config.options.only_stalemate_pays = true;
    assert_eq!(s.scores()[draw_seat(&s)], 0);
    let mut st = from_fen(3, "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    st.config.options.only_stalemate_pays = true;
    play(&mut st, "e7f7");
    assert_eq!(st.scores()[draw_seat(&st)], 100);
}

#[test]
fn a_table_without_a_draw_player_pays_nobody_for_a_draw() {
    let seed = (0..500)
        .find(|&seed| dealt(4, seed).deal.discarded() == Some(Team::Draw))
        .unwrap();
    let mut s = dealt(4, seed);
    assert!(!s.teams.contains(&Team::Draw));
    let setup: Fen = "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1".parse().unwrap();
    s.position = setup.into_position(CastlingMode::Standard).unwrap();
    play(&mut s, "e7f7");
    assert_eq!(s.end(), Some(End::Stalemate));
    assert_eq!(s.scores(), vec![0, 0, 0, 0]);
    assert_eq!(
        winners(&s),
        Some(vec![0, 1, 2, 3]),
        "all share"
    );
    assert_eq!(
        CarouselChess::view(&s, Viewer::Table).discarded,
        Some(Team::Draw)
    );
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut s = dealt(5, 3);
    let before = s.clone();
    for bad in ["e2e5", "e7e5", "a1a3", "e1g1"] {
        assert!(CarouselChess::apply(&mut s, uci(bad)).is_err(), "{bad}");
    }
    assert_eq!(s, before);
}

#[test]
fn the_table_view_hides_teams_until_the_end_and_pgn_names_every_ply() {
    let mut s = dealt(5, 77);
    for m in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"] {
        play(&mut s, m);
        let view = CarouselChess::view(&s, Viewer::Table);
        assert!(view.teams.is_none() && view.discarded.is_none() && view.own.is_none());
        let mut other = s.clone();
        other.teams.rotate_left(1);
        assert_eq!(
            CarouselChess::view(&other, Viewer::Table),
            view,
            "no team leaks into the view"
        );
    }
    let text = pgn::export(&CarouselChess::view(&s, Viewer::Table), "2026.11.22");
    assert!(
        !text.contains("Team") && !text.contains("DrawPlayer"),
        "{text}"
    );
    let names: Vec<String> = (0..5)
        .map(|k| {
            s.config
                .seats
                .name(seat_for_ply(s.deal.seed, 5, s.first_seat(), k))
        })
        .collect();
    assert!(
        text.contains(&format!("1. e4 {{{}}} e5 {{{}}}", names[0], names[1])),
        "{text}"
    );
    play(&mut s, "h5f7");
    assert_eq!(s.end().map(|e| e.describe()), Some("checkmate"));
    let view = CarouselChess::view(&s, Viewer::Table);
    assert_eq!(view.teams.as_deref(), Some(&s.teams[..]));
    assert!(
        pgn::export(&CarouselChess::view(&s, Viewer::Table), "2026.11.22")
            .contains("[Result \"1-0\"]")
    );
}

/// Property: random games end without panic; capture points equal the material that left
/// the board (promotions counted); the record replays to the same state.
#[test]
fn random_games_end_and_capture_points_match_the_material_removed() {
    let mut rng = Seed(1234).stream("test/carousel", 0);
    let material = |p: &Chess| -> u32 {
        p.board()
            .clone()
            .into_iter()
            .map(|(_, piece)| capture_value(piece.role))
            .sum()
    };
    for game in 0..2_000u64 {
        let players = 3 + (game % 7) as u8;
        let mut s = dealt(players, rng.next_u64());
        let mut record = Record::<CarouselChess>::new(s.config.clone(), s.deal.seed);
        let mut promoted_gain = 0u32;
        while s.end().is_none() {
            assert!(s.plies().len() < 2_000, "game {game} did not end");
            let legal = CarouselChess::legal_actions(&s);
            let action = legal[rng.below(legal.len() as u64) as usize];
            if let Some(role) = action.promotion {
                promoted_gain += capture_value(role) - 1;
            }
            CarouselChess::apply(&mut s, action).unwrap();
            record.actions.push(action);
        }
        let captured: u32 = s
            .plies()
            .iter()
            .filter_map(|p| p.captured)
            .map(capture_value)
            .sum();
        assert_eq!(
            captured,
            78 + promoted_gain - material(s.position()),
            "game {game}"
        );
        if game % 50 == 0 {
            assert_eq!(record.replay().unwrap().0, s);
        }
    }
}

#[test]
fn squares_are_shared_with_shakmaty() {
    assert_eq!(Square::E4 as u8, 28);
}

/// The view says who moves next and, at an even table, who sits this lap out: the seat
/// that sits out never plays in its lap, and "after" is the next ply's player.
#[test]
fn the_view_names_the_next_player_and_the_seat_sitting_out() {
    for players in [3u8, 4, 6] {
        let mut s = dealt(players, 77 + u64::from(players));
        for _ in 0..40 {
            let view =
                crate::games::carousel_chess::view::table_view(&s, crate::seats::Viewer::Table);
            if view.end.is_some() {
                break;
            }
            let mover = view.seat_to_move.unwrap();
            let after = view.seat_after.unwrap();
            if players % 2 == 0 {
                let out = view.sitting_out.expect("an even table has a seat out");
                assert_ne!(out, mover, "the seat out does not play in its lap");
            } else {
                assert_eq!(view.sitting_out, None);
            }
            let action = CarouselChess::legal_actions(&s)[0];
            CarouselChess::apply(&mut s, action).unwrap();
            assert_eq!(
                s.seat_to_move(),
                after,
                "the announced next player plays next"
            );
        }
    }
}

#[test]
fn the_rules_page_draws_the_position_the_game_starts_from() {
    let diagram = crate::rules_pages::diagram(&crate::rules_pages::page("carousel-chess"));
    assert_eq!(diagram.len(), 64);
    let start = dealt(3, 1).position;
    for square in &diagram {
        let sq: Square = square.square.parse().unwrap();
        let piece = start.board().piece_at(sq).map(|p| {
            let colour = if p.color == Color::White {
                "White"
            } else {
                "Black"
            };
            format!("{colour} {}", format!("{:?}", p.role).to_lowercase())
        });
        assert_eq!(square.piece, piece, "{}", square.square);
        let dark = (sq.file() as u32 + sq.rank() as u32).is_multiple_of(2);
        assert_eq!(square.class.contains("dark"), dark, "{}", square.square);
    }
}

/// The winning seats once the game is over (what its status says).
fn winners(s: &State) -> Option<Vec<u8>> {
    match CarouselChess::status(s) {
        Status::Over { winners, .. } => Some(winners),
        Status::Playing => None,
    }
}

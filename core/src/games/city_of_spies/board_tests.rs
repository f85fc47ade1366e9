//! Move generation: hand-counted perft values, and thousands of random positions checked
//! against a naive ray-walker written independently of shakmaty.

use shakmaty::Square;

use super::{Board, Move, building, is_building, perft, square};
use crate::games::city_of_spies::layout::Layout;
use crate::games::city_of_spies::piece::{Piece, PieceKind};
use crate::games::city_of_spies::position;
use crate::seed::Seed;

fn board(text: &str) -> Board {
    position::read(text).unwrap()
}

#[test]
fn hand_counted_single_pieces() {
    // Rook a1: a2–a8 and b1–h1.
    assert_eq!(perft(&board("8/8/8/8/8/8/8/R7"), 1), 14);
    // Queen d4 in the courtyard: d5; e4; e5 f6 g7 h8; c3 b2 a1 (the building blocks the rest).
    assert_eq!(perft(&board("8/8/8/8/3Q4/8/8/8"), 1), 9);
    // Knight d4 jumps the building: b3 b5 c2 c6 e2 f3 (e6 and f5 are building).
    assert_eq!(perft(&board("8/8/8/8/3N4/8/8/8"), 1), 6);
    // Pawn d4: d5 and e4 (d3 and c4 are building); then two steps from each.
    assert_eq!(perft(&board("8/8/8/8/3P4/8/8/8"), 1), 2);
    assert_eq!(perft(&board("8/8/8/8/3P4/8/8/8"), 2), 4);
}

#[test]
fn hand_counted_captures() {
    // Rook a1 takes the pawn on a2 or goes b1–h1 (8); the pawn goes a3 or b2 (2).
    assert_eq!(perft(&board("8/8/8/8/8/8/P7/R7"), 1), 10);
    // Standard layout: rooks 9 + 9, bishops 3 + 3, knights 3 + 3, queen 13, each courtyard
    // pawn one diagonal capture of another pawn.
    assert_eq!(perft(&Layout::standard().board().unwrap(), 1), 47);
}

#[test]
fn the_building_is_never_a_destination_and_stops_sliders() {
    // A rook cannot even stand on d3.
    assert!(position::read("8/8/8/8/8/3R4/8/8").is_err());
    let rook_d2 = board("8/8/8/8/8/8/3R4/8");
    let to = rook_d2.destinations(Square::D2);
    assert!(!to.contains(Square::D3));
    assert!(!to.contains(Square::D4), "no sliding through d3");
    let knight_e2 = board("8/8/8/8/8/8/4N3/8");
    assert!(
        knight_e2.destinations(Square::E2).contains(Square::D4),
        "knights jump the building"
    );
    assert!(
        !knight_e2.destinations(Square::E2).contains(Square::F4),
        "but never land on it"
    );
}

#[test]
fn pawns_step_orthogonally_and_capture_diagonally_in_every_direction() {
    // Pawn b2, pieces on a1, c3, b3, a3.
    let b = board("8/8/8/8/8/PPB5/1P6/N7");
    let to = b.destinations(Square::B2);
    assert!(to.contains(Square::A1), "captures down-left");
    assert!(to.contains(Square::C3), "captures up-right");
    assert!(to.contains(Square::A3), "captures up-left");
    assert!(!to.contains(Square::B3), "no orthogonal capture");
    assert!(to.contains(Square::C2) && to.contains(Square::B1) && to.contains(Square::A2));
    assert!(
        !to.contains(Square::C1),
        "no diagonal step onto an empty square"
    );
}

#[test]
fn any_piece_captures_any_piece_and_illegal_moves_change_nothing() {
    let mut b = board("8/8/8/8/8/8/8/RQ6");
    assert_eq!(
        b.play(Move {
            from: Square::A1,
            to: Square::B1
        }),
        Ok(Some(Piece::Queen))
    );
    let before = b.clone();
    assert!(
        b.play(Move {
            from: Square::B1,
            to: Square::C2
        })
        .is_err()
    );
    assert!(
        b.play(Move {
            from: Square::H8,
            to: Square::H7
        })
        .is_err()
    );
    assert_eq!(b, before);
}

#[test]
fn position_text_round_trips_and_refuses_nonsense() {
    let b = Layout::standard().board().unwrap();
    assert_eq!(position::read(&position::write(&b)).unwrap(), b);
    assert_eq!(
        position::read("1N1Q2N1/8/8/3PP3/3PP3/8/8/R1B2B1R")
            .unwrap()
            .piece_at(Square::D8),
        Some(Piece::Queen)
    );
    for bad in [
        "",
        "8/8/8",
        "9/8/8/8/8/8/8/8",
        "K7/8/8/8/8/8/8/8",
        "QQ6/8/8/8/8/8/8/8",
        "PPPPP3/8/8/8/8/8/8/8",
        "7/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/8/8",
    ] {
        assert!(position::read(bad).is_err(), "{bad:?}");
    }
}

/// An independent move generator: walk rays square by square.
fn naive_destinations(b: &Board, from: Square) -> Vec<Square> {
    let piece = b.piece_at(from).unwrap();
    let (f, r) = (from.file() as i32, from.rank() as i32);
    let at = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let sq = |f: i32, r: i32| square(f as u32, r as u32);
    let mut out = Vec::new();
    let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let slide = |dirs: &[(i32, i32)], out: &mut Vec<Square>| {
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while at(x, y) && !is_building(sq(x, y)) {
                out.push(sq(x, y));
                if b.piece_at(sq(x, y)).is_some() {
                    break;
                }
                x += df;
                y += dr;
            }
        }
    };
    match piece.kind() {
        PieceKind::Rook => slide(&orth, &mut out),
        PieceKind::Bishop => slide(&diag, &mut out),
        PieceKind::Queen => {
            slide(&orth, &mut out);
            slide(&diag, &mut out);
        }
        PieceKind::Knight => {
            for (df, dr) in [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                if at(f + df, r + dr) && !is_building(sq(f + df, r + dr)) {
                    out.push(sq(f + df, r + dr));
                }
            }
        }
        PieceKind::Pawn => {
            for (df, dr) in orth {
                if at(f + df, r + dr)
                    && !is_building(sq(f + df, r + dr))
                    && b.piece_at(sq(f + df, r + dr)).is_none()
                {
                    out.push(sq(f + df, r + dr));
                }
            }
            for (df, dr) in diag {
                if at(f + df, r + dr) && b.piece_at(sq(f + df, r + dr)).is_some() {
                    out.push(sq(f + df, r + dr));
                }
            }
        }
    }
    out.sort();
    out
}

fn naive_perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for (from, _) in b.pieces().collect::<Vec<_>>() {
        for to in naive_destinations(b, from) {
            let mut next = b.clone();
            next.play(Move { from, to }).unwrap();
            total += naive_perft(&next, depth - 1);
        }
    }
    total
}

#[test]
fn random_positions_agree_with_the_naive_generator() {
    let mut rng = Seed(31337).stream("test/positions", 0);
    for case in 0..3_000u32 {
        let mut b = Layout::random(Seed(u64::from(case)), 1).board().unwrap();
        // Thin the board out to every size from 1 to 11 pieces.
        let keep = 1 + rng.below(11) as usize;
        let squares: Vec<Square> = b.pieces().map(|(sq, _)| sq).collect();
        for &sq in &squares[keep..] {
            let mut without = Board::empty();
            for (s, p) in b.pieces().filter(|(s, _)| *s != sq) {
                without.place(s, p).unwrap();
            }
            b = without;
        }
        for (from, _) in b.pieces() {
            let mut fast: Vec<Square> = b.destinations(from).into_iter().collect();
            fast.sort();
            assert_eq!(
                fast,
                naive_destinations(&b, from),
                "{} from {from}",
                position::write(&b)
            );
            assert!((b.destinations(from) & building()).is_empty());
        }
        if case % 30 == 0 {
            assert_eq!(perft(&b, 2), naive_perft(&b, 2), "{}", position::write(&b));
        }
    }
}

/// Property: a damaged position text never panics its reader, and what reads is a board
/// the perft counts from and that writes back as it reads.
#[test]
fn a_damaged_position_text_is_refused_or_read_never_a_panic() {
    let mut rng = crate::seed::Rng::from_state(0xc17e);
    let mut read = 0;
    for case in 0..40u64 {
        let b = Layout::random(Seed(case), 1).board().unwrap();
        let text = position::write(&b);
        read += crate::game::tests::survives_damage(&text, 100, &mut rng, |t| {
            let board = position::read(t).ok()?;
            perft(&board, 1);
            Some(position::write(&board))
        });
    }
    assert!(
        read > 0,
        "some damage still reads (a piece moved or changed)"
    );
}

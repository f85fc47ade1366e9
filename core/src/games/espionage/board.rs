//! The board (RULINGS §3 Board): 10 rows deep, 10 files wide (11 or 12 by option); each
//! player's set-up zone is their nearest three rows; the volcanoes stand in the four
//! middle rows and never cut the board apart.
//!
//! Squares are numbered `row × width + file`, row 0 nearest the first player (South),
//! file 0 on South's left; they are named like chess squares, `a1` to `j10` (`l10` wide).

use crate::seed::Seed;

/// Rows from one player's edge to the other's.
pub const ROWS: u8 = 10;
/// Rows of each set-up zone.
pub const ZONE_ROWS: u8 = 3;
/// The widths the app plays.
pub const WIDTHS: std::ops::RangeInclusive<u8> = 10..=12;
/// The standard number of volcanoes, and the most a table may choose.
pub const VOLCANOES: u8 = 4;
pub const MAX_VOLCANOES: u8 = 8;

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub width: u8,
}

impl Geometry {
    pub fn squares(self) -> usize {
        usize::from(self.width) * usize::from(ROWS)
    }

    pub fn file(self, square: u8) -> u8 {
        square % self.width
    }

    pub fn row(self, square: u8) -> u8 {
        square / self.width
    }

    pub fn square(self, file: u8, row: u8) -> u8 {
        row * self.width + file
    }

    /// The squares one step away horizontally or vertically.
    pub fn steps(self, square: u8) -> impl Iterator<Item = u8> {
        let (f, r) = (self.file(square) as i8, self.row(square) as i8);
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter_map(move |(df, dr)| self.at(f + df, r + dr))
    }

    /// The 8 squares around `square` (the spy's reach).
    pub fn around(self, square: u8) -> impl Iterator<Item = u8> {
        let (f, r) = (self.file(square) as i8, self.row(square) as i8);
        (-1..=1)
            .flat_map(|df| (-1..=1).map(move |dr| (df, dr)))
            .filter(|&d| d != (0, 0))
            .filter_map(move |(df, dr)| self.at(f + df, r + dr))
    }

    fn at(self, file: i8, row: i8) -> Option<u8> {
        ((0..self.width as i8).contains(&file) && (0..ROWS as i8).contains(&row))
            .then(|| self.square(file as u8, row as u8))
    }

    /// `a1`…: the file's letter and the row's number from South's side.
    pub fn name(self, square: u8) -> String {
        let file = char::from(b'a' + self.file(square));
        format!("{file}{}", self.row(square) + 1)
    }

    /// The square named `name` on this board.
    pub fn parse(self, name: &str) -> Option<u8> {
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = file as u8 - b'a';
        let row: u8 = chars.as_str().parse().ok()?;
        (file < self.width && (1..=ROWS).contains(&row)).then(|| self.square(file, row - 1))
    }

    /// A seat's set-up zone, in the seat's own reading order: its nearest row first, each
    /// row from the seat's left. (South's left is file a; North faces the other way.)
    pub fn zone(self, seat: u8) -> Vec<u8> {
        let mut squares = Vec::with_capacity(usize::from(self.width * ZONE_ROWS));
        for near in 0..ZONE_ROWS {
            for left in 0..self.width {
                squares.push(if seat == 0 {
                    self.square(left, near)
                } else {
                    self.square(self.width - 1 - left, ROWS - 1 - near)
                });
            }
        }
        squares
    }

    pub fn in_zone(self, seat: u8, square: u8) -> bool {
        let row = self.row(square);
        if seat == 0 {
            row < ZONE_ROWS
        } else {
            row >= ROWS - ZONE_ROWS
        }
    }

    /// Whether every square that is not a volcano can reach every other one, step by step.
    pub fn connected(self, volcanoes: &[u8]) -> bool {
        let open: Vec<bool> = (0..self.squares() as u8)
            .map(|s| !volcanoes.contains(&s))
            .collect();
        let Some(start) = open.iter().position(|&o| o) else {
            return true;
        };
        let mut seen = vec![false; open.len()];
        let mut stack = vec![start as u8];
        seen[start] = true;
        let mut reached = 1;
        while let Some(square) = stack.pop() {
            for next in self.steps(square) {
                if open[usize::from(next)] && !seen[usize::from(next)] {
                    seen[usize::from(next)] = true;
                    reached += 1;
                    stack.push(next);
                }
            }
        }
        reached == open.iter().filter(|&&o| o).count()
    }

    /// `count` volcanoes from the game's seed (stream `"espionage/volcanoes"`): the squares
    /// of the four middle rows are shuffled, and taken in that order, skipping any that
    /// would cut the board apart.
    pub fn volcanoes(self, seed: Seed, count: u8) -> Vec<u8> {
        let mut middle: Vec<u8> = (0..self.squares() as u8)
            .filter(|&s| (ZONE_ROWS..ROWS - ZONE_ROWS).contains(&self.row(s)))
            .collect();
        // Rows 3–6: the text calls them the middle; the set-up zones leave them empty.
        seed.stream("espionage/volcanoes", u64::from(self.width))
            .shuffle(&mut middle);
        let mut volcanoes = Vec::new();
        for square in middle {
            if volcanoes.len() == usize::from(count) {
                break;
            }
            volcanoes.push(square);
            if !self.connected(&volcanoes) {
                volcanoes.pop();
            }
        }
        volcanoes.sort_unstable();
        volcanoes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_hold_an_army_and_read_from_each_seats_side() {
        for width in WIDTHS {
            let g = Geometry { width };
            for seat in 0..2 {
                let zone = g.zone(seat);
                assert_eq!(zone.len(), usize::from(width) * 3);
                assert!(zone.len() >= super::super::army::ARMY_SIZE);
                assert!(zone.iter().all(|&s| g.in_zone(seat, s)));
            }
            assert_eq!(g.name(g.zone(0)[0]), "a1");
            // North's first square is its own nearest row, on its left: South's far right.
            let last = char::from(b'a' + width - 1);
            assert_eq!(g.name(g.zone(1)[0]), format!("{last}10"));
        }
    }

    #[test]
    fn squares_are_named_like_chess_squares() {
        let g = Geometry { width: 12 };
        for square in 0..120 {
            assert_eq!(g.parse(&g.name(square)), Some(square));
        }
        assert_eq!(g.parse("l10"), Some(119));
        assert_eq!(g.parse("m1"), None);
        assert_eq!(g.parse("a11"), None);
        assert_eq!(g.parse("a0"), None);
        assert_eq!(g.around(0).count(), 3);
        assert_eq!(g.around(g.square(5, 5)).count(), 8);
        assert_eq!(g.steps(0).count(), 2);
    }

    #[test]
    fn volcanoes_stand_in_the_middle_rows_and_never_cut_the_board_apart() {
        for width in WIDTHS {
            let g = Geometry { width };
            for count in [VOLCANOES, MAX_VOLCANOES] {
                for seed in 0..10_000u64 {
                    let volcanoes = g.volcanoes(Seed(seed), count);
                    assert_eq!(volcanoes.len(), usize::from(count));
                    assert!(volcanoes.iter().all(|&v| (3..7).contains(&g.row(v))));
                    assert!(g.connected(&volcanoes), "width {width}, seed {seed}");
                }
            }
        }
        // A wall across the board is caught.
        let g = Geometry { width: 10 };
        let wall: Vec<u8> = (0..10).map(|f| g.square(f, 4)).collect();
        assert!(!g.connected(&wall));
        assert!(g.connected(&wall[..9]));
    }

    #[test]
    fn the_volcanoes_of_a_seed_are_pinned() {
        let g = Geometry { width: 10 };
        let names: Vec<String> = g
            .volcanoes(Seed(0x5EED), VOLCANOES)
            .into_iter()
            .map(|v| g.name(v))
            .collect();
        assert_eq!(names, GOLDEN);
    }

    const GOLDEN: [&str; 4] = ["a5", "j5", "f7", "i7"];
}

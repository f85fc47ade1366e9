//! Where the eleven pieces start a round (RULINGS §1 Set-up): the app's standard layout,
//! a random layout drawn from the round's seed, or a free arrangement by the table.

use shakmaty::Square;

use super::board::{Board, is_building};
use super::piece::Piece;
use crate::seed::Seed;

/// A square for each piece, in the order of [`Piece::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout(pub [Square; 11]);

/// How the table sets up a round; the set-up screen offers all three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LayoutChoice {
    Standard,
    #[default]
    Random,
    Free,
}

impl Layout {
    /// The app's standard layout: rooks and bishops on the first rank (the bishops on
    /// opposite colours), knights and the queen on the last, the four pawns in the
    /// courtyard inside the building.
    pub fn standard() -> Layout {
        use Square::*;
        Layout([B8, G8, C1, F1, A1, H1, D5, E5, D4, E4, D8])
    }

    /// A random layout from the round's seed: the 56 open squares are shuffled (stream
    /// `"city-of-spies/layout"`, round) and the pieces take the first eleven, in order.
    pub fn random(seed: Seed, round: u32) -> Layout {
        let mut open: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| !is_building(sq))
            .collect();
        seed.stream("city-of-spies/layout", u64::from(round))
            .shuffle(&mut open);
        let mut squares = [Square::A1; 11];
        squares.copy_from_slice(&open[..11]);
        Layout(squares)
    }

    /// The board this layout sets up, or why it cannot be one.
    pub fn board(&self) -> Result<Board, String> {
        let mut board = Board::empty();
        for (piece, &square) in Piece::ALL.into_iter().zip(self.0.iter()) {
            board.place(square, piece)?;
        }
        Ok(board)
    }

    /// The layout of a board that holds all eleven pieces.
    pub fn of(board: &Board) -> Option<Layout> {
        let mut squares = [Square::A1; 11];
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            squares[i] = board.square_of(piece)?;
        }
        Some(Layout(squares))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::city_of_spies::position;

    #[test]
    fn the_standard_layout_is_legal_and_pinned() {
        let board = Layout::standard().board().unwrap();
        assert_eq!(board.pieces().count(), 11);
        assert_eq!(position::write(&board), "1N1Q2N1/8/8/3PP3/3PP3/8/8/R1B2B1R");
        // Bishops on opposite colours.
        let colour = |sq: Square| (sq.file() as u32 + sq.rank() as u32) % 2;
        assert_ne!(colour(Square::C1), colour(Square::F1));
    }

    #[test]
    fn random_layouts_are_legal_vary_by_round_and_are_pinned() {
        for round in 1..200 {
            let board = Layout::random(Seed(5), round).board().unwrap();
            assert_eq!(board.pieces().count(), 11);
        }
        assert_ne!(Layout::random(Seed(5), 1), Layout::random(Seed(5), 2));
        let golden = Layout::random(Seed(0x5EED_CAFE_F00D_0001), 1)
            .board()
            .unwrap();
        assert_eq!(position::write(&golden), GOLDEN_RANDOM);
    }

    #[test]
    fn the_rules_page_draws_the_standard_layout_and_the_building() {
        let diagram = crate::rules_pages::diagram(&crate::rules_pages::page("city-of-spies"));
        assert_eq!(diagram.len(), 64);
        let standard = Layout::standard();
        for square in &diagram {
            let sq: Square = square.square.parse().unwrap();
            let piece = Piece::ALL
                .into_iter()
                .zip(standard.0)
                .find(|&(_, at)| at == sq)
                .map(|(piece, _)| piece.label());
            assert_eq!(square.piece, piece, "{}", square.square);
            assert_eq!(
                square.class.contains("building"),
                is_building(sq),
                "{}",
                square.square
            );
            let dark = (sq.file() as u32 + sq.rank() as u32).is_multiple_of(2);
            assert_eq!(square.class.contains("dark"), dark, "{}", square.square);
        }
    }

    const GOLDEN_RANDOM: &str = "P2N1P2/N7/B7/8/8/P1B4R/5R1P/2Q5";

    #[test]
    fn a_layout_on_the_building_or_doubled_is_refused() {
        let mut layout = Layout::standard();
        layout.0[0] = Square::D3;
        assert!(layout.board().unwrap_err().contains("building"));
        let mut layout = Layout::standard();
        layout.0[1] = layout.0[0];
        assert!(layout.board().is_err());
        let board = Layout::standard().board().unwrap();
        assert_eq!(Layout::of(&board), Some(Layout::standard()));
    }
}

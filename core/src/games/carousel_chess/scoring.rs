//! Carousel scoring (RULINGS §2 Scoring), as pure functions so the rule text's example can
//! be checked on its own.

use shakmaty::{Color, Role};

use super::deal::Team;

/// Points for capturing a piece: pawn 1, knight 3, bishop 3, rook 5, queen 9. A promoted
/// piece is worth its new type (the board knows it only as that type).
pub fn capture_value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The player who promotes keeps the pawn: +1.
pub const PROMOTION_POINTS: u32 = 1;
/// Checkmate: +10 to the player who mated.
pub const MATE_POINTS: u32 = 10;
/// Checkmate: +5 to every player whose secret team is the mating colour.
pub const TEAM_MATE_POINTS: u32 = 5;
/// A draw that pays: +100 to the Draw player.
pub const DRAW_POINTS: u32 = 100;

pub fn team_of(color: Color) -> Team {
    match color {
        Color::White => Team::White,
        Color::Black => Team::Black,
    }
}

/// The end-of-game bonuses, added to what each seat scored during play.
pub fn bonuses(teams: &[Team], end: Bonus) -> Vec<u32> {
    teams
        .iter()
        .enumerate()
        .map(|(seat, &team)| match end {
            Bonus::Mate { mater, colour } => {
                let mut points = 0;
                if seat == mater as usize {
                    points += MATE_POINTS;
                }
                if team == team_of(colour) {
                    points += TEAM_MATE_POINTS;
                }
                points
            }
            Bonus::Draw { pays: true } if team == Team::Draw => DRAW_POINTS,
            Bonus::Draw { .. } => 0,
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    Mate { mater: u8, colour: Color },
    Draw { pays: bool },
}

/// The seats with the highest total: equal scores share the win.
pub fn winners(scores: &[u32]) -> Vec<u8> {
    let top = scores.iter().copied().max().unwrap_or(0);
    (0..scores.len() as u8)
        .filter(|&s| scores[s as usize] == top)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule text's example: Jane (White) mates for White having taken three rooks and
    /// three pawns; Jake (White) took a queen and two knights; Jeremy (Black) three pawns
    /// and a bishop. Seats: Jane, Joe, Jeremy, John (Draw), Jake.
    #[test]
    fn the_rule_texts_example() {
        let teams = [
            Team::White,
            Team::Black,
            Team::Black,
            Team::Draw,
            Team::White,
        ];
        let captured = [
            3 * capture_value(Role::Rook) + 3 * capture_value(Role::Pawn),
            0,
            3 * capture_value(Role::Pawn) + capture_value(Role::Bishop),
            0,
            capture_value(Role::Queen) + 2 * capture_value(Role::Knight),
        ];
        let bonus = bonuses(
            &teams,
            Bonus::Mate {
                mater: 0,
                colour: Color::White,
            },
        );
        let total: Vec<u32> = captured.iter().zip(&bonus).map(|(a, b)| a + b).collect();
        assert_eq!(total[0], 15 + 3 + 10 + 5, "Jane");
        assert_eq!(total[4], 9 + 6 + 5, "Jake");
        assert_eq!(total[2], 3 + 3, "Jeremy");
        assert_eq!(total[1], 0, "Joe");
        assert_eq!(total[3], 0, "John gets nothing without a draw");
        assert_eq!(winners(&total), vec![0]);
        // Had it been a stalemate, John would have 100.
        assert_eq!(bonuses(&teams, Bonus::Draw { pays: true })[3], 100);
    }

    #[test]
    fn the_mating_player_on_the_other_team_gets_ten_but_not_five() {
        let teams = [Team::Black, Team::White, Team::Draw];
        assert_eq!(
            bonuses(
                &teams,
                Bonus::Mate {
                    mater: 0,
                    colour: Color::White
                }
            ),
            vec![10, 5, 0]
        );
        assert_eq!(
            bonuses(
                &teams,
                Bonus::Mate {
                    mater: 2,
                    colour: Color::Black
                }
            ),
            vec![5, 0, 10]
        );
        assert_eq!(bonuses(&teams, Bonus::Draw { pays: false }), vec![0, 0, 0]);
    }

    #[test]
    fn equal_scores_share_the_win() {
        assert_eq!(winners(&[7, 12, 12, 3]), vec![1, 2]);
        assert_eq!(winners(&[0, 0, 0]), vec![0, 1, 2]);
    }
}

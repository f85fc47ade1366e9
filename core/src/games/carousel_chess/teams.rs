//! What Carousel Chess's Hard reads of the other seats' teams from their plies (`hard.rs`
//! draws teams by it): every ply is weighed against the others its seat could have made,
//! as a player of each team would judge them — captures, the material tipped towards the
//! team's colour (or, for the Draw player, a board emptied), checks given with the team's
//! colour. A ply a team would like is likelier from a player of that team.

use shakmaty::{Color, Position};

use super::bot::{is_colour, material};
use super::deal::Team;
use super::hard::Played;
use super::scoring::capture_value;

/// The three teams, in the order of a seat's weights.
const TEAMS: [Team; 3] = [Team::White, Team::Black, Team::Draw];

pub(super) fn team_index(team: Team) -> usize {
    match team {
        Team::White => 0,
        Team::Black => 1,
        Team::Draw => 2,
    }
}

/// How sure a seat's plies make the reading: a ply's scores (a hundred to the point) are
/// divided by this before they are weighed as chances.
const TEMPERATURE: f64 = 60.0;

/// Each seat's weights: for every ply it played, the log of its chance under each team,
/// a ply being likelier the better a player of that team would judge it (captures and
/// checks as Normal judges them, without looking at the replies).
pub(super) fn read_teams(history: &[Played], players: usize, me: u8) -> Vec<[f64; 3]> {
    let mut weights = vec![[0.0; 3]; players];
    for (seat, before, played) in history {
        if *seat == me || usize::from(*seat) >= players {
            continue;
        }
        let mover = before.turn();
        let moves = before.legal_moves();
        let mut scores: Vec<[f64; 3]> = Vec::with_capacity(moves.len());
        let mut chosen = None;
        for &m in &moves {
            if m == *played {
                chosen = Some(scores.len());
            }
            let mut next = before.clone();
            next.play_unchecked(m);
            let board = next.board();
            let (white, black) = (material(board, Color::White), material(board, Color::Black));
            let check = next.is_check();
            let points = 100 * m.capture().map_or(0, capture_value) as i32;
            scores.push(TEAMS.map(|team| {
                let own = is_colour(team, mover);
                let lean = match team {
                    Team::White => 8 * (white - black),
                    Team::Black => 8 * (black - white),
                    Team::Draw => -6 * (white + black),
                };
                f64::from(points + lean + if check && own { 30 } else { 0 }) / TEMPERATURE
            }));
        }
        let Some(chosen) = chosen else {
            continue;
        };
        for t in 0..3 {
            let top = scores.iter().map(|s| s[t]).fold(f64::MIN, f64::max);
            let total: f64 = scores.iter().map(|s| (s[t] - top).exp()).sum();
            weights[usize::from(*seat)][t] += scores[chosen][t] - top - total.ln();
        }
    }
    weights
}


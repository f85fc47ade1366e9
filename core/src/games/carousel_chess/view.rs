//! What the table shows of a Carousel game: the board and the scoring are public; teams
//! appear only once the game is over.

use shakmaty::{Color, Position, Role, Square};

use super::deal::Team;
use super::game::{End, State};
use crate::seats::Viewer;
use crate::table::{RevealCode, SecretGame, TableDeal};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub names: Vec<String>,
    pub board: Vec<(Square, Color, Role)>,
    /// Legal destinations by square; `promotions` lists the (from, to) pairs that promote.
    pub destinations: Vec<(Square, Vec<Square>)>,
    pub promotions: Vec<(Square, Square)>,
    pub last_move: Option<(Square, Square)>,
    /// The king in check, if any.
    pub check: Option<Square>,
    pub turn: Color,
    /// The seat to play the next ply (None once the game is over).
    pub seat_to_move: Option<u8>,
    /// The seat to play the ply after it (None once the game is over).
    pub seat_after: Option<u8>,
    /// At an even table, the seat that sits out this lap (public: the table draws it).
    pub sitting_out: Option<u8>,
    /// Every ply: seat, colour, SAN.
    pub moves: Vec<(u8, Color, String)>,
    pub scores: Vec<u32>,
    pub captures: Vec<Vec<(Color, Role)>>,
    pub end: Option<End>,
    /// Only once the game is over.
    pub teams: Option<Vec<Team>>,
    /// The slip nobody drew (even tables), once over.
    pub discarded: Option<Team>,
    pub winners: Vec<u8>,
    /// Only for `Viewer::Seat`: that seat's own team.
    pub own: Option<Team>,
    /// Only once the game is over: the code every phone checks the reveal with.
    pub reveal_code: Option<RevealCode>,
}

pub fn table_view(state: &State, viewer: Viewer) -> TableView {
    let position = state.position();
    let board = position.board();
    let actions = state.legal_actions();
    let mut destinations: Vec<(Square, Vec<Square>)> = Vec::new();
    for a in &actions {
        match destinations.iter_mut().find(|(from, _)| *from == a.from) {
            Some((_, to)) if !to.contains(&a.to) => to.push(a.to),
            Some(_) => {}
            None => destinations.push((a.from, vec![a.to])),
        }
    }
    let over = state.end().is_some();
    let players = state.teams.len() as u8;
    TableView {
        names: (0..players).map(|s| state.config().seats.name(s)).collect(),
        board: board
            .clone()
            .into_iter()
            .map(|(sq, p)| (sq, p.color, p.role))
            .collect(),
        promotions: actions
            .iter()
            .filter(|a| a.promotion == Some(Role::Queen))
            .map(|a| (a.from, a.to))
            .collect(),
        destinations,
        last_move: state.plies().last().map(|p| (p.action.from, p.action.to)),
        check: position
            .is_check()
            .then(|| board.king_of(position.turn()))
            .flatten(),
        turn: position.turn(),
        seat_to_move: (!over).then(|| state.seat_to_move()),
        seat_after: (!over).then(|| state.seat_after_next()),
        sitting_out: if over { None } else { state.sitting_out() },
        moves: state
            .plies()
            .iter()
            .map(|p| (p.seat, p.colour, p.san.clone()))
            .collect(),
        scores: state.scores(),
        captures: state.captures(),
        end: state.end(),
        teams: over.then(|| state.teams.clone()),
        discarded: if over { state.deal.discarded() } else { None },
        winners: if over {
            super::scoring::winners(&state.scores())
        } else {
            Vec::new()
        },
        own: match viewer {
            Viewer::Seat(seat) if seat < players => Some(state.teams[seat as usize]),
            _ => None,
        },
        reveal_code: over.then(|| RevealCode {
            winners: Some(super::scoring::winners(&state.scores())),
            ..TableDeal {
                game: SecretGame::dealt(super::KIND, 0),
                seats: state.config().seats.clone(),
                seed: state.deal.seed,
            }
            .reveal_code(0)
        }),
    }
}

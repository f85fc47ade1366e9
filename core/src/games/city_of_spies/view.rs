//! What each viewer may see. The table's view carries no secret: teams appear only once
//! revealed (a true claim, a round won, the end), cards only in the final reveal.

use shakmaty::Square;

use super::board::Move;
use super::deal::{Cards, SeatSecrets, Team};
use super::game::{Phase, State, WINNING_SCORE};
use super::layout::Layout;
use super::piece::Piece;
use crate::seats::Viewer;
use crate::table::{RevealCode, SecretGame, TableDeal};

/// One seat's secrets for every round played: the final reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatReveal {
    pub seat: u8,
    pub team: Team,
    /// Round 1 first.
    pub cards: Vec<Cards>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub names: Vec<String>,
    pub round: u32,
    pub cycle: u32,
    pub phase: Phase,
    pub board: Vec<(Square, Piece)>,
    /// Legal destinations by square, while a player is to move.
    pub destinations: Vec<(Square, Vec<Square>)>,
    pub last_move: Option<Move>,
    /// This cycle's dice: each seat's rolls (ties re-rolled), and the turn order.
    pub rolls: Vec<(u8, Vec<u8>)>,
    pub order: Vec<u8>,
    /// Index into `order` of the current (or last) turn.
    pub turn: usize,
    pub active: Vec<bool>,
    /// Teams that have been revealed; None for the rest.
    pub teams: Vec<Option<Team>>,
    /// White, Black.
    pub scores: [u32; 2],
    pub quiet_turns: u32,
    /// The score that wins the game (RULINGS §1 Game end).
    pub goal: u32,
    /// During set-up: the layout "random" would give this round (it comes from the round's
    /// seed, so the screen is handed it rather than the seed).
    pub random_layout: Option<Layout>,
    /// Only when the game is over.
    pub reveal: Option<Vec<SeatReveal>>,
    /// Only for `Viewer::Seat`: that seat's own secrets this round.
    pub own: Option<SeatSecrets>,
    /// The check word of this round: every phone must show it.
    pub round_word: &'static str,
    /// Only when the game is over: the code every phone checks the reveal with.
    pub reveal_code: Option<RevealCode>,
}

pub fn table_view(state: &State, viewer: Viewer) -> TableView {
    let players = state.teams.len() as u8;
    let destinations = match state.phase {
        Phase::Turn { .. } => state
            .board
            .pieces()
            .map(|(sq, _)| {
                (
                    sq,
                    state.board.destinations(sq).into_iter().collect::<Vec<_>>(),
                )
            })
            .filter(|(_, to)| !to.is_empty())
            .collect(),
        _ => Vec::new(),
    };
    let reveal = matches!(state.phase, Phase::GameOver { .. }).then(|| {
        (0..players)
            .map(|seat| SeatReveal {
                seat,
                team: state.teams[seat as usize],
                cards: (1..=state.round)
                    .map(|r| state.deal.cards(r)[seat as usize])
                    .collect(),
            })
            .collect()
    });
    let table = TableDeal {
        game: SecretGame::dealt(super::KIND, state.config.options.bits()),
        seats: state.config.seats.clone(),
        seed: state.deal.seed,
    };
    let own = match viewer {
        Viewer::Seat(seat) if seat < players => Some(state.deal.secrets(seat, state.round)),
        _ => None,
    };
    TableView {
        names: (0..players).map(|s| state.config.seats.name(s)).collect(),
        round: state.round,
        cycle: state.cycle,
        phase: state.phase,
        board: state.board.pieces().collect(),
        destinations,
        last_move: state.last_move,
        rolls: state.rolls.rolls.clone(),
        order: state.rolls.order.clone(),
        turn: state.turn,
        active: state.active.clone(),
        teams: (0..players as usize)
            .map(|s| state.revealed[s].then_some(state.teams[s]))
            .collect(),
        scores: state.scores,
        quiet_turns: state.quiet_turns,
        goal: WINNING_SCORE,
        random_layout: (state.phase == Phase::SetUp).then(|| state.random_layout()),
        reveal_code: match state.phase {
            Phase::GameOver { winner } => Some(RevealCode {
                winners: Some(
                    (0..players)
                        .filter(|&s| state.teams[usize::from(s)] == winner)
                        .collect(),
                ),
                ..table.reveal_code(state.round)
            }),
            _ => None,
        },
        reveal,
        own,
        round_word: table.table_id().round_word(state.round),
    }
}

//! What a viewer sees of the Chess deckbuilder: the board, the supply, the trash, the
//! cards played this turn and every pile's size are public; a hand is seen by its owner
//! alone, and the order of the draw piles by nobody. The table's view holds no hand.

use shakmaty::{Board, Position, Role, Square};

use super::cards::{Card, Supply};
use super::game::{Action, Deckbuilder, End, Phase, State, colour};
use crate::game::Game;
use crate::seats::Viewer;

/// The sizes of one player's piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Piles {
    pub hand: usize,
    pub draw: usize,
    pub discard: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckbuilderView {
    pub names: Vec<String>,
    /// The seat this view is for (`None`: the table).
    pub me: Option<u8>,
    /// The seat to act (`None` at the end).
    pub seat: Option<u8>,
    /// Turns begun, from 1.
    pub turn: u32,
    pub board: Board,
    /// The square of a king in check (the player to act's).
    pub check: Option<Square>,
    pub phase: Phase,
    pub actions: u8,
    pub buys: u8,
    /// The treasure for the buy phase: only in the view of the player to act.
    pub treasure: Option<u8>,
    /// The viewer's own hand (empty for the table).
    pub hand: Vec<Card>,
    /// Cards played this turn, in order.
    pub played: Vec<Card>,
    pub piles: [Piles; 2],
    pub supply: Supply,
    pub trash: Vec<Card>,
    /// Each seat's pieces the opponent captured.
    pub lost: [Vec<Role>; 2],
    /// What the viewer may do now (empty unless it is their turn).
    pub legal: Vec<Action>,
    /// In check at the start of the turn: the first card must move out of it.
    pub must_escape: bool,
    pub end: Option<End>,
}

impl DeckbuilderView {
    /// Every piece on the board.
    pub fn pieces(&self) -> Vec<(Square, shakmaty::Color, Role)> {
        self.board
            .clone()
            .into_iter()
            .map(|(sq, piece)| (sq, piece.color, piece.role))
            .collect()
    }
}

pub fn end_words(end: End) -> &'static str {
    match end {
        End::Checkmate { .. } => "checkmate",
        End::Resigned { .. } => "a resignation",
        End::Stalemate => "a draw by stalemate",
        End::DeadPosition => "a draw: neither side can mate",
        End::ThreefoldRepetition => "a draw by threefold repetition",
        End::FiftyMoves => "a draw by the fifty-move rule",
    }
}

pub fn view(state: &State, viewer: Viewer) -> DeckbuilderView {
    let me = match viewer {
        Viewer::Seat(seat) if seat < 2 => Some(seat),
        _ => None,
    };
    let seat = state.end.is_none().then_some(state.seat);
    let mine = me.is_some() && me == seat;
    // A king in check: the mover's at the start of a turn, the other's after a check.
    let check = [state.seat, 1 - state.seat].into_iter().find_map(|s| {
        state
            .position_for(s, None)
            .ok()
            .filter(|p| p.is_check())
            .and_then(|p| p.board().king_of(colour(s)))
    });
    let piles = [0usize, 1].map(|s| {
        let p = &state.players[s];
        Piles {
            hand: p.hand.len(),
            draw: p.draw.len(),
            discard: p.discard.len(),
        }
    });
    DeckbuilderView {
        names: (0..2).map(|s| state.config.seats.name(s)).collect(),
        me,
        seat,
        turn: state.turn,
        board: state.board.clone(),
        check,
        phase: state.phase,
        actions: state.actions,
        buys: state.buys,
        treasure: mine.then(|| state.treasure()),
        hand: me
            .map(|s| state.players[usize::from(s)].hand.clone())
            .unwrap_or_default(),
        played: state.played.clone(),
        piles,
        supply: state.supply,
        trash: state.trash.clone(),
        lost: [0usize, 1].map(|s| state.players[s].lost.clone()),
        legal: if mine {
            Deckbuilder::legal_actions(state)
        } else {
            Vec::new()
        },
        must_escape: state.began_in_check
            && state.played.is_empty()
            && state.phase == Phase::Action,
        end: state.end,
    }
}

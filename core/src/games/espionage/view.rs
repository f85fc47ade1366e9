//! What each viewer may see (RULINGS §3; the Spanish text's "?" for hidden ranks).
//!
//! A seat sees its own army whole, the opponent's pieces as positions only, except those
//! unmasked (by a combat or a spy); once the game is over, everything. The table's view — what the privacy curtain shows
//! between turns — holds nothing of either army: names, whose turn, the turn count, the end.

use super::army::Kind;
use super::game::{End, MOVES_PER_TURN, Phase, State};
use crate::seats::Viewer;

/// One square as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    Empty,
    Volcano,
    /// One of the viewer's pieces: `id` tells them apart; `unmasked`: the opponent knows it.
    Own {
        id: u8,
        kind: Kind,
        unmasked: bool,
    },
    /// An opponent's piece: its kind only once unmasked.
    Enemy {
        kind: Option<Kind>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EspionageView {
    pub names: Vec<String>,
    /// The seat this view is for; `None` for the table.
    pub me: Option<u8>,
    pub width: u8,
    pub phase: Phase,
    /// Turns submitted so far.
    pub turn: u32,
    /// Every square, row 0 (South's edge) first; empty for the table's view.
    pub squares: Vec<Seen>,
    /// The viewer's turn only: moves left, where each piece may step, the squares of the
    /// pieces that already moved, and whether the turn may be submitted.
    pub moves_left: u8,
    pub destinations: Vec<(u8, Vec<u8>)>,
    pub moved: Vec<u8>,
    pub can_submit: bool,
    /// The viewer's pieces barred by the no-return rule: (piece's square, square barred).
    pub barred: Vec<(u8, u8)>,
    /// The viewer's set-up zone, in the viewer's reading order (for the set-up screen).
    pub zone: Vec<u8>,
    /// Turns in a row without a combat, and the draw's limit (`None`: no such draw).
    pub quiet_turns: u32,
    pub quiet_draw: Option<u32>,
    /// Pieces each seat has lost (every loss comes from a combat, which unmasks).
    pub lost: [Vec<Kind>; 2],
    pub end: Option<End>,
}

pub fn view(state: &State, viewer: Viewer) -> EspionageView {
    let g = state.geometry();
    let names = (0..2).map(|s| state.config.seats.name(s)).collect();
    let me = match viewer {
        Viewer::Seat(seat) if seat < 2 => Some(seat),
        _ => None,
    };
    let end = match state.phase {
        Phase::Over(end) => Some(end),
        _ => None,
    };
    let mut view = EspionageView {
        names,
        me,
        width: state.config.width,
        phase: state.phase,
        turn: state.turn,
        squares: Vec::new(),
        moves_left: 0,
        destinations: Vec::new(),
        moved: Vec::new(),
        can_submit: false,
        barred: Vec::new(),
        zone: Vec::new(),
        quiet_turns: state.quiet_turns,
        quiet_draw: state.config.quiet_draw,
        lost: lost(state),
        end,
    };
    let Some(me) = me else {
        return view;
    };
    // During set-up a seat sees its own army only, never the other's.
    let setting_up = matches!(state.phase, Phase::SetUp { .. });
    view.squares = (0..state.board.len() as u8)
        .map(|square| {
            if state.volcanoes.contains(&square) {
                return Seen::Volcano;
            }
            match state.board[usize::from(square)] {
                None => Seen::Empty,
                Some(p) if p.owner == me => Seen::Own {
                    id: p.id,
                    kind: p.kind,
                    unmasked: p.unmasked,
                },
                Some(_) if setting_up => Seen::Empty,
                // At the end every piece is shown, to both players.
                Some(p) => Seen::Enemy {
                    kind: (p.unmasked || end.is_some()).then_some(p.kind),
                },
            }
        })
        .collect();
    view.zone = g.zone(me);
    let square_of = |id: u8| {
        state
            .board
            .iter()
            .position(|p| p.is_some_and(|p| p.owner == me && p.id == id))
            .map(|i| i as u8)
    };
    view.barred = state.bars[usize::from(me)]
        .iter()
        .filter_map(|&(id, to)| Some((square_of(id)?, to)))
        .collect();
    if state.mover() == Some(me) {
        view.moves_left = MOVES_PER_TURN.saturating_sub(state.moves_made);
        view.destinations = (0..state.board.len() as u8)
            .map(|from| (from, state.destinations(from)))
            .filter(|(_, to)| !to.is_empty())
            .collect();
        view.moved = state.moved.iter().filter_map(|&id| square_of(id)).collect();
        view.can_submit = state.can_submit();
    }
    view
}

/// Each seat's losses, by kind: the army less what stands on the board.
fn lost(state: &State) -> [Vec<Kind>; 2] {
    let mut lost = [super::army::army(), super::army::army()];
    // Before a seat has set up, it has lost nothing (and has nothing on the board).
    let set_up = |seat: u8| match state.phase {
        Phase::SetUp { seat: next } => seat < next,
        _ => true,
    };
    for (seat, list) in lost.iter_mut().enumerate() {
        if !set_up(seat as u8) {
            list.clear();
            continue;
        }
        for piece in state.board.iter().flatten() {
            if usize::from(piece.owner) == seat
                && let Some(i) = list.iter().position(|&k| k == piece.kind)
            {
                list.remove(i);
            }
        }
    }
    lost
}

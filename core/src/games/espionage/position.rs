//! An Espionage position as text, and perft: how many ways the game can go for a number of
//! complete turns. It checks the move generator against counts made by hand.
//!
//! The text has five fields separated by spaces:
//!
//! ```text
//! <rows> <side> <moves left> <moved> <bars>
//! ```
//!
//! - `rows`: the board from North's edge (row 10) down to South's (row 1), rows separated
//!   by `/`, one character a square from file a: `.` empty, `#` a volcano, or a piece's
//!   letter — `c` corporal, `l` lieutenant, `k` captain, `o` colonel, `g` general, `s` spy,
//!   `m` minesweeper, `x` mine, `h` headquarters — upper case for South, lower case for
//!   North, followed by `*` when it is unmasked. Every row has the board's width (10–12).
//! - `side`: `S` or `N`, the player whose turn it is.
//! - `moves left`: `2`, `1` or `0` in this turn (0: the turn only waits to be submitted).
//! - `moved`: the squares of the pieces that already moved this turn, comma-separated
//!   (`e4,f5`), or `-`.
//! - `bars`: the no-return rule, as `<piece's square>><square it may not enter>` pairs,
//!   comma-separated (`e5>e4`), or `-`. A bar on the side to move holds for this turn; one
//!   on the other side holds for its next turn.
//!
//! A finished game adds a sixth field, how it ended: `S-took-the-headquarters`,
//! `S-cannot-move`, `S-resigned` (or the same with `N`) or `quiet-draw`; its side is the
//! player that end names (South for a quiet draw).
//!
//! The position text says nothing of set-up. The quiet turns start at 0, and the draw rule
//! is the standard one.
//!
//! Example (a corner of a 10-wide board, everything else empty):
//! `h........./........../…/C........./.........H S 2 - -`

use super::army::Kind;
use super::board::{Geometry, ROWS, WIDTHS};
use super::game::{Config, End, MOVES_PER_TURN, Phase, Piece, State};
use crate::game::Game;
use crate::seats::Seats;

/// Read a position text (see the module's documentation).
pub fn read(text: &str) -> Result<State, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (rows, side, left, moved, bars, end) = match fields[..] {
        [rows, side, left, moved, bars] => (rows, side, left, moved, bars, None),
        [rows, side, left, moved, bars, end] => (rows, side, left, moved, bars, Some(end)),
        _ => {
            return Err(
                "a position has five fields (rows, side, moves left, moved, bars) and, once the game is over, how it ended"
                    .into(),
            );
        }
    };
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != usize::from(ROWS) {
        return Err(format!("a board has {ROWS} rows, not {}", rows.len()));
    }
    let mut width = None;
    let mut cells: Vec<Vec<(char, bool)>> = Vec::new();
    for row in &rows {
        let mut cell = Vec::new();
        for c in row.chars() {
            if c == '*' {
                match cell.last_mut() {
                    Some((letter, unmasked)) if *letter != '.' && *letter != '#' => {
                        *unmasked = true
                    }
                    _ => return Err("“*” follows a piece".into()),
                }
            } else {
                cell.push((c, false));
            }
        }
        if *width.get_or_insert(cell.len()) != cell.len() {
            return Err("every row has the same width".into());
        }
        cells.push(cell);
    }
    let width = width.unwrap_or(0) as u8;
    if !WIDTHS.contains(&width) {
        return Err(format!("a board is 10 to 12 squares wide, not {width}"));
    }
    let g = Geometry { width };
    let seats = Seats::new(2, Vec::new()).map_err(|e| e.to_string())?;
    let config = Config {
        width,
        volcanoes: 0,
        ..Config::standard(seats)
    };
    let mut state = State::empty(config, Vec::new());
    let mut next_id = [0u8; 2];
    for (i, row) in cells.iter().enumerate() {
        let r = ROWS - 1 - i as u8;
        for (f, &(c, unmasked)) in row.iter().enumerate() {
            let square = g.square(f as u8, r);
            match c {
                '.' => {}
                '#' => state.volcanoes.push(square),
                c => {
                    let kind = Kind::from_letter(c).ok_or(format!("“{c}” is not a piece"))?;
                    let owner = u8::from(c.is_ascii_lowercase());
                    state.board[usize::from(square)] = Some(Piece {
                        owner,
                        id: next_id[usize::from(owner)],
                        kind,
                        unmasked,
                    });
                    next_id[usize::from(owner)] += 1;
                }
            }
        }
    }
    state.config.volcanoes = state.volcanoes.len() as u8;
    let seat = match side {
        "S" => 0,
        "N" => 1,
        other => return Err(format!("the side is S or N, not “{other}”")),
    };
    state.phase = Phase::Turn { seat };
    state.moves_made = match left.parse::<u8>() {
        Ok(n) if n <= MOVES_PER_TURN => MOVES_PER_TURN - n,
        _ => return Err(format!("moves left are 0, 1 or 2, not “{left}”")),
    };
    let piece_on = |state: &State, name: &str| -> Result<Piece, String> {
        let square = g.parse(name).ok_or(format!("“{name}” is not a square"))?;
        state.board[usize::from(square)].ok_or(format!("no piece stands on {name}"))
    };
    for name in list(moved) {
        let piece = piece_on(&state, name)?;
        if piece.owner != seat {
            return Err(format!("the piece on {name} is not the mover's"));
        }
        state.moved.push(piece.id);
    }
    for pair in list(bars) {
        let (on, barred) = pair
            .split_once('>')
            .ok_or(format!("a bar is written like e5>e4, not “{pair}”"))?;
        let piece = piece_on(&state, on)?;
        let barred = g
            .parse(barred)
            .ok_or(format!("“{barred}” is not a square"))?;
        state.bars[usize::from(piece.owner)].push((piece.id, barred));
    }
    if let Some(end) = end {
        state.phase = Phase::Over(read_end(end)?);
    }
    Ok(state)
}

/// The side a finished game's text names: the player its end is about.
fn end_side(end: End) -> u8 {
    match end {
        End::HeadquartersTaken { winner: seat }
        | End::NoMove { loser: seat }
        | End::Resigned { loser: seat } => seat,
        End::QuietDraw => 0,
    }
}

fn end_text(end: End) -> String {
    let side = |seat: u8| if seat == 0 { 'S' } else { 'N' };
    match end {
        End::HeadquartersTaken { winner } => format!("{}-took-the-headquarters", side(winner)),
        End::NoMove { loser } => format!("{}-cannot-move", side(loser)),
        End::Resigned { loser } => format!("{}-resigned", side(loser)),
        End::QuietDraw => "quiet-draw".into(),
    }
}

fn read_end(text: &str) -> Result<End, String> {
    if text == "quiet-draw" {
        return Ok(End::QuietDraw);
    }
    let bad = || format!("“{text}” is not how a game ends");
    let (side, how) = text.split_once('-').ok_or_else(bad)?;
    let seat = match side {
        "S" => 0,
        "N" => 1,
        _ => return Err(bad()),
    };
    match how {
        "took-the-headquarters" => Ok(End::HeadquartersTaken { winner: seat }),
        "cannot-move" => Ok(End::NoMove { loser: seat }),
        "resigned" => Ok(End::Resigned { loser: seat }),
        _ => Err(bad()),
    }
}

fn list(field: &str) -> impl Iterator<Item = &str> {
    field.split(',').filter(|f| !f.is_empty() && *f != "-")
}

/// The position text of a state in play.
pub fn write(state: &State) -> String {
    let g = state.geometry();
    let mut rows = Vec::new();
    for r in (0..ROWS).rev() {
        let mut row = String::new();
        for f in 0..g.width {
            let square = g.square(f, r);
            if state.volcanoes.contains(&square) {
                row.push('#');
                continue;
            }
            match state.board[usize::from(square)] {
                None => row.push('.'),
                Some(p) => {
                    let letter = p.kind.letter();
                    row.push(if p.owner == 0 {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                    if p.unmasked {
                        row.push('*');
                    }
                }
            }
        }
        rows.push(row);
    }
    let end = match state.phase {
        Phase::Over(end) => Some(end),
        _ => None,
    };
    let seat = end.map_or(state.mover().unwrap_or(0), end_side);
    let square_of = |owner: u8, id: u8| {
        (0..state.board.len() as u8)
            .find(|&s| state.board[usize::from(s)].is_some_and(|p| p.owner == owner && p.id == id))
    };
    let moved: Vec<String> = state
        .moved
        .iter()
        .filter_map(|&id| square_of(seat, id).map(|s| g.name(s)))
        .collect();
    let bars: Vec<String> = (0..2u8)
        .flat_map(|owner| {
            state.bars[usize::from(owner)]
                .iter()
                .filter_map(move |&(id, to)| Some((square_of(owner, id)?, to)))
        })
        .map(|(on, to)| format!("{}>{}", g.name(on), g.name(to)))
        .collect();
    let field = |items: Vec<String>| {
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    };
    let mut text = format!(
        "{} {} {} {} {}",
        rows.join("/"),
        if seat == 0 { "S" } else { "N" },
        MOVES_PER_TURN.saturating_sub(state.moves_made),
        field(moved),
        field(bars)
    );
    if let Some(end) = end {
        text.push(' ');
        text.push_str(&end_text(end));
    }
    text
}

/// Every way to finish the turn being played: the states after it is submitted (or after
/// the move that ended the game).
pub fn complete_turns(state: &State) -> Vec<State> {
    use super::game::{Action, Espionage};
    if state.mover().is_none() {
        return vec![state.clone()];
    }
    let moves = state.moves();
    if moves.is_empty() || state.moves_made >= MOVES_PER_TURN {
        let mut next = state.clone();
        return match Espionage::apply(&mut next, Action::Submit) {
            Ok(_) => vec![next],
            // A first turn with no move at all cannot happen in play (the player would
            // have lost already); count nothing.
            Err(_) => Vec::new(),
        };
    }
    let mut finished = Vec::new();
    for (from, to) in moves {
        let mut next = state.clone();
        if Espionage::apply(&mut next, Action::Move { from, to }).is_ok() {
            finished.extend(complete_turns(&next));
        }
    }
    finished
}

/// How many ways `depth` complete turns can go (a turn that ends the game ends the count).
pub fn perft(state: &State, depth: u32) -> u64 {
    if depth == 0 || state.mover().is_none() {
        return 1;
    }
    complete_turns(state)
        .iter()
        .map(|next| perft(next, depth - 1))
        .sum()
}

//! A Chess deckbuilder position as one line of text, and perft over it.
//!
//! Fields separated by ` | `:
//!
//! 1. the FEN: the board, the player to act's colour, the castling rights, the en passant
//!    square open to this turn's first move, the fifty-move count (chess moves, not turns)
//!    and the turn number;
//! 2. White's cards, 3. Black's: `<hand>/<draw pile>/<discard pile>/<lost pieces>`, cards as
//!    letters (see `cards`; the draw pile's top first, the discard pile's oldest first), the
//!    lost pieces (captured by the opponent) as lower-case `p n b r q`, `-` for none;
//! 4. the turn: `<phase> <actions> <buys> <played> <moved>`: the phase `action`, `buy` or
//!    `escape`; the actions and buys left; the cards played this turn (`-` for none);
//!    `-` if no piece has moved this turn, `m` if one has, or the en passant square the
//!    turn's last move (a double step) opens to the next turn;
//! 5. the trash (`-` for none); 6. the supply as eight pile sizes (see `cards::Supply`);
//! 7. the shuffles: the seed in 16 hex digits, a dot, and how many shuffles it has made.
//!
//! The start: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | CCCPP/-/-/- |
//! CCCPP/-/-/- | action 1 1 - - | - | 10.10.10.10.10.10.30.20 | 0000000000000000.0`
//! (one line).
//!
//! Perft counts the sequences of legal actions of the given length: card plays (each move,
//! trade or revival, or the bonus alone), the end of the action phase, buys, the end of the
//! turn, the card-less escape. Resigning is not counted. A clean-up draws (and shuffles) as
//! in the game, so the count past a turn's end follows the draw piles as written.

use std::num::NonZeroU32;

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Position, Role, Setup};

use super::cards::{Supply, from_letters, letters};
use super::game::{Action, Config, Deckbuilder, Phase, Player, State};
use crate::game::Game;
use crate::seed::Seed;
use crate::seats::Seats;

fn role_letters(roles: &[Role]) -> String {
    if roles.is_empty() {
        "-".into()
    } else {
        roles.iter().map(|r| r.char()).collect()
    }
}

fn read_roles(text: &str) -> Result<Vec<Role>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.chars()
        .map(|c| Role::from_char(c).ok_or(format!("“{c}” is not a piece")))
        .collect()
}

fn player_text(p: &Player) -> String {
    let draw: Vec<_> = p.draw.iter().rev().copied().collect();
    format!(
        "{}/{}/{}/{}",
        letters(&p.hand),
        letters(&draw),
        letters(&p.discard),
        role_letters(&p.lost)
    )
}

fn read_player(text: &str) -> Result<Player, String> {
    let parts: Vec<&str> = text.split('/').collect();
    let [hand, draw, discard, lost] = parts[..] else {
        return Err(format!("“{text}” is not hand/draw/discard/lost"));
    };
    let mut draw = from_letters(draw)?;
    draw.reverse();
    Ok(Player {
        hand: from_letters(hand)?,
        draw,
        discard: from_letters(discard)?,
        lost: read_roles(lost)?,
    })
}

pub fn write(state: &State) -> String {
    let setup = Setup {
        board: state.board.clone(),
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: super::game::colour(state.seat),
        castling_rights: state.castling,
        ep_square: state.ep,
        remaining_checks: None,
        halfmoves: state.halfmoves,
        fullmoves: NonZeroU32::new(state.turn).unwrap_or(NonZeroU32::MIN),
    };
    let fen = Fen::try_from_setup(setup).unwrap_or_else(|e| e.ignore());
    let phase = match state.phase {
        Phase::Action => "action",
        Phase::Buy => "buy",
        Phase::Escape => "escape",
    };
    let moved = match (state.moved, state.double_step) {
        (false, _) => "-".to_string(),
        (true, None) => "m".to_string(),
        (true, Some(sq)) => sq.to_string(),
    };
    format!(
        "{fen} | {} | {} | {phase} {} {} {} {moved} | {} | {} | {:016x}.{}",
        player_text(&state.players[0]),
        player_text(&state.players[1]),
        state.actions,
        state.buys,
        letters(&state.played),
        letters(&state.trash),
        state.supply.to_text(),
        state.seed.0,
        state.shuffles
    )
}

pub fn read(text: &str) -> Result<State, String> {
    let fields: Vec<&str> = text.trim().split(" | ").map(str::trim).collect();
    let [fen, white, black, turn, trash, supply, shuffles] = fields[..] else {
        return Err("a position is seven fields separated by “ | ”".into());
    };
    let setup = fen
        .parse::<Fen>()
        .map_err(|e| format!("the FEN cannot be read: {e}"))?
        .into_setup();
    let supply = Supply::from_text(supply)?;
    let (seed, count) = shuffles
        .split_once('.')
        .ok_or("the shuffles are seed.count")?;
    let seed = u64::from_str_radix(seed, 16).map_err(|_| "the seed cannot be read")?;
    let count: u64 = count
        .parse()
        .map_err(|_| "the shuffle count cannot be read")?;
    let seats = Seats::new(2, Vec::new()).map_err(|e| e.to_string())?;
    let mut state = State::empty(Config { seats, supply }, Seed(seed));
    state.shuffles = count;
    state.board = setup.board;
    state.castling = setup.castling_rights;
    state.ep = setup.ep_square;
    state.halfmoves = setup.halfmoves;
    state.turn = setup.fullmoves.get();
    state.seat = u8::from(setup.turn.is_black());
    state.players = [read_player(white)?, read_player(black)?];
    let parts: Vec<&str> = turn.split_whitespace().collect();
    let [phase, actions, buys, played, moved] = parts[..] else {
        return Err("the turn is: phase actions buys played moved".into());
    };
    state.phase = match phase {
        "action" => Phase::Action,
        "buy" => Phase::Buy,
        "escape" => Phase::Escape,
        _ => return Err(format!("“{phase}” is not a phase")),
    };
    state.actions = actions
        .parse()
        .map_err(|_| "the actions left cannot be read")?;
    state.buys = buys.parse().map_err(|_| "the buys left cannot be read")?;
    state.played = from_letters(played)?;
    (state.moved, state.double_step) = match moved {
        "-" => (false, None),
        "m" => (true, None),
        sq => (
            true,
            Some(sq.parse().map_err(|_| format!("“{sq}” is not a square"))?),
        ),
    };
    state.trash = from_letters(trash)?;
    // The turn began in check if the player to act is in check before any card.
    if state.played.is_empty() && state.phase != Phase::Buy {
        let position = state.mover_position().map_err(|e| e.to_string())?;
        state.began_in_check = position.is_check();
    }
    Ok(state)
}

/// The number of legal action sequences of length `depth` (resigning aside).
pub fn perft(state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions: Vec<Action> = Deckbuilder::legal_actions(state)
        .into_iter()
        .filter(|a| *a != Action::Resign)
        .collect();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|action| {
            let mut next = state.clone();
            match Deckbuilder::apply(&mut next, action) {
                Ok(_) => perft(&next, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}

/// Each first action (as record text) with the count after it.
pub fn divide(state: &State, depth: u32) -> Vec<(String, u64)> {
    Deckbuilder::legal_actions(state)
        .into_iter()
        .filter(|a| *a != Action::Resign)
        .map(|action| {
            let mut next = state.clone();
            let count = match Deckbuilder::apply(&mut next, action) {
                Ok(_) => perft(&next, depth.saturating_sub(1)),
                Err(_) => 0,
            };
            (super::record::action_text(&action), count)
        })
        .collect()
}

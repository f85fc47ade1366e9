//! The deckbuilder's Hard computer: Normal's look at the opponent's answer, with the
//! opponent's cards in it, and its own turn's next move.
//!
//! Normal answers every move of its own with the opponent's best chess move, as if the
//! opponent's cards allowed any. Hard imagines the hands the opponent may hold
//! (`sample::Belief`: the cards it owns less those known to be in its discard pile,
//! drawn at random) and answers with the best move each hand allows, on average over
//! them: a piece the opponent cannot move this turn cannot take. And when its own turn
//! goes on after a move (a Pawn or a Knight gives another action, and an action card is
//! left in hand), it looks at its own next move before the opponent answers.

use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position, PositionError, Role, Setup};

use super::bot::{after, judge};
use super::cards::Card;
use super::game::{ChessMove, Deckbuilder};
use super::view::DeckbuilderView;
use crate::bots::Seen;
use crate::seed::Rng;

/// The opponent's hands imagined for one decision.
const HANDS: usize = 24;

/// The cards a hand holds, as the set of the pieces they may move (bit `role as u8`).
fn movers(hand: &[Card]) -> u8 {
    hand.iter()
        .filter_map(|c| c.role())
        .fold(0, |set, role| set | 1 << role as u8)
}

/// Which cards may make `m`: its piece's card, and for castling the Rook's too.
fn needs(m: &shakmaty::Move) -> u8 {
    match m {
        shakmaty::Move::Castle { .. } => 1 << Role::King as u8 | 1 << Role::Rook as u8,
        m => 1 << m.role() as u8,
    }
}

/// The hands Hard imagines the opponent holds, as the sets of pieces they move; `None`
/// when the seat's view and news do not add up.
pub fn hands(seen: &Seen<'_, Deckbuilder>, rng: &mut Rng) -> Option<Vec<u8>> {
    let belief = super::sample::Belief::read(&seen.view.body, seen.seat, seen.news)?;
    Some((0..HANDS).map(|_| movers(&belief.draw_hand(rng))).collect())
}

/// A position with `color` to move on `board` (castling and en passant aside).
fn to_move(board: &shakmaty::Board, color: Color) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board = board.clone();
    setup.turn = color;
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

/// The position as `me` judges it after the opponent's answer from `position` (its
/// turn), on average over the `hands` it may hold: the best answer each hand allows, or
/// none (the position stays) when it allows none. A player in check may always answer:
/// without a card that gets out, the rules let it escape with any move. Each answer
/// judged adds one to `cost`.
fn answered(position: &Chess, me: Color, hands: &[u8], cost: &mut usize) -> i32 {
    let answers: Vec<(u8, i32)> = position
        .legal_moves()
        .iter()
        .map(|&answer| {
            let mut next = position.clone();
            next.play_unchecked(answer);
            let value = if next.is_checkmate() {
                -1_000_000
            } else if next.is_stalemate() || next.is_insufficient_material() {
                0
            } else {
                judge(next.board(), me)
            };
            (needs(&answer), value)
        })
        .collect();
    *cost += answers.len() + 1;
    if answers.is_empty() {
        return 0;
    }
    let stays = judge(position.board(), me);
    let free = position.is_check();
    let total: i64 = hands
        .iter()
        .map(|&hand| {
            answers
                .iter()
                .filter(|(need, _)| free || need & hand != 0)
                .map(|&(_, value)| value)
                .min()
                .unwrap_or(stays) as i64
        })
        .sum();
    (total / hands.len().max(1) as i64) as i32
}

/// Hard's base a move must beat: the opponent to move from the board as it stands.
pub fn standing(board: &shakmaty::Board, me: Color, hands: &[u8], cost: &mut usize) -> i32 {
    let Some(position) = to_move(board, !me) else {
        return judge(board, me);
    };
    if position.is_checkmate() {
        return 1_000_000;
    }
    answered(&position, me, hands, cost)
}

/// Hard's worth of playing `card` (none: the card-less escape) to make `m` from `view`:
/// the opponent answering with the cards it may hold; when the turn goes on after it,
/// the best of stopping there and one more move of a piece the cards left move (that
/// one may not mate: only the first action may).
pub fn searched(
    view: &DeckbuilderView,
    me: Color,
    m: ChessMove,
    card: Option<Card>,
    hands: &[u8],
    cost: &mut usize,
) -> i32 {
    let board = &view.board;
    let Some(position) = after(board, me, m) else {
        return judge(board, me);
    };
    if position.is_checkmate() {
        return 1_000_000;
    }
    if position.is_stalemate() || position.is_insufficient_material() {
        return 0;
    }
    let check = position.is_check();
    let stop = answered(&position, me, hands, cost) + if check { 30 } else { 0 }
        - position.legal_moves().len() as i32;
    // The cards left, if the turn goes on: a Pawn and a Knight give another action; a
    // check ends the action phase.
    let Some(card) = card else { return stop };
    let left = (view.actions + u8::from(matches!(card, Card::Pawn | Card::Knight))).saturating_sub(1);
    let mut rest = view.hand.clone();
    if let Some(i) = rest.iter().position(|&c| c == card) {
        rest.remove(i);
    }
    let cards = movers(&rest);
    if check || left == 0 || cards == 0 {
        return stop;
    }
    let Some(mine) = to_move(position.board(), me) else {
        return stop;
    };
    mine.legal_moves()
        .iter()
        .filter(|next| needs(next) & cards != 0)
        .filter_map(|&next| {
            let mut then = mine.clone();
            then.play_unchecked(next);
            if then.is_checkmate() {
                return None;
            }
            let check = if then.is_check() { 30 } else { 0 };
            Some(answered(&then, me, hands, cost) + check - then.legal_moves().len() as i32)
        })
        .fold(stop, i32::max)
}

#[cfg(test)]
mod tests {
    use super::super::game::{Action, How};
    use super::super::position;
    use super::*;
    use crate::bots::{Computer, Level, decide_in, hard_tests};
    use shakmaty::Square;

    /// White's knight may take the pawn on e5, which Black's knight guards. Black holds
    /// three Coppers and two Pawns, all the cards it owns: no card of its moves a knight.
    /// Normal, answering as if Black could move any piece, leaves the pawn; Hard takes it.
    #[test]
    fn hard_takes_what_the_opponents_cards_cannot_take_back() {
        let text = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | NCCCC/-/-/- | CCCPP/-/-/- | action 1 1 - - | - | 10.10.10.10.10.10.30.20 | 0000000000000000.2";
        let state = position::read(text).unwrap();
        let take = Action::Play {
            card: Card::Knight,
            how: How::Move(ChessMove { from: Square::F3, to: Square::E5, promotion: None }),
        };
        for seed in 0..4 {
            let mut hard = Deckbuilder::player(Level::Hard);
            let mut normal = Deckbuilder::player(Level::Normal);
            let mut rng = Rng::from_state(seed);
            assert_eq!(decide_in(&state, 0, &mut hard, &mut rng), Some(take), "Hard, seed {seed}");
            assert_ne!(decide_in(&state, 0, &mut normal, &mut rng), Some(take), "Normal, seed {seed}");
        }
    }

    /// Thought out in slices of a little work each, Hard chooses what it chooses in one
    /// go with the same dice, at many points of many games; "Move now" part way plays one
    /// of its actions.
    #[test]
    fn thinking_in_slices_chooses_as_deciding_at_once() {
        let sliced = hard_tests::sliced_decisions(0..16, 40, |seed| {
            hard_tests::game_at::<Deckbuilder>(2, seed, 20 + 9 * seed as usize)
        });
        assert!(sliced >= 6, "{sliced} decisions took several slices");
    }
}

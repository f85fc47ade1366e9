//! The Chess deckbuilder's computer player, from its seat's view alone (its own hand, the
//! board, the supply; never the opponent's hand or either draw pile).
//!
//! Normal plays the move its cards allow that wins the most material without leaving the
//! piece to be taken for less, plays a card for its bonus when no move is worth making
//! (less and less willingly, turn after turn without a move: a locked position is opened,
//! not waited out), and buys as a "Big Money" player of Dominion would: the dearest card it can pay for,
//! treasure first when the deck is thin in it. Easy takes what it can and otherwise plays
//! and buys at random.

use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Position, PositionError, Role, Setup};

use super::cards::Card;
use super::game::{Action, ChessMove, Deckbuilder, How, colour};
use crate::bots::{Best, Bot, Computer, Level, Seen};
use crate::seed::Rng;

impl Computer for Deckbuilder {
    type Player = Player;
    const LEVELS: &'static [Level] = &Level::ALL;

    fn player(level: Level) -> Player {
        Player {
            level,
            boards: Vec::new(),
            bought: [0; 8],
            idle: 0,
            moved: false,
            thought: None,
        }
    }
}

pub struct Player {
    level: Level,
    /// The boards its own moves made (a position it made before is a draw coming).
    boards: Vec<Board>,
    /// How many of each card (`Card::pile` order) it bought or gained: its deck, as far
    /// as its own choices made it.
    bought: [i32; 8],
    /// Its turns in a row without a move on the board: each makes a move worth more than
    /// a card's bonus, so a locked position is opened rather than waited out forever (a
    /// turn without a chess move does not count towards the fifty-move draw).
    idle: i32,
    /// Whether it moved on the board this turn.
    moved: bool,
    /// Hard's decision not yet done, carried between slices of thinking.
    thought: Option<Thought>,
}

pub(super) fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

/// The material of `color` on `board`, kings aside.
fn material(board: &Board, color: Color) -> i32 {
    board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.piece_at(sq))
        .filter(|p| p.role != Role::King)
        .map(|p| value(p.role))
        .sum()
}

/// How many squares `color`'s knights, bishops, rooks and queens reach.
fn reach(board: &Board, color: Color) -> i32 {
    board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.piece_at(sq).map(|p| (sq, p)))
        .filter(|(_, p)| !matches!(p.role, Role::Pawn | Role::King))
        .map(|(sq, p)| shakmaty::attacks::attacks(sq, p, board.occupied()).count() as i32)
        .sum()
}

/// A position as `me` sees it, without searching: material, and when ahead, pieces
/// closing on the other king (a mate is found by walking towards it).
pub(super) fn judge(board: &Board, me: Color) -> i32 {
    let ahead = material(board, me) - material(board, !me);
    // Keeping pieces keeps the mate possible: a trade of equals is a loss.
    let mut score = ahead + material(board, me) / 2;
    // Pieces out and working: the squares its knights, bishops, rooks and queens reach.
    score += 3 * reach(board, me);
    if let Some(king) = board.king_of(!me) {
        let hunters: i32 = board
            .by_color(me)
            .into_iter()
            .filter(|&sq| board.role_at(sq).is_some_and(|r| r != Role::Pawn))
            .map(|sq| 7 - sq.distance(king) as i32)
            .sum();
        score += if ahead > 150 { 6 * hunters } else { hunters };
        // The other king pushed to an edge.
        let edge = |c: i32| (2 * c - 7).abs();
        score += if ahead > 150 {
            4 * (edge(i32::from(u8::from(king.file()))) + edge(i32::from(u8::from(king.rank()))))
        } else {
            0
        };
    }
    score
}

/// The chess position after `m` from `board` with `me` to move (castling and en passant
/// aside: a bot's guess, not the rules), or `None` if shakmaty refuses it.
pub(super) fn after(board: &Board, me: Color, m: ChessMove) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board = board.clone();
    setup.turn = me;
    // The deckbuilder allows what chess does not (a king left in check, nine pawns).
    let position = Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()?;
    let uci = UciMove::Normal {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    };
    let legal = uci.to_move(&position).ok()?;
    position.play(legal).ok()
}

/// What `m` is worth to `me`: the position after it, the opponent answering with its best
/// chess move (as if its cards allowed any: it may hold them). A mate given is worth the
/// game; a stalemate given while ahead is a draw thrown away.
fn searched(board: &Board, me: Color, m: ChessMove) -> i32 {
    let Some(position) = after(board, me, m) else {
        return judge(board, me);
    };
    if position.is_checkmate() {
        return 1_000_000;
    }
    if position.is_stalemate() || position.is_insufficient_material() {
        return 0;
    }
    let check = if position.is_check() { 30 } else { 0 };
    let worst = worst_answer(&position, me).unwrap_or(0);
    // Fewer answers for a cornered king.
    worst + check - position.legal_moves().len() as i32
}

/// What standing still is worth to `me`: the opponent to move from `board`, answering
/// with its best chess move (the base a move of Normal's must beat).
fn standing(board: &Board, me: Color) -> i32 {
    let mut setup = Setup::empty();
    setup.board = board.clone();
    setup.turn = !me;
    let Ok(position) = Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
    else {
        return judge(board, me);
    };
    if position.is_checkmate() {
        return 1_000_000;
    }
    // An opponent left without a move is stalemated when its turn comes: a draw, which
    // any move of ours that frees it beats when ahead.
    worst_answer(&position, me).unwrap_or(0)
}

/// The position as `me` judges it after the opponent's best answer from `position` (its
/// turn); `None` when it has no move.
fn worst_answer(position: &Chess, me: Color) -> Option<i32> {
    position
        .legal_moves()
        .iter()
        .map(|&answer| {
            let mut next = position.clone();
            next.play_unchecked(answer);
            if next.is_checkmate() {
                -1_000_000
            } else if next.is_stalemate() || next.is_insufficient_material() {
                // A draw: nothing either way.
                0
            } else {
                judge(next.board(), me)
            }
        })
        .min()
}

/// What a move wins or risks, as the board stands: the piece it takes, and a promotion
/// (Easy's whole view of a move).
fn greedy(board: &Board, m: ChessMove) -> i32 {
    let taken = board.piece_at(m.to).map_or(0, |p| value(p.role));
    taken + m.promotion.map_or(0, |r| value(r) - value(Role::Pawn))
}

/// How much the deck wants a card: moves for every kind of piece (a pawn card is cheap
/// and keeps the turn going), treasure to buy the dear ones, and less of what it has
/// already bought (a deck of one card moves one piece).
fn want(card: Card, bought: &[i32; 8]) -> i32 {
    let base = match card {
        Card::Queen => 70,
        Card::Knight => 65,
        Card::Silver => 62,
        Card::Rook => 60,
        Card::Pawn => 55,
        Card::Bishop => 45,
        Card::King => 35,
        Card::Copper => 5,
    };
    base - 25 * bought[card.pile()]
}

/// What one decision weighs every action against: the opponent's hands Hard imagines
/// (`None` at the other levels, or when the news does not add up) and the position as it
/// stands.
pub(super) struct Context {
    hands: Option<Vec<u8>>,
    standing: i32,
}

impl Player {
    fn context(&self, seen: &Seen<'_, Deckbuilder>, rng: &mut Rng, cost: &mut usize) -> Context {
        let board = &seen.view.body.board;
        let me = colour(seen.seat);
        // Normal judges its moves by the position after the opponent's best answer; the
        // base to beat is the position as it stands. Hard answers for the opponent with
        // the cards it may hold, not with any piece.
        let hands = match self.level {
            Level::Hard => super::hard::hands(seen, rng),
            _ => None,
        };
        let standing = match (self.level, &hands) {
            (Level::Hard, Some(hands)) => super::hard::standing(board, me, hands, cost),
            (Level::Normal | Level::Hard, _) => standing(board, me),
            (Level::Easy, _) => 0,
        };
        Context { hands, standing }
    }

    /// The score of the action at `index` (`None`: never chosen), ties broken by `rng`;
    /// the work it took is added to `cost`.
    fn score(
        &self,
        context: &Context,
        seen: &Seen<'_, Deckbuilder>,
        index: usize,
        rng: &mut Rng,
        cost: &mut usize,
    ) -> Option<i32> {
        let view = &seen.view.body;
        let board = &view.board;
        let me = colour(seen.seat);
        // Its first three moves vary: up to a quarter of a pawn drawn into each quiet
        // choice, so two games seldom open alike (the start is the same every game).
        let opening = if self.boards.len() < 3 { 25 } else { 0 };
        let mut worth = |m: ChessMove, card: Option<Card>, rng: &mut Rng| match self.level {
            Level::Normal | Level::Hard => {
                let again = after(board, me, m).map_or(0, |p| {
                    self.boards.iter().filter(|&b| b == p.board()).count() as i32
                });
                let searched = match &context.hands {
                    Some(hands) => super::hard::searched(view, me, m, card, hands, cost),
                    None => searched(board, me, m),
                };
                // A move is progress: worth a little more than a card's bonus (more with
                // every turn spent without one), unless it repeats a position.
                searched - context.standing + 12 + 50 * self.idle - 300 * again
                    + rng.below(opening + 1) as i32
            }
            Level::Easy => {
                let taken = greedy(board, m);
                if taken > 0 {
                    taken
                } else {
                    rng.below(40) as i32 - 20
                }
            }
        };
        let score = match seen.legal.get(index)? {
            Action::Play { how, card } => match *how {
                How::Move(m) => worth(m, Some(*card), rng),
                // A card's bonus (an action, cards, a buy) is worth a quiet move.
                How::Bonus => match card {
                    Card::Rook | Card::Knight => 10,
                    Card::Queen => 8,
                    _ => 4,
                },
                How::Trade { trash, gain } => want(gain, &self.bought) - want(trash, &self.bought),
                How::Revive { role, .. } => value(role) / 2,
            },
            Action::Escape(m) => worth(*m, None, rng),
            Action::EndActions => 0,
            Action::Buy(card) => match self.level {
                Level::Normal | Level::Hard => 10 + want(*card, &self.bought),
                Level::Easy => 10 + rng.below(50) as i32,
            },
            Action::EndTurn => 0,
            Action::Resign => return None,
        };
        Some(score * 8 + rng.below(8) as i32)
    }

    /// What it keeps of its own choice: the cards it bought, its moves' boards, its turns
    /// without a move.
    fn chose(&mut self, seen: &Seen<'_, Deckbuilder>, chosen: usize) {
        let board = &seen.view.body.board;
        let me = colour(seen.seat);
        match seen.legal.get(chosen) {
            Some(Action::Buy(card)) => self.bought[card.pile()] += 1,
            Some(Action::Play {
                how: How::Trade { trash, gain },
                ..
            }) => {
                self.bought[gain.pile()] += 1;
                self.bought[trash.pile()] -= 1;
            }
            _ => {}
        }
        match seen.legal.get(chosen) {
            Some(
                Action::Play {
                    how: How::Move(m), ..
                }
                | Action::Escape(m),
            ) => {
                self.idle = 0;
                self.moved = true;
                if let Some(next) = after(board, me, *m) {
                    self.boards.push(next.board().clone());
                }
            }
            Some(Action::EndTurn) => {
                // A turn with a move already set `idle` to 0.
                self.idle += i32::from(!self.moved);
                self.moved = false;
            }
            _ => {}
        }
    }
}

/// Hard's decision not yet done, carried between slices: what it is about, what it
/// weighs against, the best so far and the next action to weigh.
pub struct Thought {
    about: (crate::game::View<super::view::DeckbuilderView>, Vec<Action>),
    context: Context,
    best: Best,
    next: usize,
}

impl Bot<Deckbuilder> for Player {
    fn decide(&mut self, seen: &Seen<'_, Deckbuilder>, rng: &mut Rng) -> usize {
        let mut cost = 0;
        let context = self.context(seen, rng, &mut cost);
        let mut best = Best::default();
        for i in 0..seen.legal.len() {
            if let Some(score) = self.score(&context, seen, i, rng, &mut cost) {
                best.offer(i, score);
            }
        }
        let chosen = best.index();
        self.chose(seen, chosen);
        chosen
    }

    /// Hard weighs its actions a few at a time (each move's answers cost work); the
    /// other levels decide at once. Sliced or not, the same dice give the same choice.
    fn think(&mut self, seen: &Seen<'_, Deckbuilder>, rng: &mut Rng, work: usize) -> Option<usize> {
        if self.level != Level::Hard {
            return Some(self.decide(seen, rng));
        }
        let mut cost = 0;
        let mut thought = match self.thought.take() {
            Some(t) if t.about.0 == *seen.view && t.about.1 == seen.legal => t,
            _ => {
                let fresh = Thought {
                    about: (seen.view.clone(), seen.legal.to_vec()),
                    context: self.context(seen, rng, &mut cost),
                    best: Best::default(),
                    next: 0,
                };
                if work == usize::MAX {
                    fresh
                } else {
                    // The opponent's hands imagined and the standing judged: a step of
                    // its own when thought out in slices, so that no slice holds both
                    // that and an action weighed (the same dice, the same choice).
                    self.thought = Some(fresh);
                    return None;
                }
            }
        };
        while thought.next < seen.legal.len() {
            if cost >= work {
                self.thought = Some(thought);
                return None;
            }
            if let Some(score) = self.score(&thought.context, seen, thought.next, rng, &mut cost) {
                thought.best.offer(thought.next, score);
            }
            thought.next += 1;
        }
        let chosen = thought.best.index();
        self.chose(seen, chosen);
        Some(chosen)
    }

    fn best_so_far(&self) -> Option<usize> {
        let thought = self.thought.as_ref()?;
        (thought.next > 0).then(|| thought.best.index())
    }

    fn forget(&mut self) {
        self.thought = None;
    }
}

#[cfg(test)]
mod tests {
    use super::super::position;
    use super::*;
    use crate::bots::assert_blind_to_the_difference;

    fn at(white: &str, black: &str) -> String {
        format!(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | {white} | {black} | action 1 1 - - | - | 10.10.10.10.10.10.30.20 | 0000000000000000.2"
        )
    }

    /// A card swapped between the opponent's hand and its draw pile, or White's own draw
    /// pile in another order: White cannot tell, and no bot of White's plays differently.
    #[test]
    fn hidden_cards_moved_around_change_nothing() {
        let white = "PNKCC/RQS/CC/-";
        let base = position::read(&at(white, "CCCPP/NRB/-/-")).unwrap();
        let hand_swapped = position::read(&at(white, "CCRPP/NCB/-/-")).unwrap();
        assert_ne!(format!("{base:?}"), format!("{hand_swapped:?}"));
        assert_blind_to_the_difference::<Deckbuilder>(&base, &hand_swapped, 0);
        let reordered = position::read(&at("PNKCC/SQR/CC/-", "CCCPP/NRB/-/-")).unwrap();
        assert_blind_to_the_difference::<Deckbuilder>(&base, &reordered, 0);
    }
}

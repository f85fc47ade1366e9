//! The flow of the Chess deckbuilder (RULINGS §5): a turn is an action phase (cards played
//! from hand, each moving at most one piece of its kind), a buy phase and a clean-up. A
//! turn may hold several moves of the same player, so the turn is modelled here, not by
//! the chess library's side to move: the board, the castling rights and the en passant
//! square are kept, and a position with the right side to move is built for each question.
//!
//! Rule names used below, as the rule text and RULINGS say them: "stacking" (Pawn and
//! Knight give another action), "only the first action may mate", "a check ends the action
//! phase", "starting a turn in check" (a forced card, or the card-less escape that keeps the
//! hand), "the Bishop's trade", "the King's revival", "buy phase", "clean-up".

use std::num::NonZeroU32;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Piece, Position,
    PositionError, Role, Setup, Square,
};

use super::cards::{Card, Supply};
use super::view::{self, DeckbuilderView};
use crate::game::{Game, Illegal, Key, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::table::{ConfigError, Seats, Viewer};

/// A hand is this many cards after the clean-up.
pub const HAND_SIZE: usize = 5;

/// The game, as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deckbuilder;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub seats: Seats,
    pub supply: Supply,
}

impl Config {
    pub fn standard(seats: Seats) -> Config {
        Config {
            seats,
            supply: Supply::STANDARD,
        }
    }

    /// The New Deal form's house rules: bit 0, a short supply (half of every pile).
    pub fn from_options(seats: Seats, options: u8) -> Config {
        Config {
            seats,
            supply: if options & 1 != 0 {
                Supply::SHORT
            } else {
                Supply::STANDARD
            },
        }
    }
}

/// A chess move as the board gives it: UCI (castling is the king's two-square move, with a
/// Rook card as with a King card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChessMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl ChessMove {
    fn of(m: Move) -> ChessMove {
        match UciMove::from_move(m, CastlingMode::Standard) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => ChessMove {
                from,
                to,
                promotion,
            },
            // Drops and null moves do not exist in standard chess.
            _ => ChessMove {
                from: m.from().unwrap_or(m.to()),
                to: m.to(),
                promotion: None,
            },
        }
    }

    /// `e2e4`, `e7e8q`.
    pub fn uci(self) -> String {
        UciMove::Normal {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
        .to_string()
    }

    pub fn from_uci(text: &str) -> Option<ChessMove> {
        match text.parse::<UciMove>().ok()? {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => Some(ChessMove {
                from,
                to,
                promotion,
            }),
            _ => None,
        }
    }
}

/// How an action card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum How {
    /// For its bonus alone: no piece moves.
    Bonus,
    /// With a move of a piece of the card's kind.
    Move(ChessMove),
    /// The Bishop's trade: trash a card from hand, gain one costing exactly 1 more.
    Trade { trash: Card, gain: Card },
    /// The King's revival: a captured rook, knight or bishop takes the place of a pawn.
    Revive { at: Square, role: Role },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play an action card from hand.
    Play { card: Card, how: How },
    /// End the action phase (go to the buy phase).
    EndActions,
    /// Buy a card from the supply.
    Buy(Card),
    /// End the turn: the clean-up, then the other player's turn.
    EndTurn,
    /// In check with no card that can get out: a chess move without a card, ending the
    /// turn (the hand is kept).
    Escape(ChessMove),
    /// The player to act resigns.
    Resign,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Action,
    Buy,
    /// In check at the start of the turn, and no card in hand can get out.
    Escape,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    Checkmate {
        winner: u8,
    },
    Resigned {
        loser: u8,
    },
    Stalemate,
    /// FIDE's dead position, as insufficient material.
    DeadPosition,
    ThreefoldRepetition,
    FiftyMoves,
}

impl End {
    /// The winner, if the game has one.
    pub fn winner(self) -> Option<u8> {
        match self {
            End::Checkmate { winner } => Some(winner),
            End::Resigned { loser } => Some(1 - loser),
            _ => None,
        }
    }
}

/// What a played card did, as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    Bonus,
    Moved {
        san: String,
        mv: ChessMove,
        captured: Option<Role>,
    },
    Traded {
        trash: Card,
        gain: Card,
    },
    Revived {
        at: Square,
        role: Role,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    TurnStarted {
        seat: u8,
        in_check: bool,
    },
    Played {
        seat: u8,
        card: Card,
        done: Done,
    },
    /// Cards drawn: only their owner sees which (see [`Event::DrewCount`]).
    Drew {
        seat: u8,
        cards: Vec<Card>,
    },
    /// How many cards were drawn: everyone sees this.
    DrewCount {
        seat: u8,
        count: usize,
    },
    /// The discard pile was shuffled into a new draw pile.
    Shuffled {
        seat: u8,
    },
    Bought {
        seat: u8,
        card: Card,
    },
    /// The action phase ended (by choice, no actions left, or a check).
    ActionsEnded {
        seat: u8,
    },
    Escaped {
        seat: u8,
        san: String,
        mv: ChessMove,
        captured: Option<Role>,
    },
    Check {
        seat: u8,
    },
    TurnEnded {
        seat: u8,
        kept_hand: bool,
    },
    Ended {
        end: End,
    },
}

/// One player's cards (the draw pile's top is its last card).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub(crate) hand: Vec<Card>,
    pub(crate) draw: Vec<Card>,
    pub(crate) discard: Vec<Card>,
    /// This player's pieces the opponent has captured, in order.
    pub(crate) lost: Vec<Role>,
}

/// (board, seat to act, castling rights, legal en passant square): "the same position"
/// for threefold repetition.
type PositionKey = (Board, u8, Bitboard, Option<Square>);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) seed: Seed,
    /// Shuffles so far (each draws its own stream).
    pub(crate) shuffles: u64,
    pub(crate) board: Board,
    pub(crate) castling: Bitboard,
    /// The en passant target open to this turn's first move (the last move of the previous
    /// turn was a double step).
    pub(crate) ep: Option<Square>,
    /// Chess moves since the last capture, pawn move or revival.
    pub(crate) halfmoves: u32,
    /// Turns begun, from 1.
    pub(crate) turn: u32,
    pub(crate) players: [Player; 2],
    /// The seat to act: 0 plays White.
    pub(crate) seat: u8,
    pub(crate) phase: Phase,
    pub(crate) actions: u8,
    pub(crate) buys: u8,
    /// Cards played this turn, in order.
    pub(crate) played: Vec<Card>,
    /// Whether the turn began in check.
    pub(crate) began_in_check: bool,
    /// Whether a piece moved this turn.
    pub(crate) moved: bool,
    /// The en passant target made by this turn's last move, if it was a double step.
    pub(crate) double_step: Option<Square>,
    pub(crate) trash: Vec<Card>,
    pub(crate) supply: Supply,
    pub(crate) seen: Vec<PositionKey>,
    pub(crate) end: Option<End>,
    /// Whether the last action may be taken back: nothing was drawn and no turn passed.
    pub(crate) undoable: bool,
}

pub fn colour(seat: u8) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Which card moves a piece by this move: the role's card, and for castling also the Rook.
fn card_moves(card: Card, m: &Move) -> bool {
    match (card, m) {
        (Card::Rook | Card::King, Move::Castle { .. }) => true,
        (_, Move::Castle { .. }) => false,
        _ => card.role() == Some(m.role()),
    }
}

impl State {
    /// A state with nothing dealt: the board as given, empty hands (the deal and the
    /// position reader fill it).
    pub(crate) fn empty(config: Config, seed: Seed) -> State {
        let chess = Chess::default();
        State {
            supply: config.supply,
            config,
            seed,
            shuffles: 0,
            board: chess.board().clone(),
            castling: chess.castles().castling_rights(),
            ep: None,
            halfmoves: 0,
            turn: 1,
            players: [Player::default(), Player::default()],
            seat: 0,
            phase: Phase::Action,
            actions: 1,
            buys: 1,
            played: Vec::new(),
            began_in_check: false,
            moved: false,
            double_step: None,
            trash: Vec::new(),
            seen: Vec::new(),
            end: None,
            undoable: false,
        }
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The position with `seat` to move, en passant open when `ep` is.
    pub(crate) fn position_for(&self, seat: u8, ep: Option<Square>) -> Result<Chess, Illegal> {
        let setup = Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: colour(seat),
            castling_rights: self.castling,
            ep_square: ep,
            remaining_checks: None,
            halfmoves: self.halfmoves,
            fullmoves: NonZeroU32::new(self.turn).unwrap_or(NonZeroU32::MIN),
        };
        // Stacked moves can reach checks FIDE play cannot (shakmaty calls them impossible);
        // the game goes on from them all the same.
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .map_err(|e| Illegal(format!("The board cannot be played on: {e}")))
    }

    /// The position for the player to act: en passant only for the turn's first move.
    pub(crate) fn mover_position(&self) -> Result<Chess, Illegal> {
        self.position_for(self.seat, if self.moved { None } else { self.ep })
    }

    /// Treasure in the buy phase: Copper 1, Silver 2, each Queen held or played 1.
    pub fn treasure(&self) -> u8 {
        let hand = &self.players[usize::from(self.seat)].hand;
        hand.iter()
            .chain(self.played.iter().filter(|c| **c == Card::Queen))
            .map(|c| c.treasure())
            .sum()
    }

    /// Whether the mover must first get out of check with a card.
    fn must_escape(&self) -> bool {
        self.began_in_check && self.played.is_empty()
    }

    /// Every legal way to play `card` now (empty when it cannot be played).
    pub(crate) fn plays(&self, card: Card) -> Vec<How> {
        let mut out = Vec::new();
        if self.end.is_some()
            || self.phase != Phase::Action
            || self.actions == 0
            || !card.is_action()
            || !self.players[usize::from(self.seat)].hand.contains(&card)
        {
            return out;
        }
        let Ok(position) = self.mover_position() else {
            return out;
        };
        // Stacking: only the first action may mate (a stacked move that would is illegal).
        let stacked = !self.played.is_empty();
        for m in position.legal_moves() {
            if card_moves(card, &m) && !(stacked && mates(&position, m)) {
                out.push(How::Move(ChessMove::of(m)));
            }
        }
        // Starting a turn in check: the first card must move out of it.
        if self.must_escape() {
            return out;
        }
        // Every move is optional: the card may be played for its bonus alone.
        out.push(How::Bonus);
        let hand = &self.players[usize::from(self.seat)].hand;
        match card {
            // The Bishop's trade: another card of the hand, for one costing exactly 1 more.
            Card::Bishop => {
                let mut rest = hand.clone();
                if let Some(i) = rest.iter().position(|c| *c == Card::Bishop) {
                    rest.remove(i);
                }
                rest.sort();
                rest.dedup();
                for trash in rest {
                    for gain in Card::ALL {
                        if gain.cost() == trash.cost() + 1 && self.supply.left(gain) > 0 {
                            out.push(How::Trade { trash, gain });
                        }
                    }
                }
            }
            // The King's revival: a lost rook, knight or bishop in place of a pawn.
            Card::King => {
                let mut roles = self.players[usize::from(self.seat)].lost.clone();
                roles.retain(|r| matches!(r, Role::Rook | Role::Knight | Role::Bishop));
                roles.sort();
                roles.dedup();
                let pawns = self.board.by_piece(Piece {
                    color: colour(self.seat),
                    role: Role::Pawn,
                });
                for at in pawns {
                    for &role in &roles {
                        if !(stacked && self.revival_mates(at, role)) {
                            out.push(How::Revive { at, role });
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn revived(&self, at: Square, role: Role) -> Board {
        let mut board = self.board.clone();
        board.set_piece_at(
            at,
            Piece {
                color: colour(self.seat),
                role,
            },
        );
        board
    }

    fn revival_mates(&self, at: Square, role: Role) -> bool {
        let mut after = self.clone();
        after.board = self.revived(at, role);
        after
            .position_for(1 - self.seat, None)
            .is_ok_and(|p| p.is_checkmate())
    }

    /// Every chess move of the card-less escape.
    fn escapes(&self) -> Vec<ChessMove> {
        self.mover_position()
            .map(|p| p.legal_moves().into_iter().map(ChessMove::of).collect())
            .unwrap_or_default()
    }

    /// Draw `count` cards into `seat`'s hand, shuffling the discard pile into a new draw
    /// pile when one must be drawn and none is left.
    fn draw(&mut self, seat: u8, count: usize, events: &mut Vec<Event>) {
        let mut drawn = Vec::new();
        for _ in 0..count {
            let player = &mut self.players[usize::from(seat)];
            if player.draw.is_empty() {
                if player.discard.is_empty() {
                    break;
                }
                let mut pile = std::mem::take(&mut player.discard);
                self.seed
                    .stream("deckbuilder/shuffle", self.shuffles)
                    .shuffle(&mut pile);
                self.shuffles += 1;
                let player = &mut self.players[usize::from(seat)];
                player.draw = pile;
                events.push(Event::Shuffled { seat });
            }
            let player = &mut self.players[usize::from(seat)];
            if let Some(card) = player.draw.pop() {
                player.hand.push(card);
                drawn.push(card);
            }
        }
        events.push(Event::DrewCount {
            seat,
            count: drawn.len(),
        });
        events.push(Event::Drew { seat, cards: drawn });
    }

    /// Make a chess move for the player to act; the events, and whether it gave check.
    fn make_move(&mut self, m: Move, position: Chess) -> Result<(Done, bool), Illegal> {
        let san = SanPlus::from_move(position.clone(), m).to_string();
        let captured = match m {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        };
        let zeroing = m.is_zeroing();
        let double = match m {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } if from.distance(to) == 2 => Some(Square::from_coords(
                from.file(),
                if self.seat == 0 {
                    shakmaty::Rank::Third
                } else {
                    shakmaty::Rank::Sixth
                },
            )),
            _ => None,
        };
        let after = position
            .play(m)
            .map_err(|_| Illegal("That move is not legal.".into()))?;
        self.board = after.board().clone();
        self.castling = after.castles().castling_rights();
        self.halfmoves = if zeroing { 0 } else { self.halfmoves + 1 };
        if let Some(role) = captured {
            self.players[usize::from(1 - self.seat)].lost.push(role);
        }
        self.moved = true;
        self.double_step = double;
        Ok((
            Done::Moved {
                san,
                mv: ChessMove::of(m),
                captured,
            },
            after.is_check(),
        ))
    }

    /// After a move or revival: a mate or a dead position ends the game.
    fn judge(&mut self, events: &mut Vec<Event>) {
        let other = 1 - self.seat;
        let Ok(theirs) = self.position_for(other, self.double_step) else {
            return;
        };
        if theirs.is_checkmate() {
            self.end = Some(End::Checkmate { winner: self.seat });
        } else if theirs.is_insufficient_material() {
            self.end = Some(End::DeadPosition);
        }
        if let Some(end) = self.end {
            events.push(Event::Ended { end });
        }
    }

    fn end_actions(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Buy;
        self.actions = 0;
        events.push(Event::ActionsEnded { seat: self.seat });
    }

    /// The next player's turn: repetition and the fifty-move rule (counted in chess moves),
    /// stalemate, and whether it begins in check.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        let moved = self.moved;
        let ep = if moved { self.double_step } else { None };
        self.seat = 1 - self.seat;
        self.turn += 1;
        self.ep = ep;
        self.phase = Phase::Action;
        self.actions = 1;
        self.buys = 1;
        self.played.clear();
        self.moved = false;
        self.double_step = None;
        let Ok(position) = self.mover_position() else {
            return;
        };
        if moved {
            let key = (
                self.board.clone(),
                self.seat,
                self.castling,
                position.ep_square(EnPassantMode::Legal),
            );
            let repeats = self.seen.iter().filter(|k| **k == key).count() + 1;
            self.seen.push(key);
            if repeats >= 3 {
                self.end = Some(End::ThreefoldRepetition);
            } else if self.halfmoves >= 100 {
                self.end = Some(End::FiftyMoves);
            }
        }
        let in_check = position.is_check();
        if self.end.is_none() && position.legal_moves().is_empty() {
            self.end = Some(if in_check {
                End::Checkmate {
                    winner: 1 - self.seat,
                }
            } else {
                End::Stalemate
            });
        }
        if let Some(end) = self.end {
            events.push(Event::Ended { end });
            return;
        }
        self.began_in_check = in_check;
        events.push(Event::TurnStarted {
            seat: self.seat,
            in_check,
        });
        if in_check {
            let hand = self.players[usize::from(self.seat)].hand.clone();
            let card_helps = hand.iter().any(|&c| !self.plays(c).is_empty());
            if !card_helps {
                self.phase = Phase::Escape;
            }
        }
    }

    fn play(&mut self, card: Card, how: How, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Action {
            return Err(Illegal(match self.phase {
                Phase::Escape => {
                    "No card in your hand gets you out of check: move without a card.".into()
                }
                _ => "The action phase is over: buy, or end your turn.".into(),
            }));
        }
        if !card.is_action() {
            return Err(Illegal(format!(
                "{} is a treasure: it counts in the buy phase.",
                card.name()
            )));
        }
        let seat = self.seat;
        if !self.players[usize::from(seat)].hand.contains(&card) {
            return Err(Illegal(format!(
                "There is no {} card in your hand.",
                card.name()
            )));
        }
        if self.actions == 0 {
            return Err(Illegal("You have no action left.".into()));
        }
        if !self.plays(card).contains(&how) {
            return Err(Illegal(self.why_not(card, how)));
        }
        let first = self.played.is_empty();
        let hand = &mut self.players[usize::from(seat)].hand;
        if let Some(i) = hand.iter().position(|c| *c == card) {
            hand.remove(i);
        }
        self.played.push(card);
        self.actions -= 1;
        let mut check = false;
        let done = match how {
            How::Bonus => Done::Bonus,
            How::Move(cm) => {
                let position = self.mover_position()?;
                let m = uci_move(&position, cm)?;
                let (done, gave_check) = self.make_move(m, position)?;
                check = gave_check;
                done
            }
            How::Trade { trash, gain } => {
                let hand = &mut self.players[usize::from(seat)].hand;
                if let Some(i) = hand.iter().position(|c| *c == trash) {
                    hand.remove(i);
                }
                self.trash.push(trash);
                self.supply.take(gain);
                self.players[usize::from(seat)].discard.push(gain);
                Done::Traded { trash, gain }
            }
            How::Revive { at, role } => {
                self.board = self.revived(at, role);
                let lost = &mut self.players[usize::from(seat)].lost;
                if let Some(i) = lost.iter().position(|r| *r == role) {
                    lost.remove(i);
                }
                self.halfmoves = 0;
                self.moved = true;
                // RULINGS §5 En passant: a revival is no chess move, so a double step
                // earlier this turn stays the last one (shakmaty drops the chance when the
                // revived square was that pawn's, or the passed-over square is filled).
                check = self
                    .position_for(1 - seat, None)
                    .is_ok_and(|p| p.is_check());
                Done::Revived { at, role }
            }
        };
        let moved_now = !matches!(done, Done::Bonus | Done::Traded { .. });
        events.push(Event::Played { seat, card, done });
        // Bonuses are compulsory, even after a check.
        match card {
            Card::Pawn => self.actions += 1,
            Card::Knight => {
                self.draw(seat, 1, events);
                self.actions += 1;
            }
            Card::Rook => self.draw(seat, 2, events),
            Card::Queen => self.buys += 1,
            _ => {}
        }
        if moved_now {
            // Only the first action may mate (a stacked mate was refused above).
            debug_assert!(first || !matches!(self.end, Some(End::Checkmate { .. })));
            self.judge(events);
            if self.end.is_some() {
                return Ok(());
            }
        }
        // A check ends the action phase.
        if check {
            events.push(Event::Check { seat: 1 - seat });
            self.end_actions(events);
        } else if self.actions == 0 {
            self.end_actions(events);
        }
        self.undoable = !matches!(card, Card::Knight | Card::Rook);
        Ok(())
    }

    /// Why `card` cannot be played `how`, in words.
    fn why_not(&self, card: Card, how: How) -> String {
        if self.must_escape() && !matches!(how, How::Move(_)) {
            return "You are in check: first play a card that moves a piece out of check.".into();
        }
        match how {
            How::Bonus => format!("The {} card cannot be played now.", card.name()),
            How::Move(m) => {
                if !self.played.is_empty()
                    && self
                        .mover_position()
                        .ok()
                        .and_then(|p| uci_move(&p, m).ok().map(|mv| mates(&p, mv)))
                        .unwrap_or(false)
                {
                    "Only the first card of a turn may give checkmate.".into()
                } else {
                    format!(
                        "The {} card cannot make the move {}.",
                        card.name(),
                        m.uci()
                    )
                }
            }
            How::Trade { trash, gain } => format!(
                "The Bishop cannot trade {} for {}: the new card must cost exactly 1 more, be left in the supply, and the old one be in your hand.",
                trash.name(),
                gain.name()
            ),
            How::Revive { .. } => {
                "The King can only bring back a rook, knight or bishop you have lost, in place of one of your pawns (and not to give mate after the first card).".into()
            }
        }
    }
}

/// Whether `m` gives checkmate from `position`.
fn mates(position: &Chess, m: Move) -> bool {
    position
        .clone()
        .play(m)
        .is_ok_and(|after| after.is_checkmate())
}

fn uci_move(position: &Chess, m: ChessMove) -> Result<Move, Illegal> {
    UciMove::Normal {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    }
    .to_move(position)
    .map_err(|_| Illegal(format!("{} is not a legal move here.", m.uci())))
}

impl Game for Deckbuilder {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = DeckbuilderView;

    fn config(seats: &Seats, options: u8) -> Config {
        Config::from_options(seats.clone(), options)
    }

    fn deal(config: &Config, seed: Seed, _key: Key) -> Result<State, ConfigError> {
        let players = config.seats.players();
        if !super::INFO.players.contains(&players) {
            return Err(ConfigError::PlayerCount {
                game: super::KIND,
                players,
            });
        }
        let mut state = State::empty(config.clone(), seed);
        // RULINGS §5: the starting deck, 3 Copper and 2 Pawn, is also the first hand; it
        // does not come from the supply.
        for player in &mut state.players {
            player.hand = vec![
                Card::Copper,
                Card::Copper,
                Card::Copper,
                Card::Pawn,
                Card::Pawn,
            ];
        }
        let key = (state.board.clone(), 0, state.castling, None::<Square>);
        state.seen.push(key);
        Ok(state)
    }

    fn to_act(state: &State) -> ToAct {
        if state.end.is_some() {
            ToAct::Nobody
        } else {
            ToAct::Seat(state.seat)
        }
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        if state.end.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        match state.phase {
            Phase::Action => {
                let mut cards = state.players[usize::from(state.seat)].hand.clone();
                cards.sort();
                cards.dedup();
                for card in cards {
                    out.extend(
                        state
                            .plays(card)
                            .into_iter()
                            .map(|how| Action::Play { card, how }),
                    );
                }
                if !state.must_escape() {
                    out.push(Action::EndActions);
                }
            }
            Phase::Buy => {
                if state.buys > 0 {
                    let treasure = state.treasure();
                    out.extend(
                        Card::ALL
                            .into_iter()
                            .filter(|&c| c.cost() <= treasure && state.supply.left(c) > 0)
                            .map(Action::Buy),
                    );
                }
                out.push(Action::EndTurn);
            }
            Phase::Escape => out.extend(state.escapes().into_iter().map(Action::Escape)),
        }
        out.push(Action::Resign);
        out
    }

    fn apply(state: &mut State, action: Action) -> Result<Vec<Event>, Illegal> {
        if let Some(end) = state.end {
            return Err(Illegal(format!(
                "The game is over ({}).",
                view::end_words(end)
            )));
        }
        let mut next = state.clone();
        let mut events = Vec::new();
        let seat = next.seat;
        match action {
            Action::Play { card, how } => next.play(card, how, &mut events)?,
            Action::EndActions => {
                if next.phase != Phase::Action {
                    return Err(Illegal("The action phase is already over.".into()));
                }
                if next.must_escape() {
                    return Err(Illegal(
                        "You are in check: first play a card that moves a piece out of check."
                            .into(),
                    ));
                }
                next.end_actions(&mut events);
                next.undoable = true;
            }
            // The buy phase: each buy up to the whole treasure.
            Action::Buy(card) => {
                if next.phase != Phase::Buy {
                    return Err(Illegal("Buying comes after the action phase.".into()));
                }
                if next.buys == 0 {
                    return Err(Illegal("You have no buy left this turn.".into()));
                }
                let treasure = next.treasure();
                if card.cost() > treasure {
                    return Err(Illegal(format!(
                        "{} costs {}; your treasure is {}.",
                        card.name(),
                        card.cost(),
                        treasure
                    )));
                }
                if !next.supply.take(card) {
                    return Err(Illegal(format!("The {} pile is empty.", card.name())));
                }
                next.buys -= 1;
                next.players[usize::from(seat)].discard.push(card);
                events.push(Event::Bought { seat, card });
                next.undoable = true;
            }
            // Clean-up.
            Action::EndTurn => {
                if next.phase != Phase::Buy {
                    return Err(Illegal("End the action phase first.".into()));
                }
                // Clean-up: hand and played cards to the discard pile, draw five.
                let player = &mut next.players[usize::from(seat)];
                player.discard.append(&mut player.hand);
                player.discard.append(&mut next.played);
                next.draw(seat, HAND_SIZE, &mut events);
                events.push(Event::TurnEnded {
                    seat,
                    kept_hand: false,
                });
                next.begin_turn(&mut events);
                next.undoable = false;
            }
            // Starting a turn in check with no card that helps: the card-less escape.
            Action::Escape(cm) => {
                if next.phase != Phase::Escape {
                    return Err(Illegal(
                        "Moves are made by playing a card of the piece's kind.".into(),
                    ));
                }
                let position = next.mover_position()?;
                let m = uci_move(&position, cm)?;
                let (done, _) = next.make_move(m, position)?;
                if let Done::Moved { san, mv, captured } = done {
                    events.push(Event::Escaped {
                        seat,
                        san,
                        mv,
                        captured,
                    });
                }
                next.judge(&mut events);
                if next.end.is_none() {
                    events.push(Event::TurnEnded {
                        seat,
                        kept_hand: true,
                    });
                    next.begin_turn(&mut events);
                }
                next.undoable = false;
            }
            Action::Resign => {
                next.end = Some(End::Resigned { loser: seat });
                events.push(Event::Ended {
                    end: End::Resigned { loser: seat },
                });
                next.undoable = false;
            }
        }
        if next.end.is_some() {
            next.undoable = false;
        }
        *state = next;
        Ok(events)
    }

    fn view(state: &State, viewer: Viewer) -> DeckbuilderView {
        view::view(state, viewer)
    }


    fn status(state: &State) -> Status {
        match state.end {
            None => Status::Playing,
            Some(end) => {
                // Won or drawn, never scored: no points to list.
                Status::Over {
                    winners: end.winner().into_iter().collect(),
                    scores: Vec::new(),
                }
            }
        }
    }

    fn can_undo(state: &State) -> bool {
        state.undoable
    }

    /// The cards a player draws are theirs alone; everything else is public.
    fn sees(event: &Event, viewer: Viewer) -> bool {
        match event {
            Event::Drew { seat, .. } => viewer == Viewer::Seat(*seat),
            _ => true,
        }
    }

    fn rematch(config: &Config) -> (Seats, u8) {
        (
            config.seats.clone(),
            u8::from(config.supply == Supply::SHORT),
        )
    }

    fn write_record(record: &Record<Self>) -> String {
        super::record::write(record)
    }

    fn read_record(text: &str) -> Result<Record<Self>, String> {
        super::record::read(text)
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;

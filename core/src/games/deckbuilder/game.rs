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

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Move, Piece, Position, Role,
    Square,
};

use super::cards::{Card, Supply};
use super::illegal::Illegal;
use super::view::{self, DeckbuilderView};
use crate::game::{Game, RefereeOnly, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};

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

/// The colour a seat plays: the first seat White, the second Black.
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
    /// The game's settings (seats and house rules: nothing secret).
    pub fn config(&self) -> &Config {
        &self.config
    }

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
}

mod chess;
mod turn;

use chess::{mates, uci_move};

impl Game for Deckbuilder {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = DeckbuilderView;
    type Illegal = Illegal;

    fn config(seats: &Seats, options: u8) -> Config {
        Config::from_options(seats.clone(), options)
    }

    fn deal(config: &Config, seed: Seed, _key: RefereeOnly) -> Result<State, ConfigError> {
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
            return Err(Illegal::GameOver(end));
        }
        let mut next = state.clone();
        let mut events = Vec::new();
        match action {
            Action::Play { card, how } => next.play(card, how, &mut events)?,
            Action::EndActions => next.finish_actions(&mut events)?,
            Action::Buy(card) => next.buy(card, &mut events)?,
            Action::EndTurn => next.clean_up(&mut events)?,
            Action::Escape(m) => next.escape(m, &mut events)?,
            Action::Resign => next.resign(&mut events),
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
    fn gives_up(action: &Action) -> bool {
        matches!(action, Action::Resign)
    }

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

    fn action_text(_: &Config, action: &Action) -> String {
        super::record::action_text(action)
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

//! The flow of A City of Spies (RULINGS §1): set-up, dice-rolled cycles, one move a turn,
//! knock-outs, the neutral target claim after every capture, round and game end.

use shakmaty::Square;

use super::board::{Board, Move};
use super::deal::{Cards, Deal, Options, Team};
use super::dice::{CycleRolls, roll_cycle};
use super::illegal::Illegal;
use super::layout::{Layout, LayoutChoice};
use super::piece::Piece;
use super::view::{self, TableView};
use crate::game::{Game, RefereeOnly, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};

/// The score that wins the game.
pub const WINNING_SCORE: u32 = 5;
/// The last player in a round scores this for their team.
pub const ROUND_POINTS: u32 = 2;
/// A true target claim scores this for the claimer's team.
pub const CLAIM_POINTS: u32 = 1;
/// App ruling: this many turns in a row without a capture end the round with no winner.
pub const QUIET_TURNS_LIMIT: u32 = 50;

/// The game, as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CityOfSpies;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub seats: Seats,
    pub options: Options,
    /// The set-up the table's screen offers first (RULINGS §1 Set-up, default random).
    pub layout: LayoutChoice,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Start the round with the pieces where this layout puts them.
    SetUp(Layout),
    Move(Move),
    /// Only for a player with no legal move.
    Pass,
    /// Claim the piece just captured as one's Target-Piece.
    Claim,
    /// Answer the claim prompt with "no".
    Decline,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    SetUp,
    Turn {
        seat: u8,
    },
    /// The neutral prompt to the player who just captured.
    Claim {
        seat: u8,
        captured: Piece,
    },
    GameOver {
        winner: Team,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    RoundStarted {
        round: u32,
    },
    DiceRolled {
        cycle: u32,
        rolls: CycleRolls,
    },
    Moved {
        seat: u8,
        piece: Piece,
        mv: Move,
    },
    Captured {
        seat: u8,
        piece: Piece,
        captured: Piece,
        square: Square,
    },
    Eliminated {
        seat: u8,
    },
    Passed {
        seat: u8,
    },
    TargetClaimed {
        seat: u8,
        team: Team,
        piece: Piece,
    },
    ClaimRefused {
        seat: u8,
    },
    ClaimDeclined {
        seat: u8,
    },
    RoundWon {
        round: u32,
        seat: u8,
        team: Team,
    },
    RoundStalled {
        round: u32,
    },
    GameWon {
        team: Team,
    },
}

/// Everything, secrets included: only the referee holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(super) config: Config,
    pub(super) deal: Deal,
    pub(super) teams: Vec<Team>,
    pub(super) round: u32,
    pub(super) cards: Vec<Cards>,
    pub(super) board: Board,
    pub(super) active: Vec<bool>,
    pub(super) revealed: Vec<bool>,
    pub(super) scores: [u32; 2],
    pub(super) cycle: u32,
    pub(super) rolls: CycleRolls,
    /// Index into `rolls.order` of the player whose turn it is (or was last).
    pub(super) turn: usize,
    pub(super) last_move: Option<Move>,
    pub(super) quiet_turns: u32,
    /// The last action was a move, which the table may take back (nothing was revealed).
    pub(super) undoable: bool,
    pub(super) phase: Phase,
}

pub fn team_index(team: Team) -> usize {
    match team {
        Team::White => 0,
        Team::Black => 1,
    }
}

impl State {
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }
    pub fn is_active(&self, seat: u8) -> bool {
        self.active[seat as usize]
    }
    pub fn can_undo(&self) -> bool {
        self.undoable
    }
    /// The seat to move or to answer the claim prompt.
    pub fn seat_to_act(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn { seat } | Phase::Claim { seat, .. } => Some(seat),
            Phase::SetUp | Phase::GameOver { .. } => None,
        }
    }
    /// The random layout this round would use (public: it comes from the round's seed).
    pub fn random_layout(&self) -> Layout {
        Layout::random(self.deal.seed, self.round)
    }

    fn active_seats(&self) -> Vec<u8> {
        (0..self.active.len() as u8)
            .filter(|&s| self.active[s as usize])
            .collect()
    }

    fn start_round(&mut self, layout: Layout, events: &mut Vec<Event>) -> Result<(), Illegal> {
        self.board = layout
            .board()
            .map_err(|_| Illegal::ImpossibleSetUp)?;
        self.active = vec![true; self.teams.len()];
        self.cycle = 0;
        self.quiet_turns = 0;
        self.last_move = None;
        events.push(Event::RoundStarted { round: self.round });
        self.new_cycle(events);
        Ok(())
    }

    fn new_cycle(&mut self, events: &mut Vec<Event>) {
        self.cycle += 1;
        self.rolls = roll_cycle(self.deal.seed, self.round, self.cycle, &self.active_seats());
        self.turn = 0;
        events.push(Event::DiceRolled {
            cycle: self.cycle,
            rolls: self.rolls.clone(),
        });
        self.phase = Phase::Turn {
            seat: self.rolls.order[0],
        };
    }

    /// Score for a team; true when that ends the game.
    fn award(&mut self, team: Team, points: u32, events: &mut Vec<Event>) -> bool {
        self.scores[team_index(team)] += points;
        if self.scores[team_index(team)] >= WINNING_SCORE {
            self.phase = Phase::GameOver { winner: team };
            self.revealed = vec![true; self.teams.len()];
            events.push(Event::GameWon { team });
            return true;
        }
        false
    }

    fn next_round(&mut self) {
        self.round += 1;
        self.cards = self.deal.cards(self.round);
        self.board = Board::empty();
        self.rolls = CycleRolls::default();
        self.last_move = None;
        self.phase = Phase::SetUp;
    }

    /// A turn is complete: end the round, or pass the turn on.
    fn after_turn(&mut self, events: &mut Vec<Event>) {
        let left = self.active_seats();
        if let [last] = left[..] {
            self.revealed[last as usize] = true;
            let team = self.teams[last as usize];
            events.push(Event::RoundWon {
                round: self.round,
                seat: last,
                team,
            });
            if !self.award(team, ROUND_POINTS, events) {
                self.next_round();
            }
            return;
        }
        if left.is_empty() || self.quiet_turns >= QUIET_TURNS_LIMIT {
            events.push(Event::RoundStalled { round: self.round });
            self.next_round();
            return;
        }
        self.turn += 1;
        while self.turn < self.rolls.order.len()
            && !self.active[self.rolls.order[self.turn] as usize]
        {
            self.turn += 1;
        }
        if self.turn >= self.rolls.order.len() {
            self.new_cycle(events);
        } else {
            self.phase = Phase::Turn {
                seat: self.rolls.order[self.turn],
            };
        }
    }

    fn play(&mut self, seat: u8, mv: Move, events: &mut Vec<Event>) -> Result<(), Illegal> {
        let piece = self
            .board
            .piece_at(mv.from)
            .ok_or(Illegal::NoPieceOn(mv.from))?;
        let captured = self
            .board
            .play(mv)
            .map_err(|_| Illegal::CannotGo { piece, mv })?;
        events.push(Event::Moved { seat, piece, mv });
        self.last_move = Some(mv);
        self.undoable = true;
        match captured {
            Some(captured) => {
                self.quiet_turns = 0;
                events.push(Event::Captured {
                    seat,
                    piece,
                    captured,
                    square: mv.to,
                });
                let owner = (0..self.cards.len() as u8)
                    .find(|&s| self.active[s as usize] && self.cards[s as usize].life == captured);
                if let Some(owner) = owner {
                    self.active[owner as usize] = false;
                    events.push(Event::Eliminated { seat: owner });
                }
                self.phase = Phase::Claim { seat, captured };
            }
            None => {
                self.quiet_turns += 1;
                self.after_turn(events);
            }
        }
        Ok(())
    }
}

impl Game for CityOfSpies {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = TableView;
    type Illegal = Illegal;

    fn config(seats: &Seats, options: u8) -> Config {
        Config {
            seats: seats.clone(),
            options: Options::from_bits(options),
            layout: LayoutChoice::default(),
        }
    }

    fn deal(config: &Config, seed: Seed, _: RefereeOnly) -> Result<State, ConfigError> {
        let players = config.seats.players();
        if !super::KIND.players().contains(&players) {
            return Err(ConfigError::PlayerCount {
                game: super::KIND,
                players,
            });
        }
        let deal = Deal {
            players,
            options: config.options,
            seed,
        };
        let n = players as usize;
        Ok(State {
            config: config.clone(),
            teams: deal.teams(),
            round: 1,
            cards: deal.cards(1),
            deal,
            board: Board::empty(),
            active: vec![true; n],
            revealed: vec![false; n],
            scores: [0, 0],
            cycle: 0,
            rolls: CycleRolls::default(),
            turn: 0,
            last_move: None,
            quiet_turns: 0,
            undoable: false,
            phase: Phase::SetUp,
        })
    }

    fn to_act(state: &State) -> ToAct {
        match state.phase {
            Phase::SetUp => ToAct::Table,
            Phase::Turn { seat } | Phase::Claim { seat, .. } => ToAct::Seat(seat),
            Phase::GameOver { .. } => ToAct::Nobody,
        }
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        match state.phase {
            Phase::SetUp => vec![
                Action::SetUp(Layout::standard()),
                Action::SetUp(state.random_layout()),
            ],
            Phase::Turn { .. } => {
                let moves: Vec<Action> =
                    state.board.moves().into_iter().map(Action::Move).collect();
                if moves.is_empty() {
                    vec![Action::Pass]
                } else {
                    moves
                }
            }
            Phase::Claim { .. } => vec![Action::Claim, Action::Decline],
            Phase::GameOver { .. } => vec![],
        }
    }

    fn apply(state: &mut State, action: Action) -> Result<Vec<Event>, Illegal> {
        let mut next = state.clone();
        let mut events = Vec::new();
        match (next.phase, action) {
            (Phase::GameOver { .. }, _) => return Err(Illegal::GameOver),
            (Phase::SetUp, Action::SetUp(layout)) => {
                next.undoable = false;
                next.start_round(layout, &mut events)?;
            }
            (Phase::Turn { seat }, Action::Move(mv)) => next.play(seat, mv, &mut events)?,
            (Phase::Turn { seat }, Action::Pass) => {
                if !next.board.moves().is_empty() {
                    return Err(Illegal::MayNotPass);
                }
                next.undoable = false;
                next.quiet_turns += 1;
                events.push(Event::Passed { seat });
                next.after_turn(&mut events);
            }
            (Phase::Claim { seat, captured }, Action::Claim) => {
                next.undoable = false;
                if next.cards[seat as usize].target == captured {
                    next.revealed[seat as usize] = true;
                    let team = next.teams[seat as usize];
                    events.push(Event::TargetClaimed {
                        seat,
                        team,
                        piece: captured,
                    });
                    if !next.award(team, CLAIM_POINTS, &mut events) {
                        next.after_turn(&mut events);
                    }
                } else {
                    events.push(Event::ClaimRefused { seat });
                    next.after_turn(&mut events);
                }
            }
            (Phase::Claim { seat, .. }, Action::Decline) => {
                next.undoable = false;
                events.push(Event::ClaimDeclined { seat });
                next.after_turn(&mut events);
            }
            (Phase::SetUp, _) => return Err(Illegal::SetUpFirst),
            (Phase::Turn { .. }, _) => return Err(Illegal::MoveAPiece),
            (Phase::Claim { .. }, _) => {
                return Err(Illegal::AnswerTheClaim);
            }
        }
        *state = next;
        Ok(events)
    }

    fn view(state: &State, viewer: Viewer) -> TableView {
        view::table_view(state, viewer)
    }


    /// Over when a team has won: every seat of that team wins; a seat's score is its team's.
    fn status(state: &State) -> Status {
        match state.phase {
            Phase::GameOver { winner } => Status::Over {
                winners: (0..state.teams.len() as u8)
                    .filter(|&s| state.teams[s as usize] == winner)
                    .collect(),
                scores: state
                    .teams
                    .iter()
                    .map(|&t| state.scores[team_index(t)] as i32)
                    .collect(),
            },
            _ => Status::Playing,
        }
    }

    /// App ruling "Taking back a move": only a move, and only until the next action.
    fn can_undo(state: &State) -> bool {
        state.undoable
    }

    /// Everything that happens on the board is announced to everyone.
    fn sees(_: &Event, _: Viewer) -> bool {
        true
    }

    fn rematch(config: &Config) -> (Seats, u8) {
        (config.seats.clone(), config.options.bits())
    }

    fn action_text(_: &Config, action: &Action) -> String {
        super::record::action_text(action)
    }

    fn write_record(record: &Record<CityOfSpies>) -> String {
        super::record::write(record)
    }

    fn read_record(text: &str) -> Result<Record<CityOfSpies>, String> {
        super::record::read(text)
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;

//! The flow of Espionage (RULINGS §3): both players set up in turn, then turns of two moves
//! with two different pieces, submitted; combats; spies unmasking; the end.

use super::army::{Kind, Outcome, combat};
use super::board::{Geometry, MAX_VOLCANOES, VOLCANOES, WIDTHS};
use super::illegal::Illegal;
use super::view::{self, EspionageView};
pub use super::placement::{Placement, plural};
use crate::game::{Game, RefereeOnly, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};

/// RULINGS §3 End: this many turns in a row without a combat (each player's turn counts
/// as one) draw the game, unless the table switched the rule off.
pub const QUIET_TURNS_DRAW: u32 = 100;
/// The moves of a turn.
pub const MOVES_PER_TURN: u8 = 2;

/// The game, as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Espionage;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Seat 0 is South (sets up and moves first), seat 1 North.
    pub seats: Seats,
    /// 10, 11 or 12 files.
    pub width: u8,
    /// 0 to 8 volcanoes (4 in the standard game).
    pub volcanoes: u8,
    /// Draw after this many turns without a combat; `None`: never.
    pub quiet_draw: Option<u32>,
}

impl Config {
    /// The standard game for these two seats.
    pub fn standard(seats: Seats) -> Config {
        Config {
            seats,
            width: 10,
            volcanoes: VOLCANOES,
            quiet_draw: Some(QUIET_TURNS_DRAW),
        }
    }

    /// The New Deal form's house rules (`INFO.options`, in order): the board's width
    /// (10, 11 or 12 files), how many volcanoes (0 to 8), no draw for a long quiet game.
    pub fn from_options(seats: Seats, bits: u8) -> Config {
        let info = &super::INFO;
        let width = WIDTHS.start() + info.option_value(bits, 0);
        let volcanoes = VOLCANO_COUNTS
            .get(usize::from(info.option_value(bits, 1)))
            .copied()
            .unwrap_or(VOLCANOES);
        Config {
            seats,
            width: width.min(*WIDTHS.end()),
            volcanoes,
            quiet_draw: (info.option_value(bits, 2) == 0).then_some(QUIET_TURNS_DRAW),
        }
    }

    pub fn geometry(&self) -> Geometry {
        Geometry { width: self.width }
    }
}

/// The volcano counts of the New Deal form's choices, in their order: the standard 4
/// first, then 0 to 8.
const VOLCANO_COUNTS: [u8; 9] = [VOLCANOES, 0, 1, 2, 3, 5, 6, 7, MAX_VOLCANOES];

/// One piece on the board. `id` tells a player's pieces apart (it is private: the order of
/// the army, so it says the kind); `unmasked`: the opponent sees its kind, for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: u8,
    pub id: u8,
    pub kind: Kind,
    pub unmasked: bool,
}


#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The seat to set up places its army.
    SetUp(Placement),
    /// One step of one piece (an attack when an enemy stands there).
    Move { from: u8, to: u8 },
    /// End the turn (after two moves, or one when no other piece can move).
    Submit,
    /// The player to move gives up.
    Resign,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    HeadquartersTaken {
        winner: u8,
    },
    /// The player to move had no legal move: they lose.
    NoMove {
        loser: u8,
    },
    Resigned {
        loser: u8,
    },
    /// RULINGS §3: the turns without a combat ran out.
    QuietDraw,
}

impl End {
    pub fn winner(self) -> Option<u8> {
        match self {
            End::HeadquartersTaken { winner } => Some(winner),
            End::NoMove { loser } | End::Resigned { loser } => Some(1 - loser),
            End::QuietDraw => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    SetUp { seat: u8 },
    Turn { seat: u8 },
    Over(End),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    SetUp {
        seat: u8,
    },
    Moved {
        seat: u8,
        from: u8,
        to: u8,
    },
    /// Every attack (RULINGS §3 Combats): both pieces are unmasked.
    Combat {
        seat: u8,
        from: u8,
        to: u8,
        attacker: Kind,
        defender: Kind,
        outcome: Outcome,
    },
    /// A spy unmasked a piece of `owner` standing on `square`.
    Unmasked {
        owner: u8,
        square: u8,
        kind: Kind,
    },
    TurnEnded {
        seat: u8,
        turn: u32,
    },
    Ended {
        end: End,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) config: Config,
    pub(crate) volcanoes: Vec<u8>,
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) phase: Phase,
    /// Turns submitted so far.
    pub(crate) turn: u32,
    /// Moves made in the turn being played.
    pub(crate) moves_made: u8,
    /// Ids of the mover's pieces that moved in this turn (they may not move again).
    pub(crate) moved: Vec<u8>,
    /// Per seat: (piece id, square it may not enter). Set when a piece moves, for its
    /// owner's next turn; lapses at the end of that turn (RULINGS §3 Turn).
    pub(crate) bars: [Vec<(u8, u8)>; 2],
    pub(crate) combat_this_turn: bool,
    pub(crate) quiet_turns: u32,
    /// Whether the last action may be taken back: a move in the turn being staged that
    /// showed nobody anything (no combat, nothing unmasked).
    pub(crate) undoable: bool,
    /// Each seat's listed set-up, drawn from the deal's seed: the one set-up the rules
    /// list for the seat (a computer's seat plays it), a sensible one
    /// ([`Placement::sensible`]) and another in every deal. Each seat's draw is its own
    /// stream of the seed, and tells nothing of the other's.
    pub(crate) listed_set_ups: [Seed; 2],
}

impl State {
    /// An empty board with these volcanoes, South to set up, nothing played.
    /// The game's settings (seats and house rules: nothing secret).
    pub fn config(&self) -> &Config {
        &self.config
    }

    pub(crate) fn empty(config: Config, volcanoes: Vec<u8>) -> State {
        let squares = config.geometry().squares();
        State {
            config,
            volcanoes,
            board: vec![None; squares],
            phase: Phase::SetUp { seat: 0 },
            turn: 0,
            moves_made: 0,
            moved: Vec::new(),
            bars: [Vec::new(), Vec::new()],
            combat_this_turn: false,
            quiet_turns: 0,
            undoable: false,
            listed_set_ups: [Seed(0), Seed(1)],
        }
    }

    pub(crate) fn geometry(&self) -> Geometry {
        self.config.geometry()
    }

    pub(crate) fn mover(&self) -> Option<u8> {
        match self.phase {
            Phase::Turn { seat } => Some(seat),
            _ => None,
        }
    }

    fn barred(&self, seat: u8, id: u8, to: u8) -> bool {
        self.bars[usize::from(seat)].contains(&(id, to))
    }

    /// Where the piece on `from` may step now (none unless it is its owner's turn and it
    /// may move this turn).
    pub(crate) fn destinations(&self, from: u8) -> Vec<u8> {
        let Some(seat) = self.mover() else {
            return Vec::new();
        };
        let Some(piece) = self.board[usize::from(from)] else {
            return Vec::new();
        };
        if piece.owner != seat
            || !piece.kind.moves()
            || self.moves_made >= MOVES_PER_TURN
            || self.moved.contains(&piece.id)
        {
            return Vec::new();
        }
        self.geometry()
            .steps(from)
            .filter(|&to| !self.volcanoes.contains(&to))
            .filter(|&to| self.board[usize::from(to)].is_none_or(|p| p.owner != seat))
            .filter(|&to| !self.barred(seat, piece.id, to))
            .collect()
    }

    /// Every move the mover may make now.
    pub(crate) fn moves(&self) -> Vec<(u8, u8)> {
        (0..self.board.len() as u8)
            .flat_map(|from| {
                self.destinations(from)
                    .into_iter()
                    .map(move |to| (from, to))
            })
            .collect()
    }

    pub(crate) fn has_move(&self) -> bool {
        (0..self.board.len() as u8).any(|from| !self.destinations(from).is_empty())
    }

    /// Whether the turn may be submitted now: two moves made, or one and no other piece
    /// can move.
    pub(crate) fn can_submit(&self) -> bool {
        self.mover().is_some()
            && (self.moves_made >= MOVES_PER_TURN || (self.moves_made == 1 && !self.has_move()))
    }

    /// Unmask every enemy piece next to a spy (RULINGS §3 Spies), both players' spies.
    fn spies_look(&mut self) -> Vec<Event> {
        let g = self.geometry();
        let mut events = Vec::new();
        for spy in 0..self.board.len() as u8 {
            let Some(Piece {
                kind: Kind::Spy,
                owner,
                ..
            }) = self.board[usize::from(spy)]
            else {
                continue;
            };
            for square in g.around(spy) {
                if let Some(piece) = &mut self.board[usize::from(square)]
                    && piece.owner != owner
                    && !piece.unmasked
                {
                    piece.unmasked = true;
                    events.push(Event::Unmasked {
                        owner: piece.owner,
                        square,
                        kind: piece.kind,
                    });
                }
            }
        }
        events
    }

    fn set_up(&mut self, seat: u8, placement: &Placement) -> Result<Vec<Event>, Illegal> {
        self.place_army(seat, placement)?;
        let mut events = vec![Event::SetUp { seat }];
        if seat == 0 {
            self.phase = Phase::SetUp { seat: 1 };
        } else {
            self.phase = Phase::Turn { seat: 0 };
            // RULINGS §3 End: a player who cannot move on their turn loses, the first turn
            // included (volcanoes in front of a wall of mines can pen an army in).
            if !self.has_move() {
                let end = End::NoMove { loser: 0 };
                self.phase = Phase::Over(end);
                events.push(Event::Ended { end });
            }
        }
        Ok(events)
    }

    /// Stands `placement` on `seat`'s zone (checked whole), the phase unchanged: the set-up
    /// of the game on one device, and a phone's own army in a game refereed by the phones
    /// (`fair`).
    pub(crate) fn place_army(&mut self, seat: u8, placement: &Placement) -> Result<(), Illegal> {
        placement
            .check(self.config.width)
            .map_err(|_| Illegal::ImpossibleSetUp)?;
        let zone = self.geometry().zone(seat);
        let mut next_id = [0u8; 9];
        for (&square, kind) in zone.iter().zip(&placement.0) {
            let Some(kind) = *kind else { continue };
            // Ids follow the army's order, whatever the squares.
            let index = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
            let first: u8 = super::army::ARMY[..index].iter().map(|&(_, n)| n).sum();
            self.board[usize::from(square)] = Some(Piece {
                owner: seat,
                id: first + next_id[index],
                kind,
                unmasked: false,
            });
            next_id[index] += 1;
        }
        Ok(())
    }

    fn step(&mut self, seat: u8, from: u8, to: u8) -> Result<Vec<Event>, Illegal> {
        if !self.destinations(from).contains(&to) {
            return Err(self.why_not(seat, from, to));
        }
        let mut attacker = self.board[usize::from(from)].take().expect("checked");
        let bars = &mut self.bars[usize::from(seat)];
        bars.retain(|&(id, _)| id != attacker.id);
        bars.push((attacker.id, from));
        self.moved.push(attacker.id);
        self.moves_made += 1;
        let mut events = vec![Event::Moved { seat, from, to }];
        let mut shown = false;
        if let Some(mut defender) = self.board[usize::from(to)] {
            let outcome = combat(attacker.kind, defender.kind);
            attacker.unmasked = true;
            defender.unmasked = true;
            self.combat_this_turn = true;
            shown = true;
            events.push(Event::Combat {
                seat,
                from,
                to,
                attacker: attacker.kind,
                defender: defender.kind,
                outcome,
            });
            match outcome {
                Outcome::AttackerWins | Outcome::MineCleared => {
                    self.board[usize::from(to)] = Some(attacker)
                }
                Outcome::DefenderWins | Outcome::MineHolds => {
                    self.board[usize::from(to)] = Some(defender)
                }
                Outcome::HeadquartersTaken => {
                    self.board[usize::from(to)] = Some(attacker);
                    let end = End::HeadquartersTaken { winner: seat };
                    self.phase = Phase::Over(end);
                    events.push(Event::Ended { end });
                }
            }
        } else {
            self.board[usize::from(to)] = Some(attacker);
        }
        let unmasked = self.spies_look();
        shown |= !unmasked.is_empty();
        // The unmaskings come before the end, if the move ended the game.
        let end = (matches!(events.last(), Some(Event::Ended { .. }))).then(|| events.pop());
        events.extend(unmasked);
        events.extend(end.flatten());
        self.undoable = !shown && self.mover().is_some();
        Ok(events)
    }

    /// Why `from`–`to` is not a legal move now, in a player's words.
    fn why_not(&self, seat: u8, from: u8, to: u8) -> Illegal {
        let g = self.geometry();
        let (a, b) = (g.name(from), g.name(to));
        let Some(piece) = self.board.get(usize::from(from)).copied().flatten() else {
            return Illegal::NoPieceOn(a);
        };
        if piece.owner != seat {
            return Illegal::NotYours(a);
        }
        if !piece.kind.moves() {
            return Illegal::NeverMoves(piece.kind);
        }
        if self.moves_made >= MOVES_PER_TURN {
            return Illegal::BothMovesMade;
        }
        if self.moved.contains(&piece.id) {
            return Illegal::MovedAlready;
        }
        if !g.steps(from).any(|s| s == to) {
            return Illegal::NotAStep { from: a, to: b };
        }
        if self.volcanoes.contains(&to) {
            return Illegal::IntoAVolcano(b);
        }
        if self.barred(seat, piece.id, to) {
            return Illegal::NoReturn(b);
        }
        Illegal::NotNow { from: a, to: b }
    }

    fn submit(&mut self, seat: u8) -> Result<Vec<Event>, Illegal> {
        if !self.can_submit() {
            return Err(if self.moves_made == 0 {
                Illegal::MoveFirst
            } else {
                Illegal::SecondMoveFirst
            });
        }
        Ok(self.end_turn(seat))
    }

    /// The turn ended, whatever may still move: the end of a turn on one device once
    /// `submit` checked it, and an opponent's in a game refereed by the phones, where only
    /// the mover knows whether another of its pieces could move (`fair`; checked when the
    /// armies are opened at the end).
    pub(crate) fn end_turn(&mut self, seat: u8) -> Vec<Event> {
        let moved = std::mem::take(&mut self.moved);
        self.bars[usize::from(seat)].retain(|(id, _)| moved.contains(id));
        self.quiet_turns = if self.combat_this_turn {
            0
        } else {
            self.quiet_turns + 1
        };
        self.combat_this_turn = false;
        self.moves_made = 0;
        self.turn += 1;
        self.undoable = false;
        let mut events = vec![Event::TurnEnded {
            seat,
            turn: self.turn,
        }];
        let next = 1 - seat;
        self.phase = Phase::Turn { seat: next };
        let end = if self
            .config
            .quiet_draw
            .is_some_and(|limit| self.quiet_turns >= limit)
        {
            Some(End::QuietDraw)
        } else if !self.has_move() {
            Some(End::NoMove { loser: next })
        } else {
            None
        };
        if let Some(end) = end {
            self.phase = Phase::Over(end);
            events.push(Event::Ended { end });
        }
        events
    }
}

impl Game for Espionage {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = EspionageView;
    type Illegal = Illegal;

    fn config(seats: &Seats, options: u8) -> Config {
        Config::from_options(seats.clone(), options)
    }

    fn deal(config: &Config, seed: Seed, _key: RefereeOnly) -> Result<State, ConfigError> {
        let kind = super::KIND;
        if config.seats.players() != 2 {
            return Err(ConfigError::PlayerCount {
                game: kind,
                players: config.seats.players(),
            });
        }
        if !WIDTHS.contains(&config.width) || config.volcanoes > MAX_VOLCANOES {
            return Err(ConfigError::UnknownOption(kind));
        }
        let volcanoes = config.geometry().volcanoes(seed, config.volcanoes);
        let mut state = State::empty(config.clone(), volcanoes);
        state.listed_set_ups =
            [0, 1].map(|seat| Seed(seed.stream("espionage/listed set-up", seat).next_u64()));
        Ok(state)
    }

    fn to_act(state: &State) -> ToAct {
        match state.phase {
            Phase::SetUp { seat } | Phase::Turn { seat } => ToAct::Seat(seat),
            Phase::Over(_) => ToAct::Nobody,
        }
    }

    /// Set-ups are not listed (there are too many): one sensible set-up drawn from the
    /// deal stands for them all (`State::listed_set_ups`).
    fn legal_actions(state: &State) -> Vec<Action> {
        match state.phase {
            Phase::SetUp { seat } => vec![Action::SetUp(Placement::sensible(
                state.listed_set_ups[usize::from(seat.min(1))],
                state.config.width,
            ))],
            Phase::Turn { .. } => {
                let mut actions: Vec<Action> = state
                    .moves()
                    .into_iter()
                    .map(|(from, to)| Action::Move { from, to })
                    .collect();
                if state.can_submit() {
                    actions.push(Action::Submit);
                }
                actions.push(Action::Resign);
                actions
            }
            Phase::Over(_) => Vec::new(),
        }
    }

    fn apply(state: &mut State, action: Action) -> Result<Vec<Event>, Illegal> {
        match (state.phase, action) {
            (Phase::Over(_), _) => Err(Illegal::GameOver),
            (Phase::SetUp { seat }, Action::SetUp(placement)) => state.set_up(seat, &placement),
            (Phase::SetUp { .. }, _) => Err(Illegal::SetUpFirst),
            (Phase::Turn { .. }, Action::SetUp(_)) => Err(Illegal::AlreadySetUp),
            (Phase::Turn { seat }, Action::Move { from, to }) => {
                if usize::from(from) >= state.board.len() || usize::from(to) >= state.board.len() {
                    return Err(Illegal::OffTheBoard);
                }
                state.step(seat, from, to)
            }
            (Phase::Turn { seat }, Action::Submit) => state.submit(seat),
            (Phase::Turn { seat }, Action::Resign) => {
                let end = End::Resigned { loser: seat };
                state.phase = Phase::Over(end);
                state.undoable = false;
                Ok(vec![Event::Ended { end }])
            }
        }
    }

    fn view(state: &State, viewer: Viewer) -> EspionageView {
        view::view(state, viewer)
    }


    fn status(state: &State) -> Status {
        match state.phase {
            Phase::Over(end) => {
                // Won or drawn, never scored: no points to list.
                Status::Over {
                    winners: end.winner().into_iter().collect(),
                    scores: Vec::new(),
                }
            }
            _ => Status::Playing,
        }
    }

    fn can_undo(state: &State) -> bool {
        state.undoable
    }

    /// The table (the curtain between turns) sees no army: only set-ups done, turns ended
    /// and the end. Each seat sees every move (positions are open), every combat (it
    /// unmasks both pieces) and every unmasking.
    fn gives_up(action: &Action) -> bool {
        matches!(action, Action::Resign)
    }

    fn sees(event: &Event, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Seat(_) => true,
            Viewer::Table => matches!(
                event,
                Event::SetUp { .. } | Event::TurnEnded { .. } | Event::Ended { .. }
            ),
        }
    }

    fn rematch(config: &Config) -> (Seats, u8) {
        let info = &super::INFO;
        let volcanoes = VOLCANO_COUNTS
            .iter()
            .position(|&n| n == config.volcanoes)
            .unwrap_or(0) as u8;
        let bits = info.with_option(0, 0, config.width.saturating_sub(*WIDTHS.start()));
        let bits = info.with_option(bits, 1, volcanoes);
        let bits = info.with_option(bits, 2, u8::from(config.quiet_draw.is_none()));
        (config.seats.clone(), bits)
    }

    fn action_text(config: &Config, action: &Action) -> String {
        super::record::action_text(config, action)
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

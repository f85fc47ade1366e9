//! Carousel chess (RULINGS §2): FIDE chess from shakmaty, plies rotating through the seats,
//! points for captures, promotions and mates, a draw paying the Draw player.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square,
};

use super::deal::{Deal, Team};
use super::illegal::Illegal;
use super::scoring::{self, Bonus};
use crate::game::{Game, RefereeOnly, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// RULINGS §2: "only stalemate pays the Draw player", default off.
    pub only_stalemate_pays: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub seats: Seats,
    pub options: Options,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarouselChess;

/// A ply as the board emits it: UCI semantics (castling is the king's two-square move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Checkmate { mater: u8, colour: Color },
    Stalemate,
    InsufficientMaterial,
    ThreefoldRepetition,
    FiftyMoves,
}

impl End {
    pub fn describe(self) -> &'static str {
        match self {
            End::Checkmate { .. } => "checkmate",
            End::Stalemate => "stalemate",
            End::InsufficientMaterial => "a draw: neither side can mate",
            End::ThreefoldRepetition => "a draw by threefold repetition",
            End::FiftyMoves => "a draw by the fifty-move rule",
        }
    }
}

/// One ply of the game: who played it, as what, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub seat: u8,
    pub colour: Color,
    pub san: String,
    pub action: Action,
    pub captured: Option<Role>,
    pub promoted: bool,
    pub points: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Played { ply: Ply },
    Check { colour: Color },
    Ended { end: End },
}

/// (board, side to move, castling rights, legal en passant square): what "the same
/// position" means for threefold repetition.
type PositionKey = (Board, Color, Bitboard, Option<Square>);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(super) config: Config,
    pub(super) deal: Deal,
    pub(super) teams: Vec<Team>,
    pub(super) position: Chess,
    pub(super) first_seat: u8,
    pub(super) plies: Vec<Ply>,
    pub(super) seen: Vec<PositionKey>,
    pub(super) end: Option<End>,
}

fn key(position: &Chess) -> PositionKey {
    (
        position.board().clone(),
        position.turn(),
        position.castles().castling_rights(),
        position.ep_square(EnPassantMode::Legal),
    )
}

/// Which seat plays ply `ply` (0-based). Odd tables: round and round from the first seat.
/// Even tables: every lap of the table starts with a draw (stream
/// `"carousel-chess/skip"`, number = lap) of one seat that sits that lap out, so a lap has
/// N − 1 plies and every player alternates colours.
pub fn seat_for_ply(seed: Seed, players: u8, first: u8, ply: u32) -> u8 {
    let n = u32::from(players);
    if n % 2 == 1 {
        return ((u32::from(first) + ply) % n) as u8;
    }
    let lap = ply / (n - 1);
    let skip = skipped_seat(seed, players, lap);
    let order: Vec<u8> = (0..n)
        .map(|i| ((u32::from(first) + i) % n) as u8)
        .filter(|&s| s != skip)
        .collect();
    order[(ply % (n - 1)) as usize]
}

/// The seat that sits out lap `lap` at an even table.
pub fn skipped_seat(seed: Seed, players: u8, lap: u32) -> u8 {
    seed.stream("carousel-chess/skip", u64::from(lap))
        .below(u64::from(players)) as u8
}

impl State {
    pub fn position(&self) -> &Chess {
        &self.position
    }
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }
    pub fn end(&self) -> Option<End> {
        self.end
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn first_seat(&self) -> u8 {
        self.first_seat
    }
    /// The seat whose ply it is.
    /// The seat that plays after the next ply.
    pub fn seat_after_next(&self) -> u8 {
        seat_for_ply(
            self.deal.seed,
            self.deal.players,
            self.first_seat,
            self.plies.len() as u32 + 1,
        )
    }
    /// At an even table, the seat that sits out the current lap (RULINGS §2).
    pub fn sitting_out(&self) -> Option<u8> {
        let n = u32::from(self.deal.players);
        (n % 2 == 0).then(|| {
            skipped_seat(
                self.deal.seed,
                self.deal.players,
                self.plies.len() as u32 / (n - 1),
            )
        })
    }
    pub fn seat_to_move(&self) -> u8 {
        seat_for_ply(
            self.deal.seed,
            self.deal.players,
            self.first_seat,
            self.plies.len() as u32,
        )
    }
    /// Points scored so far (captures and promotions), plus the end bonuses once over.
    pub fn scores(&self) -> Vec<u32> {
        let mut scores = vec![0u32; self.teams.len()];
        for ply in &self.plies {
            scores[ply.seat as usize] += ply.points;
        }
        if let Some(end) = self.end {
            let bonus = match end {
                End::Checkmate { mater, colour } => Bonus::Mate { mater, colour },
                End::Stalemate => Bonus::Draw { pays: true },
                _ => Bonus::Draw {
                    pays: !self.config.options.only_stalemate_pays,
                },
            };
            for (score, extra) in scores.iter_mut().zip(scoring::bonuses(&self.teams, bonus)) {
                *score += extra;
            }
        }
        scores
    }
    /// Each seat's captured pieces, in order (public: captures happen on the board).
    pub fn captures(&self) -> Vec<Vec<(Color, Role)>> {
        let mut captures = vec![Vec::new(); self.teams.len()];
        for ply in &self.plies {
            if let Some(role) = ply.captured {
                captures[ply.seat as usize].push((ply.colour.other(), role));
            }
        }
        captures
    }
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.end.is_some() {
            return Vec::new();
        }
        self.position
            .legal_moves()
            .iter()
            .filter_map(|&m| match UciMove::from_move(m, CastlingMode::Standard) {
                UciMove::Normal {
                    from,
                    to,
                    promotion,
                } => Some(Action {
                    from,
                    to,
                    promotion,
                }),
                _ => None,
            })
            .collect()
    }

    /// Play one ply. Every check comes before the first change: an illegal ply leaves the
    /// state as it was (see `apply`).
    fn play(&mut self, action: Action) -> Result<Vec<Event>, Illegal> {
        if let Some(end) = self.end {
            return Err(Illegal::GameOver(end));
        }
        let uci = UciMove::Normal {
            from: action.from,
            to: action.to,
            promotion: action.promotion,
        };
        let m: Move = uci
            .to_move(&self.position)
            .map_err(|_| Illegal::NotLegal(action))?;
        let seat = self.seat_to_move();
        let colour = self.position.turn();
        let captured = match m {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        };
        let promoted = m.is_promotion();
        let san = SanPlus::from_move(self.position.clone(), m).to_string();
        let points = captured.map_or(0, scoring::capture_value)
            + if promoted {
                scoring::PROMOTION_POINTS
            } else {
                0
            };
        let next = self
            .position
            .clone()
            .play(m)
            .map_err(|_| Illegal::NotLegal(action))?;
        self.position = next;
        let ply = Ply {
            seat,
            colour,
            san,
            action,
            captured,
            promoted,
            points,
        };
        self.plies.push(ply.clone());
        let mut events = vec![Event::Played { ply }];
        if resets_repetition(m) {
            self.seen.clear();
        }
        let now = key(&self.position);
        let repeats = self.seen.iter().filter(|k| **k == now).count() + 1;
        self.seen.push(now);
        self.end = if self.position.is_checkmate() {
            Some(End::Checkmate {
                mater: seat,
                colour,
            })
        } else if self.position.is_stalemate() {
            Some(End::Stalemate)
        } else if self.position.is_insufficient_material() {
            Some(End::InsufficientMaterial)
        } else if repeats >= 3 {
            Some(End::ThreefoldRepetition)
        } else if self.position.halfmoves() >= 100 {
            Some(End::FiftyMoves)
        } else {
            None
        };
        if self.position.is_check() && self.end.is_none() {
            events.push(Event::Check {
                colour: self.position.turn(),
            });
        }
        if let Some(end) = self.end {
            events.push(Event::Ended { end });
        }
        Ok(events)
    }
}

/// After a capture, a pawn move or castling, no earlier position can come back, so the
/// repetition count starts afresh (only an economy: earlier keys could never match).
fn resets_repetition(m: Move) -> bool {
    m.is_capture() || m.role() == Role::Pawn || matches!(m, Move::Castle { .. })
}

impl Game for CarouselChess {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = super::view::TableView;
    type Illegal = Illegal;

    fn config(seats: &Seats, options: u8) -> Config {
        Config {
            seats: seats.clone(),
            options: Options {
                only_stalemate_pays: options & 1 != 0,
            },
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
        let deal = Deal { players, seed };
        let position = Chess::default();
        Ok(State {
            config: config.clone(),
            teams: deal.teams(),
            first_seat: seed
                .stream("carousel-chess/first", 0)
                .below(u64::from(players)) as u8,
            deal,
            seen: vec![key(&position)],
            position,
            plies: Vec::new(),
            end: None,
        })
    }

    fn to_act(state: &State) -> ToAct {
        match state.end {
            Some(_) => ToAct::Nobody,
            None => ToAct::Seat(state.seat_to_move()),
        }
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        state.legal_actions()
    }

    /// `State::play` checks everything before it changes anything: no copy of the state
    /// (whose ply history grows with the game) is needed to leave it untouched.
    fn apply(state: &mut State, action: Action) -> Result<Vec<Event>, Illegal> {
        state.play(action)
    }

    fn view(state: &State, viewer: Viewer) -> super::view::TableView {
        super::view::table_view(state, viewer)
    }


    fn status(state: &State) -> Status {
        match state.end {
            Some(_) => Status::Over {
                winners: scoring::winners(&state.scores()),
                scores: state.scores().into_iter().map(|s| s as i32).collect(),
            },
            None => Status::Playing,
        }
    }

    /// App ruling: any ply may be taken back until the game is over (the teams are then shown).
    fn can_undo(state: &State) -> bool {
        !state.plies.is_empty() && state.end.is_none()
    }

    fn sees(_: &Event, _: Viewer) -> bool {
        true
    }

    fn rematch(config: &Config) -> (Seats, u8) {
        (
            config.seats.clone(),
            u8::from(config.options.only_stalemate_pays),
        )
    }

    fn action_text(_: &Config, action: &Action) -> String {
        super::record::action_text(action)
    }

    fn write_record(record: &Record<CarouselChess>) -> String {
        super::record::write(record)
    }

    fn read_record(text: &str) -> Result<Record<CarouselChess>, String> {
        super::record::read(text)
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;

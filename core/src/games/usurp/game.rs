//! The flow of Usurp (RULINGS §4): three rounds; on a turn a player draws the top card and
//! places it on a town square with room, or takes a whole town square and sits out the rest
//! of the round. Everything is public but the order of the deck.

use super::cards::{Card, Counts};
use super::illegal::Illegal;
use super::score::{self, Scoring};
use super::view::{self, UsurpView};
use crate::game::{Game, RefereeOnly, Record, Status, ToAct};
use crate::seed::Seed;
use crate::catalogue::GameKind;
use crate::seats::{ConfigError, Seats, Viewer};

/// A town square holds at most this many cards.
pub const SQUARE_ROOM: usize = 4;
/// The game lasts this many rounds.
pub const ROUNDS: u8 = 3;

/// The game, as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usurp;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub seats: Seats,
    /// The deck, castles included (one per player is dealt first).
    pub deck: Counts,
}

impl Config {
    pub fn standard(seats: Seats) -> Config {
        Config {
            seats,
            deck: Counts::STANDARD_DECK,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Draw the top card of the deck (then place it).
    Draw,
    /// Place the drawn card on a town square with room.
    Place { square: u8 },
    /// Take every card of a town square; no more turns this round.
    Take { square: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    RoundStarted {
        round: u8,
        first: u8,
    },
    Drew {
        seat: u8,
        card: Card,
    },
    Placed {
        seat: u8,
        square: u8,
        card: Card,
    },
    Took {
        seat: u8,
        square: u8,
        cards: Vec<Card>,
    },
    /// A player with nothing to take when the deck is out: their round is over.
    TookNothing {
        seat: u8,
    },
    GameOver {
        scores: Vec<i32>,
        winners: Vec<u8>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) config: Config,
    /// The deck; its top card is the last.
    pub(crate) deck: Vec<Card>,
    pub(crate) squares: Vec<Vec<Card>>,
    pub(crate) collections: Vec<Vec<Card>>,
    pub(crate) round: u8,
    /// Who has taken a square this round.
    pub(crate) taken: Vec<bool>,
    pub(crate) seat: u8,
    /// The card drawn and not yet placed.
    pub(crate) drawn: Option<Card>,
    pub(crate) over: bool,
    /// Whether the last action may be taken back: anything but a draw (which showed the
    /// deck's top card).
    pub(crate) undoable: bool,
}

impl State {
    fn players(&self) -> u8 {
        self.collections.len() as u8
    }

    pub(crate) fn can_place(&self, square: u8) -> bool {
        self.squares
            .get(usize::from(square))
            .is_some_and(|s| s.len() < SQUARE_ROOM)
    }

    pub(crate) fn can_take(&self, square: u8) -> bool {
        self.drawn.is_none()
            && self
                .squares
                .get(usize::from(square))
                .is_some_and(|s| !s.is_empty())
    }

    pub(crate) fn can_draw(&self) -> bool {
        self.drawn.is_none()
            && !self.deck.is_empty()
            && (0..self.squares.len() as u8).any(|s| self.can_place(s))
    }

    fn can_act(&self) -> bool {
        self.can_draw() || (0..self.squares.len() as u8).any(|s| self.can_take(s))
    }

    pub fn scoring(&self, seat: u8) -> Scoring {
        score::best(&Counts::of(&self.collections[usize::from(seat)]))
    }

    /// Every player's best score, and who has the highest (equal totals share the win).
    pub(crate) fn final_scores(&self) -> (Vec<i32>, Vec<u8>) {
        let scores: Vec<i32> = (0..self.players()).map(|s| self.scoring(s).total).collect();
        let top = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..self.players())
            .filter(|&s| scores[usize::from(s)] == top)
            .collect();
        (scores, winners)
    }

    /// The next player to act, rounds ending and starting on the way; a player with
    /// nothing to take when the deck is out takes nothing.
    fn pass_turn(&mut self, events: &mut Vec<Event>, last_taker: Option<u8>) {
        let players = self.players();
        let mut last_taker = last_taker;
        loop {
            if self.taken.iter().all(|&t| t) {
                // The round is over: the player who took last starts the next.
                if self.round == ROUNDS {
                    self.over = true;
                    let (scores, winners) = self.final_scores();
                    events.push(Event::GameOver { scores, winners });
                    return;
                }
                self.round += 1;
                self.taken = vec![false; usize::from(players)];
                self.seat = last_taker.unwrap_or(self.seat);
                events.push(Event::RoundStarted {
                    round: self.round,
                    first: self.seat,
                });
            } else if self.taken[usize::from(self.seat)] {
                self.seat = (self.seat + 1) % players;
            } else if !self.can_act() {
                self.taken[usize::from(self.seat)] = true;
                last_taker = Some(self.seat);
                events.push(Event::TookNothing { seat: self.seat });
            } else {
                return;
            }
        }
    }
}

impl Game for Usurp {
    const KIND: GameKind = super::KIND;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = UsurpView;
    type Illegal = Illegal;

    fn config(seats: &Seats, _: u8) -> Config {
        Config::standard(seats.clone())
    }

    fn deal(config: &Config, seed: Seed, _key: RefereeOnly) -> Result<State, ConfigError> {
        let players = config.seats.players();
        if !super::INFO.players.contains(&players) || config.deck.castles < players {
            return Err(ConfigError::PlayerCount {
                game: super::KIND,
                players,
            });
        }
        // One castle each, the rest shuffled in (stream "usurp/deck").
        let mut rest = config.deck;
        rest.castles -= players;
        let mut deck = rest.cards();
        seed.stream("usurp/deck", 0).shuffle(&mut deck);
        let first = seed.stream("usurp/first", 0).below(u64::from(players)) as u8;
        Ok(State {
            config: config.clone(),
            deck,
            squares: vec![Vec::new(); usize::from(players)],
            collections: vec![vec![Card::Castle]; usize::from(players)],
            round: 1,
            taken: vec![false; usize::from(players)],
            seat: first,
            drawn: None,
            over: false,
            undoable: false,
        })
    }

    fn to_act(state: &State) -> ToAct {
        if state.over {
            ToAct::Nobody
        } else {
            ToAct::Seat(state.seat)
        }
    }

    fn legal_actions(state: &State) -> Vec<Action> {
        if state.over {
            return Vec::new();
        }
        let squares = 0..state.squares.len() as u8;
        if state.drawn.is_some() {
            return squares
                .filter(|&s| state.can_place(s))
                .map(|square| Action::Place { square })
                .collect();
        }
        let mut actions: Vec<Action> = Vec::new();
        if state.can_draw() {
            actions.push(Action::Draw);
        }
        actions.extend(
            squares
                .filter(|&s| state.can_take(s))
                .map(|square| Action::Take { square }),
        );
        actions
    }

    fn apply(state: &mut State, action: Action) -> Result<Vec<Event>, Illegal> {
        if state.over {
            return Err(Illegal::GameOver);
        }
        let seat = state.seat;
        let mut events = Vec::new();
        match action {
            Action::Draw => {
                if state.drawn.is_some() {
                    return Err(Illegal::PlaceTheDrawnCard);
                }
                if !state.can_draw() {
                    return Err(if state.deck.is_empty() {
                        Illegal::DeckEmpty
                    } else {
                        Illegal::SquaresFull
                    });
                }
                let card = state.deck.pop().expect("checked");
                state.drawn = Some(card);
                state.undoable = false;
                events.push(Event::Drew { seat, card });
                return Ok(events);
            }
            Action::Place { square } => {
                let Some(card) = state.drawn else {
                    return Err(Illegal::DrawFirst);
                };
                if !state.can_place(square) {
                    return Err(Illegal::SquareFull { square });
                }
                state.squares[usize::from(square)].push(card);
                state.drawn = None;
                events.push(Event::Placed { seat, square, card });
                state.seat = (seat + 1) % state.players();
                state.pass_turn(&mut events, None);
            }
            Action::Take { square } => {
                if state.drawn.is_some() {
                    return Err(Illegal::PlaceTheDrawnCard);
                }
                if !state.can_take(square) {
                    return Err(Illegal::NothingToTake);
                }
                let cards = std::mem::take(&mut state.squares[usize::from(square)]);
                state.collections[usize::from(seat)].extend(&cards);
                state.taken[usize::from(seat)] = true;
                events.push(Event::Took {
                    seat,
                    square,
                    cards,
                });
                state.seat = (seat + 1) % state.players();
                state.pass_turn(&mut events, Some(seat));
            }
        }
        state.undoable = !state.over;
        Ok(events)
    }

    fn view(state: &State, viewer: Viewer) -> UsurpView {
        view::view(state, viewer)
    }


    fn status(state: &State) -> Status {
        if !state.over {
            return Status::Playing;
        }
        let (scores, winners) = state.final_scores();
        Status::Over { winners, scores }
    }

    fn can_undo(state: &State) -> bool {
        state.undoable
    }

    /// Everything is public but the deck's order, which no event tells.
    fn sees(_event: &Event, _viewer: Viewer) -> bool {
        true
    }

    fn rematch(config: &Config) -> (Seats, u8) {
        (config.seats.clone(), 0)
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

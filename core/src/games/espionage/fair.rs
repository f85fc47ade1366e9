//! Espionage refereed by the two phones together, each holding only its own army (issue 42:
//! fair play on phones). No device, the host included, holds the other army: each phone
//! keeps a [`Side`], says what it does as [`Said`] values, and hears every value both
//! phones said, its own included, in the one order the relay passed them on.
//!
//! The protocol:
//! - **Set-up.** Each phone seals its set-up (`Said::Sealed`: a digest of the squares its
//!   pieces stand on and of one commitment per piece, [`crate::commit`]), South first. Once
//!   both are sealed each shows what it sealed (`Shown`: the squares, in its zone's reading
//!   order, and the commitments; a piece is known by its place in that list, its token).
//!   Nobody sees the other's squares before their own set-up is bound.
//! - **A move** is public (`Move`). An attack opens both pieces: the attacker with the move,
//!   the defender in answer (`Open`); both phones work out the combat with the same rule.
//!   Then each phone names the enemy pieces its spies unmask after the move (`Ask`, perhaps
//!   none: exactly what the rules unmask), and their owner opens them (`Open`). Only then is
//!   the move applied, on both phones alike.
//! - **A turn** ends with `Submit`; the player to move who has no move says so (`NoMove`);
//!   either may `Resign` on their turn.
//! - **The end.** When the game ends each phone opens its whole army (`Reveal`), and each
//!   checks the whole game ([`audit`]): both armies are armies, every opening matches its
//!   commitment, and the game replayed on the rules engine with both set-ups makes the same
//!   moves, the same combats, the same unmaskings and the same end.
//!
//! A phone that opens a piece wrongly, opens what was not asked, asks for what its spies do
//! not unmask (or not for what they do), makes a move the rules refuse, says it has no move
//! when it has one, or shows an army that is not one, is named ([`Broke`]) and the game goes
//! to the other player. What can be checked at once is (a known mine that moves, a wrong
//! opening); what needs the other army waits for the end. A phone that will not answer is
//! named by the app's clock ([`Side::would_not_answer`]).
//!
//! A phone's state is the rules engine's own [`State`] in which the enemy pieces whose kind
//! it does not know stand as a piece that moves and is no spy ([`UNKNOWN`]): the engine then
//! decides everything the phone can know (its own moves exactly; the enemy's as far as
//! their squares show), and [`Side::view`] is what the one-device referee shows that seat
//! (`a_fair_game_shows_each_seat_what_the_referee_shows`).
// Long because it is one protocol: each value a phone hears is checked in a step of its own,
// and the steps read in the order the phones say them, the end's check last.

use super::army::{ARMY, ARMY_SIZE, Kind, Outcome};
use super::game::{Action, Config, End, Espionage, Event, Phase, Piece, Placement, State};
use super::illegal::Illegal;
use super::view::{self, EspionageView, Seen};
use crate::commit::{Commitment, Domain, Salt, digest};
use crate::game::Game;
use crate::seats::Viewer;

/// What an enemy piece of unknown kind stands as in a phone's state: a piece that moves and
/// unmasks nobody. The view never shows it (`Side::view`).
const UNKNOWN: Kind = Kind::Corporal;

/// A piece opened: its token (its place in its owner's shown list), its kind and its salt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub token: u8,
    pub kind: Kind,
    pub salt: Salt,
}

/// One thing a phone says to the other (through the relay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// `seat` has set up: the digest of what it will show.
    Sealed { seat: u8, digest: [u8; 32] },
    /// The squares `seat`'s pieces stand on, in its zone's reading order, and a commitment
    /// to each piece, in the same order.
    Shown {
        seat: u8,
        squares: Vec<u8>,
        commitments: Vec<Commitment>,
    },
    /// A step; an attack opens the attacker.
    Move {
        seat: u8,
        from: u8,
        to: u8,
        attacker: Option<Opening>,
    },
    /// Pieces of `seat` opened: an attack's defender, or what the other's spies asked for.
    Open { seat: u8, openings: Vec<Opening> },
    /// The squares of the enemy pieces `seat`'s spies unmask after the move being made.
    Ask { seat: u8, squares: Vec<u8> },
    Submit { seat: u8 },
    /// `seat` is to move and has no move: it loses.
    NoMove { seat: u8 },
    Resign { seat: u8 },
    /// The game is over: `seat`'s whole army, token by token.
    Reveal { seat: u8, openings: Vec<Opening> },
}

impl Said {
    /// The seat that says it.
    pub fn seat(&self) -> u8 {
        match self {
            Said::Sealed { seat, .. }
            | Said::Shown { seat, .. }
            | Said::Move { seat, .. }
            | Said::Open { seat, .. }
            | Said::Ask { seat, .. }
            | Said::Submit { seat }
            | Said::NoMove { seat }
            | Said::Resign { seat }
            | Said::Reveal { seat, .. } => *seat,
        }
    }
}

/// How a phone broke the rules of the game or of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// It said something out of turn, or out of the protocol's order.
    OutOfOrder,
    /// What it showed of its set-up is not what it sealed, or not a set-up of its zone.
    SetUpNotAsSealed,
    /// An opening that does not open its piece's commitment.
    WrongOpening,
    /// It opened another piece than the one the rules open.
    NotWhatWasAsked,
    /// A move the rules refuse (seen at once, or when the armies were opened).
    Illegal(Illegal),
    /// It asked for pieces its spies do not unmask, or not for all those they do.
    WrongAsk,
    /// It said it had no move, and it had one.
    FalseNoMove,
    /// The army it opened at the end is not the army of the rules.
    NotAnArmy,
    /// It did not open what the rules made it open (said by the app's clock).
    WouldNotAnswer,
    /// As the relay, it passed the game on otherwise than it had: a value heard changed,
    /// or values it had passed on lost (its device read back from older storage).
    Rewrote,
}

/// A phone named as having broken the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broke {
    pub seat: u8,
    pub breach: Breach,
}

/// The end of a game refereed by the phones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both armies opened and the whole game checked: it ended so.
    Fair(End),
    /// A phone broke the rules: the game goes to the other.
    Broke(Broke),
}

impl Verdict {
    pub fn winner(&self) -> Option<u8> {
        match self {
            Verdict::Fair(end) => end.winner(),
            Verdict::Broke(broke) => Some(1 - broke.seat),
        }
    }
}

/// Why this phone cannot do that now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The rules refuse it.
    Rules(Illegal),
    /// The other phone has still to answer the move being made.
    Waiting,
    /// It is the other player's turn.
    NotYourTurn,
}

/// What hearing one value gave: what this phone must say in answer (in order), and what
/// happened, as the one-device referee tells it to this seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heard {
    pub say: Vec<Said>,
    pub news: Vec<Event>,
}

/// One of this phone's own pieces: its kind, its salt and its id in the state.
#[derive(Clone, Debug)]
struct Own {
    kind: Kind,
    salt: Salt,
    id: u8,
}

/// The move being made, until every opening it needs has come.
#[derive(Clone, Debug)]
struct Pending {
    seat: u8,
    from: u8,
    to: u8,
    /// An attack: the defender's token, and whether it was opened.
    defender: Option<(u8, bool)>,
    asks: [Option<Vec<u8>>; 2],
    /// Whether each seat opened what the other asked of it.
    answered: [bool; 2],
}

impl Pending {
    fn combat_known(&self) -> bool {
        self.defender.is_none_or(|(_, opened)| opened)
    }
}

/// Whether at most `left` more pieces, beside `chosen`, stand beside every square:
/// `beside[i]` are the pieces beside square `i`. (At most eight pieces stand beside a
/// square, and an army has five spies: a few thousand tries at the very worst.)
fn covered(beside: &[Vec<u8>], chosen: &mut Vec<u8>, left: usize) -> bool {
    let Some(open) = beside
        .iter()
        .find(|pieces| !pieces.iter().any(|p| chosen.contains(p)))
    else {
        return true;
    };
    if left == 0 {
        return false;
    }
    for &piece in open {
        chosen.push(piece);
        let done = covered(beside, chosen, left - 1);
        chosen.pop();
        if done {
            return true;
        }
    }
    false
}

/// One phone's side of a game refereed by the phones.
#[derive(Clone, Debug)]
pub struct Side {
    me: u8,
    context: Vec<u8>,
    state: State,
    /// This phone's army by token, once set up; its set-up until shown.
    mine: Vec<Own>,
    placement: Option<Placement>,
    /// What this phone will show once both set-ups are sealed.
    to_show: Option<(Vec<u8>, Vec<Commitment>)>,
    seals: [Option<[u8; 32]>; 2],
    shown: [Option<(Vec<u8>, Vec<Commitment>)>; 2],
    /// The enemy's pieces by token: the kind, once opened.
    known: Vec<Option<Kind>>,
    /// The enemy's pieces lost in combat.
    enemy_lost: Vec<Kind>,
    /// The enemy's pieces that ever moved, by token (a mine or a headquarters never does).
    moved_ever: Vec<bool>,
    /// What this phone said and has not yet heard back: its own words must come back as
    /// it said them, or the relay changed them.
    outbox: std::collections::VecDeque<Said>,
    said_no_move: bool,
    pending: Option<Pending>,
    reveals: [Option<Vec<Opening>>; 2],
    said: Vec<Said>,
    verdict: Option<Verdict>,
}

const PIECE: &str = "espionage piece";
const SET_UP: &str = "espionage set-up";

/// The bytes a piece's commitment binds: its seat, its token, its kind.
fn piece_value(seat: u8, token: u8, kind: Kind) -> [u8; 3] {
    [seat, token, kind.letter() as u8]
}

fn seal_digest(context: &[u8], seat: u8, squares: &[u8], commitments: &[Commitment]) -> [u8; 32] {
    let bound: Vec<u8> = commitments.iter().flat_map(|c| c.0).collect();
    digest(&[SET_UP.as_bytes(), context, &[seat], squares, &bound])
}

impl Side {
    /// Seat `me`'s side of a game of `config` on a board with these volcanoes (public, from
    /// the deal), for the game named by `context` (bytes both phones agree on: every
    /// commitment is bound to it).
    pub fn new(config: Config, volcanoes: Vec<u8>, me: u8, context: Vec<u8>) -> Side {
        Side {
            me: me.min(1),
            context,
            state: State::empty(config, volcanoes),
            mine: Vec::new(),
            placement: None,
            to_show: None,
            seals: [None, None],
            shown: [None, None],
            known: Vec::new(),
            enemy_lost: Vec::new(),
            moved_ever: Vec::new(),
            outbox: Default::default(),
            said_no_move: false,
            pending: None,
            reveals: [None, None],
            said: Vec::new(),
            verdict: None,
        }
    }

    fn domain(&self) -> Domain<'_> {
        Domain {
            label: PIECE,
            context: &self.context,
        }
    }

    pub fn seat(&self) -> u8 {
        self.me
    }

    /// Everything both phones said so far, in order.
    pub fn transcript(&self) -> &[Said] {
        &self.said
    }

    /// What this phone said that has not come back from the relay yet: after a link
    /// dropped and the relay's whole answer came ([`crate::wire::relay::Next::CaughtUp`]),
    /// these were lost, and are said again.
    pub fn unheard(&self) -> Vec<Said> {
        self.outbox.iter().cloned().collect()
    }

    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// The seat whose answer the game waits for, if it waits for one (the app's clock
    /// names it after a while, [`Side::would_not_answer`]).
    pub fn waiting_for(&self) -> Option<u8> {
        if self.verdict.is_some() {
            return None;
        }
        if matches!(self.state.phase, Phase::Over(_)) {
            return (0..2).find(|&s| self.reveals[usize::from(s)].is_none());
        }
        if self.seals.iter().all(Option::is_some)
            && let Some(s) = (0..2).find(|&s| self.shown[usize::from(s)].is_none())
        {
            return Some(s);
        }
        let pending = self.pending.as_ref()?;
        if !pending.combat_known() {
            return Some(1 - pending.seat);
        }
        for s in [pending.seat, 1 - pending.seat] {
            if pending.asks[usize::from(s)].is_none() {
                return Some(s);
            }
        }
        (0..2u8).find(|&s| {
            !pending.answered[usize::from(s)]
                && pending.asks[usize::from(1 - s)]
                    .as_ref()
                    .is_some_and(|a| !a.is_empty())
        })
    }

    /// The seat the game waited for did not answer in time: it is named, and loses.
    pub fn would_not_answer(&mut self, seat: u8) -> Verdict {
        let verdict = Verdict::Broke(Broke {
            seat: seat.min(1),
            breach: Breach::WouldNotAnswer,
        });
        self.verdict = Some(verdict.clone());
        verdict
    }

    /// The relay (the other phone, which hosts the game) passed the game on otherwise than
    /// it had ([`Breach::Rewrote`]): it is named, unless the game had already ended.
    pub fn rewritten(&mut self, relay: u8) -> Option<Broke> {
        if self.verdict.is_some() {
            return None;
        }
        Some(self.name(relay.min(1), Breach::Rewrote))
    }

    /// This seat's set-up: what to say (heard back, it stands on the board). `salts`: one
    /// fresh random salt per piece, from a cryptographic generator.
    pub fn set_up(&mut self, placement: Placement, salts: &[Salt]) -> Result<Said, Refused> {
        if self.state.phase != (Phase::SetUp { seat: self.me }) || self.placement.is_some() {
            return Err(Refused::Rules(Illegal::AlreadySetUp));
        }
        self.seal(placement, salts)
    }

    /// The seal of this seat's set-up, whatever the phase (a set-up, or one taken up again
    /// after a reload before the game reaches it).
    fn seal(&mut self, placement: Placement, salts: &[Salt]) -> Result<Said, Refused> {
        placement
            .check(self.state.config.width)
            .map_err(|_| Refused::Rules(Illegal::ImpossibleSetUp))?;
        if salts.len() < ARMY_SIZE {
            return Err(Refused::Rules(Illegal::ImpossibleSetUp));
        }
        let zone = self.state.geometry().zone(self.me);
        let mut squares = Vec::new();
        let mut commitments = Vec::new();
        self.mine.clear();
        for (&square, kind) in zone.iter().zip(&placement.0) {
            let Some(kind) = *kind else { continue };
            let token = squares.len() as u8;
            let salt = salts[usize::from(token)];
            commitments.push(
                self.domain()
                    .commit(&piece_value(self.me, token, kind), &salt),
            );
            squares.push(square);
            self.mine.push(Own { kind, salt, id: 0 });
        }
        let digest = seal_digest(&self.context, self.me, &squares, &commitments);
        self.placement = Some(placement);
        self.to_show = Some((squares, commitments));
        Ok(Said::Sealed {
            seat: self.me,
            digest,
        })
        .inspect(|said| self.outbox.push_back(said.clone()))
    }

    fn enemy(&self) -> u8 {
        1 - self.me
    }

    fn piece(&self, square: u8) -> Option<Piece> {
        self.state.board.get(usize::from(square)).copied().flatten()
    }

    /// The owner and token of the piece on `square` in `state` (this phone's, or one made
    /// from it).
    fn token_in(&self, state: &State, square: u8) -> Option<(u8, u8)> {
        let piece = state.board.get(usize::from(square)).copied().flatten()?;
        if piece.owner == self.me {
            let token = self.mine.iter().position(|own| own.id == piece.id)?;
            Some((piece.owner, token as u8))
        } else {
            Some((piece.owner, piece.id))
        }
    }

    fn my_opening(&self, token: u8) -> Opening {
        let own = &self.mine[usize::from(token)];
        Opening {
            token,
            kind: own.kind,
            salt: own.salt,
        }
    }

    /// This phone's whole army opened (what it says at the end).
    fn my_army(&self) -> Vec<Opening> {
        (0..self.mine.len() as u8)
            .map(|t| self.my_opening(t))
            .collect()
    }

    fn opens(&self, seat: u8, opening: &Opening) -> bool {
        self.shown[usize::from(seat.min(1))]
            .as_ref()
            .and_then(|(_, commitments)| commitments.get(usize::from(opening.token)))
            .is_some_and(|c| {
                self.domain().opens(
                    c,
                    &piece_value(seat, opening.token, opening.kind),
                    &opening.salt,
                )
            })
    }

    /// An enemy piece's kind, opened: known from now on, and its piece stands as what it
    /// is. A mine or a headquarters that ever moved is caught here.
    fn learn(&mut self, seat: u8, opening: &Opening) -> Result<(), Breach> {
        if seat == self.me {
            return Ok(());
        }
        let token = usize::from(opening.token);
        if self.moved_ever.get(token) == Some(&true) && !opening.kind.moves() {
            return Err(Breach::Illegal(Illegal::NeverMoves(opening.kind)));
        }
        if let Some(known) = self.known.get_mut(token) {
            *known = Some(opening.kind);
        }
        for piece in self.state.board.iter_mut().flatten() {
            if piece.owner == seat && piece.id == opening.token {
                piece.kind = opening.kind;
            }
        }
        Ok(())
    }

    /// The state once the move being made is applied, with what this phone knows now.
    fn after_move(&self) -> Option<(State, Vec<Event>)> {
        let pending = self.pending.as_ref()?;
        let mut state = self.state.clone();
        let events = Espionage::apply(
            &mut state,
            Action::Move {
                from: pending.from,
                to: pending.to,
            },
        )
        .ok()?;
        Some((state, events))
    }

    /// The squares of the enemy pieces this phone's spies unmask after the move being made.
    fn my_ask(&self) -> Said {
        let enemy = self.enemy();
        let squares = self
            .after_move()
            .map(|(_, events)| {
                events
                    .iter()
                    .filter_map(|e| match *e {
                        Event::Unmasked { owner, square, .. } if owner == enemy => Some(square),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        Said::Ask {
            seat: self.me,
            squares,
        }
    }

    /// What this phone says for its own action on its turn (heard back, it is played).
    pub fn act(&mut self, action: Action) -> Result<Said, Refused> {
        if self.verdict.is_some() {
            return Err(Refused::Rules(Illegal::GameOver));
        }
        match self.state.phase {
            Phase::SetUp { .. } => return Err(Refused::Rules(Illegal::SetUpFirst)),
            Phase::Over(_) => return Err(Refused::Rules(Illegal::GameOver)),
            Phase::Turn { seat } if seat != self.me => return Err(Refused::NotYourTurn),
            Phase::Turn { .. } => {}
        }
        // A move being made, or this phone's own words not yet heard back (a second tap
        // before the first came back): it waits.
        if self.pending.is_some() || !self.outbox.is_empty() {
            return Err(Refused::Waiting);
        }
        let me = self.me;
        // This phone knows its own pieces: the engine judges its action exactly.
        let mut probe = self.state.clone();
        Espionage::apply(&mut probe, action.clone()).map_err(Refused::Rules)?;
        let said = match action {
            Action::Move { from, to } => {
                let attacks = self.piece(to).is_some_and(|p| p.owner != me);
                let attacker = match self.token_in(&self.state, from) {
                    Some((_, token)) if attacks => Some(self.my_opening(token)),
                    _ => None,
                };
                Said::Move {
                    seat: me,
                    from,
                    to,
                    attacker,
                }
            }
            Action::Submit => Said::Submit { seat: me },
            Action::Resign => Said::Resign { seat: me },
            Action::SetUp(_) => return Err(Refused::Rules(Illegal::AlreadySetUp)),
        };
        self.outbox.push_back(said.clone());
        Ok(said)
    }

    /// What this phone must say now, remembered so that it knows its own words when they
    /// come back.
    fn say(&mut self, heard: &mut Heard, said: Said) {
        self.outbox.push_back(said.clone());
        heard.say.push(said);
    }

    /// Hear one value, either phone's, in the relay's order: what to say in answer, and
    /// what happened. A breach names the phone that broke the rules (it is also the
    /// verdict from now on); after the verdict nothing more is heard.
    pub fn hear(&mut self, said: Said) -> Result<Heard, Broke> {
        if let Some(verdict) = &self.verdict {
            return match verdict {
                Verdict::Broke(broke) => Err(broke.clone()),
                Verdict::Fair(_) => Ok(Heard::default()),
            };
        }
        let seat = said.seat();
        if seat > 1 {
            return Err(self.name(self.enemy(), Breach::OutOfOrder));
        }
        // This phone's own words come back as it said them, or the relay changed them.
        if seat == self.me && self.outbox.pop_front().as_ref() != Some(&said) {
            return Err(self.name(self.enemy(), Breach::OutOfOrder));
        }
        self.said.push(said.clone());
        let was_over = matches!(self.state.phase, Phase::Over(_));
        let mut heard = Heard::default();
        let result = match said {
            Said::Sealed { seat, digest } => self.sealed(seat, digest, &mut heard),
            Said::Shown {
                seat,
                squares,
                commitments,
            } => self.shown(seat, squares, commitments, &mut heard),
            Said::Move {
                seat,
                from,
                to,
                attacker,
            } => self.moved(seat, from, to, attacker, &mut heard),
            Said::Open { seat, openings } => self.opened(seat, &openings, &mut heard),
            Said::Ask { seat, squares } => self.asked(seat, squares, &mut heard),
            Said::Submit { seat } => self.submitted(seat, &mut heard),
            Said::NoMove { seat } => self.no_move(seat, &mut heard),
            Said::Resign { seat } => self.resigned(seat, &mut heard),
            Said::Reveal { seat, openings } => self.revealed(seat, openings),
        };
        if let Err(breach) = result {
            return Err(self.name(seat, breach));
        }
        if !was_over && let Phase::Over(end) = self.state.phase {
            // Only this phone knows it has no move: it says so, then opens its army.
            if end == (End::NoMove { loser: self.me }) && !self.said_no_move {
                self.said_no_move = true;
                self.say(&mut heard, Said::NoMove { seat: self.me });
            }
            let army = self.my_army();
            self.say(
                &mut heard,
                Said::Reveal {
                    seat: self.me,
                    openings: army,
                },
            );
        }
        if let Some(Verdict::Broke(broke)) = &self.verdict {
            return Err(broke.clone());
        }
        Ok(heard)
    }

    fn name(&mut self, seat: u8, breach: Breach) -> Broke {
        let broke = Broke { seat, breach };
        self.verdict = Some(Verdict::Broke(broke.clone()));
        broke
    }

    fn sealed(&mut self, seat: u8, digest: [u8; 32], heard: &mut Heard) -> Result<(), Breach> {
        if self.state.phase != (Phase::SetUp { seat }) || self.seals[usize::from(seat)].is_some() {
            return Err(Breach::OutOfOrder);
        }
        self.seals[usize::from(seat)] = Some(digest);
        if seat == self.me {
            let placement = self.placement.clone().ok_or(Breach::OutOfOrder)?;
            self.state
                .place_army(seat, &placement)
                .map_err(Breach::Illegal)?;
        }
        heard.news.push(Event::SetUp { seat });
        if seat == 0 {
            self.state.phase = Phase::SetUp { seat: 1 };
        } else if let Some((squares, commitments)) = self.to_show.clone() {
            self.say(
                heard,
                Said::Shown {
                    seat: self.me,
                    squares,
                    commitments,
                },
            );
        }
        Ok(())
    }

    fn shown(
        &mut self,
        seat: u8,
        squares: Vec<u8>,
        commitments: Vec<Commitment>,
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        let s = usize::from(seat);
        if self.seals.iter().any(Option::is_none) || self.shown[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        if self.seals[s] != Some(seal_digest(&self.context, seat, &squares, &commitments)) {
            return Err(Breach::SetUpNotAsSealed);
        }
        let zone = self.state.geometry().zone(seat);
        let places: Option<Vec<usize>> = squares
            .iter()
            .map(|sq| zone.iter().position(|z| z == sq))
            .collect();
        let in_order = places
            .as_ref()
            .is_some_and(|p| p.windows(2).all(|w| w[0] < w[1]));
        if !in_order || squares.len() != ARMY_SIZE || commitments.len() != ARMY_SIZE {
            return Err(Breach::SetUpNotAsSealed);
        }
        if seat == self.me {
            for (own, &square) in self.mine.iter_mut().zip(&squares) {
                own.id = self.state.board[usize::from(square)].map_or(0, |p| p.id);
            }
        } else {
            for (token, &square) in squares.iter().enumerate() {
                self.state.board[usize::from(square)] = Some(Piece {
                    owner: seat,
                    id: token as u8,
                    kind: UNKNOWN,
                    unmasked: false,
                });
            }
            self.known = vec![None; ARMY_SIZE];
            self.moved_ever = vec![false; ARMY_SIZE];
        }
        self.shown[s] = Some((squares, commitments));
        if self.shown.iter().all(Option::is_some) {
            self.state.phase = Phase::Turn { seat: 0 };
            // RULINGS §3 End: South may have no move on the first turn. Only South knows
            // for sure; the other phone knows when every piece of South's is penned in.
            if !self.state.has_move() {
                let end = End::NoMove { loser: 0 };
                self.state.phase = Phase::Over(end);
                heard.news.push(Event::Ended { end });
            }
        }
        Ok(())
    }

    fn moved(
        &mut self,
        seat: u8,
        from: u8,
        to: u8,
        attacker: Option<Opening>,
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        if self.state.phase != (Phase::Turn { seat }) || self.pending.is_some() {
            return Err(Breach::OutOfOrder);
        }
        // What the rules say of the move, with what this phone knows (all of it for its
        // own pieces; the squares and what was opened for the other's).
        let mut probe = self.state.clone();
        Espionage::apply(&mut probe, Action::Move { from, to }).map_err(Breach::Illegal)?;
        let defender = self
            .piece(to)
            .filter(|p| p.owner != seat)
            .and_then(|_| self.token_in(&self.state, to))
            .map(|(_, token)| (token, false));
        let mover = self.token_in(&self.state, from).map(|(_, t)| t);
        match (&defender, &attacker) {
            (Some(_), Some(opening)) => {
                if Some(opening.token) != mover {
                    return Err(Breach::NotWhatWasAsked);
                }
                if !self.opens(seat, opening) {
                    return Err(Breach::WrongOpening);
                }
                if !opening.kind.moves() {
                    return Err(Breach::Illegal(Illegal::NeverMoves(opening.kind)));
                }
                self.learn(seat, opening)?;
            }
            (None, None) => {}
            _ => return Err(Breach::NotWhatWasAsked),
        }
        if seat != self.me
            && let Some(token) = mover
            && let Some(moved) = self.moved_ever.get_mut(usize::from(token))
        {
            *moved = true;
        }
        self.pending = Some(Pending {
            seat,
            from,
            to,
            defender,
            asks: [None, None],
            answered: [false, false],
        });
        match defender {
            Some((token, _)) if seat != self.me => {
                let opening = self.my_opening(token);
                self.say(
                    heard,
                    Said::Open {
                        seat: self.me,
                        openings: vec![opening],
                    },
                );
            }
            Some(_) => {}
            None => {
                let ask = self.my_ask();
                self.say(heard, ask);
            }
        }
        Ok(())
    }

    fn opened(
        &mut self,
        seat: u8,
        openings: &[Opening],
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        let Some(pending) = self.pending.clone() else {
            return Err(Breach::OutOfOrder);
        };
        if let Some((token, false)) = pending.defender {
            // The defender of an attack.
            if seat == pending.seat {
                return Err(Breach::OutOfOrder);
            }
            let [opening] = openings else {
                return Err(Breach::NotWhatWasAsked);
            };
            if opening.token != token {
                return Err(Breach::NotWhatWasAsked);
            }
            if !self.opens(seat, opening) {
                return Err(Breach::WrongOpening);
            }
            self.learn(seat, opening)?;
            if let Some(p) = &mut self.pending {
                p.defender = Some((token, true));
            }
            let ask = self.my_ask();
            self.say(heard, ask);
            return Ok(());
        }
        // An answer to the other's spies.
        let s = usize::from(seat);
        let asked = match &pending.asks[1 - s] {
            Some(squares) if !squares.is_empty() && !pending.answered[s] => squares.clone(),
            _ => return Err(Breach::OutOfOrder),
        };
        let (after, _) = self.after_move().ok_or(Breach::OutOfOrder)?;
        let tokens: Vec<Option<u8>> = asked
            .iter()
            .map(|&sq| self.token_in(&after, sq).map(|(_, t)| t))
            .collect();
        if openings.len() != tokens.len()
            || openings.iter().zip(&tokens).any(|(o, t)| Some(o.token) != *t)
        {
            return Err(Breach::NotWhatWasAsked);
        }
        if openings.iter().any(|o| !self.opens(seat, o)) {
            return Err(Breach::WrongOpening);
        }
        for opening in openings {
            self.learn(seat, opening)?;
        }
        if let Some(p) = &mut self.pending {
            p.answered[s] = true;
        }
        self.complete(heard)
    }

    /// Whether `seat`'s spies could unmask every one of `squares` on the board `after` the
    /// move, as far as this phone knows them: each square beside a piece of `seat`'s that
    /// may be a spy (one whose kind is not known, or a known spy), and all of them beside
    /// no more such pieces than `seat` has spies left. An ask beyond that would open pieces
    /// no spy sees: refused at once, before anything is opened.
    fn spies_could_see(&self, seat: u8, after: &State, squares: &[u8]) -> bool {
        let g = after.geometry();
        let may_be_spy = |square: u8| {
            after.board[usize::from(square)].is_some_and(|p| {
                p.owner == seat
                    && self
                        .known
                        .get(usize::from(p.id))
                        .copied()
                        .flatten()
                        .is_none_or(|kind| kind == Kind::Spy)
            })
        };
        let beside: Vec<Vec<u8>> = squares
            .iter()
            .map(|&square| g.around(square).filter(|&n| may_be_spy(n)).collect())
            .collect();
        let spies = ARMY
            .iter()
            .find(|(kind, _)| *kind == Kind::Spy)
            .map_or(0, |&(_, n)| usize::from(n));
        let lost = self.enemy_lost.iter().filter(|&&k| k == Kind::Spy).count();
        covered(&beside, &mut Vec::new(), spies.saturating_sub(lost))
    }

    fn asked(&mut self, seat: u8, squares: Vec<u8>, heard: &mut Heard) -> Result<(), Breach> {
        let s = usize::from(seat);
        let Some(pending) = self.pending.clone() else {
            return Err(Breach::OutOfOrder);
        };
        if !pending.combat_known() || pending.asks[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        let (after, events) = self.after_move().ok_or(Breach::OutOfOrder)?;
        let other = 1 - seat;
        let masked_before = |piece: Piece| {
            self.state
                .board
                .iter()
                .flatten()
                .any(|p| p.owner == piece.owner && p.id == piece.id && !p.unmasked)
        };
        let mut seen = Vec::new();
        for &square in &squares {
            let fits = after
                .board
                .get(usize::from(square))
                .copied()
                .flatten()
                .is_some_and(|p| p.owner == other && masked_before(p))
                && !(pending.defender.is_some() && square == pending.to)
                && !seen.contains(&square);
            if !fits {
                return Err(Breach::WrongAsk);
            }
            seen.push(square);
        }
        if other == self.me && !self.spies_could_see(seat, &after, &squares) {
            return Err(Breach::WrongAsk);
        }
        if seat != self.me {
            // What the other's spies known to this phone unmask must be asked for.
            let due = events.iter().any(|e| {
                matches!(*e, Event::Unmasked { owner, square, .. }
                    if owner == self.me && !squares.contains(&square))
            });
            if due {
                return Err(Breach::WrongAsk);
            }
        }
        let nothing = squares.is_empty();
        if let Some(p) = &mut self.pending {
            p.asks[s] = Some(squares.clone());
            if nothing {
                p.answered[usize::from(other)] = true;
            }
        }
        if other == self.me && !nothing {
            let openings = squares
                .iter()
                .filter_map(|&sq| self.token_in(&after, sq))
                .map(|(_, token)| self.my_opening(token))
                .collect();
            self.say(
                heard,
                Said::Open {
                    seat: self.me,
                    openings,
                },
            );
        }
        self.complete(heard)
    }

    /// The move being made, once every opening it needs has come: applied.
    fn complete(&mut self, heard: &mut Heard) -> Result<(), Breach> {
        let Some(pending) = self.pending.clone() else {
            return Ok(());
        };
        let ready = pending.combat_known()
            && pending.asks.iter().all(Option::is_some)
            && pending.answered.iter().all(|&a| a);
        if !ready {
            return Ok(());
        }
        self.pending = None;
        let mut events = Espionage::apply(
            &mut self.state,
            Action::Move {
                from: pending.from,
                to: pending.to,
            },
        )
        .map_err(Breach::Illegal)?;
        // The other's spies this phone did not know of unmasked these of its pieces.
        let end = matches!(events.last(), Some(Event::Ended { .. })).then(|| events.pop());
        for &square in pending.asks[usize::from(self.enemy())].iter().flatten() {
            if let Some(piece) = &mut self.state.board[usize::from(square)]
                && piece.owner == self.me
                && !piece.unmasked
            {
                piece.unmasked = true;
                events.push(Event::Unmasked {
                    owner: self.me,
                    square,
                    kind: piece.kind,
                });
            }
        }
        events.extend(end.flatten());
        let enemy = self.enemy();
        for event in &events {
            if let Event::Combat {
                seat,
                attacker,
                defender,
                outcome,
                ..
            } = *event
            {
                let lost = match outcome {
                    Outcome::AttackerWins | Outcome::MineCleared | Outcome::HeadquartersTaken => {
                        (1 - seat, defender)
                    }
                    Outcome::DefenderWins | Outcome::MineHolds => (seat, attacker),
                };
                if lost.0 == enemy {
                    self.enemy_lost.push(lost.1);
                }
            }
        }
        heard.news.extend(events);
        Ok(())
    }

    fn submitted(&mut self, seat: u8, heard: &mut Heard) -> Result<(), Breach> {
        if self.state.phase != (Phase::Turn { seat })
            || self.pending.is_some()
            || self.state.moves_made == 0
        {
            return Err(Breach::OutOfOrder);
        }
        let events = if seat == self.me || self.state.moves_made >= 2 {
            Espionage::apply(&mut self.state, Action::Submit).map_err(Breach::Illegal)?
        } else {
            // One move: only its mover knows whether another of its pieces could move
            // (checked when the armies are opened).
            self.state.end_turn(seat)
        };
        heard.news.extend(events);
        Ok(())
    }

    fn no_move(&mut self, seat: u8, heard: &mut Heard) -> Result<(), Breach> {
        let end = End::NoMove { loser: seat };
        match self.state.phase {
            Phase::Over(over) if over == end => Ok(()),
            Phase::Turn { seat: mover }
                if mover == seat
                    && seat != self.me
                    && self.state.moves_made == 0
                    && self.pending.is_none() =>
            {
                self.state.phase = Phase::Over(end);
                heard.news.push(Event::Ended { end });
                Ok(())
            }
            _ => Err(Breach::OutOfOrder),
        }
    }

    fn resigned(&mut self, seat: u8, heard: &mut Heard) -> Result<(), Breach> {
        if self.state.phase != (Phase::Turn { seat }) || self.pending.is_some() {
            return Err(Breach::OutOfOrder);
        }
        let events =
            Espionage::apply(&mut self.state, Action::Resign).map_err(Breach::Illegal)?;
        heard.news.extend(events);
        Ok(())
    }

    fn revealed(&mut self, seat: u8, openings: Vec<Opening>) -> Result<(), Breach> {
        let s = usize::from(seat);
        if !matches!(self.state.phase, Phase::Over(_)) || self.reveals[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        let whole = openings.len() == ARMY_SIZE
            && openings.iter().enumerate().all(|(t, o)| usize::from(o.token) == t);
        if !whole {
            return Err(Breach::NotAnArmy);
        }
        if openings.iter().any(|o| !self.opens(seat, o)) {
            return Err(Breach::WrongOpening);
        }
        if !is_an_army(&openings) {
            return Err(Breach::NotAnArmy);
        }
        for opening in &openings {
            self.learn(seat, opening)?;
        }
        self.reveals[s] = Some(openings);
        if self.reveals.iter().all(Option::is_some) {
            let Phase::Over(end) = self.state.phase else {
                return Ok(());
            };
            let verdict = audit(
                &self.state.config,
                &self.state.volcanoes,
                &self.context,
                &self.said,
            )
            .unwrap_or(Verdict::Fair(end));
            self.verdict = Some(verdict);
        }
        Ok(())
    }

    /// Whose turn it is (a set-up's, a move's), as the seat's view says it, without drawing
    /// the board: nobody's once the game is over or a player is named.
    pub fn to_act(&self) -> crate::game::ToAct {
        match &self.verdict {
            Some(Verdict::Broke(_)) => crate::game::ToAct::Nobody,
            _ => Espionage::to_act(&self.state),
        }
    }

    /// What this seat's screen is drawn from, as the one-device referee's view of the
    /// seat: whose turn, the game's status (a player named as having broken the rules has
    /// lost it), and the board. Nothing is taken back in a game the phones referee.
    pub fn seat_view(&self) -> crate::game::View<EspionageView> {
        use crate::game::Status;
        let status = match &self.verdict {
            Some(Verdict::Broke(broke)) => Status::Over {
                winners: vec![1 - broke.seat],
                scores: Vec::new(),
            },
            _ => Espionage::status(&self.state),
        };
        let to_act = self.to_act();
        crate::game::View {
            to_act,
            status,
            can_undo: false,
            body: self.view(),
        }
    }

    /// What this seat may do now: its moves and its submit on its turn (as the referee
    /// lists them: this phone knows its own pieces), nothing while a move waits for an
    /// answer or after the verdict. At its set-up, one sensible set-up drawn from
    /// `suggestion`, a seed this phone drew itself (one from the deal would show the host
    /// the set-up a player took).
    pub fn legal_actions(&self, suggestion: crate::seed::Seed) -> Vec<Action> {
        if matches!(self.verdict, Some(Verdict::Broke(_)))
            || self.pending.is_some()
            || !self.outbox.is_empty()
        {
            return Vec::new();
        }
        match self.state.phase {
            Phase::SetUp { seat } if seat == self.me && self.placement.is_none() => vec![
                Action::SetUp(Placement::sensible(suggestion, self.state.config.width)),
            ],
            Phase::Turn { seat } if seat == self.me => Espionage::legal_actions(&self.state),
            _ => Vec::new(),
        }
    }

    /// What this seat sees, as the one-device referee would show it.
    pub fn view(&self) -> EspionageView {
        let mut view = view::view(&self.state, Viewer::Seat(self.me));
        let enemy = self.enemy();
        if self.shown[usize::from(enemy)].is_some() {
            for (square, seen) in view.squares.iter_mut().enumerate() {
                if let Seen::Enemy { kind: Some(_) } = seen
                    && let Some(piece) = self.piece(square as u8)
                {
                    *seen = Seen::Enemy {
                        kind: self.known.get(usize::from(piece.id)).copied().flatten(),
                    };
                }
            }
        }
        let mut lost = self.enemy_lost.clone();
        lost.sort();
        view.lost[usize::from(enemy)] = lost;
        view
    }
}

/// What a phone keeps of its side through a reload: its own set-up and salts (its secrets,
/// which never leave it unopened), everything said so far, what it said that has not come
/// back yet, and the player this phone named for what its transcript does not show (its
/// clock's verdict, or a relay that rewrote the game), if it named one. The other army is
/// not in it: a phone never held it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub placement: Option<Placement>,
    pub salts: Vec<Salt>,
    pub said: Vec<Said>,
    pub outbox: Vec<Said>,
    pub named: Option<Broke>,
}

/// Why a kept side could not be taken up again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unkept {
    /// The bytes are damaged (cut short, changed).
    Damaged(crate::wire::WireError),
    /// What was kept does not play back (written by something else than this phone).
    DoesNotPlay(Broke),
}

impl Side {
    /// What this phone keeps through a reload (see [`Kept`]).
    pub fn kept(&self) -> Kept {
        Kept {
            placement: self.placement.clone(),
            salts: self.mine.iter().map(|own| own.salt).collect(),
            said: self.said.clone(),
            outbox: self.outbox.iter().cloned().collect(),
            named: match &self.verdict {
                Some(Verdict::Broke(
                    broke @ Broke {
                        breach: Breach::WouldNotAnswer | Breach::Rewrote,
                        ..
                    },
                )) => Some(broke.clone()),
                _ => None,
            },
        }
    }

    /// The side a phone kept, taken up again: its set-up made with the same salts, and
    /// everything said heard again in order (each value checked as the first time). A game
    /// ended by a broken rule stays ended with the same player named: the value that broke
    /// it is the last one heard (nothing is heard after a verdict), and a verdict the
    /// transcript does not show (the clock's, a relay's rewrite) is kept beside it. A value that breaks the rules before the last is not
    /// what this phone heard: the kept game was written by something else.
    pub fn restore(
        config: Config,
        volcanoes: Vec<u8>,
        me: u8,
        context: Vec<u8>,
        kept: &Kept,
    ) -> Result<Side, Unkept> {
        let mut side = Side::new(config, volcanoes, me, context);
        let unplayable = |seat| {
            Unkept::DoesNotPlay(Broke {
                seat,
                breach: Breach::OutOfOrder,
            })
        };
        if let Some(placement) = &kept.placement {
            side.seal(placement.clone(), &kept.salts)
                .map_err(|_| unplayable(me))?;
        }
        for (at, said) in kept.said.iter().enumerate() {
            // This phone's own actions were said by `act`; its answers come again as it
            // hears.
            if said.seat() == side.me && side.outbox.front() != Some(said) {
                side.outbox.push_back(said.clone());
            }
            if let Err(broke) = side.hear(said.clone())
                && at + 1 < kept.said.len()
            {
                return Err(Unkept::DoesNotPlay(broke));
            }
        }
        if let Some(named) = &kept.named
            && side.verdict.is_none()
        {
            side.name(named.seat.min(1), named.breach.clone());
        }
        side.outbox = kept.outbox.iter().cloned().collect();
        Ok(side)
    }
}

/// A kept side as bytes (for the device's storage).
pub fn kept_to_bytes(kept: &Kept) -> Vec<u8> {
    crate::wire::to_bytes(kept)
}

pub fn kept_from_bytes(bytes: &[u8]) -> Result<Kept, Unkept> {
    let kept: Kept = crate::wire::from_bytes(bytes).map_err(Unkept::Damaged)?;
    let fits = kept
        .said
        .iter()
        .chain(&kept.outbox)
        .all(super::wire::said_fits);
    let named_fits = kept.named.as_ref().is_none_or(|named| {
        named.seat < 2 && matches!(named.breach, Breach::WouldNotAnswer | Breach::Rewrote)
    });
    if !fits || !named_fits || kept.salts.len() > ARMY_SIZE {
        return Err(Unkept::Damaged(crate::wire::WireError::Bad("kept game")));
    }
    Ok(kept)
}

/// A phone's words as bytes (`crate::wire`).
pub fn to_bytes(said: &Said) -> Vec<u8> {
    crate::wire::to_bytes(said)
}

/// A phone's words read from bytes, checked: a frame cut short, too long, of an unknown
/// kind or naming what no army holds is refused, never a panic.
pub fn from_bytes(bytes: &[u8]) -> Result<Said, crate::wire::WireError> {
    if bytes.len() > crate::wire::MOST_BYTES {
        return Err(crate::wire::WireError::TooLong);
    }
    let said: Said = crate::wire::from_bytes(bytes)?;
    if !super::wire::said_fits(&said) {
        return Err(crate::wire::WireError::Bad("phone's words"));
    }
    Ok(said)
}

/// Whether these openings are the army of the rules.
fn is_an_army(openings: &[Opening]) -> bool {
    ARMY.iter().all(|&(kind, count)| {
        openings.iter().filter(|o| o.kind == kind).count() == usize::from(count)
    })
}

/// The whole game checked once both armies are opened: each army is an army and opens its
/// commitments, and the game replayed on the rules engine with both set-ups accepts every
/// move, submit and resignation, unmasks what each phone asked for and no more, and ends as
/// the phones said. `None` when the transcript holds no whole game to check.
pub fn audit(config: &Config, volcanoes: &[u8], context: &[u8], said: &[Said]) -> Option<Verdict> {
    let broke = |seat: u8, breach: Breach| Some(Verdict::Broke(Broke { seat, breach }));
    let domain = Domain {
        label: PIECE,
        context,
    };
    let mut shown: [Option<(&[u8], &[Commitment])>; 2] = [None, None];
    let mut reveals: [Option<&[Opening]>; 2] = [None, None];
    for s in said {
        match s {
            Said::Shown {
                seat,
                squares,
                commitments,
            } if *seat < 2 => shown[usize::from(*seat)] = Some((squares, commitments)),
            Said::Reveal { seat, openings } if *seat < 2 => {
                reveals[usize::from(*seat)] = Some(openings)
            }
            _ => {}
        }
    }
    let geometry = config.geometry();
    let mut state = State::empty(config.clone(), volcanoes.to_vec());
    for seat in 0..2u8 {
        let (squares, commitments) = shown[usize::from(seat)]?;
        let openings = reveals[usize::from(seat)]?;
        let opens = openings.len() == commitments.len()
            && openings.iter().zip(commitments).enumerate().all(|(t, (o, c))| {
                usize::from(o.token) == t
                    && domain.opens(c, &piece_value(seat, o.token, o.kind), &o.salt)
            });
        if !opens {
            return broke(seat, Breach::WrongOpening);
        }
        if !is_an_army(openings) {
            return broke(seat, Breach::NotAnArmy);
        }
        let placement = Placement(
            geometry
                .zone(seat)
                .iter()
                .map(|sq| {
                    let token = squares.iter().position(|s| s == sq)?;
                    Some(openings[token].kind)
                })
                .collect(),
        );
        if Espionage::apply(&mut state, Action::SetUp(placement)).is_err() {
            return broke(seat, Breach::NotAnArmy);
        }
    }
    let mut last: Vec<Event> = Vec::new();
    for s in said {
        let (seat, action) = match *s {
            Said::Move { seat, from, to, .. } => (seat, Action::Move { from, to }),
            Said::Submit { seat } => (seat, Action::Submit),
            Said::Resign { seat } => (seat, Action::Resign),
            Said::Ask { seat, ref squares } => {
                let mut unmasked: Vec<u8> = last
                    .iter()
                    .filter_map(|e| match *e {
                        Event::Unmasked { owner, square, .. } if owner != seat => Some(square),
                        _ => None,
                    })
                    .collect();
                let mut asked = squares.clone();
                unmasked.sort_unstable();
                asked.sort_unstable();
                if unmasked != asked {
                    return broke(seat, Breach::WrongAsk);
                }
                continue;
            }
            Said::NoMove { seat } => {
                if state.phase != Phase::Over(End::NoMove { loser: seat }) {
                    return broke(seat, Breach::FalseNoMove);
                }
                continue;
            }
            _ => continue,
        };
        match Espionage::apply(&mut state, action) {
            Ok(events) => last = events,
            Err(illegal) => return broke(seat, Breach::Illegal(illegal)),
        }
    }
    match state.phase {
        Phase::Over(end) => Some(Verdict::Fair(end)),
        _ => None,
    }
}

#[cfg(test)]
#[path = "fair_tests.rs"]
mod tests;

//! Computer players: what a bot is given (one seat's view, that seat's legal actions and
//! the news that seat was shown — never a state, a record, a seed or the referee), the bot
//! that picks at random, and the loop that plays bots against each other (`play`), which
//! the `bots` example prints matches with.
//!
//! A bot sees what its seat sees because its one method takes a [`Seen`], and a `Seen` is
//! built from the referee only as that seat ([`ComputerSeat::decide`]).

use crate::game::{Game, Referee, Status, ToAct, View};
use crate::seats::Viewer;
use crate::seed::Rng;

#[cfg(test)]
pub(crate) mod hard_tests;
mod rounds;
pub use rounds::{Playouts, Rounds, Searched, lots};

/// Everything one seat knows when it must act.
pub struct Seen<'a, G: Game> {
    pub seat: u8,
    /// The seat's own view (its secrets and nothing of the others').
    pub view: &'a View<G::View>,
    /// What the seat may do now; the bot answers with an index into it, so its choice is
    /// legal whatever it is.
    pub legal: &'a [G::Action],
    /// Every event this seat was shown, oldest first.
    pub news: &'a [G::Event],
}

/// A computer player of game `G`.
pub trait Bot<G: Game> {
    /// The index in `seen.legal` of the action to take (`seen.legal` is never empty);
    /// `rng` is the bot's own stream, so a seed replays its choices.
    fn decide(&mut self, seen: &Seen<'_, G>, rng: &mut Rng) -> usize;

    /// Think about `seen` for about `work` units of the bot's own measure, and say the
    /// index of its choice once it has one: a page thinks in slices between frames. The
    /// choice is the one [`Bot::decide`] makes with the same `rng`, however the work is
    /// sliced. Until it is said (or [`Bot::forget`] is called), every call is about the
    /// same `seen`. A bot that decides in one go (Easy, Normal) decides at once.
    fn think(&mut self, seen: &Seen<'_, G>, rng: &mut Rng, work: usize) -> Option<usize> {
        let _ = work;
        Some(self.decide(seen, rng))
    }

    /// The best choice so far of a thought not finished ("Move now"), if it has one.
    fn best_so_far(&self) -> Option<usize> {
        None
    }

    /// Drop a thought not finished: the game moved on.
    fn forget(&mut self) {}
}

/// Any legal action but giving up, each as likely: the floor every other bot is measured
/// against.
pub struct Random;

impl<G: Game> Bot<G> for Random {
    fn decide(&mut self, seen: &Seen<'_, G>, rng: &mut Rng) -> usize {
        let playing: Vec<usize> = (0..seen.legal.len())
            .filter(|&i| !G::gives_up(&seen.legal[i]))
            .collect();
        if playing.is_empty() {
            rng.below(seen.legal.len() as u64) as usize
        } else {
            playing[rng.below(playing.len() as u64) as usize]
        }
    }
}

/// The best-scored of the actions a bot weighs: the first of the highest scores (a bot
/// that wants ties broken at random adds its own draw to each score).
#[derive(Default)]
pub struct Best(Option<(i32, usize)>);

impl Best {
    /// Weigh the action at `index` in `Seen::legal`.
    pub fn offer(&mut self, index: usize, score: i32) {
        if self.0.is_none_or(|(best, _)| score > best) {
            self.0 = Some((score, index));
        }
    }

    /// The chosen index (0 when nothing was offered).
    pub fn index(&self) -> usize {
        self.0.map_or(0, |(_, index)| index)
    }
}

/// How well a game's own bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Normal,
    /// Searches over what its seat cannot see: states sampled from its view and news.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its name in the `bots` example and in saves.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level a name names ([`Level::name`]).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// A game with computer players: every game in the registry is one (`games::visit` asks
/// for it).
pub trait Computer: Game + Sized + 'static {
    /// The game's own computer player.
    type Player: Bot<Self>;
    /// The levels the game's player has, weakest first: a game without its Hard yet
    /// has Easy and Normal.
    const LEVELS: &'static [Level] = &[Level::Easy, Level::Normal];
    /// Its player at `level`, one of [`Computer::LEVELS`] (a level the game lacks plays
    /// as the strongest it has below it).
    fn player(level: Level) -> Self::Player;
}

/// A computer player of `G` by name: the random one, or the game's own at a level. Called
/// directly, never through a trait object: a game's player stays in that game's own part
/// of the app.
pub enum Named<G: Computer> {
    Random(Random),
    Own(G::Player),
}

impl<G: Computer> Bot<G> for Named<G> {
    fn decide(&mut self, seen: &Seen<'_, G>, rng: &mut Rng) -> usize {
        match self {
            Named::Random(bot) => bot.decide(seen, rng),
            Named::Own(bot) => bot.decide(seen, rng),
        }
    }

    fn think(&mut self, seen: &Seen<'_, G>, rng: &mut Rng, work: usize) -> Option<usize> {
        match self {
            Named::Random(bot) => bot.think(seen, rng, work),
            Named::Own(bot) => bot.think(seen, rng, work),
        }
    }

    fn best_so_far(&self) -> Option<usize> {
        match self {
            Named::Random(bot) => Bot::<G>::best_so_far(bot),
            Named::Own(bot) => bot.best_so_far(),
        }
    }

    fn forget(&mut self) {
        match self {
            Named::Random(bot) => Bot::<G>::forget(bot),
            Named::Own(bot) => bot.forget(),
        }
    }
}

/// A bot by its name: `random`, or the name of one of the game's levels (`easy`,
/// `normal`, and `hard` where the game has it).
pub fn named<G: Computer>(name: &str) -> Option<Named<G>> {
    match name {
        "random" => Some(Named::Random(Random)),
        _ => Level::from_name(name)
            .filter(|level| G::LEVELS.contains(level))
            .map(|level| Named::Own(G::player(level))),
    }
}

/// One seat played by a bot: the bot, and the news of the seat it has been shown.
pub struct ComputerSeat<G: Game, B> {
    seat: u8,
    bot: B,
    news: Vec<G::Event>,
    /// How many of the game's actions the news covers.
    actions_seen: usize,
    /// The game's actions when the bot's unfinished thought began.
    thinking_since: Option<usize>,
}

/// Where a computer seat's thinking stands ([`ComputerSeat::think`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Thought<A> {
    /// It is not the seat's turn.
    NotItsTurn,
    /// Still thinking: call again.
    Thinking,
    /// Its action.
    Chosen(A),
}

impl<G: Game, B: Bot<G>> ComputerSeat<G, B> {
    pub fn new(seat: u8, bot: B) -> ComputerSeat<G, B> {
        ComputerSeat {
            seat,
            bot,
            news: Vec::new(),
            actions_seen: 0,
            thinking_since: None,
        }
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's bot (to read what a wrapper kept, such as its decisions' times).
    pub fn bot_mut(&mut self) -> &mut B {
        &mut self.bot
    }

    /// The seat's action when it is its turn (`None` otherwise): the referee is asked as
    /// this seat alone — its view, its actions, its news — and the bot decides from those.
    pub fn decide(&mut self, referee: &Referee<G>, rng: &mut Rng) -> Option<G::Action> {
        match self.think(referee, rng, usize::MAX) {
            Thought::Chosen(action) => Some(action),
            // A bot says its choice when given all the work it wants; if one did not,
            // it is asked outright.
            Thought::Thinking => self.ask(referee, |bot, seen| bot.decide(seen, rng)),
            Thought::NotItsTurn => None,
        }
    }

    /// Think for about `work` units about the seat's turn ([`Bot::think`]): its action once
    /// chosen. A thought begun before the game moved on (an action, a take back) is
    /// dropped and begun again.
    pub fn think(
        &mut self,
        referee: &Referee<G>,
        rng: &mut Rng,
        work: usize,
    ) -> Thought<G::Action> {
        if self
            .thinking_since
            .is_some_and(|at| at != referee.actions())
        {
            self.bot.forget();
        }
        self.thinking_since = Some(referee.actions());
        let mut said = None;
        let action = self.ask(referee, |bot, seen| {
            said = bot.think(seen, rng, work);
            said.unwrap_or(0)
        });
        match (action, said) {
            (None, _) => {
                self.thinking_since = None;
                Thought::NotItsTurn
            }
            (Some(_), None) => Thought::Thinking,
            (Some(action), Some(_)) => {
                self.thinking_since = None;
                Thought::Chosen(action)
            }
        }
    }

    /// The seat's action as soon as it has one ("Move now"): the best so far of its
    /// thought, or, with none yet, another slice of `work`.
    pub fn move_now(
        &mut self,
        referee: &Referee<G>,
        rng: &mut Rng,
        work: usize,
    ) -> Thought<G::Action> {
        let thinking = self.thinking_since == Some(referee.actions());
        match thinking.then(|| self.bot.best_so_far()).flatten() {
            Some(best) => {
                self.bot.forget();
                self.thinking_since = None;
                match self.ask(referee, |_, _| best) {
                    Some(action) => Thought::Chosen(action),
                    None => Thought::NotItsTurn,
                }
            }
            None => self.think(referee, rng, work),
        }
    }

    /// The action at the index `choose` gives from what the seat sees now (its view, its
    /// actions, its news, brought up to date); `None` when the seat has nothing to do.
    fn ask(
        &mut self,
        referee: &Referee<G>,
        choose: impl FnOnce(&mut B, &Seen<'_, G>) -> usize,
    ) -> Option<G::Action> {
        let viewer = Viewer::Seat(self.seat);
        if referee.actions() < self.actions_seen {
            // Actions were taken back: what the seat was shown is read again.
            self.news.clear();
            self.actions_seen = 0;
        }
        self.news
            .extend(referee.news_since(viewer, self.actions_seen));
        self.actions_seen = referee.actions();
        let legal = referee.legal_actions(viewer);
        if legal.is_empty() {
            return None;
        }
        let view = referee.view(viewer);
        let seen = Seen {
            seat: self.seat,
            view: &view,
            legal: &legal,
            news: &self.news,
        };
        let chosen = choose(&mut self.bot, &seen).min(legal.len() - 1);
        legal.into_iter().nth(chosen)
    }
}

/// The action `bot` chooses as `seat` in a whole state read from a position text (the
/// `bots` example's `decide`): the seat gets what a referee would hand it — its view and
/// its actions — and no news (a position has no past). `None` unless it is `seat`'s turn.
#[cfg(feature = "tools")]
pub fn decide_in<G: Game, B: Bot<G> + ?Sized>(
    state: &G::State,
    seat: u8,
    bot: &mut B,
    rng: &mut Rng,
) -> Option<G::Action> {
    if G::to_act(state) != ToAct::Seat(seat) {
        return None;
    }
    let legal = G::legal_actions(state);
    if legal.is_empty() {
        return None;
    }
    let view = View {
        to_act: G::to_act(state),
        status: G::status(state),
        can_undo: G::can_undo(state),
        body: G::view(state, Viewer::Seat(seat)),
    };
    let seen = Seen {
        seat,
        view: &view,
        legal: &legal,
        news: &[],
    };
    let chosen = bot.decide(&seen, rng).min(legal.len() - 1);
    legal.into_iter().nth(chosen)
}

/// How a game between bots ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Over: the winning seats (none in a draw).
    Over { winners: Vec<u8> },
    /// Still going after the most actions allowed: counted as a draw.
    Unfinished,
}

/// Play `referee`'s game to its end with a bot in every seat (`seats[s]` plays seat `s`),
/// deciding the table's own decisions (a set-up choice) at random; at most `most_actions`
/// actions. Every bot draws from its own stream of `rng`.
pub fn play<G: Game, B: Bot<G>>(
    referee: &mut Referee<G>,
    seats: &mut [ComputerSeat<G, B>],
    rng: &mut Rng,
    most_actions: usize,
) -> Ending {
    let mut streams: Vec<Rng> = seats
        .iter()
        .map(|_| Rng::from_state(rng.next_u64()))
        .collect();
    for _ in 0..most_actions {
        let action = match referee.to_act() {
            ToAct::Nobody => break,
            ToAct::Table => {
                let legal = referee.legal_actions(Viewer::Table);
                if legal.is_empty() {
                    break;
                }
                let i = rng.below(legal.len() as u64) as usize;
                legal.into_iter().nth(i)
            }
            ToAct::Seat(seat) => {
                let Some(i) = seats.iter().position(|s| s.seat == seat) else {
                    break;
                };
                seats[i].decide(referee, &mut streams[i])
            }
        };
        let Some(action) = action else {
            break;
        };
        if referee.act(action).is_err() {
            break;
        }
    }
    match referee.status() {
        Status::Over { winners, .. } => Ending::Over { winners },
        Status::Playing => Ending::Unfinished,
    }
}

/// For the no-peeking tests of every game: states `a` and `b` differ only in what `seat`
/// cannot see (its view of both is the same), and every bot of the game, with any seed,
/// chooses the same action in both.
#[cfg(all(test, feature = "tools"))]
pub(crate) fn assert_blind_to_the_difference<G: Computer>(a: &G::State, b: &G::State, seat: u8)
where
    G::Action: PartialEq + std::fmt::Debug,
{
    assert_eq!(
        G::view(a, Viewer::Seat(seat)),
        G::view(b, Viewer::Seat(seat)),
        "the seat must see the two states alike"
    );
    let mut asked = 0;
    let names = std::iter::once("random").chain(G::LEVELS.iter().map(|l| l.name()));
    for name in names {
        // A searching level takes long over each decision: fewer dice for it.
        let seeds = if name == Level::Hard.name() { 1 } else { 16 };
        for seed in 0..seeds {
            let (Some(mut one), Some(mut two)) = (named::<G>(name), named::<G>(name)) else {
                continue;
            };
            let first = decide_in(a, seat, &mut one, &mut Rng::from_state(seed));
            let second = decide_in(b, seat, &mut two, &mut Rng::from_state(seed));
            assert!(first.is_some(), "{name}: the seat is to act");
            assert_eq!(first, second, "{name}, seed {seed}");
            asked += 1;
        }
    }
    assert!(asked >= 48, "every level was asked");
    assert!(
        !G::LEVELS.contains(&Level::Hard) || asked >= 49,
        "Hard was asked too"
    );
}

/// The record of the longest of `tries` games of `G` played at random by every seat (the
/// fewest players the game takes), each cut at `most_actions`: long saves for the
/// loading tests and the `replay` example, which damage them with the two below.
pub fn longest_random_game<G: Computer>(most_actions: usize, tries: u64) -> Result<String, String> {
    let players = *G::KIND.players().start();
    let seats = crate::seats::Seats::new(players, vec![]).map_err(|e| e.to_string())?;
    let mut longest: Option<Referee<G>> = None;
    for t in 0..tries {
        let seed = crate::seed::Seed(0x10_4e)
            .stream("bots/longest", t)
            .next_u64();
        let mut referee = Referee::<G>::new(G::config(&seats, 0), crate::seed::Seed(seed))
            .map_err(|e| e.to_string())?;
        let mut bots: Vec<ComputerSeat<G, Random>> =
            (0..players).map(|s| ComputerSeat::new(s, Random)).collect();
        play(
            &mut referee,
            &mut bots,
            &mut Rng::from_state(seed),
            most_actions,
        );
        if longest
            .as_ref()
            .is_none_or(|l| l.actions() < referee.actions())
        {
            longest = Some(referee);
        }
    }
    longest
        .map(|l| l.to_text())
        .ok_or_else(|| "no game was played".into())
}

/// `text`'s record with its action `at` replaced by the one before it, where that does not
/// replay (the first such from `at` on): the record and where it breaks.
pub fn with_early_illegal<G: Game>(text: &str, at: usize) -> Option<(String, usize)> {
    let whole = G::read_record(text).ok()?;
    (at.max(1)..whole.actions.len()).find_map(|i| {
        let mut record = whole.clone();
        record.actions[i] = record.actions[i - 1].clone();
        let written = G::write_record(&record);
        Referee::from_record(record)
            .is_err()
            .then_some((written, i))
    })
}

/// `text` with a word no record reads (`#`) put in after its first `after` actions.
pub fn with_unreadable<G: Game>(text: &str, after: usize) -> Option<String> {
    let mut record = G::read_record(text).ok()?;
    record.actions.truncate(after);
    let start = G::write_record(&record);
    let start = start.trim_end_matches(crate::game::END_MARK);
    let rest = text.get(start.len()..)?.trim_start();
    Some(format!("{start} # {rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{REGISTRY, Visit, visit};
    use crate::seats::Seats;
    use crate::seed::Seed;

    /// Random bots finish games of every kind (or reach the cap), every seat asked only
    /// when it is its turn, with only its own actions.
    #[test]
    fn random_bots_play_every_game_to_its_end() {
        struct Games;
        impl Visit for Games {
            type Output = (usize, usize);
            fn visit<G: Game>(self) -> (usize, usize) {
                let kind = G::KIND;
                let players = *kind.players().start();
                let mut finished = 0;
                let mut rng = Rng::from_state(7);
                for game in 0..6 {
                    let seats = Seats::new(players, vec![]).unwrap();
                    let mut referee = Referee::<G>::new(G::config(&seats, 0), Seed(game)).unwrap();
                    let mut bots: Vec<ComputerSeat<G, Random>> =
                        (0..players).map(|s| ComputerSeat::new(s, Random)).collect();
                    if let Ending::Over { winners } = play(&mut referee, &mut bots, &mut rng, 5_000)
                    {
                        assert!(winners.iter().all(|&w| w < players), "{kind}");
                        finished += 1;
                    }
                }
                (finished, 6)
            }
        }
        let mut finished = 0;
        for &kind in REGISTRY {
            let (done, played) = visit(kind, Games);
            assert!(
                done * 2 >= played,
                "{kind}: {done} of {played} random games ended"
            );
            finished += done;
        }
        assert!(finished > 0);
    }

    /// Never the same game twice by design: at every level of every game, twelve games
    /// (each its own deal and dice) open in at least nine different ways (their first
    /// eight actions, and the table they leave).
    #[test]
    fn every_level_of_every_game_opens_in_many_ways() {
        struct Openings;
        impl Visit for Openings {
            type Output = Vec<(String, usize)>;
            fn visit<G: Computer>(self) -> Vec<(String, usize)> {
                let players = (*G::KIND.players().start()).max(2);
                let names = std::iter::once("random").chain(G::LEVELS.iter().map(|l| l.name()));
                names
                    .map(|name| {
                        let mut openings = std::collections::HashSet::new();
                        for game in 0..12u64 {
                            let seats = Seats::new(players, vec![]).unwrap();
                            let mut referee =
                                Referee::<G>::new(G::config(&seats, 0), Seed(game)).unwrap();
                            let mut bots: Vec<_> = (0..players)
                                .map(|s| ComputerSeat::new(s, named::<G>(name).unwrap()))
                                .collect();
                            let mut rng = Rng::from_state(100 + game);
                            let mut opening = Vec::new();
                            while opening.len() < 8 {
                                let action = match referee.to_act() {
                                    ToAct::Seat(seat) => {
                                        bots[usize::from(seat)].decide(&referee, &mut rng)
                                    }
                                    _ => referee.legal_actions(Viewer::Table).into_iter().next(),
                                };
                                let Some(action) = action else { break };
                                opening.push(G::action_text(referee.config(), &action));
                                if referee.act(action).is_err() {
                                    break;
                                }
                            }
                            // What the table shows by then: the actions, and the cards
                            // they drew.
                            opening.push(format!("{:?}", referee.view(Viewer::Table).body));
                            openings.insert(opening);
                        }
                        (format!("{}, {name}", G::KIND), openings.len())
                    })
                    .collect()
            }
        }
        for &kind in REGISTRY {
            for (who, openings) in visit(kind, Openings) {
                assert!(openings >= 9, "{who}: {openings} openings in 12 games");
            }
        }
    }

    /// A bot is asked only on its seat's turn, and its index is kept within the actions.
    #[test]
    fn a_seat_is_asked_only_on_its_turn() {
        use crate::games::carousel_chess::CarouselChess;
        struct Last;
        impl Bot<CarouselChess> for Last {
            fn decide(&mut self, seen: &Seen<'_, CarouselChess>, _: &mut Rng) -> usize {
                assert_eq!(seen.view.to_act, ToAct::Seat(seen.seat));
                usize::MAX
            }
        }
        let seats = Seats::new(3, vec![]).unwrap();
        let referee =
            Referee::<CarouselChess>::new(CarouselChess::config(&seats, 0), Seed(3)).unwrap();
        let ToAct::Seat(first) = referee.view(Viewer::Table).to_act else {
            panic!("a seat moves first");
        };
        let mut rng = Rng::from_state(1);
        let mut other = ComputerSeat::new((first + 1) % 3, Last);
        assert!(other.decide(&referee, &mut rng).is_none());
        let mut mine = ComputerSeat::new(first, Last);
        let chosen = mine.decide(&referee, &mut rng).expect("its turn");
        assert_eq!(
            Some(chosen),
            referee.legal_actions(Viewer::Seat(first)).pop(),
            "an index past the end is the last action"
        );
    }
}

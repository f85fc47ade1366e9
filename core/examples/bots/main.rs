//! Bots against bots, measured: a match of one game between named bots, seats rotating,
//! with each bot's wins, draws and losses and a JSON line to read them by machine; and one
//! decision, printed in the game's own action text.
//!
//! ```text
//! cargo run --release -p intrigue-core --example bots -- match <game> <bot> <bot>... [--games N] [--seed S]
//! cargo run --release -p intrigue-core --example bots -- ladder <game> [--games N] [--seed S]
//! cargo run --release -p intrigue-core --example bots -- spar espionage <level> [--games N] [--seed S]
//! cargo run --release -p intrigue-core --example bots -- decide <game> '<record or position>' <seat> [--level L] [--seed S]
//! ```
//!
//! `decide` reads a record text (every game) or, for Espionage and the deckbuilder, a
//! position text as `perft` does; the seat counts from 0; the level is `normal` unless
//! said (`random`, `easy`, `normal`). The same input and seed give the same action: two
//! inputs the seat cannot tell apart give the same action too (the no-peeking check, from
//! outside).
//!
//! `spar espionage <level>` plays a level against a sparring partner written apart from
//! the levels (`spar.rs`): a careful one-step player, as a person who knows the game
//! plays it.
//!
//! `ladder` plays a round robin of the game's bots (random and every level) and prints
//! ratings fitted to it with intervals (`ladder.rs`), and each pair's score.
//!
//! One bot name per seat (so the names fix the player count); game `i` seats name `k` at
//! seat `(k + i) mod n`, so every bot plays every seat. A game still going after
//! `MOST_ACTIONS` actions counts as a draw. The last line is
//! `{"game":…,"games":N,"seats":[…],"wins":[…],"draws":D}`, `wins` in the order the names
//! were given.

mod ladder;
mod spar;

use std::process::ExitCode;
use std::time::Instant;

use intrigue_core::bots::{
    Bot, Computer, ComputerSeat, Ending, Level, Named, Seen, decide_in, named, play,
};
use intrigue_core::game::Referee;
use intrigue_core::games::deckbuilder::{self, Deckbuilder};
use intrigue_core::games::espionage::{self, Espionage};
use intrigue_core::games::{Visit, visit};
use intrigue_core::{Game, GameKind, Rng, Seats, Seed};

/// The longest game a match plays before calling it a draw.
const MOST_ACTIONS: usize = 20_000;

/// A game by the name `perft` knows it by (`deckbuilder`) or by its slug.
fn game_named(name: &str) -> Option<GameKind> {
    match name {
        "deckbuilder" => GameKind::from_slug("chess-deckbuilder"),
        slug => GameKind::from_slug(slug),
    }
}

/// The name a game is printed by: as `perft` names it.
fn game_name(kind: GameKind) -> &'static str {
    match kind.slug() {
        "chess-deckbuilder" => "deckbuilder",
        slug => slug,
    }
}

fn bot<G: Computer>(name: &str) -> Result<Named<G>, String> {
    named::<G>(name).ok_or_else(|| {
        format!(
            "no bot named “{name}” for {}: its bots are random, {}",
            G::KIND,
            Level::ALL.map(Level::name).join(", ")
        )
    })
}

struct Match {
    names: Vec<String>,
    games: u64,
    seed: u64,
}

/// Each name's wins, and the draws; each game's winners by name (`None`: a draw); and
/// how long each name took over each decision, in milliseconds.
struct Tally {
    wins: Vec<u64>,
    losses: Vec<u64>,
    draws: u64,
    games: Vec<Option<Vec<bool>>>,
    times: Vec<Vec<f64>>,
}

/// A bot whose decisions are timed (the whole thought, however it is asked).
struct Timed<B> {
    bot: B,
    times: Vec<f64>,
}

impl<G: Game, B: Bot<G>> Bot<G> for Timed<B> {
    fn decide(&mut self, seen: &Seen<'_, G>, rng: &mut Rng) -> usize {
        let start = Instant::now();
        let chosen = self.bot.decide(seen, rng);
        self.times.push(start.elapsed().as_secs_f64() * 1000.0);
        chosen
    }

    fn think(&mut self, seen: &Seen<'_, G>, rng: &mut Rng, work: usize) -> Option<usize> {
        let start = Instant::now();
        let chosen = self.bot.think(seen, rng, work);
        self.times.push(start.elapsed().as_secs_f64() * 1000.0);
        chosen
    }

    fn best_so_far(&self) -> Option<usize> {
        self.bot.best_so_far()
    }

    fn forget(&mut self) {
        self.bot.forget();
    }
}

/// The median, the 90th percentile and the longest of `times`.
fn spread(times: &[f64]) -> (f64, f64, f64) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        sorted
            .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    (at(0.5), at(0.9), at(1.0))
}

impl Visit for &Match {
    type Output = Result<Tally, String>;

    fn visit<G: Computer>(self) -> Result<Tally, String> {
        let n = self.names.len();
        let players = u8::try_from(n).map_err(|_| "too many bots".to_string())?;
        if !G::KIND.players().contains(&players) {
            return Err(format!(
                "{} is for {}–{} players: name one bot per seat",
                G::KIND,
                G::KIND.players().start(),
                G::KIND.players().end()
            ));
        }
        for name in &self.names {
            bot::<G>(name)?;
        }
        let mut tally = Tally {
            wins: vec![0; n],
            losses: vec![0; n],
            draws: 0,
            games: Vec::new(),
            times: vec![Vec::new(); n],
        };
        for i in 0..self.games {
            let seed = Seed(self.seed).stream("bots/match", i).next_u64();
            let seats = Seats::new(players, vec![]).map_err(|e| e.to_string())?;
            let mut referee =
                Referee::<G>::new(G::config(&seats, 0), Seed(seed)).map_err(|e| e.to_string())?;
            // Name k sits at seat (k + i) mod n.
            let at = |k: usize| ((k + i as usize) % n) as u8;
            let mut computer: Vec<ComputerSeat<G, Timed<Named<G>>>> = (0..n)
                .map(|k| {
                    let bot = Timed {
                        bot: bot::<G>(&self.names[k])?,
                        times: Vec::new(),
                    };
                    Ok(ComputerSeat::new(at(k), bot))
                })
                .collect::<Result<_, String>>()?;
            let mut rng = Seed(self.seed).stream("bots/players", i);
            let ending = play(&mut referee, &mut computer, &mut rng, MOST_ACTIONS);
            for (k, seat) in computer.iter_mut().enumerate() {
                tally.times[k].append(&mut seat.bot_mut().times);
            }
            match ending {
                Ending::Over { winners } if !winners.is_empty() => {
                    tally
                        .games
                        .push(Some((0..n).map(|k| winners.contains(&at(k))).collect()));
                    for k in 0..n {
                        if winners.contains(&at(k)) {
                            tally.wins[k] += 1;
                        } else {
                            tally.losses[k] += 1;
                        }
                    }
                }
                Ending::Over { .. } | Ending::Unfinished => {
                    tally.draws += 1;
                    tally.games.push(None);
                }
            }
        }
        Ok(tally)
    }
}

/// One decision: the text, the seat, the bot's name and the seed.
struct Decide {
    text: String,
    seat: u8,
    level: String,
    seed: u64,
}

impl Visit for &Decide {
    type Output = Result<String, String>;

    fn visit<G: Computer>(self) -> Result<String, String> {
        let player = bot::<G>(&self.level)?;
        let mut rng = Seed(self.seed).stream("bots/decide", 0);
        // A position text, where the game has one (read as perft reads it).
        let position = |kind| game_named(kind).filter(|&k| k == G::KIND);
        if position("espionage").is_some()
            && let Ok(state) = espionage::position::read(&self.text)
        {
            let mut player = bot::<Espionage>(&self.level)?;
            return decide_in(&state, self.seat, &mut player, &mut rng)
                .map(|a| Espionage::action_text(state.config(), &a))
                .ok_or_else(|| not_turn(self.seat));
        }
        if position("deckbuilder").is_some()
            && let Ok(state) = deckbuilder::position::read(&self.text)
        {
            let mut player = bot::<Deckbuilder>(&self.level)?;
            return decide_in(&state, self.seat, &mut player, &mut rng)
                .map(|a| Deckbuilder::action_text(state.config(), &a))
                .ok_or_else(|| not_turn(self.seat));
        }
        let loaded = Referee::<G>::from_text(&self.text)?;
        if let Some(lost) = loaded.lost {
            return Err(format!(
                "the record could not be read whole: {}",
                lost.words()
            ));
        }
        let referee = loaded.referee;
        let mut seat = ComputerSeat::new(self.seat, player);
        seat.decide(&referee, &mut rng)
            .map(|a| G::action_text(referee.config(), &a))
            .ok_or_else(|| not_turn(self.seat))
    }
}

fn not_turn(seat: u8) -> String {
    format!("it is not seat {seat}'s turn to act in that game")
}

fn decide(args: &[String]) -> ExitCode {
    let [game, text, seat, rest @ ..] = args else {
        return usage();
    };
    let Some(kind) = game_named(game) else {
        eprintln!("no game named “{game}”");
        return usage();
    };
    let Ok(seat) = seat.parse::<u8>() else {
        eprintln!("“{seat}” is not a seat number (0, 1, …)");
        return usage();
    };
    let mut plan = Decide {
        text: text.clone(),
        seat,
        level: Level::Normal.name().to_string(),
        seed: 1,
    };
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.next()) {
            ("--level", Some(level)) => plan.level = level.clone(),
            ("--seed", Some(seed)) => match seed.parse() {
                Ok(seed) => plan.seed = seed,
                Err(_) => return usage(),
            },
            _ => return usage(),
        }
    }
    match visit(kind, &plan) {
        Ok(action) => {
            println!(
                "{kind}, seat {seat}, {} bot, seed {}:",
                plan.level, plan.seed
            );
            println!("{action}");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("{problem}");
            ExitCode::FAILURE
        }
    }
}

/// A round robin of every bot of a game (random and each level): each pair plays
/// `games` games at the game's smallest table (two seats at least), the pair's bots
/// alternating around it, seats rotating; then the ratings fitted to every game
/// ([`ladder::fit`]), with intervals, and each pair's score.
fn ladder(args: &[String]) -> ExitCode {
    let [game, rest @ ..] = args else {
        return usage();
    };
    let Some(kind) = game_named(game) else {
        eprintln!("no game named “{game}”");
        return usage();
    };
    let (mut games, mut seed) = (100u64, 1u64);
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        match (
            arg.as_str(),
            rest.next().and_then(|v| v.parse::<u64>().ok()),
        ) {
            ("--games", Some(n)) if n > 0 => games = n,
            ("--seed", Some(s)) => seed = s,
            _ => return usage(),
        }
    }
    let bots: Vec<&str> = std::iter::once("random")
        .chain(Level::ALL.map(Level::name))
        .collect();
    let players = usize::from((*kind.players().start()).max(2));
    let mut pairs = Vec::new();
    for a in 0..bots.len() {
        for b in a + 1..bots.len() {
            // Seats alternate b, a, b…; `Match` rotates them game by game.
            let names: Vec<String> = (0..players)
                .map(|k| bots[if k % 2 == 0 { b } else { a }].to_string())
                .collect();
            let plan = Match {
                names,
                games,
                seed: Seed(seed)
                    .stream("bots/ladder", (a * bots.len() + b) as u64)
                    .next_u64(),
            };
            let tally = match visit(kind, &plan) {
                Ok(tally) => tally,
                Err(problem) => {
                    eprintln!("{problem}");
                    return ExitCode::FAILURE;
                }
            };
            let scores = tally
                .games
                .iter()
                .map(|game| score_of(&plan.names, bots[b], game.as_deref()))
                .collect();
            pairs.push(ladder::Pair { a: b, b: a, scores });
        }
    }
    let ratings = ladder::fit(bots.len(), &pairs);
    let intervals = ladder::intervals(bots.len(), &pairs, 400, seed);
    println!(
        "Ladder of {kind}: {games} games a pair, {players} seats a game (the pair's bots alternating, seats rotating), seed {seed}"
    );
    println!("  Ratings, Elo-like (random = 0), 95% intervals from 400 resamplings of the games:");
    let mut order: Vec<usize> = (0..bots.len()).collect();
    order.sort_by(|&x, &y| ratings[y].total_cmp(&ratings[x]));
    for &level in &order {
        let (low, high) = intervals[level];
        println!(
            "  {:>8} {:>+6.0}   [{low:+.0}, {high:+.0}]",
            bots[level], ratings[level]
        );
    }
    println!("  Each pair, the higher level's score (a win 1, a draw ½), 95% Wilson interval:");
    for pair in &pairs {
        let total: f64 = pair.scores.iter().sum();
        let n = pair.scores.len() as f64;
        let (low, high) = ladder::wilson(total, n);
        println!(
            "  {:>8} v {:<8} {:>5.1}%  [{:.1}%, {:.1}%]  of {n} games",
            bots[pair.a],
            bots[pair.b],
            100.0 * total / n,
            100.0 * low,
            100.0 * high
        );
    }
    let rated: Vec<String> = order
        .iter()
        .map(|&l| format!("\"{}\":{:.0}", bots[l], ratings[l]))
        .collect();
    println!(
        "{{\"ladder\":\"{}\",\"games\":{games},\"ratings\":{{{}}}}}",
        game_name(kind),
        rated.join(",")
    );
    ExitCode::SUCCESS
}

/// `bot`'s score in one game against the other bot at the table: each of its seats
/// against each of the other's, 1 for a win where the other lost, 0 the other way, ½ for
/// the same result; a draw (`None`) is ½.
fn score_of(names: &[String], bot: &str, winners: Option<&[bool]>) -> f64 {
    let Some(won) = winners else {
        return 0.5;
    };
    let mut total = 0.0;
    let mut count = 0.0;
    for (mine, &my_win) in names.iter().zip(won) {
        for (theirs, &their_win) in names.iter().zip(won) {
            if mine == bot && theirs != bot {
                total += (f64::from(u8::from(my_win)) - f64::from(u8::from(their_win)) + 1.0) / 2.0;
                count += 1.0;
            }
        }
    }
    if count == 0.0 { 0.5 } else { total / count }
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: bots match <game> <bot> <bot>... [--games N] [--seed S]\n       bots ladder <game> [--games N] [--seed S]\n       bots spar espionage <level> [--games N] [--seed S]\n       bots decide <game> '<record or position>' <seat> [--level L] [--seed S]\n  games: {}\n  bots: random, {}",
        GameKind::all()
            .map(game_name)
            .collect::<Vec<_>>()
            .join(", "),
        Level::ALL.map(Level::name).join(", ")
    );
    ExitCode::from(2)
}

/// A level of Espionage's, or the sparring partner (`spar.rs`).
enum Sparring {
    Level(Box<Named<Espionage>>),
    Careful(spar::Careful),
}

impl Bot<Espionage> for Sparring {
    fn decide(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng) -> usize {
        match self {
            Sparring::Level(bot) => bot.decide(seen, rng),
            Sparring::Careful(bot) => bot.decide(seen, rng),
        }
    }

    fn think(&mut self, seen: &Seen<'_, Espionage>, rng: &mut Rng, work: usize) -> Option<usize> {
        match self {
            Sparring::Level(bot) => bot.think(seen, rng, work),
            Sparring::Careful(bot) => bot.think(seen, rng, work),
        }
    }
}

/// `spar espionage <level>`: the level against the sparring partner, seats alternating.
fn spar(args: &[String]) -> ExitCode {
    let [game, level, rest @ ..] = args else {
        return usage();
    };
    if game != "espionage" {
        eprintln!("the sparring partner plays Espionage only");
        return usage();
    }
    let (mut games, mut seed) = (100u64, 1u64);
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        match (
            arg.as_str(),
            rest.next().and_then(|v| v.parse::<u64>().ok()),
        ) {
            ("--games", Some(n)) if n > 0 => games = n,
            ("--seed", Some(s)) => seed = s,
            _ => return usage(),
        }
    }
    if bot::<Espionage>(level).is_err() {
        return usage();
    }
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let mut ends = std::collections::BTreeMap::new();
    for i in 0..games {
        let game_seed = Seed(seed).stream("bots/spar", i).next_u64();
        let Ok(seats) = Seats::new(2, vec![]) else {
            return ExitCode::FAILURE;
        };
        let Ok(mut referee) =
            Referee::<Espionage>::new(Espionage::config(&seats, 0), Seed(game_seed))
        else {
            return ExitCode::FAILURE;
        };
        let mine = (i % 2) as u8;
        let Ok(named) = bot::<Espionage>(level) else {
            return ExitCode::FAILURE;
        };
        let mut computer = vec![
            ComputerSeat::new(mine, Sparring::Level(Box::new(named))),
            ComputerSeat::new(1 - mine, Sparring::Careful(spar::Careful)),
        ];
        let mut rng = Seed(seed).stream("bots/spar players", i);
        let ending = play(&mut referee, &mut computer, &mut rng, MOST_ACTIONS);
        let won = match ending {
            Ending::Over { winners } if winners.contains(&mine) => {
                wins += 1;
                "won"
            }
            Ending::Over { winners } if !winners.is_empty() => {
                losses += 1;
                "lost"
            }
            _ => {
                draws += 1;
                "drew"
            }
        };
        // How: the headquarters taken, an army that could not move, the quiet turns.
        let how = match referee.view(intrigue_core::Viewer::Table).body.end {
            Some(espionage::End::HeadquartersTaken { .. }) => "the headquarters taken",
            Some(espionage::End::NoMove { .. }) => "no move left",
            Some(espionage::End::Resigned { .. }) => "a resignation",
            Some(espionage::End::QuietDraw) => "the quiet turns",
            None => "unfinished",
        };
        *ends.entry((won, how)).or_insert(0u64) += 1;
    }
    let score = wins as f64 + draws as f64 / 2.0;
    let (low, high) = ladder::wilson(score, games as f64);
    println!(
        "Espionage: {level} against the sparring partner, {games} games, seats alternating, seed {seed}"
    );
    println!(
        "  {level}: {wins} wins, {draws} draws, {losses} losses: {:.1}% [{:.1}%, {:.1}%]",
        100.0 * score / games as f64,
        100.0 * low,
        100.0 * high
    );
    for ((won, how), count) in ends {
        println!("  {level} {won} {count} by {how}");
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("spar") {
        return spar(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("decide") {
        return decide(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("ladder") {
        return ladder(&args[1..]);
    }
    if args.first().map(String::as_str) != Some("match") || args.len() < 3 {
        return usage();
    }
    let Some(kind) = game_named(&args[1]) else {
        eprintln!("no game named “{}”", args[1]);
        return usage();
    };
    let mut names = Vec::new();
    let (mut games, mut seed) = (100u64, 1u64);
    let mut rest = args[2..].iter();
    while let Some(arg) = rest.next() {
        let number = |value: Option<&String>| value.and_then(|v| v.parse::<u64>().ok());
        match arg.as_str() {
            "--games" => match number(rest.next()) {
                Some(n) if n > 0 => games = n,
                _ => return usage(),
            },
            "--seed" => match number(rest.next()) {
                Some(s) => seed = s,
                None => return usage(),
            },
            name => names.push(name.to_string()),
        }
    }
    let plan = Match { names, games, seed };
    let tally = match visit(kind, &plan) {
        Ok(tally) => tally,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{kind}: {games} games, seats rotating, seed {seed}; a game past {MOST_ACTIONS} actions is a draw"
    );
    let mut levels: Vec<&str> = Vec::new();
    for name in &plan.names {
        if !levels.contains(&name.as_str()) {
            levels.push(name);
        }
    }
    for level in levels {
        let of = |counts: &[u64]| -> u64 {
            plan.names
                .iter()
                .zip(counts)
                .filter(|(n, _)| n.as_str() == level)
                .map(|(_, c)| c)
                .sum()
        };
        let seats = plan.names.iter().filter(|n| n.as_str() == level).count() as u64;
        println!(
            "{level:>8} ({seats} seat{}): {} wins, {} draws, {} losses",
            if seats == 1 { "" } else { "s" },
            of(&tally.wins),
            tally.draws * seats,
            of(&tally.losses)
        );
        let times: Vec<f64> = plan
            .names
            .iter()
            .zip(&tally.times)
            .filter(|(n, _)| n.as_str() == level)
            .flat_map(|(_, t)| t.iter().copied())
            .collect();
        let (median, p90, most) = spread(&times);
        println!(
            "{:>8}  {} decisions: median {median:.1} ms, 90th percentile {p90:.1} ms, longest {most:.1} ms",
            "",
            times.len()
        );
    }
    let quoted: Vec<String> = plan.names.iter().map(|n| format!("\"{n}\"")).collect();
    let wins: Vec<String> = tally.wins.iter().map(u64::to_string).collect();
    println!(
        "{{\"game\":\"{}\",\"games\":{games},\"seats\":[{}],\"wins\":[{}],\"draws\":{}}}",
        game_name(kind),
        quoted.join(","),
        wins.join(","),
        tally.draws
    );
    ExitCode::SUCCESS
}

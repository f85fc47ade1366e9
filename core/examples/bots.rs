//! Bots against bots, measured: a match of one game between named bots, seats rotating,
//! with each bot's wins, draws and losses and a JSON line to read them by machine; and one
//! decision, printed in the game's own action text.
//!
//! ```text
//! cargo run --release -p intrigue-core --example bots -- match <game> <bot> <bot>... [--games N] [--seed S]
//! cargo run --release -p intrigue-core --example bots -- decide <game> '<record or position>' <seat> [--level L] [--seed S]
//! ```
//!
//! `decide` reads a record text (every game) or, for Espionage and the deckbuilder, a
//! position text as `perft` does; the seat counts from 0; the level is `normal` unless
//! said (`random`, `easy`, `normal`). The same input and seed give the same action: two
//! inputs the seat cannot tell apart give the same action too (the no-peeking check, from
//! outside).
//!
//! One bot name per seat (so the names fix the player count); game `i` seats name `k` at
//! seat `(k + i) mod n`, so every bot plays every seat. A game still going after
//! `MOST_ACTIONS` actions counts as a draw. The last line is
//! `{"game":…,"games":N,"seats":[…],"wins":[…],"draws":D}`, `wins` in the order the names
//! were given.

use std::process::ExitCode;

use intrigue_core::bots::{Computer, ComputerSeat, Ending, Level, Named, decide_in, named, play};
use intrigue_core::game::Referee;
use intrigue_core::games::deckbuilder::{self, Deckbuilder};
use intrigue_core::games::espionage::{self, Espionage};
use intrigue_core::games::{Visit, visit};
use intrigue_core::{Game, GameKind, Seats, Seed};

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

/// Each name's wins, and the draws.
struct Tally {
    wins: Vec<u64>,
    losses: Vec<u64>,
    draws: u64,
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
        };
        for i in 0..self.games {
            let seed = Seed(self.seed).stream("bots/match", i).next_u64();
            let seats = Seats::new(players, vec![]).map_err(|e| e.to_string())?;
            let mut referee =
                Referee::<G>::new(G::config(&seats, 0), Seed(seed)).map_err(|e| e.to_string())?;
            // Name k sits at seat (k + i) mod n.
            let at = |k: usize| ((k + i as usize) % n) as u8;
            let mut computer: Vec<ComputerSeat<G, Named<G>>> = (0..n)
                .map(|k| Ok(ComputerSeat::new(at(k), bot::<G>(&self.names[k])?)))
                .collect::<Result<_, String>>()?;
            let mut rng = Seed(self.seed).stream("bots/players", i);
            match play(&mut referee, &mut computer, &mut rng, MOST_ACTIONS) {
                Ending::Over { winners } if !winners.is_empty() => {
                    for k in 0..n {
                        if winners.contains(&at(k)) {
                            tally.wins[k] += 1;
                        } else {
                            tally.losses[k] += 1;
                        }
                    }
                }
                Ending::Over { .. } | Ending::Unfinished => tally.draws += 1,
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

fn usage() -> ExitCode {
    eprintln!(
        "usage: bots match <game> <bot> <bot>... [--games N] [--seed S]\n       bots decide <game> '<record or position>' <seat> [--level L] [--seed S]\n  games: {}\n  bots: random, {}",
        GameKind::all()
            .map(game_name)
            .collect::<Vec<_>>()
            .join(", "),
        Level::ALL.map(Level::name).join(", ")
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("decide") {
        return decide(&args[1..]);
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

//! Count move sequences from a position, every piece movable at every ply.
//!
//! `cargo run --release -p intrigue-core --example perft -- city-of-spies '<placement>' <depth>`
//! `cargo run --release -p intrigue-core --example perft -- espionage '<position>' <depth>`
//! `cargo run --release -p intrigue-core --example perft -- deckbuilder '<position>' <depth>`
//!
//! City of Spies counts moves (plies); Espionage counts complete turns (both moves; see
//! `games::espionage::position` for the position text); the deckbuilder counts action
//! sequences (card plays, buys, ends of phases: see `games::deckbuilder::position`). Prints the count for each first
//! move or turn (sorted), then the total alone on the last line.

use intrigue_core::games::city_of_spies::{board, position};
use intrigue_core::games::deckbuilder::position as deckbuilder;
use intrigue_core::games::espionage::position as espionage;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, placement, depth] = &args[..] else {
        eprintln!("usage: perft city-of-spies|espionage|deckbuilder '<position>' <depth>");
        std::process::exit(2);
    };
    if !["city-of-spies", "espionage", "deckbuilder"].contains(&game.as_str()) {
        eprintln!("perft knows these games: city-of-spies, espionage, deckbuilder");
        std::process::exit(2);
    }
    let depth: u32 = match depth.parse() {
        Ok(d) if d >= 1 => d,
        _ => {
            eprintln!("the depth is a whole number from 1");
            std::process::exit(2);
        }
    };
    if game == "espionage" {
        espionage_perft(placement, depth);
        return;
    }
    if game == "deckbuilder" {
        deckbuilder_perft(placement, depth);
        return;
    }
    let start = match position::read(placement) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("cannot read the placement: {error}");
            std::process::exit(1);
        }
    };
    let mut lines = Vec::new();
    let mut total = 0;
    for mv in start.moves() {
        let mut next = start.clone();
        if next.play(mv).is_err() {
            continue;
        }
        let count = board::perft(&next, depth - 1);
        lines.push(format!("{mv}: {count}"));
        total += count;
    }
    lines.sort();
    for line in lines {
        println!("{line}");
    }
    println!("{total}");
}

/// Espionage: the count after each complete first turn (written as the position it leads
/// to), then the total.
fn espionage_perft(text: &str, depth: u32) {
    let start = match espionage::read(text) {
        Ok(state) => state,
        Err(error) => {
            eprintln!("cannot read the position: {error}");
            std::process::exit(1);
        }
    };
    let mut lines = Vec::new();
    let mut total = 0;
    for next in espionage::complete_turns(&start) {
        let count = espionage::perft(&next, depth - 1);
        lines.push(format!("{}: {count}", espionage::write(&next)));
        total += count;
    }
    lines.sort();
    for line in lines {
        println!("{line}");
    }
    println!("{total}");
}

/// The deckbuilder: the count after each first action (as record text), then the total.
fn deckbuilder_perft(text: &str, depth: u32) {
    let start = match deckbuilder::read(text) {
        Ok(state) => state,
        Err(error) => {
            eprintln!("cannot read the position: {error}");
            std::process::exit(1);
        }
    };
    let mut lines: Vec<(String, u64)> = deckbuilder::divide(&start, depth);
    lines.sort();
    let total: u64 = lines.iter().map(|(_, n)| n).sum();
    for (action, count) in lines {
        println!("{action}: {count}");
    }
    println!("{total}");
}

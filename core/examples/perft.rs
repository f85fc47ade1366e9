//! Count move sequences from a position, every piece movable at every ply.
//!
//! `cargo run --release -p intrigue-core --example perft -- city-of-spies '<placement>' <depth>`
//!
//! Prints the count for each first move (sorted), then the total alone on the last line.

use intrigue_core::games::city_of_spies::{board, position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, placement, depth] = &args[..] else {
        eprintln!("usage: perft city-of-spies '<placement>' <depth>");
        std::process::exit(2);
    };
    if game != "city-of-spies" {
        eprintln!("perft knows these games: city-of-spies");
        std::process::exit(2);
    }
    let depth: u32 = match depth.parse() {
        Ok(d) if d >= 1 => d,
        _ => {
            eprintln!("the depth is a whole number from 1");
            std::process::exit(2);
        }
    };
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

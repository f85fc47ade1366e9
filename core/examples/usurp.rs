//! The best score of a Usurp collection, with its breakdown.
//!
//! `cargo run --release -p intrigue-core --example usurp -- score '<cards>'`
//!
//! The cards are letters: C castle, K king, Q queen, B bishop, N knight, P pawn
//! (`CCKQBPPPNPPPP`). Prints each castle's groups and the loose cards, then the score alone
//! on the last line.

use intrigue_core::games::usurp::{Counts, best};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [command, cards] = &args[..] else {
        eprintln!("usage: usurp score '<cards>'   (letters C K Q B N P)");
        std::process::exit(2);
    };
    if command != "score" {
        eprintln!("usurp knows one command: score");
        std::process::exit(2);
    }
    let counts = match Counts::parse(cards) {
        Ok(counts) => counts,
        Err(error) => {
            eprintln!("cannot read the cards: {error}");
            std::process::exit(1);
        }
    };
    let scoring = best(&counts);
    for (i, castle) in scoring.castles.iter().enumerate() {
        let groups: Vec<String> = castle
            .iter()
            .map(|g| format!("{} ({:+})", g.name(), g.points()))
            .collect();
        let inside = if groups.is_empty() {
            "nothing that scores".to_string()
        } else {
            groups.join(", ")
        };
        println!("castle {}: {inside}", i + 1);
    }
    for loose in &scoring.loose {
        println!(
            "{} × {} ({:+} each): {}",
            loose.count, loose.card, loose.points, loose.why
        );
    }
    println!("{}", scoring.total);
}

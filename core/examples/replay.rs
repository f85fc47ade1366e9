//! How long loading a long saved game takes: for every game, the longest of a few random
//! games of up to 4,000 actions, read whole, with an early action made illegal (the one
//! before it played again in its place, from the third on) and with an unreadable word
//! after the second action. A save read when the app opens, or a game file imported.
//!
//!     cargo run --release -p intrigue-core --example replay [-- <actions>]

use std::time::Instant;

use intrigue_core::bots::{Computer, longest_random_game, with_early_illegal, with_unreadable};
use intrigue_core::catalogue::GameKind;
use intrigue_core::game::Referee;
use intrigue_core::games::{Visit, visit};

struct Long {
    actions: usize,
}

impl Visit for &Long {
    type Output = Result<(), String>;

    fn visit<G: Computer>(self) -> Result<(), String> {
        let text = longest_random_game::<G>(self.actions, 6)?;
        let whole = time(|| Referee::<G>::from_text(&text).map(|l| l.referee.actions()));
        let illegal = with_early_illegal::<G>(&text, 2);
        let unreadable = with_unreadable::<G>(&text, 2).ok_or("the game is too short")?;
        let damaged = time(|| Referee::<G>::from_text(&unreadable).map(|l| l.referee.actions()));
        print!(
            "  {:<22} {:>5} actions: whole {:>8.1} ms",
            G::KIND.to_string(),
            *whole.0.as_ref().unwrap_or(&0),
            whole.1
        );
        if let Some((illegal, at)) = illegal {
            let loaded = time(|| Referee::<G>::from_text(&illegal).map(|l| l.referee.actions()));
            print!(
                "   action {} illegal {:>8.1} ms (kept {})",
                at + 1,
                loaded.1,
                loaded.0.unwrap_or(0)
            );
        }
        println!(
            "   unreadable after action 2 {:>8.1} ms (kept {})",
            damaged.1,
            damaged.0.unwrap_or(0)
        );
        Ok(())
    }
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64() * 1000.0)
}

fn main() -> Result<(), String> {
    let actions = std::env::args()
        .nth(1)
        .map(|a| {
            a.parse::<usize>()
                .map_err(|_| format!("“{a}” is not a count"))
        })
        .transpose()?
        .unwrap_or(4000);
    println!("Loading the longest of 6 random games of up to {actions} actions (native, release):");
    for kind in GameKind::all() {
        visit(kind, &Long { actions })?;
    }
    Ok(())
}

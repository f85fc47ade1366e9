//! Print what the core deals for a share token, as JSON: the table words and, for every
//! seat, its name, team and (A City of Spies) cards in the given round. The browser tests
//! use it to check phones against the core.
//!
//! `cargo run -p intrigue-core --example deal -- <token or typed code> [round]`

use intrigue_core::ShareToken;

fn json(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out + "\""
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(text) = args.first() else {
        eprintln!("usage: deal <token or typed code> [round]");
        std::process::exit(2);
    };
    let round: u32 = match args.get(1).map(|r| r.parse()) {
        None => 1,
        Some(Ok(r)) if r >= 1 => r,
        Some(_) => {
            eprintln!("the round is a whole number from 1");
            std::process::exit(2);
        }
    };
    let token = match ShareToken::parse(text) {
        Ok(token) => token,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    let deal = &token.deal;
    let mut seats = Vec::new();
    for seat in 0..deal.players() {
        let name = json(&deal.seats.name(seat));
        let entry = if let Some(city) = deal.city_of_spies() {
            let s = city.secrets(seat, round);
            format!(
                "{{\"seat\":{seat},\"name\":{name},\"team\":{},\"life\":{},\"target\":{}}}",
                json(s.team.name()),
                json(&s.cards.life.label()),
                json(&s.cards.target.label())
            )
        } else if let Some(carousel) = deal.carousel_chess() {
            format!(
                "{{\"seat\":{seat},\"name\":{name},\"team\":{}}}",
                json(carousel.team(seat).name())
            )
        } else {
            unreachable!("every secret game is handled above")
        };
        seats.push(entry);
    }
    println!(
        "{{\"game\":{},\"seat\":{},\"round\":{round},\"words\":{},\"seats\":[{}]}}",
        json(deal.game.kind().slug()),
        token.seat,
        json(&deal.fingerprint().to_string()),
        seats.join(",")
    );
}

//! What the table knows and what a phone knows, as JSON. The browser tests check the app
//! against it.
//!
//! ```text
//! deal table <seed> <game> <players> [--names A,B,C] [--target-may-be-own-life] [--rounds N]
//! deal table --saved <the table's save>
//! deal seat <seat code, rounds code, reveal code, or a link holding one>
//! deal hand <a Chess Deckbuilder save> <seat>
//! ```
//!
//! `deal table` prints every seat's typed code and link token, and every seat's secrets
//! (the team; in A City of Spies the cards of rounds 1 to N, default 9), the table id,
//! the table words, the round words, the seed (hexadecimal), the table's save and the reveal
//! code: what the table device knows.
//! `--saved` reads the table's save (local storage `intrigue.table`) instead of a seed.
//! `deal seat` prints only what the given code holds: what a phone knows.
//! `deal hand` prints the cards in a seat's hand of a deckbuilder game, in the order of its
//! view: what that seat's screen must show.
//!
//! `cargo run -p intrigue-core --example deal -- table 0x5eed city-of-spies 5`

use intrigue_core::games::city_of_spies::{self, Cards};
use intrigue_core::{Code, GameKind, Seats, SecretGame, Secrets, Seed, TableDeal, TableId};

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

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

fn cards(cards: &[Cards]) -> String {
    list(cards.iter().map(|c| {
        format!(
            "{{\"life\":{},\"target\":{}}}",
            json(&c.life.label()),
            json(&c.target.label())
        )
    }))
}

fn secrets(secrets: &Secrets) -> String {
    match secrets {
        Secrets::CityOfSpies { team, rounds } => {
            format!(
                "\"team\":{},\"rounds\":{}",
                json(team.name()),
                cards(rounds)
            )
        }
        Secrets::CarouselChess { team } => format!("\"team\":{}", json(team.name())),
    }
}

fn words(id: TableId, rounds: u32) -> String {
    format!(
        "\"table_id\":{},\"words\":{},\"round_words\":{}",
        json(&id.to_hex()),
        json(&id.fingerprint().to_string()),
        list((1..=rounds).map(|r| json(id.round_word(r))))
    )
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2)
}

fn parse_seed(text: &str) -> u64 {
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.unwrap_or_else(|_| fail("the seed is a number (decimal, or hexadecimal after 0x)"))
}

fn table(args: &[String]) {
    let mut rounds = 9u32;
    let mut names = Vec::new();
    let mut own_life = false;
    let mut positional = Vec::new();
    let mut saved = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = rest
                    .next()
                    .and_then(|r| r.parse().ok())
                    .filter(|r| (1..=99).contains(r))
                    .unwrap_or_else(|| fail("--rounds takes a number from 1 to 99"));
            }
            "--names" => {
                names = rest
                    .next()
                    .unwrap_or_else(|| fail("--names takes a comma-separated list"))
                    .split(',')
                    .map(String::from)
                    .collect();
            }
            "--target-may-be-own-life" => own_life = true,
            "--saved" => {
                saved = Some(
                    rest.next()
                        .unwrap_or_else(|| fail("--saved takes the table's save")),
                )
            }
            _ => positional.push(arg.as_str()),
        }
    }
    let deal = match (saved, positional.as_slice()) {
        (Some(text), []) => TableDeal::from_text(text).unwrap_or_else(|e| fail(&e.to_string())),
        (None, [seed, game, players]) => {
            let game = GameKind::from_slug(game)
                .filter(|kind| kind.info().secret_deal)
                .unwrap_or_else(|| fail("the game is city-of-spies or carousel-chess"));
            // The one City of Spies house rule that changes the deal is its option 0.
            let own_life = game == city_of_spies::KIND && own_life;
            let game =
                SecretGame::new(game, u8::from(own_life)).unwrap_or_else(|e| fail(&e.to_string()));
            let players: u8 = players
                .parse()
                .unwrap_or_else(|_| fail("the player count is a number"));
            let seats = Seats::new(players, names).unwrap_or_else(|e| fail(&e.to_string()));
            TableDeal::new(game, seats, Seed(parse_seed(seed)))
                .unwrap_or_else(|e| fail(&e.to_string()))
        }
        _ => fail(
            "usage: deal table <seed> <game> <players> [--names A,B] [--target-may-be-own-life] [--rounds N] | deal table --saved <save>",
        ),
    };
    let has_rounds = deal.game.kind() == city_of_spies::KIND;
    let seats = (0..deal.players()).map(|seat| {
        let code = deal.seat_code(seat).expect("a seat of this table");
        format!(
            "{{\"seat\":{seat},\"name\":{},\"code\":{},\"link\":{},{}}}",
            json(&deal.seats.name(seat)),
            json(&code.to_typed_code()),
            json(&code.to_link_token()),
            secrets(&deal.secrets(seat, 1, if has_rounds { rounds } else { 0 }))
        )
    });
    println!(
        "{{\"game\":{},\"players\":{},\"seed\":{},\"save\":{},{},\"reveal\":{},\"seats\":{}}}",
        json(deal.game.kind().slug()),
        deal.players(),
        json(&deal.seed_hex()),
        json(&deal.to_text()),
        words(deal.table_id(), if has_rounds { rounds } else { 0 }),
        json(&deal.reveal_code(rounds).to_typed_code()),
        list(seats)
    );
}

fn seat(text: &str) {
    let token = text.rsplit('/').next().unwrap_or(text);
    let code = Code::parse(token).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    match code {
        Code::Seat(code) => println!(
            "{{\"kind\":\"seat\",\"game\":{},\"players\":{},\"seat\":{},\"name\":{},{},{}}}",
            json(code.game.kind().slug()),
            code.players(),
            code.seat,
            json(&code.name()),
            words(code.table_id, code.rounds_held()),
            secrets(&code.secrets)
        ),
        Code::Rounds(code) => println!(
            "{{\"kind\":\"rounds\",\"seat\":{},\"table_id\":{},\"first\":{},\"rounds\":{}}}",
            code.seat,
            json(&code.table_id.to_hex()),
            code.first,
            cards(&code.cards)
        ),
        Code::Reveal(code) => println!(
            "{{\"kind\":\"reveal\",\"game\":{},\"players\":{},\"table_id\":{},\"rounds\":{}}}",
            json(code.game.kind().slug()),
            code.players,
            json(&code.table_id().to_hex()),
            code.rounds
        ),
    }
}

fn hand(save: &str, seat: &str) {
    use intrigue_core::game::Referee;
    use intrigue_core::games::deckbuilder::Deckbuilder;
    let seat: u8 = seat
        .parse()
        .ok()
        .filter(|s| *s < 2)
        .unwrap_or_else(|| fail("the seat is 0 or 1"));
    let loaded = Referee::<Deckbuilder>::from_text(save).unwrap_or_else(|e| fail(&e));
    let view = loaded.referee.view(intrigue_core::Viewer::Seat(seat));
    println!(
        "{{\"seat\":{seat},\"hand\":{}}}",
        list(view.body.hand.iter().map(|card| json(card.name())))
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((command, rest)) if command == "table" => table(rest),
        Some((command, [code])) if command == "seat" => seat(code),
        Some((command, [save, at])) if command == "hand" => hand(save, at),
        _ => fail(
            "usage: deal table <seed> <game> <players> [options] | deal seat <code or link> | deal hand <save> <seat>",
        ),
    }
}

//! PGN export: the moves in SAN, each ply's player in a comment; the teams in the header
//! once the game is over (never before). Built from the table's view, so it can hold
//! nothing the table may not show.

use shakmaty::Color;

use super::deal::Team;
use super::game::End;
use super::view::TableView;

pub fn export(view: &TableView, date: &str) -> String {
    let names = &view.names;
    let result = match view.end {
        Some(End::Checkmate {
            colour: Color::White,
            ..
        }) => "1-0",
        Some(End::Checkmate {
            colour: Color::Black,
            ..
        }) => "0-1",
        Some(_) => "1/2-1/2",
        None => "*",
    };
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag("Event", "Carousel Chess");
    tag("Site", "Intrigue");
    tag("Date", date);
    tag("Round", "-");
    tag("White", "Carousel");
    tag("Black", "Carousel");
    tag("Result", result);
    tag("Players", &names.join(", "));
    if let Some(teams) = &view.teams {
        let team = |t: Team| -> String {
            let members: Vec<&str> = (0..names.len())
                .filter(|&s| teams[s] == t)
                .map(|s| names[s].as_str())
                .collect();
            if members.is_empty() {
                "-".into()
            } else {
                members.join(", ")
            }
        };
        tag("WhiteTeam", &team(Team::White));
        tag("BlackTeam", &team(Team::Black));
        tag("DrawPlayer", &team(Team::Draw));
        let scores: Vec<String> = view
            .scores
            .iter()
            .zip(names)
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        tag("Scores", &scores.join(", "));
    }
    out.push('\n');
    let mut line = String::new();
    for (i, (seat, _, san)) in view.moves.iter().enumerate() {
        if i % 2 == 0 {
            line.push_str(&format!("{}. ", i / 2 + 1));
        }
        let comment = names[*seat as usize].replace('}', ")");
        line.push_str(&format!("{san} {{{comment}}} "));
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

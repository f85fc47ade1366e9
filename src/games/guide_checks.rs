//! The checks every guided first game's tests make (`games/<game>/lesson.rs`): its script
//! plays through on the engine ([`assert_plays_through`]), and it teaches every section of
//! its game's rules page a first game needs ([`assert_teaches_its_rules`]). Tests only.

use intrigue_core::game::{Game, Referee, Status};

use super::guide::{Guide, Lesson};

/// The titles of the sections of a rules page (English), each with whether a first
/// game needs it: the page's own sections and its rulings, not its one-screen summary
/// nor what the app adds ("In the app").
pub fn rules_sections(html: &str) -> Vec<String> {
    let body = html.split_once("</section>").map_or(html, |(_, rest)| rest);
    let rules = body.split("<h2>In the app</h2>").next().unwrap_or(body);
    let mut titles = Vec::new();
    for tag in ["h2", "h3"] {
        let open = format!("<{tag}>");
        let close = format!("</{tag}>");
        for part in rules.split(&open).skip(1) {
            if let Some((title, _)) = part.split_once(&close) {
                titles.push(title.replace("&#39;", "'").replace("&amp;", "&"));
            }
        }
    }
    titles.retain(|t| t != "How the app decides");
    titles
}

/// A lesson's test: every section of its game's rules page (English, `html`) is taught by
/// some action of the lesson, or is named in `not_in_a_first_game` (a rule a first game
/// does not meet, with why beside it); and every section the lesson names is one of the
/// page's.
pub fn assert_teaches_its_rules(guide: &Guide, html: &str, not_in_a_first_game: &[&str]) {
    let sections = rules_sections(html);
    let taught = guide.taught();
    for section in &sections {
        assert!(
            taught.contains(&section.as_str()) || not_in_a_first_game.contains(&section.as_str()),
            "{}: no step teaches the rules' section “{section}”",
            guide.kind
        );
    }
    for named in taught.iter().chain(not_in_a_first_game) {
        assert!(
            sections.iter().any(|s| s == named),
            "{}: “{named}” is not a section of its rules page",
            guide.kind
        );
    }
}

/// A lesson's test: its script plays through on the engine, each of the person's actions
/// when it is the person's turn (or the table's) and each reply in a computer's, and ends
/// the game, or stops where the person acts next;
/// every step marks something and says its words in both languages.
pub fn assert_plays_through<G>(lesson: &Lesson<G>)
where
    G: Game,
    G::Action: PartialEq + Send + Sync + std::fmt::Debug + 'static,
{
    use intrigue_core::game::ToAct;
    assert_eq!(lesson.actions.len(), lesson.guide.beats.len());
    assert_eq!(lesson.names.len(), lesson.computers.len());
    let mut referee = Referee::<G>::new(lesson.config.clone(), lesson.seed).expect("dealt");
    for (i, (action, said)) in lesson.actions.iter().zip(&lesson.guide.beats).enumerate() {
        // The table's actions (A City of Spies's set-up of a round) are the person's:
        // they are the table.
        let (seat, person) = match referee.to_act() {
            ToAct::Seat(seat) => (Some(seat), lesson.computers[usize::from(seat)].is_none()),
            ToAct::Table => (None, true),
            ToAct::Nobody => panic!("{}: action {i}: nobody is to act", lesson.guide.kind),
        };
        // Before the lesson opens (a set-up made for it) nothing is said.
        if i < lesson.guide.start {
            assert!(
                said.step.is_none() && said.then.0.is_empty(),
                "{}: action {i}",
                lesson.guide.kind
            );
            referee
                .act(action.clone())
                .unwrap_or_else(|e| panic!("{}: action {i}: {e}", lesson.guide.kind));
            continue;
        }
        assert_eq!(
            person,
            said.step.is_some(),
            "{}: action {i} is {seat:?}'s, a {}",
            lesson.guide.kind,
            if person { "person" } else { "computer" }
        );
        if let Some(step) = &said.step {
            assert!(
                !step.marks.is_empty(),
                "{}: step {i} marks nothing",
                lesson.guide.kind
            );
            assert_ne!(step.say.0, step.say.1, "{}: step {i}", lesson.guide.kind);
            assert_ne!(
                step.wrong.0, step.wrong.1,
                "{}: step {i}",
                lesson.guide.kind
            );
        }
        referee
            .act(action.clone())
            .unwrap_or_else(|e| panic!("{}: action {i} {action:?}: {e}", lesson.guide.kind));
    }
    if lesson.guide.game_ends {
        assert_ne!(
            referee.status(),
            Status::Playing,
            "{}: the lesson ends its game",
            lesson.guide.kind
        );
    } else {
        let person = lesson
            .computers
            .iter()
            .position(Option::is_none)
            .unwrap_or(0) as u8;
        assert!(
            [ToAct::Seat(person), ToAct::Table].contains(&referee.to_act()),
            "{}: a lesson that stops before the game's end stops where the person acts \
             next: their turn, or the table's (a new round's set-up)",
            lesson.guide.kind
        );
    }
}

//! The core's modules form layers (a step of `cargo xtask tidy`): no module imports one
//! that imports it back, however far round. The app's files too ([`app_edges`]).
//! ARCHITECTURE.md draws the layers.
//!
//! A module is a file of `core/src/` (`seats`, `table`, …), a folder of its own (`seat/`
//! belongs to `seat`), or one game's folder (`games::espionage`); `games` is the registry
//! in `games/mod.rs`. An edge is a `crate::…` path in code that names another module:
//! comments, tests (`mod tests { … }`, files declared `#[cfg(test)] mod …;`) and paths to
//! items of the crate root do not count.

use std::collections::{BTreeMap, BTreeSet};

/// One module: its name, and the text of its files.
pub struct Module {
    pub name: String,
    pub texts: Vec<String>,
}

/// The module a file of `core/src/` belongs to, from its path there (`games/usurp/view.rs`
/// → `games::usurp`); `None` for the crate root.
pub fn module_of(path: &str) -> Option<String> {
    let path = path.strip_suffix(".rs").unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    match parts[..] {
        ["lib"] => None,
        ["games", "mod"] => Some("games".into()),
        ["games", game, ..] => Some(format!("games::{game}")),
        [first, ..] => Some(first.to_string()),
        [] => None,
    }
}

/// What follows `mod ` in a line that declares a module (`pub(crate) mod tests;` →
/// `tests;`), whatever its visibility.
fn module_declared(line: &str) -> Option<&str> {
    let line = line.trim();
    let line = match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1.trim_start(),
        Some(rest) => rest.trim_start(),
        None => line,
    };
    line.strip_prefix("mod ")
}

/// The lines of `text` that are code outside tests: no comments, and nothing from a
/// `mod tests` on.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .take_while(|line| module_declared(line).is_none_or(|name| !name.starts_with("tests")))
        .map(str::trim)
        .filter(|line| !line.starts_with("//"))
}

/// The names a line reaches through `crate::` paths: `crate::a::b`, `crate::a::{b, c}`, and
/// `crate::{a, b}`, each as the list of its path's first two parts.
fn paths(line: &str) -> Vec<Vec<String>> {
    paths_after(line, "crate::", 2)
}

/// The paths that follow `start` in a line, each as the list of its first `depth` parts.
fn paths_after(line: &str, start: &str, depth: usize) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(start) {
        // `super::` inside `super::super::` is read once, from the first.
        if start != "crate::" && rest[..at].ends_with("::") {
            rest = &rest[at + start.len()..];
            continue;
        }
        rest = &rest[at + start.len()..];
        let mut prefix = Vec::new();
        let mut here = rest;
        loop {
            if let Some(group) = here.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for name in group[..end].split(',') {
                    let mut path = prefix.clone();
                    path.extend(name.split("::").map(|p| p.trim().to_string()));
                    path.truncate(depth);
                    found.push(path);
                }
                break;
            }
            let end = here
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(here.len());
            if end == 0 {
                found.push(prefix);
                break;
            }
            prefix.push(here[..end].to_string());
            here = &here[end..];
            match here.strip_prefix("::") {
                Some(next) if prefix.len() < depth => here = next,
                _ => {
                    found.push(prefix);
                    break;
                }
            }
        }
    }
    found
}

/// The first part of each relative path in a line (`usurp` of `usurp::Usurp`): a name
/// followed by `::` that does not follow `::` itself.
fn relative_heads(line: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut from = 0;
    while let Some(at) = line[from..].find("::") {
        let end = from + at;
        let start = line[..end]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        if start < end && !line[..start].ends_with("::") && !line[..start].ends_with('$') {
            heads.push(&line[start..end]);
        }
        from = end + 2;
    }
    heads
}

/// Every module's edges to the other modules it names.
pub fn edges(modules: &[Module]) -> BTreeMap<String, BTreeSet<String>> {
    let names: BTreeSet<&str> = modules.iter().map(|m| m.name.as_str()).collect();
    let mut edges = BTreeMap::new();
    for module in modules {
        let out: &mut BTreeSet<String> = edges.entry(module.name.clone()).or_default();
        for text in &module.texts {
            for line in code_lines(text) {
                for head in relative_heads(line) {
                    let child = format!("{}::{head}", module.name);
                    if names.contains(child.as_str()) {
                        out.insert(child);
                    }
                }
                for path in paths(line) {
                    let target = match &path[..] {
                        [games, game, ..] if games == "games" => {
                            let full = format!("games::{game}");
                            if names.contains(full.as_str()) {
                                full
                            } else {
                                "games".into()
                            }
                        }
                        [first, ..] => first.clone(),
                        [] => continue,
                    };
                    if target != module.name && names.contains(target.as_str()) {
                        out.insert(target);
                    }
                }
            }
        }
    }
    edges
}

/// The app's module of a file of `src/`, one a file: `saved/game.rs` → `saved::game`,
/// `games/mod.rs` → `games`; `None` for `main.rs`.
pub fn app_module_of(path: &str) -> Option<String> {
    let path = path.strip_suffix(".rs").unwrap_or(path);
    let path = path.strip_suffix("/mod").unwrap_or(path);
    (path != "main" && path != "lib").then(|| path.replace('/', "::"))
}

/// Every app module's edges (`src/`, a module a file; `files`: each file's path there and
/// text): a `crate::` path to the deepest module it names, a `super::` path to the module's
/// parent (or the parent's module it names), and a path through a module the file itself
/// declares. Comments and tests do not count.
pub fn app_edges(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let test_only: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| test_only_files(path, text))
        .collect();
    let files: Vec<(String, &str)> = files
        .iter()
        .filter(|(path, _)| !test_only.contains(path))
        .filter_map(|(path, text)| Some((app_module_of(path)?, text.as_str())))
        .collect();
    let names: BTreeSet<&str> = files.iter().map(|(m, _)| m.as_str()).collect();
    // The deepest module `parts` names.
    let deepest = |parts: &[String]| {
        (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|m| names.contains(m.as_str()))
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &files {
        let own: Vec<String> = module.split("::").map(str::to_string).collect();
        let parent = &own[..own.len() - 1];
        let mut out = BTreeSet::new();
        for line in code_lines(text) {
            let mut reached: Vec<Vec<String>> = paths_after(line, "crate::", 6);
            for path in paths_after(line, "super::", 6) {
                let mut from = parent.to_vec();
                // `super::super::…`: one more step up.
                let mut rest = &path[..];
                while let [first, tail @ ..] = rest
                    && first == "super"
                {
                    from.pop();
                    rest = tail;
                }
                if from.is_empty() {
                    reached.push(rest.to_vec());
                } else {
                    from.extend(rest.iter().cloned());
                    reached.push(from);
                }
            }
            for head in relative_heads(line) {
                reached.push(own.iter().cloned().chain([head.to_string()]).collect());
            }
            for path in reached {
                // A module and the folders it sits in are one piece (a `mod.rs` names its
                // files, and they use what it holds): only edges across count.
                if let Some(target) = deepest(&path)
                    && !nested(&target, module)
                    && !nested(module, &target)
                {
                    out.insert(target);
                }
            }
        }
        edges.insert(module.clone(), out);
    }
    edges
}

/// Whether module `inner` is `outer` or inside it (`games::usurp::play` in `games`).
fn nested(inner: &str, outer: &str) -> bool {
    inner == outer
        || inner
            .strip_prefix(outer)
            .is_some_and(|rest| rest.starts_with("::"))
}

/// A cycle among the modules, as the names round it (the first repeated at the end), or
/// `None` when they form layers.
pub fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        name: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(name) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|n| n == name).unwrap_or(0);
                let mut round = path[from..].to_vec();
                round.push(name.to_string());
                return Some(round);
            }
            None => {}
        }
        marks.insert(name.to_string(), Mark::Open);
        path.push(name.to_string());
        for next in edges.get(name).into_iter().flatten() {
            if let Some(round) = visit(next, edges, marks, path) {
                return Some(round);
            }
        }
        path.pop();
        marks.insert(name.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for name in edges.keys() {
        if let Some(round) = visit(name, edges, &mut marks, &mut Vec::new()) {
            return Some(round);
        }
    }
    None
}

/// The files a module file declares as test-only (`#[cfg(test)]` then `mod name;`), as
/// paths beside it: `name.rs` or `name/mod.rs` in its folder (or its own folder, for a
/// file that is not `lib.rs` or `mod.rs`).
pub fn test_only_files(path: &str, text: &str) -> Vec<String> {
    let folder = match path.rsplit_once('/') {
        Some((dir, file)) if file == "mod.rs" || file == "lib.rs" => format!("{dir}/"),
        Some((dir, file)) => format!("{dir}/{}/", file.trim_end_matches(".rs")),
        None if path == "lib.rs" || path == "mod.rs" => String::new(),
        None => format!("{}/", path.trim_end_matches(".rs")),
    };
    let beside = path
        .rsplit_once('/')
        .map_or(String::new(), |(dir, _)| format!("{dir}/"));
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if *line != "#[cfg(test)]" {
            continue;
        }
        // `#[path = "file.rs"]` may stand between (a path beside this file).
        let (named, next) = match lines.get(i + 1).and_then(|l| l.strip_prefix("#[path = \"")) {
            Some(rest) => (rest.split('"').next(), lines.get(i + 2)),
            None => (None, lines.get(i + 1)),
        };
        let Some(name) = next.and_then(|l| module_declared(l)?.strip_suffix(';')) else {
            continue;
        };
        match named {
            Some(file) => found.push(format!("{beside}{file}")),
            None => {
                found.push(format!("{folder}{name}.rs"));
                found.push(format!("{folder}{name}/mod.rs"));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(name: &str, text: &str) -> Module {
        Module {
            name: name.into(),
            texts: vec![text.into()],
        }
    }

    #[test]
    fn files_belong_to_their_modules() {
        assert_eq!(module_of("lib.rs"), None);
        assert_eq!(module_of("seats.rs").as_deref(), Some("seats"));
        assert_eq!(module_of("seat/tests.rs").as_deref(), Some("seat"));
        assert_eq!(module_of("games/mod.rs").as_deref(), Some("games"));
        assert_eq!(
            module_of("games/deckbuilder/game/turn.rs").as_deref(),
            Some("games::deckbuilder")
        );
    }

    #[test]
    fn paths_of_every_shape_are_read() {
        assert_eq!(
            paths("use crate::seats::Seats;"),
            vec![vec!["seats", "Seats"]]
        );
        assert_eq!(
            paths("use crate::games::{carousel_chess, city_of_spies::Piece};"),
            vec![
                vec!["games", "carousel_chess"],
                vec!["games", "city_of_spies"]
            ]
        );
        assert_eq!(
            paths("use crate::{seed::Seed, table};"),
            vec![vec!["seed", "Seed"], vec!["table"]]
        );
        assert_eq!(paths("let x = crate::table::f(crate::GameKind);").len(), 2);
        assert_eq!(
            relative_heads("usurp::Usurp, <a::B as c::D>::e, ::std::x, $m::y"),
            vec!["usurp", "a", "c"]
        );
    }

    #[test]
    fn the_apps_files_are_modules_and_their_cycles_are_found() {
        assert_eq!(
            app_module_of("saved/game.rs").as_deref(),
            Some("saved::game")
        );
        assert_eq!(app_module_of("games/mod.rs").as_deref(), Some("games"));
        assert_eq!(
            app_module_of("games/usurp/play.rs").as_deref(),
            Some("games::usurp::play")
        );
        assert_eq!(app_module_of("main.rs"), None);
        let files = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter()
                .map(|(p, t)| (p.to_string(), t.to_string()))
                .collect()
        };
        // Siblings through `super::`, deep `crate::` paths, a module the file declares.
        let app = files(&[
            (
                "saved/mod.rs",
                "mod game;
mod table;
pub use table::load;",
            ),
            (
                "saved/game.rs",
                "use super::table::load;
fn f() { super::now(); }",
            ),
            ("saved/table.rs", "use crate::storage::get;"),
            (
                "storage.rs",
                "// crate::saved::game is named in a comment only
",
            ),
            (
                "games/mod.rs",
                "mod usurp;
use crate::frame::after_paint;",
            ),
            (
                "games/usurp/mod.rs",
                "mod play;
fn part() { play::part() }",
            ),
            (
                "games/usurp/play.rs",
                "use crate::games::GameScreens;
use crate::saved::game::x;",
            ),
            (
                "frame.rs",
                "fn f() {}
#[cfg(test)]
mod tests;",
            ),
            ("frame/tests.rs", "use crate::games::usurp::play;"),
        ]);
        let found = app_edges(&app);
        assert!(found["saved::game"].contains("saved::table"));
        assert!(
            !found["saved::game"].contains("saved"),
            "a folder and its files are one piece"
        );
        assert!(found["games::usurp::play"].contains("saved::game"));
        assert!(!found["games::usurp::play"].contains("games"));
        assert!(found["storage"].is_empty(), "comments are not edges");
        assert!(
            found["frame"].is_empty() && !found.contains_key("frame::tests"),
            "tests are not edges"
        );
        assert_eq!(cycle(&found), None);
        // storage → saved::game → saved::table → storage.
        let mut round = app.clone();
        round[3].1 = "use crate::saved::game::Kept;".into();
        assert_eq!(
            cycle(&app_edges(&round)),
            Some(vec![
                "saved::game".into(),
                "saved::table".into(),
                "storage".into(),
                "saved::game".into()
            ])
        );
    }

    #[test]
    fn a_cycle_is_found_and_layers_pass() {
        let layered = [
            module("seats", "use crate::catalogue::GameKind;"),
            module("catalogue", "//! Leaf.\n// see crate::seats::Seats\n"),
            module(
                "games::usurp",
                "use crate::seats::Seats;\nuse crate::games::Visit;",
            ),
            module("games", "registry! { usurp::Usurp }\nuse crate::seats;"),
        ];
        let found = edges(&layered);
        assert_eq!(found["catalogue"].len(), 0, "comments are not edges");
        assert!(found["games::usurp"].contains("games"));
        // games::usurp → games → games::usurp is a cycle.
        assert_eq!(
            cycle(&found),
            Some(vec!["games".into(), "games::usurp".into(), "games".into()])
        );
        let fine = [
            module("seats", "use crate::catalogue::GameKind;"),
            module(
                "catalogue",
                "fn f() {}\npub(crate) mod tests {\nuse crate::seats;\n}",
            ),
        ];
        assert_eq!(cycle(&edges(&fine)), None, "tests are not edges");
    }

    #[test]
    fn test_only_files_are_named() {
        let lib = "pub mod seat;\n#[cfg(test)]\nmod game_tests;\n";
        assert_eq!(
            test_only_files("lib.rs", lib),
            vec!["game_tests.rs", "game_tests/mod.rs"]
        );
        let game = "#[cfg(test)]\n#[path = \"game_tests.rs\"]\nmod tests;\n";
        assert_eq!(test_only_files("game.rs", game), vec!["game_tests.rs"]);
        assert_eq!(
            test_only_files("games/usurp/game.rs", game),
            vec!["games/usurp/game_tests.rs"]
        );
        let open = "#[cfg(test)]\n#[path = \"game_tests.rs\"]\npub(crate) mod tests;\n";
        assert_eq!(test_only_files("game.rs", open), vec!["game_tests.rs"]);
        let seat = "#[cfg(test)]\nmod tests;\n";
        assert_eq!(test_only_files("seat.rs", seat)[0], "seat/tests.rs");
        assert_eq!(
            test_only_files("games/usurp/mod.rs", seat)[0],
            "games/usurp/tests.rs"
        );
    }
}

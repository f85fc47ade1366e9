//! The rules pages (`public/rules/<slug>.html`) draw each game's starting position as a
//! still diagram; these helpers read one back so a test can hold it to the rules in code.

/// One square of a rules page's diagram.
#[derive(Debug, PartialEq, Eq)]
pub struct DiagramSquare {
    /// Its name, `a1`…
    pub square: String,
    /// The piece drawn on it, by name ("Rook 1", "White king").
    pub piece: Option<String>,
    /// Its class list ("d-sq dark building").
    pub class: String,
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + tag[start..].find('"')?;
    Some(tag[start..end].to_string())
}

/// Every square of the first diagram on the rules page `html`, in page order.
pub fn diagram(html: &str) -> Vec<DiagramSquare> {
    let start = html
        .find("class=\"diagram-board\"")
        .expect("the page has a diagram");
    let end = start + html[start..].find("</div>").expect("the diagram ends");
    html[start..end]
        .split("<span ")
        .skip(1)
        .map(|tag| {
            let tag = &tag[..tag.find('>').expect("a tag ends")];
            let tag = format!(" {tag}");
            DiagramSquare {
                square: attribute(&tag, "data-square").expect("a square has a name"),
                piece: attribute(&tag, "data-piece"),
                class: attribute(&tag, "class").unwrap_or_default(),
            }
        })
        .collect()
}

/// A rules page's text, as the app serves it.
pub fn page(slug: &str) -> String {
    let path = format!("{}/../public/rules/{slug}.html", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::{diagram, page};

    /// How many times `what` occurs in `html`.
    fn count(html: &str, what: &str) -> usize {
        html.matches(what).count()
    }

    /// Every game's rules page has its Spanish (`public/rules/es/`), in step with the
    /// English: the same sections, rulings, house rules, table rows and diagram.
    #[test]
    fn every_rules_page_has_its_spanish_in_step_with_the_english() {
        for kind in crate::GameKind::all() {
            let slug = kind.slug();
            let en = page(slug);
            let es = page(&format!("es/{slug}"));
            for mark in [
                "<h2>",
                "class=\"ruling\"",
                "class=\"option\"",
                "<tr>",
                "<li>",
            ] {
                assert_eq!(count(&en, mark), count(&es, mark), "{slug}: {mark}");
            }
            if en.contains("class=\"diagram-board\"") {
                assert_eq!(diagram(&en), diagram(&es), "{slug}: the diagram");
            }
            assert!(
                !es.contains(" the "),
                "{slug}: English left in the Spanish page"
            );
        }
    }

    /// Every rules page opens with the game in one screen: its goal, a turn, how it ends
    /// and what is secret, in that order and in the page's language, short enough to read
    /// at a glance (the long text follows for reference).
    #[test]
    fn every_rules_page_opens_with_the_game_in_one_screen() {
        let parts = [
            (
                "",
                "In one screen",
                ["Goal", "A turn", "How it ends", "What is secret"],
            ),
            (
                "es/",
                "En una pantalla",
                ["Objetivo", "Un turno", "Cómo termina", "Qué es secreto"],
            ),
        ];
        for kind in crate::GameKind::all() {
            for (folder, title, terms) in parts {
                let slug = format!("{folder}{}", kind.slug());
                let html = page(&slug);
                assert!(
                    html.starts_with(
                        "<section class=\"summary\" aria-labelledby=\"summary-title\">"
                    ),
                    "{slug}: the summary comes first"
                );
                let summary = &html[..html.find("</section>").expect("the summary ends")];
                assert!(
                    summary.contains(&format!("<h2 id=\"summary-title\">{title}</h2>")),
                    "{slug}: its title"
                );
                let said: Vec<&str> = summary
                    .split("<dt>")
                    .skip(1)
                    .map(|item| &item[..item.find("</dt>").expect("a term ends")])
                    .collect();
                assert_eq!(said, terms, "{slug}: the four parts, in order");
                let words: Vec<usize> = summary
                    .split("<dd>")
                    .skip(1)
                    .map(|item| {
                        item[..item.find("</dd>").expect("a part ends")]
                            .split_whitespace()
                            .count()
                    })
                    .collect();
                assert_eq!(words.len(), 4, "{slug}: each part said");
                assert!(
                    words.iter().all(|&w| (3..=60).contains(&w)),
                    "{slug}: {words:?} words"
                );
                assert!(
                    words.iter().sum::<usize>() <= 150,
                    "{slug}: {words:?} words in all"
                );
            }
        }
    }

    /// Every rules page keeps what the app adds around the game (the computer, one
    /// device, codes, logs and exports) in a section of its own at the end, "In the app":
    /// the rules and rulings before it never speak of them.
    #[test]
    fn every_rules_page_keeps_the_apps_own_details_in_a_section_of_their_own() {
        let parts = [
            (
                "",
                "<h2>In the app</h2>",
                ["export", "log", "code", "curtain"],
            ),
            (
                "es/",
                "<h2>En la aplicación</h2>",
                ["export", "registro", "código", "cortina"],
            ),
        ];
        for kind in crate::GameKind::all() {
            for (folder, head, words) in parts {
                let slug = format!("{folder}{}", kind.slug());
                let html = page(&slug);
                assert_eq!(count(&html, head), 1, "{slug}: its app section");
                let (rules, app) = html.split_at(html.find(head).unwrap());
                assert_eq!(count(app, "<h2>"), 1, "{slug}: the app section comes last");
                assert!(
                    app.contains("<h3>"),
                    "{slug}: the app section says something"
                );
                let rules = rules.to_lowercase();
                for word in words {
                    // At a word's start: "log" in "dialog" or "code" in "encoded" are not it.
                    let said = rules.match_indices(word).any(|(at, _)| {
                        !rules[..at]
                            .chars()
                            .next_back()
                            .is_some_and(char::is_alphanumeric)
                    });
                    assert!(!said, "{slug}: “{word}” before the app section");
                }
            }
        }
    }

    /// Every game of the registry has each of its places in the app (ARCHITECTURE.md,
    /// "Adding a game"): its folder in `src/games/` with its `SCREENS` and its line in the
    /// app's `screens!`, its Spanish title, its rules pages in both languages, its play
    /// screen's style, and a browser spec that opens it. A game that lacks one fails here,
    /// naming what is missing.
    #[test]
    fn every_game_has_its_places_in_the_app() {
        use crate::bots::Computer;
        use crate::games::{REGISTRY, Visit, visit};
        /// The game's folder, from its type's path (`…::games::<folder>::…::<Type>`).
        struct Folder;
        impl Visit for Folder {
            type Output = String;
            fn visit<G: Computer>(self) -> String {
                let path = std::any::type_name::<G>();
                let after = path.split("::games::").nth(1).unwrap_or_default();
                after.split("::").next().unwrap_or_default().to_string()
            }
        }
        let root = format!("{}/..", env!("CARGO_MANIFEST_DIR"));
        let read =
            |path: &str| std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_default();
        let folder_text = |folder: &str| -> String {
            std::fs::read_dir(format!("{root}/src/games/{folder}"))
                .map(|files| {
                    files
                        .flatten()
                        .filter_map(|f| std::fs::read_to_string(f.path()).ok())
                        .collect()
                })
                .unwrap_or_default()
        };
        let app_registry = read("src/games/mod.rs");
        let screens_list = app_registry
            .split("screens! {")
            .nth(1)
            .and_then(|rest| rest.split('}').next())
            .unwrap_or_default()
            .to_string();
        let i18n = read("src/i18n.rs");
        let css = read("style/main.css");
        let specs: String = std::fs::read_dir(format!("{root}/tests/browser"))
            .expect("the browser specs")
            .flatten()
            .filter(|f| f.file_name().to_string_lossy().ends_with(".test.mjs"))
            .filter_map(|f| std::fs::read_to_string(f.path()).ok())
            .collect();
        let mut missing = Vec::new();
        for &kind in REGISTRY {
            let (slug, folder) = (kind.slug(), visit(kind, Folder));
            let code = folder_text(&folder);
            let mut lacks = |what: &str, there: bool| {
                if !there {
                    missing.push(format!("{slug}: {what}"));
                }
            };
            lacks(
                &format!("src/games/{folder}/ with `pub static SCREENS`"),
                code.contains("pub static SCREENS"),
            );
            lacks(
                &format!("its line `{folder},` in src/games/mod.rs `screens!`"),
                screens_list
                    .lines()
                    .any(|l| l.trim() == format!("{folder},")),
            );
            lacks(
                "its Spanish title in src/i18n.rs (`tr_title`)",
                i18n.contains(&format!("\"{slug}\" => \"")),
            );
            for page in [
                format!("public/rules/{slug}.html"),
                format!("public/rules/es/{slug}.html"),
            ] {
                lacks(&page, !read(&page).is_empty());
            }
            // Its play screen is `<section class="play <name>">`, styled in style/main.css.
            let class = code
                .split("class=\"play ")
                .nth(1)
                .and_then(|rest| rest.split(['"', ' ']).next())
                .unwrap_or_default();
            lacks(
                &format!(
                    "a play screen `class=\"play <name>\"` styled in style/main.css (`.{class}`)"
                ),
                !class.is_empty() && css.contains(&format!(".{class}")),
            );
            lacks(
                "a browser spec in tests/browser/ that opens it (its slug)",
                specs.contains(slug),
            );
        }
        assert!(
            missing.is_empty(),
            "a game lacks its places:\n{}",
            missing.join("\n")
        );
    }
}

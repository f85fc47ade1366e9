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
}

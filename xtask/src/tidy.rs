//! `cargo xtask tidy` (and a step of `ci`): the code keeps a shape a newcomer can read.
//!
//! In every Rust file of the app (`src/`), the core (`core/src/`, `core/examples/`) and
//! this tool (`xtask/src/`):
//! - the file opens with a doc comment (`//!`) that says what it holds;
//! - a file longer than [`MOST_LINES`] says why near its top, on a line starting with
//!   [`LONG_BECAUSE`];
//! - no leftover marks: a note of work still to do, or a debugging print of a value;
//! - in the app, no text in one language only: an element whose whole content is a
//!   literal with words (`<button>"Save"</button>`) must be `tr!("Save", "Guardar")`.
//!
//! And the core's modules form layers, with no cycle (`layers`); and every piece picture
//! drawn in `art/` ships as its WebP under `public/`, made from it (`art/raster.mjs`).

use std::fs;
use std::path::{Path, PathBuf};

use crate::layers::{self, Module};
use crate::{Result, root};

/// The longest a file may be without saying why.
pub const MOST_LINES: usize = 700;

/// The start of the line that says why a file is longer than [`MOST_LINES`] (within its
/// first [`HEAD_LINES`] lines).
pub const LONG_BECAUSE: &str = "// Long because";

/// How far from the top the reason for a long file may stand.
const HEAD_LINES: usize = 40;

/// The folders whose Rust files are checked, from the repository's root.
const FOLDERS: [&str; 4] = ["src", "core/src", "core/examples", "xtask/src"];

/// What no file may hold (written in two halves, so this file does not hold them).
fn leftovers() -> [String; 3] {
    [
        format!("{}{}", "TO", "DO"),
        format!("{}{}", "FIX", "ME"),
        format!("{}{}", "dbg", "!("),
    ]
}

/// Every problem in one file's text, each said with the file's name.
pub fn problems(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    if !text.trim_start().starts_with("//!") {
        found.push(format!(
            "{name}: no doc comment at the top (`//!`: what this file holds)"
        ));
    }
    let lines = text.lines().count();
    if lines > MOST_LINES
        && !text
            .lines()
            .take(HEAD_LINES)
            .any(|line| line.trim_start().starts_with(LONG_BECAUSE))
    {
        found.push(format!(
            "{name}: {lines} lines, more than {MOST_LINES}: split it by what it does, or say why near the top (a line starting `{LONG_BECAUSE}`)"
        ));
    }
    for (number, line) in text.lines().enumerate() {
        for mark in leftovers() {
            if line.contains(&mark) {
                found.push(format!("{name}:{}: a leftover `{mark}`", number + 1));
            }
        }
    }
    found
}

/// The lines of an app file outside `src/saved/` that write a storage key (a string
/// literal that starts `"intrigue.` or `"intrigue-` and goes on with a letter): every key
/// lives in `saved/` (the prefix `"intrigue."` alone, which tells this app's keys from
/// others', may stand anywhere).
pub fn stray_keys(name: &str, text: &str) -> Vec<String> {
    if name.starts_with("src/saved/") {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for start in ["\"intrigue.", "\"intrigue-"] {
            let mut rest = line;
            while let Some(at) = rest.find(start) {
                let after = &rest[at + start.len()..];
                if after.starts_with(|c: char| c.is_ascii_lowercase()) {
                    found.push(format!(
                        "{name}:{}: a storage key outside src/saved/: put it in src/saved/keys.rs",
                        number + 1
                    ));
                }
                rest = after;
            }
        }
    }
    found
}

/// Names that are the same in every language.
const ANY_LANGUAGE: [&str; 1] = ["Intrigue"];

/// The lines of an app file that show a text in one language only: a string literal that
/// is the whole content of an element (`>"Save"<`), with a word in it.
pub fn one_language(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(start) = rest.find(">\"") {
            let after = &rest[start + 2..];
            let Some(end) = after.find('"') else { break };
            let literal = &after[..end];
            let closes = after[end + 1..].trim_start().starts_with('<');
            let worded = literal
                .split(|c: char| !c.is_alphabetic())
                .any(|word| word.chars().count() >= 2);
            if closes && worded && !ANY_LANGUAGE.contains(&literal) {
                found.push(format!(
                    "{name}:{}: \"{literal}\" is in one language only: write tr!(\"{literal}\", \"…\") (src/i18n.rs)",
                    number + 1
                ));
            }
            rest = &after[end + 1..];
        }
    }
    found
}

/// The Rust files under `folder`, sorted.
fn rust_files(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(here) = folders.pop() {
        let entries = fs::read_dir(&here).map_err(|e| format!("{}: {e}", here.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The core's modules, each with the text of its files that are not test-only.
fn core_modules(folder: &Path) -> Result<Vec<Module>> {
    let files = named_files(folder)?;
    let test_only: Vec<String> = files
        .iter()
        .flat_map(|(name, text)| layers::test_only_files(name, text))
        .collect();
    let mut modules: Vec<Module> = Vec::new();
    for (name, text) in files {
        let Some(module) = layers::module_of(&name) else {
            continue;
        };
        if test_only.contains(&name) {
            continue;
        }
        match modules.iter_mut().find(|m| m.name == module) {
            Some(found) => found.texts.push(text),
            None => modules.push(Module {
                name: module,
                texts: vec![text],
            }),
        }
    }
    Ok(modules)
}

/// The Rust files under `folder`: each one's path there (with `/`) and its text.
fn named_files(folder: &Path) -> Result<Vec<(String, String)>> {
    rust_files(folder)?
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .strip_prefix(folder)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            Ok((name, text))
        })
        .collect()
}

/// The folders of piece pictures: SVG sources in `art/<folder>`, WebP under `public/<folder>`.
const PICTURES: [&str; 3] = ["chess", "pieces", "espionage"];

/// Each picture's problem: an SVG without its WebP, or a WebP with no SVG.
fn picture_problems(root: &Path) -> Result<Vec<String>> {
    let mut found = Vec::new();
    let names = |folder: &Path, ext: &str| -> Result<Vec<String>> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|n| n.strip_suffix(ext).map(str::to_string))
            .collect();
        names.sort();
        Ok(names)
    };
    for folder in PICTURES {
        let (art, public) = (
            root.join("art").join(folder),
            root.join("public").join(folder),
        );
        let (drawn, shipped) = (names(&art, ".svg")?, names(&public, ".webp")?);
        for name in &drawn {
            if !shipped.contains(name) {
                found.push(format!(
                    "art/{folder}/{name}.svg has no public/{folder}/{name}.webp: run `node art/raster.mjs`"
                ));
            }
        }
        for name in shipped.iter().filter(|n| !drawn.contains(n)) {
            found.push(format!(
                "public/{folder}/{name}.webp has no source art/{folder}/{name}.svg"
            ));
        }
    }
    Ok(found)
}

/// Check every file; the problems, one a line, or how many files are tidy.
pub fn check() -> Result {
    let root = root();
    let mut found = Vec::new();
    let mut count = 0;
    for folder in FOLDERS {
        for path in rust_files(&root.join(folder))? {
            let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            found.extend(problems(&name, &text));
            if folder == "src" {
                found.extend(one_language(&name, &text));
                found.extend(stray_keys(&name, &text));
            }
            count += 1;
        }
    }
    found.extend(picture_problems(&root)?);
    let modules = core_modules(&root.join("core/src"))?;
    let edges = layers::edges(&modules);
    if let Some(round) = layers::cycle(&edges) {
        found.push(format!(
            "core/src: the modules import each other round a cycle: {}. Move what both need into a module below them (ARCHITECTURE.md, \"Layers\").",
            round.join(" → ")
        ));
    }
    let app = named_files(&root.join("src"))?;
    let app_edges = layers::app_edges(&app);
    if let Some(round) = layers::cycle(&app_edges) {
        found.push(format!(
            "src: the app's modules import each other round a cycle: {}. Move what both need into a module below them (ARCHITECTURE.md, \"The app's layers\").",
            round.join(" → ")
        ));
    }
    if found.is_empty() {
        let imports: usize = edges.values().map(|e| e.len()).sum();
        let app_imports: usize = app_edges.values().map(|e| e.len()).sum();
        println!(
            "tidy: {count} files, each with its doc comment, none too long unexplained, no leftovers, no app text in one language only, every storage key in src/saved/; {} core modules in layers ({imports} imports, no cycle); {} app modules in layers ({app_imports} imports, no cycle); every piece picture rastered",
            modules.len(),
            app_edges.len()
        );
        Ok(())
    } else {
        Err(format!("tidy:\n  {}", found.join("\n  ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tidy_file_passes() {
        assert!(problems("a.rs", "//! A module.\n\nfn main() {}\n").is_empty());
    }

    #[test]
    fn a_storage_key_outside_saved_is_caught() {
        let key = "const K: &str = \"intrigue.game\";\n";
        assert_eq!(stray_keys("src/cues.rs", key).len(), 1);
        assert_eq!(
            stray_keys("src/games/phone.rs", "const K: &str = \"intrigue-links\";").len(),
            1
        );
        assert!(stray_keys("src/saved/keys.rs", key).is_empty());
        assert!(stray_keys("src/app.rs", "key.starts_with(\"intrigue.\")").is_empty());
        assert!(stray_keys("src/a.rs", "// \"intrigue.game\" in a comment").is_empty());
        // A file name is not a key.
        assert!(stray_keys("src/c.rs", "format!(\"intrigue-{}.txt\", x)").is_empty());
    }

    #[test]
    fn a_text_in_one_language_only_is_caught() {
        let text = "//! A screen.\nview! { <button>\"Save\"</button> <span>\"Intrigue\"</span> <b>\" · \"</b> <p>{tr!(\"Go\", \"Ir\")}</p> }\n";
        assert_eq!(
            one_language("a.rs", text),
            vec!["a.rs:2: \"Save\" is in one language only: write tr!(\"Save\", \"…\") (src/i18n.rs)".to_string()]
        );
    }

    #[test]
    fn each_rule_is_caught() {
        assert_eq!(
            problems("a.rs", "fn main() {}\n").len(),
            1,
            "no doc comment"
        );
        let long = format!("//! A module.\n{}", "fn f() {}\n".repeat(MOST_LINES + 1));
        assert_eq!(problems("a.rs", &long).len(), 1, "too long");
        let said = format!(
            "//! A module.\n{LONG_BECAUSE}: one table.\n{}",
            "fn f() {}\n".repeat(MOST_LINES + 1)
        );
        assert!(problems("a.rs", &said).is_empty(), "too long, and says why");
        for mark in leftovers() {
            let text = format!("//! A module.\nfn f() {{ let x = 1; // {mark}\n}}\n");
            assert_eq!(
                problems("a.rs", &text),
                vec![format!("a.rs:2: a leftover `{mark}`")]
            );
        }
    }
}

//! The service worker's precache list, generated from the exact build output.
//!
//! Trunk runs `cargo xtask precache` after every build (see Trunk.toml). It lists every file
//! of the staged build, derives a build id from their names and contents, and writes
//! `sw.js` from the template `public/sw.js`. A new deploy therefore always has a new
//! `sw.js`, which is how browsers notice the update and replace the old cache.

use std::path::{Path, PathBuf};

use crate::wasm::{ENTRY_JS, Fnv64};
use crate::{Result, root};

const BUILD_MARK: &str = "__INTRIGUE_BUILD__";
const FILES_MARK: &str = "\"__INTRIGUE_FILES__\"";
const WORKER: &str = "sw.js";
/// In index.html: where boot.js finds the app's build folder (see `cargo xtask wasm`).
const APP_MARK: &str = "__INTRIGUE_APP__";

/// Entry point for Trunk's post-build hook, or `cargo xtask precache DIR` by hand.
pub fn from_trunk_hook() -> Result {
    let dir = match std::env::args().nth(2) {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("TRUNK_STAGING_DIR")
            .map(PathBuf::from)
            .ok_or("precache is run by Trunk after a build, or as `cargo xtask precache DIR`")?,
    };
    let template = std::fs::read_to_string(root().join("public").join(WORKER))
        .map_err(|e| format!("cannot read the service worker template public/{WORKER}: {e}"))?;
    point_page_at_app(&dir)?;
    let worker = service_worker(&template, &dir)?;
    std::fs::write(dir.join(WORKER), worker)
        .map_err(|e| format!("cannot write {}: {e}", dir.join(WORKER).display()))?;
    Ok(())
}

/// Write the app's build folder (`app/<build>/`, the only one Trunk copied) into the staged
/// index.html, where boot.js reads it.
pub fn point_page_at_app(dir: &Path) -> Result {
    let apps = dir.join("app");
    let folders: Vec<String> = std::fs::read_dir(&apps)
        .map_err(|e| {
            format!(
                "cannot list {} (did `cargo xtask wasm` run?): {e}",
                apps.display()
            )
        })?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join(ENTRY_JS).is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let [folder] = folders.as_slice() else {
        return Err(format!(
            "{} must hold exactly one build folder with {ENTRY_JS}, not {}",
            apps.display(),
            folders.len()
        ));
    };
    let page = dir.join("index.html");
    let html = std::fs::read_to_string(&page)
        .map_err(|e| format!("cannot read {}: {e}", page.display()))?;
    // Trunk's release minifier drops the quotes around the value.
    let pointed = [
        format!("data-intrigue-app=\"app/{folder}/\""),
        format!("data-intrigue-app=app/{folder}/"),
    ];
    if !html.contains(APP_MARK) && pointed.iter().any(|p| html.contains(p.as_str())) {
        // Run again on a build it already pointed (a hand-made copy of a build, say).
        return Ok(());
    }
    if html.matches(APP_MARK).count() != 1 {
        return Err(format!("index.html must contain {APP_MARK} exactly once"));
    }
    std::fs::write(&page, html.replace(APP_MARK, &format!("app/{folder}/")))
        .map_err(|e| format!("cannot write {}: {e}", page.display()))
}

/// The finished service worker for the build in `dir`.
pub fn service_worker(template: &str, dir: &Path) -> Result<String> {
    for mark in [BUILD_MARK, FILES_MARK] {
        if template.matches(mark).count() != 1 {
            return Err(format!("public/{WORKER} must contain {mark} exactly once"));
        }
    }
    let files = build_files(dir)?;
    let mut id = Fnv64::new();
    for file in &files {
        id.write(file.as_bytes());
        id.write(&[0]);
        let bytes =
            std::fs::read(dir.join(file)).map_err(|e| format!("cannot read {file}: {e}"))?;
        id.write(&bytes);
        id.write(&[0]);
    }
    // index.html is precached as the scope itself ("./"): that is the URL people open.
    let urls: Vec<String> = files
        .iter()
        .map(|f| {
            if f == "index.html" {
                "./".to_string()
            } else {
                f.clone()
            }
        })
        .collect();
    let list = urls
        .iter()
        .map(|u| json_string(u))
        .collect::<Vec<_>>()
        .join(", ");
    Ok(template
        .replace(BUILD_MARK, &format!("{:016x}", id.finish()))
        .replace(FILES_MARK, &list))
}

/// Every file of the build, relative, with `/` separators, sorted; the worker excluded.
fn build_files(dir: &Path) -> Result<Vec<String>> {
    let mut files = Vec::new();
    walk(dir, dir, &mut files)?;
    files.retain(|f| f != WORKER);
    files.sort();
    if !files.iter().any(|f| f == "index.html") {
        return Err(format!(
            "{} holds no index.html: is it a build?",
            dir.display()
        ));
    }
    Ok(files)
}

fn walk(base: &Path, dir: &Path, files: &mut Vec<String>) -> Result {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            walk(base, &path, files)?;
        } else {
            let relative = path.strip_prefix(base).map_err(|e| e.to_string())?;
            let parts: Vec<_> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect();
            files.push(parts.join("/"));
        }
    }
    Ok(())
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str =
        "const BUILD = \"__INTRIGUE_BUILD__\";\nconst FILES = [\"__INTRIGUE_FILES__\"];\n";

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("intrigue-precache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("icons")).unwrap();
        std::fs::write(dir.join("index.html"), "<html></html>").unwrap();
        std::fs::write(dir.join("app-1a2b.wasm"), [0u8, 97, 115, 109]).unwrap();
        std::fs::write(dir.join("icons/icon-192.png"), "png").unwrap();
        std::fs::write(dir.join("sw.js"), TEMPLATE).unwrap();
        dir
    }

    fn build_id(worker: &str) -> &str {
        worker.split('"').nth(1).unwrap()
    }

    #[test]
    fn lists_every_file_but_the_worker_with_the_scope_for_index() {
        let dir = scratch("list");
        let worker = service_worker(TEMPLATE, &dir).unwrap();
        assert!(
            worker.contains(r#"const FILES = ["app-1a2b.wasm", "icons/icon-192.png", "./"];"#),
            "{worker}"
        );
        assert_eq!(build_id(&worker).len(), 16);
        assert!(!worker.contains("__INTRIGUE"));
    }

    #[test]
    fn any_change_to_the_build_changes_the_build_id() {
        let dir = scratch("change");
        let before = service_worker(TEMPLATE, &dir).unwrap();
        assert_eq!(
            before,
            service_worker(TEMPLATE, &dir).unwrap(),
            "the id is deterministic"
        );
        std::fs::write(dir.join("index.html"), "<html><title>new</title></html>").unwrap();
        let after = service_worker(TEMPLATE, &dir).unwrap();
        assert_ne!(build_id(&before), build_id(&after));
    }

    #[test]
    fn refuses_a_template_without_marks_and_a_folder_without_a_build() {
        let dir = scratch("refuse");
        assert!(service_worker("const FILES = [];", &dir).is_err());
        std::fs::remove_file(dir.join("index.html")).unwrap();
        assert!(
            service_worker(TEMPLATE, &dir)
                .unwrap_err()
                .contains("no index.html")
        );
    }

    #[test]
    fn the_real_template_has_both_marks() {
        let template = std::fs::read_to_string(root().join("public").join(WORKER)).unwrap();
        let dir = scratch("real");
        service_worker(&template, &dir).unwrap();
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string(r#"a"b\c"#), r#""a\"b\\c""#);
    }
}

//! The size budget: what a phone downloads on its first visit, gzipped as GitHub Pages
//! serves it. Icons, and the app's lazily loaded parts (`app/<build>/split_*.wasm` and `chunk_*.wasm`, fetched
//! when a screen first needs them, and by the service worker), do not count: they are
//! printed apart.

use std::io::Write;
use std::path::Path;

use flate2::Compression;
use flate2::write::GzEncoder;

use crate::Result;

/// 200 KB, in bytes (1 KB = 1000 bytes here, the stricter reading). The target is 170 KB
/// for all five games; CI fails above 200.
pub const BUDGET_BYTES: u64 = 200_000;

/// Print the first-load files and their gzipped sizes; return the total.
pub fn report(dir: &Path) -> Result<u64> {
    let mut rows = Vec::new();
    let mut later = Vec::new();
    for (name, path) in build_files(dir)? {
        if !is_first_load(&name) {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let row = (name, bytes.len() as u64, gzipped_len(&bytes)?);
        if is_lazy_part(&row.0) {
            later.push(row);
        } else {
            rows.push(row);
        }
    }
    if !rows.iter().any(|(name, ..)| name.ends_with(".wasm")) {
        return Err(format!(
            "{} holds no .wasm file: is it a build?",
            dir.display()
        ));
    }
    rows.sort_by_key(|row| std::cmp::Reverse(row.2));
    println!("First-load transfer (gzip -9), {}:", dir.display());
    for (name, raw, gz) in &rows {
        println!("  {:>9} gz  {:>9} raw  {name}", kb(*gz), kb(*raw));
    }
    let total: u64 = rows.iter().map(|r| r.2).sum();
    println!("  {:>9} gz  total, budget {}", kb(total), kb(BUDGET_BYTES));
    if !later.is_empty() {
        later.sort_by_key(|row| std::cmp::Reverse(row.2));
        println!("Loaded when a screen first needs them (not in the budget):");
        for (name, raw, gz) in &later {
            println!("  {:>9} gz  {:>9} raw  {name}", kb(*gz), kb(*raw));
        }
    }
    Ok(total)
}

/// Fail when the first load is over budget.
pub fn check(dir: &Path) -> Result {
    let total = report(dir)?;
    if total > BUDGET_BYTES {
        return Err(format!(
            "the first load is {} gzipped, over the {} budget",
            kb(total),
            kb(BUDGET_BYTES)
        ));
    }
    Ok(())
}

/// The files at the top of the build and in its app folder (`app/<build>/`), with their
/// paths relative to `dir`.
fn build_files(dir: &Path) -> Result<Vec<(String, std::path::PathBuf)>> {
    let list = |dir: &Path| -> Result<Vec<std::path::PathBuf>> {
        Ok(std::fs::read_dir(dir)
            .map_err(|e| {
                format!(
                    "cannot list {} (build it first: cargo xtask dist): {e}",
                    dir.display()
                )
            })?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .collect())
    };
    let name = |path: &Path| {
        path.file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    let mut files = Vec::new();
    for path in list(dir)? {
        if path.is_file() {
            files.push((name(&path), path));
        }
    }
    let apps = dir.join("app");
    if apps.is_dir() {
        for folder in list(&apps)? {
            if !folder.is_dir() {
                continue;
            }
            for path in list(&folder)? {
                if path.is_file() {
                    files.push((format!("app/{}/{}", name(&folder), name(&path)), path));
                }
            }
        }
    }
    Ok(files)
}

/// A part of the app loaded when a screen first needs it (see `cargo xtask wasm`).
fn is_lazy_part(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(crate::wasm::is_part)
}

/// HTML, JS (the worker included), wasm, CSS and the manifest: what the first visit loads.
fn is_first_load(name: &str) -> bool {
    [".html", ".js", ".wasm", ".css", ".webmanifest"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

fn gzipped_len(bytes: &[u8]) -> Result<u64> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).map_err(|e| e.to_string())?;
    Ok(encoder.finish().map_err(|e| e.to_string())?.len() as u64)
}

fn kb(bytes: u64) -> String {
    format!("{:.1} KB", bytes as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_first_load_files() {
        assert!(is_first_load("index.html"));
        assert!(is_first_load("intrigue-9f3a.wasm"));
        assert!(is_first_load("manifest.webmanifest"));
        assert!(!is_first_load("icons/icon-512.png"));
        assert!(!is_first_load("icon-512.png"));
        assert!(is_lazy_part("app/0123/split_table_side_593199.wasm"));
        assert!(!is_lazy_part("app/0123/intrigue_bg.wasm"));
        assert!(!is_lazy_part("app/0123/__wasm_split.js"));
        assert!(is_lazy_part("app/0123/chunk_4.wasm"));
    }

    #[test]
    fn gzip_shrinks_repetitive_text() {
        let text = "a City of Spies ".repeat(1000);
        let gz = gzipped_len(text.as_bytes()).unwrap();
        assert!(gz < 200, "{gz}");
    }

    #[test]
    fn over_budget_fails() {
        let dir = std::env::temp_dir().join(format!("intrigue-budget-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // Incompressible bytes, larger than the budget.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let noise: Vec<u8> = (0..BUDGET_BYTES + 50_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        std::fs::write(dir.join("app.wasm"), noise).unwrap();
        assert!(check(&dir).unwrap_err().contains("over the"));
        std::fs::write(dir.join("app.wasm"), [0u8; 10]).unwrap();
        check(&dir).unwrap();
    }
}

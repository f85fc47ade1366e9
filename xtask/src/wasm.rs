//! `cargo xtask wasm`: the app's WebAssembly, split into an entry and lazily loaded parts.
//!
//! Trunk builds the page (HTML, CSS, copied files) and runs this as its pre-build hook; its
//! own Rust pipeline cannot split, because its hooks run before cargo or after
//! wasm-bindgen, and the split must go between the two:
//!
//! 1. cargo builds `intrigue.wasm` with `--emit-relocs`, so the splitter can move code;
//! 2. `wasm-split-cli` cuts every `#[lazy]` function (and what only it reaches) into its
//!    own `split_*.wasm`, leaving the entry `intrigue.wasm` and the loader `__wasm_split.js`;
//! 3. wasm-bindgen writes the entry's JavaScript (`--keep-lld-exports`: the parts import
//!    the entry's memory and function table);
//! 4. in a release build, `wasm-opt -Oz` shrinks every part.
//!
//! The result goes to `target/app/<build>/`, a folder named after its contents, so a new
//! deploy never mixes with files a browser cached from an older one. Trunk copies
//! `target/app` into the build; `cargo xtask precache` points the page at the folder.

use std::path::{Path, PathBuf};

use crate::shell::{command, run_command};
use crate::{Result, root};

/// The app's binary, and the name every part is written under.
const APP: &str = "intrigue";
/// Where the finished parts wait for Trunk (index.html copies this folder).
pub const STAGE: &str = "target/app";
/// The file the entry's JavaScript is written to, inside the build folder.
pub const ENTRY_JS: &str = "intrigue.js";
/// Whether a file of the build folder is a lazily loaded part: the splitter writes
/// `split_<name>_<hash>.wasm` for each `#[lazy]` function and `chunk_<n>.wasm` for code
/// that several of them share.
pub fn is_part(name: &str) -> bool {
    (name.starts_with("split_") || name.starts_with("chunk_")) && name.ends_with(".wasm")
}

/// Trunk's pre-build hook (TRUNK_PROFILE says release or debug), or by hand.
pub fn from_trunk_hook(args: &[String]) -> Result {
    let release = match args.first().map(String::as_str) {
        Some("--release") => true,
        Some("--debug") => false,
        None => std::env::var("TRUNK_PROFILE").as_deref() == Ok("release"),
        Some(other) => return Err(format!("wasm takes --release or --debug, not {other}")),
    };
    build(release)
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

pub fn build(release: bool) -> Result {
    let profile = if release { "wasm-release" } else { "dev" };
    // Relocations go to the final link only (`cargo rustc`), so the dependencies keep the
    // cache every other build shares.
    run_command(
        command(
            "cargo",
            &[
                "rustc",
                "--bin",
                APP,
                "--target",
                "wasm32-unknown-unknown",
                "--profile",
                profile,
                "--",
                "-Clink-args=--emit-relocs",
            ],
        ),
        "cargo",
        &["rustc", "--bin", APP, "(wasm32, --emit-relocs)"],
    )?;
    let out_profile = if release { "wasm-release" } else { "debug" };
    let linked = target_dir()
        .join("wasm32-unknown-unknown")
        .join(out_profile)
        .join(format!("{APP}.wasm"));

    let work = target_dir().join("app-work");
    let _ = std::fs::remove_dir_all(&work);
    let split = work.join("split");
    let out = work.join("out");
    for dir in [&split, &out] {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    tool(
        "wasm-split-cli",
        &["--out-name", APP, &text(&linked)?, &text(&split)?],
    )?;
    tool(
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--no-typescript",
            "--keep-lld-exports",
            "--no-demangle",
            "--out-dir",
            &text(&out)?,
            "--out-name",
            APP,
            &text(&split.join(format!("{APP}.wasm")))?,
        ],
    )?;
    // The loader and the parts sit beside the entry's JavaScript: the loader imports it as
    // "./intrigue.js" and fetches each part relative to itself.
    for name in files(&split)? {
        if is_part(&name) || name.ends_with(".js") {
            copy(&split.join(&name), &out.join(&name))?;
        }
    }
    if release {
        // INTRIGUE_WASM_NAMES=1 keeps the functions' names, for a profile that names them
        // (BENCH_PROFILE=1 in tests/bench/click-to-frame.mjs); never in a deploy.
        let names = std::env::var_os("INTRIGUE_WASM_NAMES").is_some_and(|v| v == "1");
        for name in files(&out)? {
            if name.ends_with(".wasm") {
                let path = text(&out.join(&name))?;
                let mut args = vec![
                    "-Oz",
                    "--strip-producers",
                    "--enable-bulk-memory",
                    "--enable-nontrapping-float-to-int",
                    "--enable-sign-ext",
                    "--enable-mutable-globals",
                ];
                args.push(if names { "-g" } else { "--strip-debug" });
                args.extend([path.as_str(), "-o", path.as_str()]);
                tool("wasm-opt", &args)?;
            }
        }
    }
    let names = files(&out)?;
    if !names.iter().any(|n| n == ENTRY_JS) {
        return Err(format!(
            "wasm-bindgen wrote no {ENTRY_JS} in {}",
            out.display()
        ));
    }
    let mut id = Fnv64::new();
    for name in &names {
        id.write(name.as_bytes());
        id.write(&std::fs::read(out.join(name)).map_err(|e| format!("cannot read {name}: {e}"))?);
    }
    let stage = root().join(STAGE);
    let _ = std::fs::remove_dir_all(&stage);
    let folder = stage.join(format!("{:016x}", id.finish()));
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    for name in &names {
        copy(&out.join(name), &folder.join(name))?;
    }
    let parts = names.iter().filter(|n| is_part(n)).count();
    println!(
        "wasm: entry and {parts} lazily loaded part(s) in {}",
        folder.display()
    );
    Ok(())
}

fn tool(program: &str, args: &[&str]) -> Result {
    run_command(command(program, args), program, args)
}

fn text(path: &Path) -> Result<String> {
    path.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{} is not valid UTF-8", path.display()))
}

fn files(dir: &Path) -> Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Ok(names)
}

fn copy(from: &Path, to: &Path) -> Result {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// FNV-1a, 64 bits: names the build folder after its contents (a change detector only).
pub struct Fnv64(u64);

impl Fnv64 {
    pub fn new() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

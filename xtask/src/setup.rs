//! `cargo xtask setup`: install exactly what is missing, and nothing twice.

use std::path::Path;

use crate::shell::{cargo_bin, command, first_line, run, run_command};
use crate::{Result, root};

pub const TRUNK_VERSION: &str = "0.21.14";
/// The splitter between cargo and wasm-bindgen (see wasm.rs). Pinned: its output format
/// must match the `wasm_split_helpers` runtime that Leptos brings in Cargo.lock.
pub const WASM_SPLIT_VERSION: &str = "0.2.4";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Debian's Chromium: Playwright's own browser download cannot work without the internet.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// What a command needs: building the app, or also running the browser tests.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Build,
    Everything,
}

pub fn install(scope: Scope) -> Result {
    timed("the wasm32 target", wasm_target)?;
    timed("trunk", trunk)?;
    timed("wasm-bindgen-cli", wasm_bindgen_cli)?;
    timed("wasm-split-cli", wasm_split_cli)?;
    timed("the npm tools", npm_tools)?;
    if scope == Scope::Everything {
        timed("Chromium", chromium)?;
    }
    Ok(())
}

/// Run one install step, and say how long it took when it had anything to do (a step
/// that finds its tool in place takes well under a second and says nothing).
fn timed(what: &str, step: fn() -> Result) -> Result {
    let start = std::time::Instant::now();
    step()?;
    let took = start.elapsed();
    if took.as_secs_f64() >= 1.0 {
        let seconds = took.as_secs();
        println!("setup: {what} took {}m {:02}s", seconds / 60, seconds % 60);
    }
    Ok(())
}

fn wasm_target() -> Result {
    let installed = first_line_all("rustup", &["target", "list", "--installed"]);
    match installed {
        Some(list) if list.lines().any(|l| l.trim() == WASM_TARGET) => Ok(()),
        Some(_) => {
            println!("setup: adding the {WASM_TARGET} target");
            run("rustup", &["target", "add", WASM_TARGET])
        }
        None => Err(format!(
            "rustup was not found: install Rust with rustup, then run `rustup target add {WASM_TARGET}`"
        )),
    }
}

fn trunk() -> Result {
    let wanted = format!("trunk {TRUNK_VERSION}");
    if installed_version(&cargo_bin().join("trunk"), "trunk").as_deref() == Some(wanted.as_str()) {
        return Ok(());
    }
    println!("setup: installing trunk {TRUNK_VERSION} (takes several minutes, once)");
    install_tool(&["install", "--locked", "trunk", "--version", TRUNK_VERSION])
}

fn wasm_bindgen_cli() -> Result {
    let version = pinned_wasm_bindgen(
        &std::fs::read_to_string(root().join("Cargo.toml"))
            .map_err(|e| format!("cannot read Cargo.toml: {e}"))?,
    )?;
    let wanted = format!("wasm-bindgen {version}");
    let bin = cargo_bin().join("wasm-bindgen");
    if installed_version(&bin, "wasm-bindgen").as_deref() == Some(wanted.as_str()) {
        return Ok(());
    }
    println!("setup: installing wasm-bindgen-cli {version}");
    // Not --locked: one of its locked dependencies is no longer on the registry.
    install_tool(&[
        "install",
        "wasm-bindgen-cli",
        "--version",
        &version,
        "--force",
    ])
}

fn wasm_split_cli() -> Result {
    let wanted = format!("wasm_split_cli_support v{WASM_SPLIT_VERSION}:");
    let installed = first_line_all("cargo", &["install", "--list"]).unwrap_or_default();
    if installed.lines().any(|line| line.trim() == wanted)
        && cargo_bin().join("wasm-split-cli").exists()
    {
        return Ok(());
    }
    println!("setup: installing wasm-split-cli {WASM_SPLIT_VERSION} (about two minutes, once)");
    install_tool(&[
        "install",
        "--locked",
        "wasm_split_cli_support",
        "--version",
        WASM_SPLIT_VERSION,
        "--features",
        "build-binary",
        "--force",
    ])
}

/// `cargo install` of a build tool, compiled for a quick set-up rather than for speed: no
/// link-time optimisation and many codegen units (trunk's own release profile asks for fat
/// LTO in one unit, most of its compile time), at opt-level 1. These tools run for seconds
/// at each build. The tools share one target folder, so the dependencies they have in
/// common are compiled once.
fn install_tool(args: &[&str]) -> Result {
    let mut cargo = command("cargo", args);
    cargo
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env(
            "CARGO_TARGET_DIR",
            crate::root().join("target").join("tools"),
        );
    run_command(cargo, "cargo", args)
}

/// The exact version after `wasm-bindgen = "=` in the app's Cargo.toml.
pub fn pinned_wasm_bindgen(manifest: &str) -> Result<String> {
    manifest
        .lines()
        .find_map(|line| {
            let rest = line.trim().strip_prefix("wasm-bindgen")?.trim_start();
            let rest = rest.strip_prefix('=')?.trim_start().strip_prefix("\"=")?;
            Some(rest.split('"').next()?.to_string())
        })
        .ok_or_else(|| {
            "Cargo.toml must pin wasm-bindgen exactly, like wasm-bindgen = \"=0.2.130\"".into()
        })
}

fn npm_tools() -> Result {
    let root = root();
    let marker = root.join("node_modules").join(".package-lock.json");
    let lock = root.join("package-lock.json");
    let manifest = root.join("package.json");
    let fresh = match (modified(&marker), modified(&lock), modified(&manifest)) {
        (Some(installed), Some(locked), Some(asked)) => installed >= locked && installed >= asked,
        _ => false,
    };
    if fresh && root.join("node_modules/.bin/wasm-opt").exists() {
        return Ok(());
    }
    if first_line("npm", &["--version"]).is_none() {
        return Err("npm was not found: install Node.js 20 or newer with npm (Debian: apt-get install nodejs npm)".into());
    }
    println!(
        "setup: installing the npm tools from package-lock.json (binaryen, playwright-core, axe-core, lighthouse)"
    );
    run("npm", &["ci", "--no-audit", "--no-fund"])
}

fn chromium() -> Result {
    if Path::new(CHROMIUM).exists() {
        return Ok(());
    }
    let is_root = first_line("id", &["-u"]).as_deref() == Some("0");
    if !is_root || first_line("apt-get", &["--version"]).is_none() {
        return Err(format!(
            "the browser tests need Chromium at {CHROMIUM}: install Debian's chromium and chromium-driver packages (apt-get install chromium chromium-driver)"
        ));
    }
    println!("setup: installing Debian's chromium and chromium-driver");
    run("apt-get", &["update"])?;
    let mut install = crate::shell::command(
        "apt-get",
        &[
            "install",
            "-y",
            "--no-install-recommends",
            "chromium",
            "chromium-driver",
        ],
    );
    install.env("DEBIAN_FRONTEND", "noninteractive");
    crate::shell::run_command(
        install,
        "apt-get",
        &["install", "chromium", "chromium-driver"],
    )
}

/// `tool --version`, only if the binary at `path` (or on PATH) answers.
fn installed_version(path: &Path, name: &str) -> Option<String> {
    let program = if path.exists() { path.to_str()? } else { name };
    first_line(program, &["--version"])
}

fn first_line_all(program: &str, args: &[&str]) -> Option<String> {
    let output = crate::shell::command(program, args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_exact_wasm_bindgen_pin() {
        let manifest =
            "[dependencies]\nwasm-bindgen-futures = \"0.4\"\nwasm-bindgen = \"=0.2.130\"\n";
        assert_eq!(pinned_wasm_bindgen(manifest).unwrap(), "0.2.130");
        assert!(pinned_wasm_bindgen("wasm-bindgen = \"0.2\"\n").is_err());
        assert!(pinned_wasm_bindgen("").is_err());
    }

    #[test]
    fn the_workspace_pins_wasm_bindgen() {
        let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
        let version = pinned_wasm_bindgen(&manifest).unwrap();
        assert!(version.starts_with("0.2."), "{version}");
    }
}

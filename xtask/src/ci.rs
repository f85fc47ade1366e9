//! `cargo xtask ci`: every check, in the order that fails fastest. `.ci/run` calls this.

use std::time::Instant;

use crate::setup::{self, CHROMIUM, Scope};
use crate::shell::{self, command, run_command};
use crate::{DIST_DIR, Result, budget, dist, root, tidy};

/// GitHub Pages serves a project site under its repository name; test the same way.
pub const TEST_PUBLIC_URL: &str = "/intrigue/";

/// The packages CI lints and tests natively: the core, the app (its unit tests run off
/// the web) and the xtask.
const NATIVE_PACKAGES: [&str; 6] = [
    "--package",
    "intrigue-core",
    "--package",
    "intrigue",
    "--package",
    "xtask",
];

pub fn all() -> Result {
    let started = Instant::now();
    let mut timings = Vec::new();
    let mut step = |name: &str, action: &mut dyn FnMut() -> Result| -> Result {
        println!("\n=== ci: {name}");
        let begun = Instant::now();
        let outcome = action();
        timings.push((
            name.to_string(),
            begun.elapsed().as_secs_f64(),
            outcome.is_ok(),
        ));
        outcome.map_err(|e| format!("ci step '{name}' failed: {e}"))
    };
    let outcome = (|| {
        step("setup", &mut || setup::install(Scope::Everything))?;
        step("format", &mut || {
            shell::run("cargo", &["fmt", "--all", "--", "--check"])
        })?;
        step("tidy", &mut tidy::check)?;
        step("clippy (native)", &mut || {
            shell::run(
                "cargo",
                &[
                    &["clippy"][..],
                    &NATIVE_PACKAGES,
                    &[
                        "--all-targets",
                        "--features",
                        "intrigue-core/tools",
                        "--",
                        "-D",
                        "warnings",
                    ],
                ]
                .concat(),
            )
        })?;
        step("clippy (wasm32)", &mut || {
            shell::run(
                "cargo",
                &[
                    "clippy",
                    "--package",
                    "intrigue",
                    "--package",
                    "intrigue-core",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--",
                    "-D",
                    "warnings",
                ],
            )
        })?;
        step("core, app and xtask tests", &mut || {
            shell::run("cargo", &[&["test"][..], &NATIVE_PACKAGES].concat())
        })?;
        step("fair play's cost (measured, not a test)", &mut || {
            shell::run(
                "cargo",
                &[
                    "run",
                    "--quiet",
                    "--release",
                    "-p",
                    "intrigue-core",
                    "--example",
                    "fair",
                    "--",
                    "10",
                ],
            )
        })?;
        step("release build", &mut || dist(TEST_PUBLIC_URL))?;
        step("size budget", &mut || budget::check(&root().join(DIST_DIR)))?;
        step("Lighthouse (measured, not a test)", &mut || {
            bench("tests/bench/lighthouse.mjs")
        })?;
        step("browser tests", &mut browser_tests)?;
        step("click-to-frame (measured, not a test)", &mut || {
            bench("tests/bench/click-to-frame.mjs")
        })?;
        Ok(())
    })();
    println!("\n=== ci: timings");
    for (name, seconds, ok) in &timings {
        println!(
            "  {seconds:>7.1} s  {}  {name}",
            if *ok { "ok  " } else { "FAIL" }
        );
    }
    println!("  {:>7.1} s  total", started.elapsed().as_secs_f64());
    outcome
}

/// A measurement under tests/bench (click-to-frame, Lighthouse) against the release build:
/// printed, never judged against a limit.
fn bench(script: &str) -> Result {
    let args = [script];
    let mut node = command("node", &args);
    node.env("INTRIGUE_DIST", root().join(DIST_DIR))
        .env("INTRIGUE_PUBLIC_URL", TEST_PUBLIC_URL)
        .env("CHROMIUM", CHROMIUM);
    run_command(node, "node", &args)
}

/// The Playwright specs under tests/browser, run by node's own test runner.
fn browser_tests() -> Result {
    let specs = std::fs::read_dir(root().join("tests").join("browser"))
        .map_err(|e| format!("cannot list tests/browser: {e}"))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".test.mjs"))
        .map(|name| format!("tests/browser/{name}"))
        .collect::<Vec<_>>();
    if specs.is_empty() {
        return Err("no browser test found under tests/browser".into());
    }
    let mut args = vec!["--test", "--test-concurrency=1"];
    args.extend(specs.iter().map(String::as_str));
    let mut node = command("node", &args);
    node.env("INTRIGUE_DIST", root().join(DIST_DIR))
        .env("INTRIGUE_PUBLIC_URL", TEST_PUBLIC_URL)
        .env("CHROMIUM", CHROMIUM);
    run_command(node, "node", &args)
}

//! `cargo xtask <command>`: the whole developer set-up of Intrigue.
//!
//! Plain argument matching and one small dependency (flate2 for the size budget), so it
//! compiles in seconds on a fresh machine.

mod budget;
mod ci;
mod layers;
mod precache;
mod setup;
mod shell;
mod tidy;
mod wasm;

use std::path::PathBuf;
use std::process::ExitCode;

use setup::Scope;

/// Where the release build goes; `dist --public-url` and CI both use it.
const DIST_DIR: &str = "dist";

const USAGE: &str = "\
usage: cargo xtask <command>

  setup                     install whatever is missing (wasm32 target, trunk, wasm-bindgen-cli,
                            npm tools, Chromium for the browser tests)
  serve                     set up, build and serve the app at http://127.0.0.1:8080
  dist [--public-url PATH]  set up and write the release build to dist/ (default PATH: /)
  ci                        every check: format, tidy, clippy, tests, release build, browser
                            tests, size budget
  tidy                      every Rust file opens with its doc comment, none is long without
                            saying why, none holds a leftover mark; the core's modules
                            import each other with no cycle
  budget [DIR]              print the gzipped first-load transfer of a build (default dist/)
  wasm [--release|--debug]  (run by Trunk before each build) build the app's WebAssembly,
                            split into an entry and lazily loaded parts, into target/app/
  precache                  (run by Trunk after each build) point the page at the app and
                            write the service worker's precache list into the staged build";

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("setup") => setup::install(Scope::Everything),
        Some("serve") => serve(),
        Some("dist") => dist_command(&args[1..]),
        Some("ci") => ci::all(),
        Some("tidy") => tidy::check(),
        Some("budget") => {
            let dir = args
                .get(1)
                .map(PathBuf::from)
                .unwrap_or_else(|| root().join(DIST_DIR));
            budget::report(&dir).map(|_| ())
        }
        Some("precache") => precache::from_trunk_hook(),
        Some("wasm") => wasm::from_trunk_hook(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The repository root (the parent of `xtask/`).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one folder below the repository root")
        .to_path_buf()
}

fn serve() -> Result {
    setup::install(Scope::Build)?;
    println!("Serving Intrigue at http://127.0.0.1:8080 (Ctrl-C stops)");
    shell::trunk(&["serve", "--address", "127.0.0.1", "--port", "8080"])
}

fn dist_command(args: &[String]) -> Result {
    let public_url = match args {
        [] => "/".to_string(),
        [flag, url] if flag == "--public-url" => url.clone(),
        [flag] if flag.starts_with("--public-url=") => flag["--public-url=".len()..].to_string(),
        _ => return Err(format!("dist takes only --public-url PATH\n\n{USAGE}")),
    };
    setup::install(Scope::Build)?;
    dist(&public_url)?;
    budget::report(&root().join(DIST_DIR)).map(|_| ())
}

/// The release build, as GitHub Pages will serve it under `public_url`.
fn dist(public_url: &str) -> Result {
    if !public_url.starts_with('/') || !public_url.ends_with('/') {
        return Err(format!(
            "--public-url must start and end with '/', like /intrigue/ (got {public_url:?})"
        ));
    }
    shell::trunk(&[
        "build",
        "--release",
        "--public-url",
        public_url,
        "--dist",
        DIST_DIR,
    ])
}

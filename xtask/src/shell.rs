//! Running the tools, with the project's own tool folders first on PATH.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::{Result, root};

/// PATH with `node_modules/.bin` (wasm-opt) and cargo's bin folder (trunk, wasm-bindgen)
/// in front, so Trunk finds every tool itself and never downloads one.
pub fn tool_path() -> OsString {
    let mut dirs = vec![root().join("node_modules").join(".bin")];
    dirs.push(cargo_bin());
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

/// Where `cargo install` puts binaries.
pub fn cargo_bin() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home).join("bin");
    }
    let home = std::env::var_os("HOME").unwrap_or_default();
    PathBuf::from(home).join(".cargo").join("bin")
}

/// A command run from the repository root with the tool PATH.
pub fn command(program: &str, args: &[&str]) -> Command {
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(root())
        .env("PATH", tool_path());
    command
}

/// Run a command to completion, its output going to ours; fail with a readable line.
pub fn run(program: &str, args: &[&str]) -> Result {
    run_command(command(program, args), program, args)
}

pub fn run_command(mut command: Command, program: &str, args: &[&str]) -> Result {
    let status = command
        .status()
        .map_err(|e| format!("could not start `{program}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}

/// The first line a program prints, or None when it cannot be run.
pub fn first_line(program: &str, args: &[&str]) -> Option<String> {
    let output = command(program, args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    Some(text.lines().next().unwrap_or("").trim().to_string())
}

/// Trunk, offline: it must use the tools on PATH and never fetch anything.
pub fn trunk(args: &[&str]) -> Result {
    let mut command = command("trunk", args);
    command
        .env("TRUNK_OFFLINE", "true")
        .env("TRUNK_SKIP_VERSION_CHECK", "true");
    run_command(command, "trunk", args)
}

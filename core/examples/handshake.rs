//! A WebRTC session description squeezed into a connection code, and back (see
//! `intrigue_core::wire::handshake`): for trying the codes against real browsers.
//!
//! `cargo run -p intrigue-core --example handshake -- squeeze offer|answer < description.sdp`
//! prints the code (and its length on stderr); `… -- expand '<code>'` prints the session
//! description written back from it.

use std::io::Read;
use std::process::ExitCode;

use intrigue_core::wire::handshake::Handshake;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["squeeze", side @ ("offer" | "answer")] => {
            let mut sdp = String::new();
            if std::io::stdin().read_to_string(&mut sdp).is_err() {
                eprintln!("cannot read the session description from stdin");
                return ExitCode::FAILURE;
            }
            match Handshake::from_sdp(&sdp, side == "answer") {
                Ok(handshake) => {
                    let code = handshake.to_text();
                    eprintln!("{} characters", code.len());
                    println!("{code}");
                    ExitCode::SUCCESS
                }
                Err(why) => {
                    eprintln!("{why}");
                    ExitCode::FAILURE
                }
            }
        }
        ["expand", code] => match Handshake::from_text(code) {
            Ok(handshake) => {
                print!("{}", handshake.to_sdp());
                ExitCode::SUCCESS
            }
            Err(why) => {
                eprintln!("{why}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: handshake squeeze offer|answer < description.sdp | handshake expand '<code>'"
            );
            ExitCode::from(2)
        }
    }
}

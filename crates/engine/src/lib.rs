//! parlour-engine: Parlour's rules and AI behind a text protocol (modelled on GTP), plus
//! benchmarks and AI-versus-AI matches. No Bevy, so it builds in seconds.

pub mod bench;
pub mod convert;
pub mod fuzzing;
pub mod ladder;
pub mod matches;
pub mod online;
pub mod protocol;
pub mod puzzles;
pub mod session;
pub mod tables;
pub mod truth;
pub mod versus;

/// Prints a line of a subcommand's report to standard output. When the reader has gone away
/// (`parlour-engine match … | head`), the subcommand ends quietly with status 0 instead of
/// panicking on the broken pipe, as command-line tools do.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Ends a subcommand: prints its report (`Ok`) with status 0, or its error after
/// `parlour-engine <command>:` on standard error with status 2.
pub fn finish(command: &str, result: Result<String, String>) -> std::process::ExitCode {
    match result {
        Ok(report) => {
            say!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("parlour-engine {command}: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

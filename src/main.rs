//! The Parlour client binary: parses the command line and runs the Bevy app.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = parlour::platform::args();
    match parlour::cli::Args::parse(&args) {
        Ok(parlour::cli::Parsed::Run(args)) => {
            parlour::app(args).run();
            ExitCode::SUCCESS
        }
        Ok(parlour::cli::Parsed::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{e}");
            ExitCode::from(2)
        }
    }
}

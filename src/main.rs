//! The Parlour client binary: parses the command line and runs the Bevy app.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = parlour::platform::args();
    match parlour::cli::Args::parse(&args) {
        Ok(parlour::cli::Parsed::Run(args)) => {
            parlour::app(args).run();
            ExitCode::SUCCESS
        }
        Ok(parlour::cli::Parsed::Help) => {
            println!("{}", parlour::cli::USAGE);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("parlour: {e}\n\n{}", parlour::cli::USAGE);
            ExitCode::from(2)
        }
    }
}

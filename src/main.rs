//! The Parlour client binary: parses the command line and runs the Bevy app.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
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

//! The line protocol of `shared/engine-protocol.md`: one command per line, replies framed
//! as `= …` or `? …` followed by an empty line. No input line can make it panic or exit;
//! a failing command changes nothing.

use std::io::{BufRead, Write};

use crate::online::Link;
use crate::session::{Session, catalogue, new_session};

/// The commands `list_commands` prints, in protocol order.
pub const COMMANDS: &[&str] = &[
    "name",
    "version",
    "list_commands",
    "games",
    "game",
    "legal",
    "play",
    "genmove",
    "undo",
    "status",
    "show",
    "history",
    "setmoves",
    "perft",
    "solve",
    "analyse",
    "quit",
];

/// The commands `parlour-engine connect` adds.
pub const ONLINE_COMMANDS: &[&str] = &["online", "wait"];

/// The largest perft depth accepted, so one command cannot hang the engine for hours.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// What one line of input produced.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing to print (empty line or comment).
    Silent,
    /// `= text`.
    Ok(String),
    /// `? text`.
    Err(String),
    /// `= ` and then the engine stops.
    Quit,
}

impl Reply {
    /// The reply as framed on the wire (with its closing empty line), or `None` when silent.
    pub fn framed(&self) -> Option<String> {
        match self {
            Reply::Silent => None,
            Reply::Ok(text) => Some(format!("= {text}\n\n")),
            Reply::Err(text) => Some(format!("? {}\n\n", text.replace('\n', " "))),
            Reply::Quit => Some("= \n\n".to_string()),
        }
    }
}

/// The engine's state between commands: the current game, if any.
pub struct Engine {
    session: Box<dyn Session>,
    /// Every search's longest time, when shorter than the AI's own ceiling (fuzzing).
    search_cap_ms: Option<u64>,
    /// The most positions one `perft` may play.
    perft_max_positions: u64,
    /// The server connection of `parlour-engine connect`.
    online: Option<Link>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine holding a default Kansho game, so `legal` and `play` work from the start.
    pub fn new() -> Self {
        let session = new_session("kansho", &[]).unwrap_or_else(|e| panic!("default game must build: {e}"));
        Engine {
            session,
            search_cap_ms: None,
            perft_max_positions: crate::session::PERFT_MAX_POSITIONS,
            online: None,
        }
    }

    /// An engine playing the games of the server at `server` (`parlour-engine connect`):
    /// `online …` and `wait` work, `play` and `genmove` go through the server, and each
    /// command waits for the server at most `timeout`.
    pub fn connected(server: &str, timeout: std::time::Duration) -> Self {
        Engine {
            online: Some(Link::new(server, timeout)),
            ..Engine::new()
        }
    }

    /// An engine whose every `genmove` stops within `ms` milliseconds and whose `perft` plays
    /// at most `perft_positions` positions, whatever the line asks (the fuzz harness runs
    /// hundreds of lines a second).
    pub fn with_limits(ms: u64, perft_positions: u64) -> Self {
        Engine {
            search_cap_ms: Some(ms),
            perft_max_positions: perft_positions,
            ..Engine::new()
        }
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Reply::Silent;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (cmd, args) = (words[0], &words[1..]);
        match self.command(cmd, args) {
            Ok(Some(text)) => Reply::Ok(text),
            Ok(None) => Reply::Quit,
            Err(text) => Reply::Err(text),
        }
    }

    /// Runs a command; `Ok(None)` means quit.
    fn command(&mut self, cmd: &str, args: &[&str]) -> Result<Option<String>, String> {
        let no_args = |args: &[&str]| -> Result<(), String> {
            if args.is_empty() {
                Ok(())
            } else {
                Err(format!("{cmd} takes no arguments"))
            }
        };
        if let Some(link) = self.online.as_mut()
            && let Some(result) = link.command(cmd, args, &mut self.session, self.search_cap_ms)
        {
            return result.map(Some);
        }
        let text = match cmd {
            "name" => {
                no_args(args)?;
                "parlour-engine".to_string()
            }
            "version" => {
                no_args(args)?;
                env!("CARGO_PKG_VERSION").to_string()
            }
            "list_commands" => {
                no_args(args)?;
                let mut list = COMMANDS.to_vec();
                if self.online.is_some() {
                    list.extend(ONLINE_COMMANDS);
                }
                list.join("\n")
            }
            "games" => {
                no_args(args)?;
                catalogue().join("\n")
            }
            "game" => {
                let (id, opts) = args.split_first().ok_or("usage: game <id> [key=value …]")?;
                self.session = new_session(id, opts)?;
                String::new()
            }
            "legal" => {
                no_args(args)?;
                self.session.legal().join(" ")
            }
            "play" => match args {
                [mv] => self.session.play(mv)?,
                [] => return Err("usage: play <move>".into()),
                _ => return Err("play takes exactly one move (no spaces inside a move)".into()),
            },
            "genmove" => self.session.genmove(args, self.search_cap_ms)?,
            "undo" => {
                no_args(args)?;
                self.session.undo()?;
                String::new()
            }
            "status" => {
                no_args(args)?;
                self.session.status()
            }
            "show" => {
                no_args(args)?;
                self.session.show()
            }
            "history" => {
                no_args(args)?;
                self.session.history().join(" ")
            }
            "setmoves" => {
                self.session.setmoves(args)?;
                String::new()
            }
            "perft" => {
                let [depth] = args else {
                    return Err("usage: perft <depth>".into());
                };
                let depth: u32 = depth
                    .parse()
                    .map_err(|_| format!("perft depth '{depth}' is not a number"))?;
                if depth > MAX_PERFT_DEPTH {
                    return Err(format!("perft depth is limited to {MAX_PERFT_DEPTH}"));
                }
                self.session.perft(depth, self.perft_max_positions)?.to_string()
            }
            "solve" => {
                let ms = solve_ms(args)?;
                let ms = self.search_cap_ms.map_or(ms, |cap| ms.min(cap));
                self.session.solve(ms)
            }
            "analyse" => {
                let ms = budget_ms("analyse", args, crate::session::ANALYSE_DEFAULT_MS, MAX_ANALYSE_MS)?;
                let ms = self.search_cap_ms.map_or(ms, |cap| ms.min(cap));
                let mut lines = Vec::new();
                self.session.analyse(ms, &mut |line| lines.push(line));
                lines.join("\n")
            }
            "quit" => return Ok(None),
            other => return Err(format!("unknown command '{other}'; try list_commands")),
        };
        Ok(Some(text))
    }
}

/// The longest `solve` budget accepted: one hour.
pub const MAX_SOLVE_MS: u64 = 3_600_000;

/// The longest `analyse` budget per position accepted: one minute.
pub const MAX_ANALYSE_MS: u64 = 60_000;

/// Reads `solve`'s words (`[ms=N]`) into its budget in milliseconds.
pub fn solve_ms(args: &[&str]) -> Result<u64, String> {
    budget_ms("solve", args, crate::session::SOLVE_DEFAULT_MS, MAX_SOLVE_MS)
}

/// Reads a command's only word, `[ms=N]`, into a budget from 1 to `max` milliseconds.
fn budget_ms(command: &str, args: &[&str], default: u64, max: u64) -> Result<u64, String> {
    match args {
        [] => Ok(default),
        [word] => {
            let value = word
                .strip_prefix("ms=")
                .ok_or_else(|| format!("{command} takes only ms=N, not '{word}'"))?;
            match value.parse::<u64>() {
                Ok(ms) if (1..=max).contains(&ms) => Ok(ms),
                _ => Err(format!("{command} ms must be a number from 1 to {max}, not '{value}'")),
            }
        }
        _ => Err(format!("usage: {command} [ms=N]")),
    }
}

/// Runs the protocol until `quit` or end of input. Lines that are not valid UTF-8 get a `?`
/// reply like any other bad input.
pub fn run(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    run_engine(Engine::new(), input, output)
}

/// Runs the protocol with `engine` (offline or connected) until `quit` or end of input.
pub fn run_engine(mut engine: Engine, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.split(b'\n') {
        let line = line?;
        let reply = match std::str::from_utf8(&line) {
            Ok(text) => engine.handle(text),
            Err(_) => Reply::Err("input is not valid UTF-8".into()),
        };
        if let Some(framed) = reply.framed() {
            output.write_all(framed.as_bytes())?;
            output.flush()?;
        }
        if reply == Reply::Quit {
            break;
        }
    }
    Ok(())
}

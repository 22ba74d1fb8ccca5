//! The client's command line: which game to open and, for scripts and CI, a screenshot to
//! save before exiting.

use std::path::PathBuf;

/// What `parlour --help` prints.
pub const USAGE: &str = "\
usage: parlour [--game ID] [--screenshot OUT.png] [--frames N]
  --game ID            open this game (kansho, konane, conhex, qyshinsu, soldiers)
  --screenshot PATH    render, save a PNG of the window to PATH and exit
  --frames N           with --screenshot: frames to wait first so pipelines are ready (default 90)";

/// The client's options.
#[derive(Clone, Debug, PartialEq, bevy::prelude::Resource)]
pub struct Args {
    /// Engine id of the game to open.
    pub game: String,
    /// Where to save a screenshot before exiting, if anywhere.
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    pub frames: u32,
}

impl Default for Args {
    fn default() -> Self {
        Args { game: "kansho".into(), screenshot: None, frames: 90 }
    }
}

/// The outcome of reading the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// Run the client with these options.
    Run(Args),
    /// Print the usage and stop.
    Help,
}

/// Game ids the client knows, with the names shown to players.
pub const GAMES: &[(&str, &str)] = &[
    ("kansho", "Kansho"),
    ("konane", "Kōnane"),
    ("conhex", "ConHex"),
    ("qyshinsu", "Qyshinsu"),
    ("soldiers", "Sixteen Soldiers"),
];

/// The display name of a game id (aliases accepted).
pub fn game_name(id: &str) -> Option<&'static str> {
    let id = if id.eq_ignore_ascii_case("qushinsu") { "qyshinsu" } else { id };
    GAMES.iter().find(|(g, _)| g.eq_ignore_ascii_case(id)).map(|(_, name)| *name)
}

impl Args {
    /// Reads the arguments after the program name.
    pub fn parse(args: &[String]) -> Result<Parsed, String> {
        let mut out = Args::default();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |flag: &str| it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
            match arg.as_str() {
                "--help" | "-h" => return Ok(Parsed::Help),
                "--game" => {
                    let id = value("--game")?;
                    if game_name(&id).is_none() {
                        let ids: Vec<&str> = GAMES.iter().map(|(g, _)| *g).collect();
                        return Err(format!("unknown game '{id}'; valid: {}", ids.join(", ")));
                    }
                    out.game = id.to_ascii_lowercase();
                }
                "--screenshot" => out.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--frames" => {
                    let v = value("--frames")?;
                    out.frames = v.parse().map_err(|_| format!("--frames: '{v}' is not a whole number"))?;
                }
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        Ok(Parsed::Run(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<Parsed, String> {
        Args::parse(&words.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn reads_game_and_screenshot() {
        let Ok(Parsed::Run(a)) = parse(&["--game", "ConHex", "--screenshot", "x.png", "--frames", "5"]) else {
            panic!("should parse")
        };
        assert_eq!(a.game, "conhex");
        assert_eq!(a.screenshot, Some(PathBuf::from("x.png")));
        assert_eq!(a.frames, 5);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(&["--game", "chess"]).unwrap_err().contains("valid: kansho"));
        assert!(parse(&["--frames", "many"]).is_err());
        assert!(parse(&["--screenshot"]).is_err());
        assert_eq!(parse(&["--help"]), Ok(Parsed::Help));
        assert_eq!(game_name("qushinsu"), Some("Qyshinsu"));
    }
}

//! The client's command line: which game to open, its options and players, moves to play
//! first, and, for scripts and CI, a screenshot to save before exiting.

use std::path::PathBuf;

use parlour_ai::Level;

/// What `parlour --help` prints.
pub const USAGE: &str = "\
usage: parlour [--game ID] [--options \"k=v …\"] [--moves \"m1 m2 …\"] [--p1 WHO] [--p2 WHO] [--show WHAT]
               [--screenshot OUT.png] [--frames N] [--window WxH]
               [--server URL (--join CODE | --watch CODE)]
  --game ID            open this game at once (kansho, konane, conhex, qyshinsu, soldiers);
                       without it the title screen opens
  --options \"k=v …\"    the game's options, e.g. \"size=6x6\" or \"variant=monk\"
  --moves \"m1 m2 …\"    moves in the game's notation, played before the game is shown
  --p1 WHO, --p2 WHO   human, novice, casual, strong or master for the first- and
                       second-named side (default human)
  --screenshot PATH    render, save a PNG of the window to PATH and exit
  --frames N           with --screenshot: frames to render first (default 10; with --screenshot
                       every render pipeline compiles in the frame that first needs it)
  --window WxH         the window's size in pixels (default 1280x800)
  --server URL         a Parlour server (parlour-server), e.g. http://127.0.0.1:7878, with
  --join CODE          take the free seat of the online game with this invite code, or
  --watch CODE         watch it (\"Play online\" on the title screen does the same and more)
  --show WHAT          open a window at once, for screenshots: rules, settings, load, paste,
                       replay (the replay controls, two moves back from the end), title
                       (stay on the title screen even with --screenshot), newgame (the
                       new-game dialog on the game and options given), card (the board
                       alone, no panels: the new-game chooser's pictures), walk (the
                       game's step-by-step walkthrough at step --step N, default 3) or result (the
                       result card once the moves given end the game), online (the
                       title screen's \"Play online\" window)
  --step N             with --show walk: the walkthrough step to show (default 3)
  --measure PATH       measure the client: launch to the first interactive frame, then its own
                       CPU and wall time per frame, idle and while the master level searches
                       (it takes over both seats for three turns); write the figures to PATH
                       and exit
  --ai-threads N       search threads for the computer's tree searches (default 1, 1 to 8)";

/// The client's options.
#[derive(Clone, Debug, PartialEq, bevy::prelude::Resource)]
pub struct Args {
    /// Engine id of the game to open at once, if any.
    pub game: Option<String>,
    /// `key=value` options of that game.
    pub options: Vec<(String, String)>,
    /// Moves (notation) to play first.
    pub moves: Vec<String>,
    /// Who plays each seat: `None` human, or an AI level.
    pub seats: [Option<Level>; 2],
    /// Where to save a screenshot before exiting, if anywhere.
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    pub frames: u32,
    /// Where to write frame-time measurements, if anywhere (`--measure`).
    pub measure: Option<PathBuf>,
    /// A window to open at once (`--show`).
    pub show: Option<String>,
    /// With `--show walk`: the walkthrough step to show (1-based, `--step`).
    pub step: usize,
    /// Search threads for the computer's tree searches (`--ai-threads`), if not the default.
    pub ai_threads: Option<u32>,
    /// The window's size in pixels (`--window`).
    pub window: (u32, u32),
    /// `--server URL` with `--join CODE` (`false`) or `--watch CODE` (`true`).
    pub online: Option<(String, String, bool)>,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            game: None,
            options: Vec::new(),
            moves: Vec::new(),
            seats: [None, None],
            screenshot: None,
            frames: 10,
            measure: None,
            show: None,
            step: 3,
            ai_threads: None,
            window: (1280, 800),
            online: None,
        }
    }
}

/// The windows `--show` can open.
pub const SHOW: &[&str] = &[
    "rules", "settings", "load", "paste", "replay", "title", "newgame", "card", "walk", "result", "online",
];

/// The outcome of reading the command line.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // made once at start-up
pub enum Parsed {
    /// Run the client with these options.
    Run(Args),
    /// Print the usage and stop.
    Help,
}

pub use parlour_saves::game_name;

/// Every game as (engine id, name), in menu order: the registry's ([`parlour_rules::GameId`]).
pub fn games() -> impl Iterator<Item = (&'static str, &'static str)> {
    parlour_rules::GameId::ALL.into_iter().map(|g| (g.id(), g.name()))
}

fn seat(flag: &str, v: &str) -> Result<Option<Level>, String> {
    if v.eq_ignore_ascii_case("human") {
        return Ok(None);
    }
    v.parse::<Level>()
        .map(Some)
        .map_err(|_| format!("{flag}: '{v}' is not one of human, novice, casual, strong, master"))
}

impl Args {
    /// Reads the arguments after the program name.
    pub fn parse(args: &[String]) -> Result<Parsed, String> {
        let mut out = Args::default();
        let (mut server, mut code_given) = (None, None);
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |flag: &str| it.next().cloned().ok_or_else(|| format!("{flag} needs a value"));
            match arg.as_str() {
                "--help" | "-h" => return Ok(Parsed::Help),
                "--game" => {
                    let game: parlour_rules::GameId = value("--game")?
                        .parse()
                        .map_err(|e: parlour_rules::UnknownGame| e.to_string())?;
                    out.game = Some(game.id().to_string());
                }
                "--options" => {
                    for word in value("--options")?.split_whitespace() {
                        let (k, v) = word
                            .split_once('=')
                            .ok_or_else(|| format!("--options: '{word}' is not key=value"))?;
                        out.options.push((k.to_string(), v.to_string()));
                    }
                }
                "--moves" => out
                    .moves
                    .extend(value("--moves")?.split_whitespace().map(str::to_string)),
                "--p1" => out.seats[0] = seat("--p1", &value("--p1")?)?,
                "--p2" => out.seats[1] = seat("--p2", &value("--p2")?)?,
                "--screenshot" => out.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--measure" => out.measure = Some(PathBuf::from(value("--measure")?)),
                "--show" => {
                    let v = value("--show")?.to_ascii_lowercase();
                    if !SHOW.contains(&v.as_str()) {
                        return Err(format!("--show: '{v}' is not one of {}", SHOW.join(", ")));
                    }
                    out.show = Some(v);
                }
                "--step" => {
                    let v = value("--step")?;
                    out.step = v
                        .parse()
                        .ok()
                        .filter(|n| *n >= 1)
                        .ok_or_else(|| format!("--step: '{v}' is not a step number (1 or more)"))?;
                }
                "--ai-threads" => {
                    let v = value("--ai-threads")?;
                    out.ai_threads = Some(
                        v.parse()
                            .ok()
                            .filter(|n| (1..=8).contains(n))
                            .ok_or_else(|| format!("--ai-threads: '{v}' is not a whole number from 1 to 8"))?,
                    );
                }
                "--window" => {
                    let v = value("--window")?;
                    let size = v
                        .split_once(['x', 'X'])
                        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
                        .filter(|(w, h)| (160..=7680).contains(w) && (120..=4320).contains(h));
                    out.window = size
                        .ok_or_else(|| format!("--window: '{v}' is not a size like 1280x800 (160x120 to 7680x4320)"))?;
                }
                "--frames" => {
                    let v = value("--frames")?;
                    out.frames = v
                        .parse()
                        .map_err(|_| format!("--frames: '{v}' is not a whole number"))?;
                }
                "--server" => server = Some(value("--server")?),
                flag @ ("--join" | "--watch") => {
                    let code = value(flag)?.trim().to_ascii_lowercase();
                    parlour_online::wire::check_code(&code).map_err(|e| format!("{flag}: {e}"))?;
                    code_given = Some((code, flag == "--watch"));
                }
                other => return Err(format!("unknown argument '{other}'")),
            }
        }
        match (server, code_given) {
            (Some(url), Some((code, watch))) => out.online = Some((url, code, watch)),
            (None, None) => {}
            (Some(_), None) => return Err("--server needs --join CODE or --watch CODE".into()),
            (None, Some(_)) => return Err("--join and --watch need --server URL".into()),
        }
        if out.screenshot.is_some()
            && out.game.is_none()
            && out.online.is_none()
            && !matches!(out.show.as_deref(), Some("title" | "load" | "online"))
        {
            out.game = Some("kansho".to_string());
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
        assert_eq!(a.game.as_deref(), Some("conhex"));
        assert_eq!(a.screenshot, Some(PathBuf::from("x.png")));
        assert_eq!(a.frames, 5);
    }

    #[test]
    fn reads_moves_options_and_players() {
        let Ok(Parsed::Run(a)) = parse(&[
            "--game",
            "konane",
            "--options",
            "size=6x6",
            "--moves",
            "xc3  xc4",
            "--p2",
            "Strong",
        ]) else {
            panic!("should parse")
        };
        assert_eq!(a.options, vec![("size".to_string(), "6x6".to_string())]);
        assert_eq!(a.moves, vec!["xc3", "xc4"]);
        assert_eq!(a.seats, [None, Some(Level::Strong)]);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(&["--game", "chess"]).unwrap_err().contains("valid: kansho"));
        assert!(parse(&["--frames", "many"]).is_err());
        assert!(parse(&["--screenshot"]).is_err());
        assert!(parse(&["--p1", "grandmaster"]).is_err());
        assert!(parse(&["--options", "size"]).is_err());
        assert!(parse(&["--ai-threads", "0"]).unwrap_err().contains("1 to 8"));
        assert!(parse(&["--ai-threads", "two"]).is_err());
        let Ok(Parsed::Run(a)) = parse(&["--ai-threads", "2"]) else {
            panic!()
        };
        assert_eq!(a.ai_threads, Some(2));
        assert!(parse(&["--window", "12x8"]).unwrap_err().contains("160x120"));
        assert!(parse(&["--window", "wide"]).is_err());
        let Ok(Parsed::Run(a)) = parse(&["--window", "320x200"]) else {
            panic!()
        };
        assert_eq!(a.window, (320, 200));
        assert_eq!(parse(&["--help"]), Ok(Parsed::Help));
        assert!(parse(&["--server", "http://x:1"]).unwrap_err().contains("--join"));
        assert!(parse(&["--join", "abcdefgh23"]).unwrap_err().contains("--server"));
        assert!(
            parse(&["--server", "http://x:1", "--join", "nope"])
                .unwrap_err()
                .contains("invite code")
        );
        let Ok(Parsed::Run(a)) = parse(&["--server", "http://x:1", "--watch", "ABCDEFGH23"]) else {
            panic!()
        };
        assert_eq!(a.online, Some(("http://x:1".into(), "abcdefgh23".into(), true)));
        assert_eq!(game_name("qushinsu"), Some("Qyshinsu"));
        let Ok(Parsed::Run(a)) = parse(&[]) else { panic!() };
        assert_eq!(a.game, None);
    }
}

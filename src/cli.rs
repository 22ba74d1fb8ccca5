//! The client's command line: which game to open, its options and players, moves to play
//! first, and, for scripts and CI, a screenshot to save before exiting. Read with clap (the
//! browser page's address is turned into the same arguments by `platform::page_args`).

use std::path::PathBuf;

use clap::Parser;
use parlour_ai::Level;
use parlour_rules::GameId;

/// The command line as clap reads it; [`Args`] is what the app keeps.
#[derive(Parser, Debug)]
#[command(
    name = "parlour",
    version,
    about = "Parlour: a 3D tabletop for five traditional two-player board games.",
    long_about = "Parlour: a 3D tabletop for five traditional two-player board games. Without \
                  arguments the title screen opens.",
    max_term_width = 100
)]
struct Cli {
    /// Open this game at once (kansho, konane, conhex, qyshinsu, soldiers); without it the title
    /// screen opens.
    #[arg(long, value_name = "ID", value_parser = game_id)]
    game: Option<GameId>,
    /// The game's options, e.g. "size=6x6" or "variant=monk".
    #[arg(long, value_name = "k=v …", value_parser = option_pairs)]
    options: Vec<OptionPairs>,
    /// Moves in the game's notation, played before the game is shown (a list may start with a
    /// minus sign, as Kansho's often does: `--moves "-2,6 3,1"`).
    #[arg(long, value_name = "m1 m2 …", allow_hyphen_values = true)]
    moves: Vec<String>,
    /// Who plays the first-named side: human, novice, casual, strong or master.
    #[arg(long, value_name = "WHO", default_value = "human", value_parser = who)]
    p1: Who,
    /// Who plays the second-named side: human, novice, casual, strong or master.
    #[arg(long, value_name = "WHO", default_value = "human", value_parser = who)]
    p2: Who,
    /// Open a window at once, for screenshots: rules, settings, tables (the settings with the
    /// Sixteen Soldiers' exact tables unfolded), load, paste, replay (the replay
    /// controls, two moves back from the end), title (stay on the title screen even with
    /// --screenshot), newgame (the new-game dialog on the game and options given), card (the
    /// board alone, no panels: the new-game chooser's pictures), walk (the game's step-by-step
    /// walkthrough at step --step N), result (the result card once the moves given end the
    /// game), online (the title screen's "Play online" window), review (the replay with the
    /// computer's analysis, once it is done), lesson (then learning from the mistakes of the
    /// first side with any), hint (the hint for the side to move), and with --lobby leaderboard
    /// (Kōnane's) or player (this device's own page), puzzles (a rated puzzle of the game given,
    /// its window over the table), puzzle-hint (the same with its hint), puzzle-wrong (a wrong move
    /// tried there) and puzzle-menu (the title screen's "Puzzles" card).
    #[arg(long, value_name = "WHAT", ignore_case = true, value_parser = clap::builder::PossibleValuesParser::new(SHOW))]
    show: Option<String>,
    /// With --show walk: the walkthrough step to show.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = step)]
    step: usize,
    /// Render, save a PNG of the window to PATH and exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: frames to render first (every render pipeline compiles in the frame
    /// that first needs it).
    #[arg(long, value_name = "N", default_value_t = 10)]
    frames: u32,
    /// The window's size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x800", value_parser = window)]
    window: (u32, u32),
    /// A Parlour server (parlour-server), e.g. http://127.0.0.1:7878, with --join or --watch.
    #[arg(long, value_name = "URL", requires = "code")]
    server: Option<String>,
    /// Take the free seat of the online game with this invite code (or this player's own seat
    /// again, when the list of online games holds it).
    #[arg(long, value_name = "CODE", group = "code", requires = "server", value_parser = invite)]
    join: Option<String>,
    /// Watch the online game with this invite code ("Play online" on the title screen does the
    /// same and more).
    #[arg(long, value_name = "CODE", group = "code", requires = "server", value_parser = invite)]
    watch: Option<String>,
    /// Open the lobby of this Parlour server at start (its open seeks, the games being played,
    /// "Create a seek"), e.g. http://127.0.0.1:7878.
    #[arg(long, value_name = "URL", conflicts_with = "code")]
    lobby: Option<String>,
    /// Measure the client: launch to the first interactive frame, then its own CPU and wall time
    /// per frame, idle and then while the master level searches (it takes over both seats for
    /// three turns; --measure-during says what else); write the figures to PATH and exit.
    #[arg(long, value_name = "PATH")]
    measure: Option<PathBuf>,
    /// With --measure: what runs during the frames measured after the idle ones: search (the
    /// master level plays both seats for three turns), review (the review's analysis of the
    /// moves played, to its end) or idle (nothing: only the idle frames, then exit).
    #[arg(long, value_name = "WHAT", default_value = "search", requires = "measure")]
    measure_during: MeasureDuring,
    /// With --measure: how many idle frames to record.
    #[arg(long, value_name = "N", default_value_t = 60, requires = "measure", value_parser = clap::value_parser!(u32).range(1..))]
    measure_frames: u32,
    /// Search threads for the computer's tree searches (default 1).
    #[arg(long, value_name = "N", value_parser = ai_threads)]
    ai_threads: Option<u32>,
}

/// `k=v` pairs of one `--options` argument.
#[derive(Clone, Debug)]
struct OptionPairs(Vec<(String, String)>);

/// A seat's player: `None` human, or an AI level.
#[derive(Clone, Debug)]
struct Who(Option<Level>);

/// The one place the command line's (and the page address's) game id becomes a [`GameId`].
fn game_id(v: &str) -> Result<GameId, String> {
    v.parse::<GameId>().map_err(|e| e.to_string())
}

fn option_pairs(v: &str) -> Result<OptionPairs, String> {
    v.split_whitespace()
        .map(|word| {
            word.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("'{word}' is not key=value"))
        })
        .collect::<Result<_, _>>()
        .map(OptionPairs)
}

fn who(v: &str) -> Result<Who, String> {
    if v.eq_ignore_ascii_case("human") {
        return Ok(Who(None));
    }
    v.parse::<Level>()
        .map(|l| Who(Some(l)))
        .map_err(|_| "give one of human, novice, casual, strong, master".to_string())
}

fn step(v: &str) -> Result<usize, String> {
    v.parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| "give a step number (1 or more)".to_string())
}

fn ai_threads(v: &str) -> Result<u32, String> {
    v.parse()
        .ok()
        .filter(|n| (1..=8).contains(n))
        .ok_or_else(|| "give a whole number from 1 to 8".to_string())
}

fn window(v: &str) -> Result<(u32, u32), String> {
    v.split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|(w, h)| (160..=7680).contains(w) && (120..=4320).contains(h))
        .ok_or_else(|| "give a size like 1280x800 (160x120 to 7680x4320)".to_string())
}

fn invite(v: &str) -> Result<String, String> {
    let code = v.trim().to_ascii_lowercase();
    parlour_online::wire::check_code(&code).map_err(|e| e.to_string())?;
    Ok(code)
}

/// What `parlour --help` prints.
pub fn usage() -> String {
    use clap::CommandFactory;
    Cli::command().render_long_help().to_string()
}

/// The client's options.
#[derive(Clone, Debug, PartialEq, bevy::prelude::Resource)]
pub struct Args {
    /// The game to open at once, if any.
    pub game: Option<GameId>,
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
    /// What runs while the frames after the idle ones are measured (`--measure-during`).
    pub measure_during: MeasureDuring,
    /// Idle frames to measure (`--measure-frames`).
    pub measure_frames: u32,
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
    /// `--lobby URL`: the server whose lobby opens at start.
    pub lobby: Option<String>,
}

impl Default for Args {
    fn default() -> Self {
        match Args::parse(&[]) {
            Ok(Parsed::Run(a)) => a,
            _ => unreachable!("no arguments always parse"),
        }
    }
}

/// The windows `--show` can open.
pub const SHOW: &[&str] = &[
    "rules",
    "settings",
    "tables",
    "load",
    "paste",
    "replay",
    "title",
    "newgame",
    "card",
    "walk",
    "result",
    "online",
    "review",
    "lesson",
    "hint",
    "leaderboard",
    "player",
    "puzzles",
    "puzzle-hint",
    "puzzle-wrong",
    "puzzle-menu",
];

/// What `--measure` runs while it records the frames after the idle ones.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MeasureDuring {
    /// The master level plays both seats for three turns.
    #[default]
    Search,
    /// The review's analysis of the moves played, to its end.
    Review,
    /// Nothing: the report is written after the idle frames.
    Idle,
}

/// The outcome of reading the command line.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // made once at start-up
pub enum Parsed {
    /// Run the client with these options.
    Run(Args),
    /// Print this (the help, or the version) and stop.
    Print(String),
}

impl Args {
    /// Reads the arguments after the program name; an error is clap's whole message (what is
    /// wrong, the usage line, and where to find more).
    pub fn parse(args: &[String]) -> Result<Parsed, String> {
        let words = std::iter::once("parlour".to_string()).chain(args.iter().cloned());
        let cli = match Cli::try_parse_from(words) {
            Ok(cli) => cli,
            Err(e) => {
                use clap::error::ErrorKind;
                return match e.kind() {
                    ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Ok(Parsed::Print(e.render().to_string())),
                    _ => Err(e.render().to_string()),
                };
            }
        };
        let mut out = Args {
            game: cli.game,
            options: cli.options.into_iter().flat_map(|p| p.0).collect(),
            moves: cli
                .moves
                .iter()
                .flat_map(|m| m.split_whitespace())
                .map(str::to_string)
                .collect(),
            seats: [cli.p1.0, cli.p2.0],
            screenshot: cli.screenshot,
            frames: cli.frames,
            measure: cli.measure,
            measure_during: cli.measure_during,
            measure_frames: cli.measure_frames,
            show: cli.show.map(|s| s.to_ascii_lowercase()),
            step: cli.step,
            ai_threads: cli.ai_threads,
            window: cli.window,
            online: None,
            lobby: cli.lobby,
        };
        out.online = match (cli.server, cli.join, cli.watch) {
            (Some(url), Some(code), _) => Some((url, code, false)),
            (Some(url), None, Some(code)) => Some((url, code, true)),
            _ => None,
        };
        if out.screenshot.is_some()
            && out.game.is_none()
            && out.online.is_none()
            && out.lobby.is_none()
            && !matches!(out.show.as_deref(), Some("title" | "load" | "online" | "puzzle-menu"))
        {
            out.game = Some(GameId::Kansho);
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
        assert_eq!(a.game, Some(GameId::ConHex));
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
    fn reads_a_move_list_that_starts_with_a_minus_sign() {
        // Kansho's notation often starts with a minus sign, which clap would take for an option.
        let Ok(Parsed::Run(a)) = parse(&["--game", "kansho", "--moves", "-2,6 3,-1", "--frames", "3"]) else {
            panic!("should parse")
        };
        assert_eq!(a.moves, vec!["-2,6", "3,-1"]);
        assert_eq!(a.frames, 3);
    }

    #[test]
    fn rejects_bad_input() {
        assert!(parse(&["--game", "chess"]).unwrap_err().contains("valid: kansho"));
        assert!(parse(&["--frames", "many"]).is_err());
        assert!(parse(&["--screenshot"]).is_err());
        assert!(parse(&["--p1", "grandmaster"]).is_err());
        assert!(parse(&["--options", "size"]).is_err());
        assert!(parse(&["--ai-threads", "0"]).unwrap_err().contains("1 to 8"));
        // clap's conventions: what is wrong, the usage line, where to find more; a near miss
        // is named.
        let wrong = parse(&["--gmae", "konane"]).unwrap_err();
        assert!(
            wrong.contains("unexpected argument '--gmae'") && wrong.contains("--game"),
            "{wrong}"
        );
        assert!(wrong.contains("Usage: parlour"), "{wrong}");
        let both = parse(&[
            "--server",
            "http://x:1",
            "--join",
            "abcdefgh23",
            "--watch",
            "abcdefgh23",
        ])
        .unwrap_err();
        assert!(both.contains("cannot be used with"), "{both}");
        assert!(parse(&["--show", "menu"]).unwrap_err().contains("possible values"));
        let Ok(Parsed::Run(a)) = parse(&["--show", "Rules", "--moves", "a b", "--moves", "c"]) else {
            panic!()
        };
        assert_eq!((a.show.as_deref(), a.moves.len()), (Some("rules"), 3));
        assert!(usage().contains("--ai-threads <N>"));
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
        assert!(matches!(parse(&["--help"]), Ok(Parsed::Print(h)) if h.contains("--watch <CODE>")));
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
        assert_eq!(game_id("qushinsu").map(GameId::name), Ok("Qyshinsu"));
        let Ok(Parsed::Run(a)) = parse(&[]) else { panic!() };
        assert_eq!(a.game, None);
    }

    #[test]
    fn reads_what_to_measure() {
        let Ok(Parsed::Run(a)) = parse(&["--measure", "m.txt"]) else {
            panic!()
        };
        assert_eq!((a.measure_during, a.measure_frames), (MeasureDuring::Search, 60));
        let Ok(Parsed::Run(a)) = parse(&[
            "--measure",
            "m.txt",
            "--measure-during",
            "review",
            "--measure-frames",
            "7",
        ]) else {
            panic!()
        };
        assert_eq!((a.measure_during, a.measure_frames), (MeasureDuring::Review, 7));
        // Only with --measure, only what can be measured, at least one frame.
        assert!(
            parse(&["--measure-during", "idle"])
                .unwrap_err()
                .contains("--measure <PATH>")
        );
        assert!(
            parse(&["--measure", "m.txt", "--measure-during", "bench"])
                .unwrap_err()
                .contains("possible values")
        );
        assert!(parse(&["--measure", "m.txt", "--measure-frames", "0"]).is_err());
    }
}

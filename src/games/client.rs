//! [`ClientGame`]: what the client knows about one game beyond its rules, implemented once per
//! game in the sibling modules.

use bevy::prelude::*;
use parlour_ai::Knowledge;
use parlour_rules::{GameId, Player, with_game};

use super::effects::{AnimStep, Stage};
use super::parts::{PieceDef, SpotDef, Table, Token};

/// What the client needs from a game beyond [`Game`] and [`Knowledge`]: every fact the client
/// keeps about one game is here, implemented in the game's own file, so a new game is a compile
/// error until its file says all of it.
pub trait ClientGame: Knowledge {
    /// The game in the registry (its [`Game::ID`](parlour_rules::Game::ID) as a value).
    const GAME: GameId;
    /// What the client says of the game where no match of it is on the table.
    const ABOUT: About;
    /// True when the tokens after the first may be entered in any order (Kansho's choice).
    const UNORDERED_TAIL: bool = false;
    /// True to mark every spot where a move may start when the player has chosen nothing.
    const SHOW_STARTS: bool = false;
    /// The two sides' colours.
    const PALETTE: [Color; 2];
    /// The two sides' colours in the colour-safe palette (see [`super::build::okabe_ito`]).
    fn colour_safe() -> [Color; 2];
    /// The new-game dialog's names of the two seats under `options` (before a match exists).
    fn seat_names(options: &[(String, String)]) -> [&'static str; 2];
    /// The new-game dialog's sentence on who moves first under `options`.
    fn first_mover(options: &[(String, String)]) -> &'static str;

    /// The clicks that enter `mv`.
    fn tokens(&self, mv: &Self::Move) -> Vec<Token>;
    /// Label of a [`Token::Choice`] button.
    fn choice_label(&self, _code: u8) -> String {
        String::new()
    }
    /// Every clickable spot.
    fn spots(&self) -> Vec<SpotDef>;
    /// Every piece of this position (board, hands, discard box).
    fn pieces(&self) -> Vec<PieceDef>;
    /// Cell tints of this position (ConHex).
    fn tints(&self) -> Vec<(u16, Option<u8>)> {
        Vec::new()
    }
    /// How the board is drawn.
    fn table(&self) -> Table;
    /// Runs one stage of `mv` on `self`, recording its steps. Default: the whole move in
    /// [`Stage::Place`].
    fn run_stage(&mut self, stage: Stage, mv: Self::Move, rec: &mut Vec<Self::Step>) {
        if stage == Stage::Place {
            self.apply_recorded(mv, rec);
        }
    }
    /// The animations of `steps` (one stage's record); `before` is the position before them.
    fn animate(&self, before: &Self, steps: &[Self::Step]) -> Vec<AnimStep>;
    /// The person (seat) playing `colour` (differs from the colour after a ConHex swap).
    fn seat_of_colour(&self, colour: Player) -> Player {
        colour
    }
    /// A line about the position for the HUD (Qyshinsu's constraint), if any.
    fn note(&self) -> Option<String> {
        None
    }
    /// Extra words for the result screen (Kansho's result name).
    fn result_text(&self) -> Option<String> {
        None
    }
    /// What to do next when a move has been entered part way (`prefix`), where the game says
    /// more than "choose a highlighted spot" (Kansho's short hand).
    fn part_prompt(&self, prefix: &[Token]) -> Option<String> {
        let _ = prefix;
        None
    }
    /// Spots that show what decided a finished game (the pinned general's point), marked in
    /// gold once it is over. ConHex shows its chain through [`Self::lit_cells`] instead.
    fn decisive_spots(&self) -> Vec<u16> {
        Vec::new()
    }
    /// Cells lit at rest: ConHex's winning chain once the game is won (also when a finished
    /// game is loaded, replayed or redone, not only at the end of the winning move's animation).
    fn lit_cells(&self) -> Vec<u16> {
        Vec::new()
    }
    /// A position set up from the game's position text (a walkthrough's worked example that no
    /// short line of moves reaches). Default: refused; such games reach their examples by moves.
    fn from_position_text(text: &str) -> Result<Self, String> {
        let _ = text;
        Err(format!("{} positions are reached by moves, not set up", Self::NAME))
    }
}

/// What the client says of a game away from its match: the new-game dialog, the rules window,
/// the camera's first framing, the pieces' material.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The rules in one paragraph (the new-game dialog and the top of the F1 window).
    pub summary: &'static str,
    /// One line on what the game is like (its card in the chooser).
    pub tagline: &'static str,
    /// What to do first, in a sentence (the guided start).
    pub first_steps: &'static str,
    /// The desktop's home view of the board: yaw, pitch, distance, the point looked at (right
    /// of the board's centre, so the HUD on the right covers no piece).
    pub home: (f32, f32, f32, Vec3),
    /// How rough the pieces are (Kōnane's lava and coral rough, turned counters smooth).
    pub roughness: f32,
}

/// What the client says of `game` away from its match.
pub fn about(game: GameId) -> About {
    with_game!(game, G => G::ABOUT)
}

/// The new-game dialog's names of the two seats of `game` under `options`.
pub fn seat_names(game: GameId, options: &[(String, String)]) -> [&'static str; 2] {
    with_game!(game, G => G::seat_names(options))
}

/// The new-game dialog's sentence on who moves first in `game` under `options`.
pub fn first_mover(game: GameId, options: &[(String, String)]) -> &'static str {
    with_game!(game, G => G::first_mover(options))
}

/// The value of option `key` among `options` as chosen (not the value in force), or "".
pub fn chosen<'a>(options: &'a [(String, String)], key: &str) -> &'a str {
    options.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str())
}

/// What a prefix of clicks allows next.
#[derive(Clone, Debug, Default)]
pub struct Candidates {
    /// Tokens that extend the prefix towards a legal move.
    pub next: Vec<Token>,
    /// True when the prefix is itself a whole legal move.
    pub complete: bool,
    /// True when some legal move starts with the prefix.
    pub valid: bool,
}

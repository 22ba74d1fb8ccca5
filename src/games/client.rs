//! [`ClientGame`]: what the client knows about one game beyond its rules, implemented once per
//! game in the sibling modules.

use bevy::prelude::*;
use parlour_ai::Knowledge;
use parlour_rules::Player;

use super::effects::{AnimStep, Stage};
use super::parts::{PieceDef, SpotDef, Table, Token};

/// What the client needs from a game beyond [`Game`] and [`Knowledge`].
pub trait ClientGame: Knowledge {
    /// True when the tokens after the first may be entered in any order (Kansho's choice).
    const UNORDERED_TAIL: bool = false;
    /// True to mark every spot where a move may start when the player has chosen nothing.
    const SHOW_STARTS: bool = false;
    /// The two sides' colours.
    const PALETTE: [Color; 2];

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

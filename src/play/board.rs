//! The match on the table: the match itself and the resources its systems share, and the
//! table's components (spots, pieces, cell tints, the board).

use std::collections::VecDeque;

use bevy::prelude::*;
use parlour_ai::Level;
use parlour_rules::{GameId, Player};

use crate::games::any_match::AnyMatch;
use crate::games::effects::{AnimStep, Stage};
use crate::games::parts::{Look, Table, Token};

/// The match being played.
#[derive(Resource)]
pub struct Match(pub Box<dyn AnyMatch>);

/// The clicks of a move being entered, and the hint shown.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// Tokens entered so far.
    pub prefix: Vec<Token>,
    /// The hint, if one was asked for.
    pub hint: Vec<Token>,
    /// What the hint's proof search found, when the position is proven won or lost.
    pub hint_note: Option<String>,
    /// In a proven win: the other winning moves (the table draws every winning move).
    pub hint_also: Vec<Vec<Token>>,
    /// Draw the hint on the board (a ring round one spot) even when it is the only move: a
    /// puzzle's hint, the piece or point to move.
    pub hint_ring: bool,
    /// What the prefix allows next (kept fresh by the rules).
    pub next: Vec<Token>,
    /// True when the prefix is a whole move that could also go on (click it again to stop).
    pub can_stop: bool,
    /// Why the last click was refused, shown by the pointer until the next click.
    pub refusal: Option<String>,
}

/// The rule stage to run next while a move is resolved.
#[derive(Resource, Default, Debug)]
pub struct Resolution {
    /// The next stage, or `None` once the last has run.
    pub next: Option<Stage>,
    /// True from the first stage until the last animation of the move has played.
    pub active: bool,
    /// Stages run so far in this move, in order (for tests and the log).
    pub done: Vec<Stage>,
}

/// Who resigned, if anyone.
#[derive(Resource, Default, Debug)]
pub struct Resigned(pub Option<Player>);

/// Moves to play at once when the match starts (`--moves`).
#[derive(Resource, Default, Debug, Clone)]
pub struct StartMoves(pub Vec<String>);

/// What was refused on the way to the next match (`--options` the rules refuse), said with
/// what goes wrong starting it, once.
#[derive(Resource, Default, Debug, Clone)]
pub struct StartProblems(pub Vec<String>);

/// The moves the review draws on the table: the one that led to the position shown and the
/// one the computer preferred instead (each empty when not shown).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ShownMoves {
    /// The move played, with its mark.
    pub played: Vec<Token>,
    /// Its mark.
    pub mark: Option<parlour_ai::analysis::Mark>,
    /// The computer's preferred move in the position before it (empty when it was played).
    pub best: Vec<Token>,
}

/// Set when the table's entities must be brought in line with the position.
#[derive(Resource, Default, Debug)]
pub struct TableDirty(pub bool);

/// The words under the board: what is happening or what to do.
#[derive(Resource, Default, Debug)]
pub struct Caption(pub String);

/// Seconds spent in the game-over phase before the result screen opens.
#[derive(Resource, Default, Debug)]
pub struct GameOverTimer(pub f32);

/// Everything spawned for the table; cleared when a match ends or starts.
#[derive(Component, Default, Clone, Copy)]
pub struct Tabletop;

/// A clickable place on the board.
#[derive(Component, Clone, Copy, Debug)]
#[require(Tabletop)]
pub struct Spot {
    /// Spot id.
    pub id: u16,
}

/// A piece on the table, by key ([`crate::games::parts::PieceDef::key`]).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(Tabletop)]
pub struct Piece {
    /// Its key.
    pub key: u32,
    /// What it looks like.
    pub look: Look,
}

/// A ConHex cell that can be tinted.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(Tabletop)]
pub struct CellTint {
    /// Cell index.
    pub cell: u16,
    /// Its owner's colour index.
    pub colour: Option<u8>,
    /// Lit as part of the winning chain.
    pub glow: bool,
}

/// The board itself; the view dresses it with meshes.
#[derive(Component, Clone)]
#[require(Tabletop)]
pub struct BoardRoot {
    /// The game (its camera framing, its pieces' material).
    pub game: GameId,
    /// How to draw it.
    pub table: Table,
    /// Side colours.
    pub palette: [Color; 2],
}

/// A piece entity at rest.
pub fn piece_bundle(key: u32, look: Look, pos: Vec3) -> impl Bundle {
    (
        Piece { key, look },
        Transform::from_translation(pos),
        Visibility::default(),
    )
}

/// Steps waiting to play and the one playing.
#[derive(Resource, Default)]
pub struct AnimQueue {
    /// Steps still to play, in order.
    pub steps: VecDeque<AnimStep>,
    /// The step playing now.
    pub active: Option<Active>,
    /// Steps finished since the match started (tests count them).
    pub finished: u64,
}

impl AnimQueue {
    /// True when nothing plays or waits.
    pub fn idle(&self) -> bool {
        self.steps.is_empty() && self.active.is_none()
    }
}

/// The step playing now with where each part started.
pub struct Active {
    pub(crate) step: AnimStep,
    pub(crate) t: f32,
    pub(crate) parts: Vec<Option<(Entity, Vec3)>>,
}

/// The reviewed game kept aside while a line or a branch is on the table.
#[derive(Resource, Default)]
pub struct OffRecord {
    /// The reviewed match as it was.
    pub(crate) kept: Option<Box<dyn AnyMatch>>,
    /// Its seats (a branch changes them).
    pub(crate) seats: [Option<Level>; 2],
    /// The moves of the line still to play, while a line is shown.
    pub(crate) line: Option<VecDeque<String>>,
    /// Seconds before the line's next move (or, once it is played, before coming back).
    pub(crate) wait: f32,
    /// The moves played before the branch (or the line) left the record.
    pub from: usize,
    /// The branch is a try at a better move (learning from a mistake).
    pub(crate) trying: bool,
    /// Set by a branch's result card when it opens the table to go back to the review: the
    /// next match start keeps what is kept aside (any other start forgets it).
    pub going_back: bool,
}

impl OffRecord {
    /// True while the computer's line is on the table.
    pub fn showing_line(&self) -> bool {
        self.line.is_some()
    }

    /// True while a branch is played from a reviewed position.
    pub fn branching(&self) -> bool {
        self.kept.is_some() && self.line.is_none() && !self.trying
    }

    /// True while another move is tried in a mistake's place.
    pub fn trying(&self) -> bool {
        self.kept.is_some() && self.trying
    }

    /// True while the match on the table is not the reviewed one.
    pub fn active(&self) -> bool {
        self.kept.is_some()
    }

    /// The reviewed game and its seats, while it is kept aside (what an autosave keeps).
    pub fn reviewed(&self) -> Option<(&dyn AnyMatch, [Option<Level>; 2])> {
        self.kept.as_deref().map(|m| (m, self.seats))
    }
}

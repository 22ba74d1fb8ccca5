//! What the client knows about each game beyond the rules: where its spots and pieces sit on
//! the table, how a move is entered as a sequence of clicks ("tokens"), and how each staged
//! step of the rules becomes an animation. [`ClientGame`] is implemented once per game in the
//! child modules; [`MatchOf`] wraps any of them behind the object-safe [`AnyMatch`] so the
//! rest of the client is written once.

mod conhex;
mod kansho;
mod konane;
mod qyshinsu;
mod soldiers;

use bevy::prelude::*;
use parlour_ai::{Knowledge, Level, StopFlag};
use parlour_rules::{Counter, Game, Player, Status};

/// One part of a move as the player enters it: a click on a board spot, or a choice made
/// with a button (a stone kind, the swap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Token {
    /// A board spot (a cell, square, hole, ring position or point), by spot id.
    Spot(u16),
    /// A button choice, by a game-specific code.
    Choice(u8),
}

/// The shape a piece is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A flat Kansho marker.
    Marker,
    /// A round Kōnane stone.
    Stone,
    /// A ConHex peg.
    Peg,
    /// The hunter of the Sixteen Soldiers family.
    Hunter,
    /// A soldier.
    Soldier,
    /// A Qyshinsu stone of a kind (0 = Old Stone, n = n-stone).
    Kind(u8),
}

/// What a piece looks like: its shape and which side's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The shape.
    pub shape: Shape,
    /// 0 for the first-named colour, 1 for the second.
    pub colour: u8,
}

impl Look {
    /// A look from a shape and a player's colour.
    pub fn new(shape: Shape, p: Player) -> Self {
        Look {
            shape,
            colour: p.index() as u8,
        }
    }
}

/// The key of pieces on the board is their spot id; pieces off the board (hands, the discard
/// box) have keys from here up.
pub const OFF_BOARD: u32 = 10_000;

/// A place the player can click.
#[derive(Clone, Debug)]
pub struct SpotDef {
    /// The spot id (a [`Token::Spot`]).
    pub id: u16,
    /// Where a piece on it rests (its centre at the board surface).
    pub pos: Vec3,
    /// The spot's name in the game's notation (for labels and tooltips).
    pub name: String,
}

/// A piece that should be on the table for a position.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    /// Its key (a spot id on the board, [`OFF_BOARD`] and up elsewhere).
    pub key: u32,
    /// Where it rests.
    pub pos: Vec3,
    /// What it looks like.
    pub look: Look,
}

/// One movement within an animation step.
#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    /// A new piece drops from above onto `pos`.
    Drop {
        /// Key of the new piece.
        key: u32,
        /// Where it lands.
        pos: Vec3,
        /// Its look.
        look: Look,
    },
    /// A piece lifts off the table and disappears (a capture, a removal).
    Lift {
        /// The piece.
        key: u32,
    },
    /// A piece flips over to a new look (a Kansho replacement).
    Flip {
        /// The piece.
        key: u32,
        /// The look after the flip.
        look: Look,
    },
    /// A piece travels through `path`, hopping along arcs, and is then known by `to_key`.
    Travel {
        /// The piece.
        key: u32,
        /// The points it passes, the last one where it ends.
        path: Vec<Vec3>,
        /// Its key afterwards.
        to_key: u32,
        /// True to hop in arcs; false to slide.
        hop: bool,
    },
    /// A Kansho discard: the piece rolls to `via` (the hole) and falls to `to`.
    Discard {
        /// The piece.
        key: u32,
        /// The hole's centre.
        via: Vec3,
        /// Its place in the discard box.
        to: Vec3,
        /// Its key in the box.
        to_key: u32,
    },
    /// A board cell takes a colour (`None` clears it).
    Tint {
        /// The cell.
        cell: u16,
        /// The colour index.
        colour: Option<u8>,
    },
    /// The winning chain lights up.
    Glow {
        /// Its cells.
        cells: Vec<u16>,
    },
}

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A piece put down.
    Place,
    /// A marker flipped.
    Flip,
    /// A piece captured.
    Capture,
    /// Markers dropping into the discard box.
    Discard,
    /// An action that is not allowed.
    Invalid,
    /// The human won.
    Win,
    /// The human lost.
    Loss,
    /// A button.
    Click,
}

/// One animated step: its parts play together, the steps of a move one after another.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimStep {
    /// What is happening, in words.
    pub caption: String,
    /// The parts.
    pub parts: Vec<Anim>,
    /// How long it takes, in seconds.
    pub secs: f32,
    /// The sound at its start.
    pub sound: Option<Sfx>,
}

impl AnimStep {
    /// A step from its caption, parts, duration and sound.
    pub fn new(caption: impl Into<String>, parts: Vec<Anim>, secs: f32, sound: Option<Sfx>) -> Self {
        AnimStep {
            caption: caption.into(),
            parts,
            secs,
            sound,
        }
    }
}

/// The stages a move is resolved in. Games without separate stage functions do everything in
/// [`Stage::Place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The move itself.
    Place,
    /// Kansho: surrounded areas discarded.
    Discard,
    /// Kansho: solo waves.
    Solo,
    /// The turn passes (or the game ends).
    End,
}

impl Stage {
    /// The stages in order.
    pub const ALL: [Stage; 4] = [Stage::Place, Stage::Discard, Stage::Solo, Stage::End];
}

/// The kind of board a game is drawn on, with the numbers the view needs.
#[derive(Clone, Debug)]
pub enum Table {
    /// Kansho: hex cells of `size`, a hole of `hole` radius, the discard box at `box_y`.
    Hex {
        /// Cell size (centre to corner).
        size: f32,
        /// Depth of the box floor.
        box_y: f32,
    },
    /// Kōnane: a `w × h` grid with `pitch`.
    Grid {
        /// Files.
        w: u8,
        /// Ranks.
        h: u8,
        /// Square size.
        pitch: f32,
    },
    /// ConHex: cell polygons (world points), side strips, hole grid unit.
    ConHex {
        /// Each cell's outline in world coordinates.
        cells: Vec<Vec<Vec3>>,
        /// Unit of the 12 × 12 grid.
        unit: f32,
    },
    /// Qyshinsu: a ring of radius `r`.
    Ring {
        /// Ring radius.
        r: f32,
    },
    /// A hunt board: its edges and the refuge polygon.
    Lines {
        /// Edges as pairs of world points.
        edges: Vec<(Vec3, Vec3)>,
        /// Refuge points (shaded by their hull).
        refuge: Vec<Vec3>,
        /// Half extents of the board slab.
        half: Vec2,
    },
}

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

pub use crate::search_task::AiTask;

/// A match of any game: the state, its history for undo and redo, and the move being
/// resolved. Object-safe so the client holds one `Box<dyn AnyMatch>`.
pub trait AnyMatch: Send + Sync {
    /// Engine id.
    fn game_id(&self) -> &'static str;
    /// Name shown to players (the variant's name where it has one).
    fn title(&self) -> String;
    /// The rule page's name of a side.
    fn side_name(&self, p: Player) -> String;
    /// The colour to move.
    fn to_move(&self) -> Player;
    /// The seat (person) to move.
    fn seat_to_move(&self) -> Player;
    /// The colour a seat plays now.
    fn colour_of_seat(&self, seat: Player) -> Player;
    /// Status.
    fn status(&self) -> Status;
    /// HUD counters.
    fn counters(&self) -> Vec<Counter>;
    /// A line about the position, if any.
    fn note(&self) -> Option<String>;
    /// Extra result text (Kansho's result name).
    fn result_text(&self) -> Option<String>;
    /// What to do next with a move entered part way, where the game says more (see
    /// [`ClientGame::part_prompt`]).
    fn part_prompt(&self, prefix: &[Token]) -> Option<String>;
    /// Cells lit at rest (see [`ClientGame::lit_cells`]).
    fn lit_cells(&self) -> Vec<u16>;
    /// Spots marked at the end (see [`ClientGame::decisive_spots`]).
    fn decisive_spots(&self) -> Vec<u16>;
    /// Moves played, in notation, with who played them.
    fn history(&self) -> Vec<(Player, String)>;
    /// How many moves have been played (`history().len()`, without building it).
    fn plies(&self) -> usize;
    /// The moves taken back (that redo would play), in the order they would be played, with
    /// who plays them.
    fn future_history(&self) -> Vec<(Player, String)>;
    /// Why clicking `token` after `prefix` is refused, in the rules' own words, when the
    /// clicked spots spell a move in the game's notation (`c3-c5`, `J3`); `None` otherwise.
    fn refusal(&self, prefix: &[Token], token: Token) -> Option<String>;
    /// Moves that can be redone.
    fn redo_len(&self) -> usize;
    /// What the clicks in `prefix` allow next.
    fn candidates(&self, prefix: &[Token]) -> Candidates;
    /// Label of a choice button.
    fn choice_label(&self, code: u8) -> String;
    /// Starts resolving the legal move entered as `tokens`; false (nothing changes) if it is
    /// not one.
    fn begin(&mut self, tokens: &[Token]) -> bool;
    /// True while a move is being resolved.
    fn resolving(&self) -> bool;
    /// Runs one stage of the move being resolved and returns its animations. [`Stage::End`]
    /// finishes the move.
    fn stage(&mut self, stage: Stage) -> Vec<AnimStep>;
    /// Plays the move entered as `tokens` at once, without animation.
    fn play_now(&mut self, tokens: &[Token]) -> bool;
    /// Reads a move in notation into tokens.
    fn parse(&self, text: &str) -> Result<Vec<Token>, String>;
    /// Takes back the last move; false if there is none.
    fn undo(&mut self) -> bool;
    /// Replays the last move taken back; false if there is none.
    fn redo(&mut self) -> bool;
    /// Every clickable spot.
    fn spots(&self) -> Vec<SpotDef>;
    /// Every piece of the position.
    fn pieces(&self) -> Vec<PieceDef>;
    /// Cell tints.
    fn tints(&self) -> Vec<(u16, Option<u8>)>;
    /// The board drawing.
    fn table(&self) -> Table;
    /// Side colours.
    fn palette(&self) -> [Color; 2];
    /// Tokens of the last move played, for its mark.
    fn last_tokens(&self) -> Vec<Token>;
    /// Starts an AI search for the side to move at `level` on a search thread; `threads`
    /// is how many trees a tree search grows side by side (alpha-beta levels ignore it).
    fn spawn_search(&self, level: Level, threads: u32, stop: StopFlag) -> AiTask;
    /// Starts a hint for the side to move: the casual level's move, and a short proof search
    /// that says when the position is a proven win or loss.
    fn spawn_hint(&self, stop: StopFlag) -> AiTask;
    /// Whether the spots where a move may start should be marked before any click.
    fn show_starts(&self) -> bool;
    /// The options as `key=value` pairs.
    fn options(&self) -> Vec<(String, String)>;
    /// The match as a save file's contents (a move being resolved is left out).
    fn to_save(&self, players: [Option<Level>; 2]) -> crate::save::SaveGame;
    /// True for a match built from a set-up position rather than from the start: it cannot
    /// be saved (a save replays its moves from the start).
    fn set_up(&self) -> bool;
    /// Starts resolving the next move taken back (replaying it with its animations), keeping
    /// the rest of the moves taken back; false if there is none.
    fn redo_begin(&mut self) -> bool;
}

/// A match of the game `G`.
pub struct MatchOf<G: ClientGame> {
    state: G,
    /// Positions before each move played, the move, its notation.
    past: Vec<(G, G::Move, String)>,
    /// Moves taken back, most recent last.
    future: Vec<G::Move>,
    /// The move being resolved, with the position before it.
    pending: Option<(G, G::Move)>,
    /// Built from a set-up position (a worked example), not from the start: saves, which
    /// replay moves from the start, cannot hold it.
    set_up: bool,
}

impl<G: ClientGame> MatchOf<G> {
    /// A new match from options.
    pub fn new(options: &G::Options) -> Self {
        Self::from_state(G::new(options))
    }

    /// A match from a position.
    pub fn from_state(state: G) -> Self {
        MatchOf {
            state,
            past: Vec::new(),
            future: Vec::new(),
            pending: None,
            set_up: false,
        }
    }

    /// A match from a set-up position (see [`match_from_position`]).
    pub fn from_position(state: G) -> Self {
        MatchOf {
            set_up: true,
            ..Self::from_state(state)
        }
    }

    /// The current position.
    pub fn state(&self) -> &G {
        &self.state
    }

    fn legal(&self) -> Vec<G::Move> {
        let mut v = Vec::new();
        self.state.legal_moves(&mut v);
        v
    }

    fn find(&self, tokens: &[Token]) -> Option<G::Move> {
        self.legal()
            .into_iter()
            .find(|m| same(&self.state.tokens(m), tokens, G::UNORDERED_TAIL))
    }

    fn record(&mut self, before: G, mv: G::Move) {
        let text = before.format_move(&mv);
        self.past.push((before, mv, text));
    }
}

/// True when `a` and `b` name the same move.
fn same(a: &[Token], b: &[Token], unordered: bool) -> bool {
    if a.len() != b.len() || a.first() != b.first() {
        return false;
    }
    if unordered {
        let (mut x, mut y) = (a[1..].to_vec(), b[1..].to_vec());
        x.sort();
        y.sort();
        x == y
    } else {
        a == b
    }
}

/// True when `mv` (its tokens) starts with `prefix`; the tokens still missing in `rest`.
fn extends(mv: &[Token], prefix: &[Token], unordered: bool) -> Option<Vec<Token>> {
    if prefix.is_empty() {
        return Some(mv.to_vec());
    }
    if mv.len() < prefix.len() || mv[0] != prefix[0] {
        return None;
    }
    if unordered {
        let mut rest = mv[1..].to_vec();
        for t in &prefix[1..] {
            let i = rest.iter().position(|x| x == t)?;
            rest.remove(i);
        }
        Some(rest)
    } else {
        (mv[..prefix.len()] == *prefix).then(|| mv[prefix.len()..].to_vec())
    }
}

impl<G: ClientGame> AnyMatch for MatchOf<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn title(&self) -> String {
        G::display_name(self.state.options())
    }
    fn side_name(&self, p: Player) -> String {
        self.state.side_name(p).to_string()
    }
    fn to_move(&self) -> Player {
        self.state.side_to_move()
    }
    fn seat_to_move(&self) -> Player {
        self.state.seat_of_colour(self.state.side_to_move())
    }
    fn colour_of_seat(&self, seat: Player) -> Player {
        // The exchange is its own inverse.
        self.state.seat_of_colour(seat)
    }
    fn status(&self) -> Status {
        self.state.status()
    }
    fn counters(&self) -> Vec<Counter> {
        self.state.counters()
    }
    fn note(&self) -> Option<String> {
        self.state.note()
    }
    fn result_text(&self) -> Option<String> {
        self.state.result_text()
    }
    fn part_prompt(&self, prefix: &[Token]) -> Option<String> {
        self.state.part_prompt(prefix)
    }
    fn lit_cells(&self) -> Vec<u16> {
        self.state.lit_cells()
    }
    fn decisive_spots(&self) -> Vec<u16> {
        if self.pending.is_some() {
            return Vec::new();
        }
        self.state.decisive_spots()
    }
    fn history(&self) -> Vec<(Player, String)> {
        self.past
            .iter()
            .map(|(s, _, t)| (s.side_to_move(), t.clone()))
            .collect()
    }
    fn plies(&self) -> usize {
        self.past.len()
    }
    fn refusal(&self, prefix: &[Token], token: Token) -> Option<String> {
        let spots = self.state.spots();
        let name = |t: &Token| match t {
            Token::Spot(id) => spots.iter().find(|s| s.id == *id).map(|s| s.name.clone()),
            Token::Choice(_) => None,
        };
        let whole: Option<Vec<String>> = prefix.iter().chain([&token]).map(name).collect();
        let tries = [whole.map(|w| w.join("-")), name(&token)];
        tries.into_iter().flatten().find_map(|text| {
            let mv = self.state.parse_move(&text).ok()?;
            (!self.state.is_legal(&mv)).then(|| {
                let sentence = crate::play::cap(&self.state.illegal_reason(&mv));
                if sentence.ends_with('.') {
                    sentence
                } else {
                    sentence + "."
                }
            })
        })
    }
    fn future_history(&self) -> Vec<(Player, String)> {
        let mut s = self.state.clone();
        self.future
            .iter()
            .rev()
            .map(|mv| {
                let entry = (s.side_to_move(), s.format_move(mv));
                s.apply(*mv);
                entry
            })
            .collect()
    }
    fn redo_len(&self) -> usize {
        self.future.len()
    }
    fn candidates(&self, prefix: &[Token]) -> Candidates {
        let mut c = Candidates::default();
        if self.pending.is_some() {
            return c;
        }
        for m in self.legal() {
            let toks = self.state.tokens(&m);
            if let Some(rest) = extends(&toks, prefix, G::UNORDERED_TAIL) {
                c.valid = true;
                if rest.is_empty() {
                    c.complete = true;
                } else {
                    let next = if G::UNORDERED_TAIL && !prefix.is_empty() {
                        rest
                    } else {
                        vec![rest[0]]
                    };
                    for t in next {
                        if !c.next.contains(&t) {
                            c.next.push(t);
                        }
                    }
                }
            }
        }
        c
    }
    fn choice_label(&self, code: u8) -> String {
        self.state.choice_label(code)
    }
    fn begin(&mut self, tokens: &[Token]) -> bool {
        if self.pending.is_some() || self.state.status().is_over() {
            return false;
        }
        let Some(mv) = self.find(tokens) else { return false };
        self.pending = Some((self.state.clone(), mv));
        self.future.clear();
        true
    }
    fn resolving(&self) -> bool {
        self.pending.is_some()
    }
    fn stage(&mut self, stage: Stage) -> Vec<AnimStep> {
        let Some((start, mv)) = self.pending.clone() else {
            return Vec::new();
        };
        let before = self.state.clone();
        let mut rec = Vec::new();
        self.state.run_stage(stage, mv, &mut rec);
        let anims = self.state.animate(&before, &rec);
        if stage == Stage::End {
            self.pending = None;
            self.record(start, mv);
        }
        anims
    }
    fn play_now(&mut self, tokens: &[Token]) -> bool {
        if self.pending.is_some() || self.state.status().is_over() {
            return false;
        }
        let Some(mv) = self.find(tokens) else { return false };
        let before = self.state.clone();
        self.state.apply(mv);
        self.record(before, mv);
        true
    }
    fn parse(&self, text: &str) -> Result<Vec<Token>, String> {
        let mv = self.state.parse_move(text).map_err(|e| e.to_string())?;
        Ok(self.state.tokens(&mv))
    }
    fn undo(&mut self) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let Some((before, mv, _)) = self.past.pop() else {
            return false;
        };
        self.state = before;
        self.future.push(mv);
        true
    }
    fn redo(&mut self) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let Some(mv) = self.future.pop() else { return false };
        let before = self.state.clone();
        self.state.apply(mv);
        self.record(before, mv);
        true
    }
    fn spots(&self) -> Vec<SpotDef> {
        self.state.spots()
    }
    fn pieces(&self) -> Vec<PieceDef> {
        self.state.pieces()
    }
    fn tints(&self) -> Vec<(u16, Option<u8>)> {
        self.state.tints()
    }
    fn table(&self) -> Table {
        self.state.table()
    }
    fn palette(&self) -> [Color; 2] {
        G::PALETTE
    }
    fn last_tokens(&self) -> Vec<Token> {
        self.past.last().map(|(s, m, _)| s.tokens(m)).unwrap_or_default()
    }
    fn spawn_search(&self, level: Level, threads: u32, stop: StopFlag) -> AiTask {
        let state = self.state.clone();
        let mut cfg = level.config(&state).bounded();
        if let parlour_ai::Algorithm::Mcts(p) = &mut cfg.algorithm {
            p.threads = threads.max(1);
        }
        crate::search_task::search(state, cfg, stop, |state, result, _| {
            let mv = result.best.or_else(|| {
                let mut v = Vec::new();
                state.legal_moves(&mut v);
                v.first().copied()
            })?;
            Some(crate::search_task::Answer::tokens(state.tokens(&mv)))
        })
    }
    fn spawn_hint(&self, stop: StopFlag) -> AiTask {
        let state = self.state.clone();
        let cfg = Level::Casual.config(&state).bounded();
        crate::search_task::search(state, cfg, stop, |state, result, stop| {
            let mv = result.best?;
            let proven = (!stop.is_cancelled())
                .then(|| parlour_ai::proof::prove(state, HINT_PROOF_MS, 32))
                .flatten()
                .and_then(|p| p.proof)
                .map(|p| proof_sentence(state, p, true));
            Some(crate::search_task::Answer {
                tokens: state.tokens(&mv),
                proven,
            })
        })
    }
    fn show_starts(&self) -> bool {
        G::SHOW_STARTS
    }
    fn options(&self) -> Vec<(String, String)> {
        G::option_pairs(self.state.options())
    }
    fn set_up(&self) -> bool {
        self.set_up
    }
    fn to_save(&self, players: [Option<Level>; 2]) -> crate::save::SaveGame {
        // Mid-move, the position before the move is the last one the history reaches.
        let state = self.pending.as_ref().map(|(s, _)| s).unwrap_or(&self.state);
        crate::save::SaveGame {
            game: G::ID.to_string(),
            options: G::option_pairs(state.options()),
            players,
            moves: self.past.iter().map(|(_, _, t)| t.clone()).collect(),
            state: serde_json::to_string(state).unwrap_or_default(),
        }
    }
    fn redo_begin(&mut self) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let Some(mv) = self.future.pop() else { return false };
        self.pending = Some((self.state.clone(), mv));
        true
    }
}

impl<G: ClientGame> MatchOf<G> {
    /// A match from a save: its history replayed and checked against its stored state.
    pub fn from_save(save: &crate::save::SaveGame) -> Result<Self, crate::save::LoadError> {
        let (state, past) = crate::save::replay::<G>(save)?;
        Ok(MatchOf {
            state,
            past,
            future: Vec::new(),
            pending: None,
            set_up: false,
        })
    }

    /// A match set up by playing `moves` (notation, separated by spaces, commas or newlines;
    /// move numbers such as `12.` are skipped) from the start; the first bad move is named.
    pub fn from_moves(options: &G::Options, moves: &str) -> Result<Self, String> {
        let mut m = Self::new(options);
        let words = moves
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|w| !w.is_empty() && !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()));
        for (i, text) in words.enumerate() {
            let mv = m
                .state
                .parse_move(text)
                .map_err(|e| format!("Move {} ('{text}') is not a move of this game: {e}.", i + 1))?;
            m.state
                .check(&mv)
                .map_err(|e| format!("Move {} ('{text}') cannot be played here: {e}.", i + 1))?;
            let before = m.state.clone();
            m.state.apply(mv);
            m.record(before, mv);
        }
        Ok(m)
    }
}

/// A match rebuilt from a save (see [`crate::save::decode`], which checks it first).
pub fn match_from_save(save: &crate::save::SaveGame) -> Result<Box<dyn AnyMatch>, crate::save::LoadError> {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    fn boxed<G: ClientGame>(s: &crate::save::SaveGame) -> Result<Box<dyn AnyMatch>, crate::save::LoadError> {
        Ok(Box::new(MatchOf::<G>::from_save(s)?))
    }
    match save.game.as_str() {
        "kansho" => boxed::<Kansho>(save),
        "konane" => boxed::<Konane>(save),
        "conhex" => boxed::<ConHex>(save),
        "qyshinsu" => boxed::<Qyshinsu>(save),
        "soldiers" => boxed::<Soldiers>(save),
        other => Err(crate::save::LoadError::UnknownGame(other.to_string())),
    }
}

/// A match of the game and options in `setup` after playing a pasted move list; on error
/// the sentence names the first move that fails.
pub fn match_from_moves(setup: &Setup, moves: &str) -> Result<Box<dyn AnyMatch>, String> {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    fn boxed<G: ClientGame>(options: &[(String, String)], moves: &str) -> Result<Box<dyn AnyMatch>, String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
        Ok(Box::new(MatchOf::<G>::from_moves(&opts, moves)?))
    }
    match setup.game.as_str() {
        "kansho" => boxed::<Kansho>(&setup.options, moves),
        "konane" => boxed::<Konane>(&setup.options, moves),
        "conhex" => boxed::<ConHex>(&setup.options, moves),
        "qyshinsu" | "qushinsu" => boxed::<Qyshinsu>(&setup.options, moves),
        "soldiers" => boxed::<Soldiers>(&setup.options, moves),
        other => Err(format!("unknown game '{other}'")),
    }
}

/// A match of the game in `setup` from a set-up position in the game's position text (see
/// [`ClientGame::from_position_text`]); its history starts there. The options of `setup` do
/// not apply: the position carries its own.
///
/// The save format replays moves from the start position, so such a match is not saved
/// ([`AnyMatch::set_up`]: Save says why, the autosave leaves it); only the walkthroughs use it.
pub fn match_from_position(setup: &Setup, text: &str) -> Result<Box<dyn AnyMatch>, String> {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    fn boxed<G: ClientGame>(text: &str) -> Result<Box<dyn AnyMatch>, String> {
        Ok(Box::new(MatchOf::from_position(G::from_position_text(text)?)))
    }
    match setup.game.as_str() {
        "kansho" => boxed::<Kansho>(text),
        "konane" => boxed::<Konane>(text),
        "conhex" => boxed::<ConHex>(text),
        "qyshinsu" | "qushinsu" => boxed::<Qyshinsu>(text),
        "soldiers" => boxed::<Soldiers>(text),
        other => Err(format!("unknown game '{other}'")),
    }
}

/// The moves played, in engine notation, one line: what "Copy moves" puts on the clipboard
/// and what pasting (or `--moves`) reads back.
pub fn move_list(m: &dyn AnyMatch) -> String {
    m.history().into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(" ")
}

pub use parlour_saves::settings::{Palette, Setup};

/// The colours of a [`Palette`] (the scheme itself is part of the settings file).
pub trait PaletteColours {
    /// The two sides' colours of `game` in this scheme; `classic` is the game's own pair.
    fn colours(self, game: &str, classic: [Color; 2]) -> [Color; 2];
}

impl PaletteColours for Palette {
    fn colours(self, game: &str, classic: [Color; 2]) -> [Color; 2] {
        // Okabe & Ito (2008): blue #0072B2, orange #E69F00, vermillion #D55E00, sky #56B4E9.
        let blue = Color::srgb_u8(0x00, 0x72, 0xb2);
        let orange = Color::srgb_u8(0xe6, 0x9f, 0x00);
        let light = Color::srgb_u8(0xf0, 0xe4, 0x42).mix(&Color::WHITE, 0.55);
        match (self, game) {
            (Palette::Classic, _) => classic,
            // Light against dark already differs in brightness; the ring marks the dark side.
            (Palette::ColourSafe, "kansho" | "konane") => [light, Color::srgb_u8(0x10, 0x10, 0x14)],
            (Palette::ColourSafe, "qyshinsu") => [Color::srgb_u8(0x10, 0x10, 0x14), orange],
            (Palette::ColourSafe, "soldiers") => [Color::srgb_u8(0xd5, 0x5e, 0x00), light],
            (Palette::ColourSafe, _) => [blue, orange],
        }
    }
}

fn make<G: ClientGame>(options: &[(String, String)]) -> Result<Box<dyn AnyMatch>, String> {
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    Ok(Box::new(MatchOf::<G>::new(&opts)))
}

/// A new match of the game and options in `setup`.
pub fn new_match(setup: &Setup) -> Result<Box<dyn AnyMatch>, String> {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    match setup.game.as_str() {
        "kansho" => make::<Kansho>(&setup.options),
        "konane" => make::<Konane>(&setup.options),
        "conhex" => make::<ConHex>(&setup.options),
        "qyshinsu" | "qushinsu" => make::<Qyshinsu>(&setup.options),
        "soldiers" => make::<Soldiers>(&setup.options),
        other => Err(format!("unknown game '{other}'")),
    }
}

fn pairs_of(options: &[(String, String)]) -> Vec<(&str, &str)> {
    options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

fn value_of<G: Game>(options: &[(String, String)], key: &str) -> Option<String> {
    G::parse_options(&pairs_of(options))
        .ok()
        .and_then(|o| G::option_value(&o, key))
}

/// The value in force of option `key` in a game id with the options chosen, or `None` where it
/// does not apply (or the options are refused).
pub fn option_value(game: &str, options: &[(String, String)], key: &str) -> Option<String> {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    match game {
        "kansho" => value_of::<Kansho>(options, key),
        "konane" => value_of::<Konane>(options, key),
        "conhex" => value_of::<ConHex>(options, key),
        "qyshinsu" => value_of::<Qyshinsu>(options, key),
        "soldiers" => value_of::<Soldiers>(options, key),
        _ => None,
    }
}

/// The options in their canonical form (only what differs from the defaults), or the sentence
/// that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    parlour_saves::canonical_options(game, options)
}

/// `options` with `key=value` in place of any earlier value (not checked).
pub fn set_option(options: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let mut o: Vec<(String, String)> = options.iter().filter(|(k, _)| k != key).cloned().collect();
    o.push((key.to_string(), value.to_string()));
    o
}

/// `options` with `key` set to `value`, kept valid: where the new value cannot go with the
/// other choices (a rule switch on Monk and Water, a first side with no move), the choices it
/// clashes with give way, the board first kept. Canonical form.
pub fn with_option(game: &str, options: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let set = |base: &[(String, String)]| set_option(base, key, value);
    let variant: Vec<(String, String)> = options.iter().filter(|(k, _)| k == "variant").cloned().collect();
    for base in [options, &variant[..], &[]] {
        if let Ok(o) = canonical_options(game, &set(base)) {
            return o;
        }
    }
    options.to_vec()
}

/// How long a hint looks for a proof of the position's result.
const HINT_PROOF_MS: u64 = 400;

/// A proven result in a player's words: for the side to move (`to_you`: "You can force a win
/// within 3 of your moves"), or for a side named ("The soldiers can force a win …").
pub fn proof_sentence<G: Game>(state: &G, p: parlour_ai::proof::Proof, to_you: bool) -> String {
    let n = p.winner_moves(state.side_to_move());
    let winner = state.side_name(p.winner);
    if to_you && p.winner == state.side_to_move() {
        format!("Proven: you can force a win within {n} of your moves.")
    } else if to_you {
        format!("Proven: the {winner} can force a win within {n} of their moves, whatever you play.")
    } else {
        format!("Under these rules the {winner} can force a win within {n} of their moves.")
    }
}

/// The option specs of a game id.
pub fn option_specs(game: &str) -> &'static [parlour_rules::OptionSpec] {
    use parlour_rules::{conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
    match game {
        "kansho" => Kansho::option_specs(),
        "konane" => Konane::option_specs(),
        "conhex" => ConHex::option_specs(),
        "qyshinsu" => Qyshinsu::option_specs(),
        "soldiers" => Soldiers::option_specs(),
        _ => &[],
    }
}

/// World position of a 2-D board point (y up on paper = away from the viewer).
pub fn flat(x: f32, y: f32, h: f32) -> Vec3 {
    Vec3::new(x, h, -y)
}

pub use qyshinsu::ring_pos as qyshinsu_ring_pos;
pub use soldiers::{SoldiersRulesInfo, prove_soldiers_start, soldiers_rules, soldiers_rules_line};

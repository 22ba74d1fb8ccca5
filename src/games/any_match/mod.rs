//! [`AnyMatch`]: a match of any game behind one object-safe trait, and [`MatchOf`], which puts a
//! [`ClientGame`] behind it (the state, its history for undo and redo, the move being resolved).

use bevy::prelude::*;
use parlour_ai::{Level, StopFlag};
use parlour_rules::{Counter, GameId, Player, Status};

pub use crate::games::search::AiTask;

use super::analysis::AnalysisJob;
use super::client::{Candidates, ClientGame};
use super::effects::{AnimStep, Stage};
use super::parts::{PieceDef, SpotDef, Table, Token, extends, same};
use super::words::proof_sentence;
use crate::games::search::Answer;
use crate::games::words::cap;

mod records;

/// A match of any game: the state, its history for undo and redo, and the move being
/// resolved. Object-safe so the client holds one `Box<dyn AnyMatch>`.
pub trait AnyMatch: Send + Sync {
    /// The game.
    fn game_id(&self) -> GameId;
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
    /// The whole record (the moves played and those taken back) made ready to analyse from
    /// move `from` on (0: all of it), `ms` milliseconds a position (`review::task` runs it).
    fn analysis_job(&self, from: usize, ms: u64) -> AnalysisJob;
    /// Whether the spots where a move may start should be marked before any click.
    fn show_starts(&self) -> bool;
    /// The options as `key=value` pairs.
    fn options(&self) -> Vec<(String, String)>;
    /// The match as a save file's contents (a move being resolved is left out).
    fn to_save(&self, players: [Option<Level>; 2]) -> parlour_saves::SaveGame;
    /// True for a match built from a set-up position rather than from the start: it cannot
    /// be saved (a save replays its moves from the start).
    fn set_up(&self) -> bool;
    /// Starts resolving the next move taken back (replaying it with its animations), keeping
    /// the rest of the moves taken back; false if there is none.
    fn redo_begin(&mut self) -> bool;
    /// A copy of the whole match (the review keeps one while it shows a line or a branch).
    fn boxed_clone(&self) -> Box<dyn AnyMatch>;
    /// The tokens of `text` (notation) in the position before move `ply` (from 1) of the
    /// moves played; `None` if that is not a legal move there.
    fn tokens_before(&self, ply: usize, text: &str) -> Option<Vec<Token>>;
    /// Forgets the moves taken back (a branch is played from here).
    fn drop_future(&mut self);
    /// Takes back or replays moves until `plies` have been played (or no more can be).
    fn go_to(&mut self, plies: usize) {
        while self.plies() > plies && self.undo() {}
        while self.plies() < plies && self.redo() {}
    }
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

impl<G: ClientGame> AnyMatch for MatchOf<G> {
    fn game_id(&self) -> GameId {
        G::GAME
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
                let sentence = cap(&self.state.illegal_reason(&mv));
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
        let mut cfg = state.level_config(level).bounded();
        if let parlour_ai::Algorithm::Mcts(p) = &mut cfg.algorithm {
            p.threads = threads.max(1);
        }
        crate::games::search::search(state, cfg, stop, |state, result, _| {
            let mv = result.best.or_else(|| {
                let mut v = Vec::new();
                state.legal_moves(&mut v);
                v.first().copied()
            })?;
            Some(Answer::tokens(state.tokens(&mv)))
        })
    }
    fn spawn_hint(&self, stop: StopFlag) -> AiTask {
        let state = self.state.clone();
        let cfg = state.level_config(Level::Casual).bounded();
        crate::games::search::search(state, cfg, stop, |state, result, stop| {
            // Where an exact table (the Sixteen Soldiers', where built) or the game's solver
            // (Kōnane's solved boards) proves the position, the hint is the perfect move and
            // says who wins, or that it is a draw.
            if !stop.is_cancelled()
                && let Some(perfect) = state
                    .table_move(0)
                    .or_else(|| state.exact_move(Some(HINT_SOLVE_MS), None, true, stop))
                && let Some(mv) = perfect.best
            {
                // Every winning move is shown, the perfect one first.
                let also = perfect
                    .winning
                    .iter()
                    .filter(|m| **m != mv)
                    .map(|m| state.tokens(m))
                    .collect();
                return Some(Answer {
                    tokens: state.tokens(&mv),
                    proven: Some(super::words::solved_sentence(state, &perfect)),
                    also,
                });
            }
            let mv = result.best?;
            let proven = (!stop.is_cancelled())
                .then(|| parlour_ai::proof::prove(state, HINT_PROOF_MS, 32))
                .flatten()
                .and_then(|p| p.proof)
                .map(|p| proof_sentence(state, p, true));
            Some(Answer {
                tokens: state.tokens(&mv),
                proven,
                also: Vec::new(),
            })
        })
    }
    fn analysis_job(&self, from: usize, ms: u64) -> AnalysisJob {
        let mut start = self.past.first().map_or_else(|| self.state.clone(), |p| p.0.clone());
        let mut moves: Vec<G::Move> = self
            .past
            .iter()
            .map(|p| p.1)
            .chain(self.future.iter().rev().copied())
            .collect();
        let from = from.min(moves.len());
        for mv in moves.drain(..from) {
            start.apply(mv);
        }
        AnalysisJob::new(start, moves, from, ms)
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
    fn to_save(&self, players: [Option<Level>; 2]) -> parlour_saves::SaveGame {
        // Mid-move, the position before the move is the last one the history reaches.
        let state = self.pending.as_ref().map(|(s, _)| s).unwrap_or(&self.state);
        parlour_saves::SaveGame {
            game: G::GAME,
            options: G::option_pairs(state.options()),
            players,
            moves: self.past.iter().map(|(_, _, t)| t.clone()).collect(),
            state: serde_json::to_string(state).unwrap_or_default(),
            analysis: Vec::new(),
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
    fn boxed_clone(&self) -> Box<dyn AnyMatch> {
        Box::new(self.clone())
    }
    fn tokens_before(&self, ply: usize, text: &str) -> Option<Vec<Token>> {
        self.tokens_at(ply.checked_sub(1)?, text)
    }
    fn drop_future(&mut self) {
        self.future.clear();
    }
}

/// How long a hint looks for a proof of the position's result.
const HINT_PROOF_MS: u64 = 400;
/// How long the hint may ask the game's exact solver (where it has one) before searching.
const HINT_SOLVE_MS: u64 = 800;

//! Any game behind one object-safe interface, for code that holds a game without knowing which
//! at compile time (the engine's sessions, the server's games): [`DynGame`], boxed, with moves
//! in notation in and out, exact undo, and typed errors. [`GameSetup`] is a game chosen and its
//! options read once, at the edge; [`Played`] is the one implementation, over any [`Game`].

use crate::game::{Game, MoveTextError, OptionsError, Player, Status, play_text};
use crate::registry::{GameId, UnknownGame};

/// A game in progress, whichever it is: moves in the rule page's notation in and out.
pub trait DynGame: Send {
    /// Which game this is.
    fn game_id(&self) -> GameId;
    /// The options it was set up with, in canonical form (only what differs from the defaults).
    fn options(&self) -> Vec<(String, String)>;
    /// The side names in turn order: the side that moves first from the start, then the other.
    fn side_names(&self) -> [&'static str; 2];
    /// The rule page's name of `player`'s side.
    fn side_name(&self, player: Player) -> &'static str;
    /// A copy to try things on.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Whose turn it is in turn order (0 = the side that moved first), `None` once the game is
    /// over.
    fn turn(&self) -> Option<usize>;
    /// The current status.
    fn status(&self) -> Status;
    /// Legal moves in canonical notation, sorted in plain byte order.
    fn legal(&self) -> Vec<String>;
    /// Plays a move given as text; answers with its canonical notation. On error nothing
    /// changes.
    fn play(&mut self, text: &str) -> Result<String, MoveTextError>;
    /// Takes back the last move.
    fn undo(&mut self) -> Result<(), NothingToUndo>;
    /// Moves played so far.
    fn ply(&self) -> usize;
    /// The moves played so far in canonical notation.
    fn history(&self) -> Vec<String>;
    /// A text picture of the position, one line per counter, and the status line.
    fn show(&self) -> String;

    /// `ongoing <side>`, `win <side> <reason>` or `draw <reason>`: the engine protocol's
    /// `status` reply.
    fn status_text(&self) -> String {
        match self.status() {
            Status::Ongoing => format!("ongoing {}", self.side_name(self.side_to_move())),
            Status::Win { winner, reason } => format!("win {} {reason}", self.side_name(winner)),
            Status::Draw { reason } => format!("draw {reason}"),
        }
    }
    /// The side to move (meaningless once the game is over).
    fn side_to_move(&self) -> Player;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// `undo` with no move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no move has been played")]
pub struct NothingToUndo;

/// Text form of a status, as the engine protocol's `status` reply prints it.
pub fn status_text<G: Game>(state: &G) -> String {
    match state.status() {
        Status::Ongoing => format!("ongoing {}", state.side_name(state.side_to_move())),
        Status::Win { winner, reason } => format!("win {} {reason}", state.side_name(winner)),
        Status::Draw { reason } => format!("draw {reason}"),
    }
}

/// A game as played: its start position, the position after every move (so undo is exact and
/// cheap), and the moves.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    states: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> Played<G> {
    /// A game starting from `start`.
    pub fn new(start: G) -> Self {
        Played {
            states: vec![start],
            moves: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.states[0]
    }

    /// The current position.
    pub fn current(&self) -> &G {
        // The stack always holds the start position.
        &self.states[self.states.len() - 1]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Records `mv`, played from the current position, leading to `next`.
    pub fn push(&mut self, next: G, mv: G::Move) {
        self.states.push(next);
        self.moves.push(mv);
    }

    /// The same start with `moves` (in notation) played from it; the first that cannot be
    /// played is the error.
    pub fn replayed<S: AsRef<str>>(&self, moves: &[S]) -> Result<Self, ReplayError> {
        let mut fresh = Played::new(self.start().clone());
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            fresh.play_move(text).map_err(|error| ReplayError {
                number: i + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(fresh)
    }

    fn play_move(&mut self, text: &str) -> Result<String, MoveTextError> {
        let mut next = self.current().clone();
        let mv = play_text(&mut next, text)?;
        let canonical = self.current().format_move(&mv);
        self.push(next, mv);
        Ok(canonical)
    }
}

impl<G: Game> DynGame for Played<G> {
    fn game_id(&self) -> GameId {
        // Every game type is in the registry.
        GameId::parse(G::ID).expect("a registered game")
    }

    fn options(&self) -> Vec<(String, String)> {
        G::option_pairs(self.start().options())
    }

    fn side_names(&self) -> [&'static str; 2] {
        let start = self.start();
        let first = start.side_to_move();
        [start.side_name(first), start.side_name(first.other())]
    }

    fn side_name(&self, player: Player) -> &'static str {
        self.current().side_name(player)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn turn(&self) -> Option<usize> {
        let state = self.current();
        if state.status().is_over() {
            return None;
        }
        Some(usize::from(state.side_to_move() != self.start().side_to_move()))
    }

    fn status(&self) -> Status {
        self.current().status()
    }

    fn side_to_move(&self) -> Player {
        self.current().side_to_move()
    }

    fn legal(&self) -> Vec<String> {
        let state = self.current();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|m| state.format_move(m)).collect();
        texts.sort_unstable();
        texts
    }

    fn play(&mut self, text: &str) -> Result<String, MoveTextError> {
        self.play_move(text)
    }

    fn undo(&mut self) -> Result<(), NothingToUndo> {
        if self.moves.is_empty() {
            return Err(NothingToUndo);
        }
        self.states.pop();
        self.moves.pop();
        Ok(())
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }

    fn history(&self) -> Vec<String> {
        // Each move is formatted in the position it was played from.
        self.moves
            .iter()
            .zip(&self.states)
            .map(|(m, s)| s.format_move(m))
            .collect()
    }

    fn show(&self) -> String {
        let state = self.current();
        let mut out = state.render();
        if !out.ends_with('\n') {
            out.push('\n');
        }
        for c in state.counters() {
            out.push_str(&format!("{}: {}\n", c.label, c.value));
        }
        out.push_str(&format!("status: {}", status_text(state)));
        out
    }
}

/// A move of a list that could not be played: `move <n> (<text>): <why>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({text}): {error}")]
pub struct ReplayError {
    /// The move's number, counted from 1.
    pub number: usize,
    /// The move as given.
    pub text: String,
    /// Why it could not be played.
    pub error: MoveTextError,
}

/// Why a game could not be set up; each shows as a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No game has that id.
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    /// The game refuses the options.
    #[error(transparent)]
    Options(#[from] OptionsError),
}

/// A game chosen and its options read, once: the typed start every game of it is played from.
#[derive(Clone)]
pub struct GameSetup {
    start: Box<dyn DynGame>,
}

impl std::fmt::Debug for GameSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameSetup")
            .field("id", &self.id())
            .field("options", &self.options())
            .finish()
    }
}

fn start_of<G: Game>(pairs: &[(&str, &str)]) -> Result<Box<dyn DynGame>, OptionsError> {
    let options = G::parse_options(pairs)?;
    Ok(Box::new(Played::new(G::new(&options))))
}

impl GameSetup {
    /// Game `id` with options `pairs` (`key`, `value`), or the rules' sentence refusing them.
    pub fn new(id: GameId, pairs: &[(&str, &str)]) -> Result<GameSetup, OptionsError> {
        let start = crate::with_game!(id, G => start_of::<G>(pairs))?;
        Ok(GameSetup { start })
    }

    /// The game named by `game` (its engine id or an alias, in any case) with `options`.
    pub fn parse(game: &str, options: &[(String, String)]) -> Result<GameSetup, SetupError> {
        let id: GameId = game.to_ascii_lowercase().parse()?;
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        Ok(GameSetup::new(id, &pairs)?)
    }

    /// Which game.
    pub fn id(&self) -> GameId {
        self.start.game_id()
    }

    /// The options in canonical form (only what differs from the defaults).
    pub fn options(&self) -> Vec<(String, String)> {
        self.start.options()
    }

    /// The game at its start.
    pub fn start(&self) -> Box<dyn DynGame> {
        self.start.clone_box()
    }

    /// The game with `moves` (in notation) played from its start.
    pub fn replay<S: AsRef<str>>(&self, moves: &[S]) -> Result<Box<dyn DynGame>, ReplayError> {
        let mut game = self.start();
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            game.play(text).map_err(|error| ReplayError {
                number: i + 1,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn every_game_plays_undoes_and_reports_through_the_one_interface() {
        for id in GameId::ALL {
            let setup = GameSetup::new(id, &[]).unwrap();
            assert_eq!(setup.id(), id);
            let mut game = setup.start();
            assert_eq!(game.game_id(), id);
            assert_eq!(game.turn(), Some(0));
            assert!(game.status_text().starts_with("ongoing "), "{id}");
            let legal = game.legal();
            let mut sorted = legal.clone();
            sorted.sort_unstable();
            assert_eq!(legal, sorted);
            let first = game.play(&legal[0]).unwrap();
            assert_eq!(game.history(), std::slice::from_ref(&first));
            assert_eq!(game.ply(), 1);
            let copy = game.clone_box();
            game.undo().unwrap();
            assert_eq!(game.ply(), 0);
            assert_eq!(game.undo(), Err(NothingToUndo));
            assert_eq!(copy.history(), std::slice::from_ref(&first));
            assert_eq!(setup.replay(&[first]).unwrap().history(), copy.history());
            assert!(game.show().ends_with(&format!("status: {}", game.status_text())));
        }
    }

    #[test]
    fn a_setup_is_read_once_with_canonical_options_and_typed_refusals() {
        let s = GameSetup::parse("Kōnane", &pairs(&[("size", "6x6")])).unwrap();
        assert_eq!((s.id(), s.options()), (GameId::Konane, pairs(&[("size", "6x6")])));
        assert!(matches!(
            GameSetup::parse("chess", &[]),
            Err(SetupError::UnknownGame(_))
        ));
        let refused = GameSetup::parse("konane", &pairs(&[("size", "7x7")]));
        assert!(matches!(refused, Err(SetupError::Options(_))));
        let eight = GameSetup::parse("konane", &[]).unwrap();
        let e = eight.replay(&["xd5", "zz9"]).err().unwrap();
        assert_eq!(e.number, 2);
        assert!(e.to_string().starts_with("move 2 (zz9): "), "{e}");
        let mut game = s.start();
        assert_eq!(
            game.side_names(),
            [game.side_name(game.side_to_move()), game.side_names()[1]]
        );
        assert!(game.play("nonsense").is_err());
        assert_eq!(game.ply(), 0);
    }
}

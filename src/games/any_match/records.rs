//! Matches built from a record: a save (replayed and checked against its stored state) or a
//! pasted move list; and the copy and the re-reading of a record the review needs.

use super::{ClientGame, MatchOf, Token};

impl<G: ClientGame> MatchOf<G> {
    /// A match from a save: its history replayed and checked against its stored state.
    pub fn from_save(save: &parlour_saves::SaveGame) -> Result<Self, parlour_saves::LoadError> {
        let (state, past) = parlour_saves::replay::<G>(save)?;
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

impl<G: ClientGame> Clone for MatchOf<G> {
    fn clone(&self) -> Self {
        MatchOf {
            state: self.state.clone(),
            past: self.past.clone(),
            future: self.future.clone(),
            pending: self.pending.clone(),
            set_up: self.set_up,
        }
    }
}

impl<G: ClientGame> MatchOf<G> {
    /// The tokens of `text` in the position after `plies` moves played (the current one when
    /// `plies` is how many were played); `None` if it is not a legal move there.
    pub(super) fn tokens_at(&self, plies: usize, text: &str) -> Option<Vec<Token>> {
        let position = match self.past.get(plies) {
            Some((before, _, _)) => before,
            None if plies == self.past.len() => &self.state,
            None => return None,
        };
        let mv = position.parse_move(text).ok()?;
        position.is_legal(&mv).then(|| position.tokens(&mv))
    }
}

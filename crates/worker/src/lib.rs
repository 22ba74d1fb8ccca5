//! The browser's search worker. The page has one thread, and the strongest level thinks for
//! seconds: the client posts each search to a Web Worker (`web/worker.js`) that runs this
//! module — a second copy of the rules and the AI, at full speed on a thread of its own — while
//! the page goes on drawing frames. Nothing is shared: a request carries the position as the
//! rules serialise it (checked on the way in, as a save is) and the search's configuration, and
//! the answer carries the search's result, both as JSON text.
//!
//! The same functions build the requests and read the answers in the client ([`request`],
//! [`read_answer`]) and answer them in the worker ([`answer`]), so both ends agree by
//! construction; the tests run them natively.

use parlour_ai::{Knowledge, SearchConfig, SearchResult, StopFlag};
use parlour_rules::Game;
use serde::{Deserialize, Serialize};

/// A search request as it travels: the game's engine id, the position, the configuration.
#[derive(Serialize, Deserialize)]
struct Request<S> {
    game: String,
    state: S,
    config: SearchConfig,
}

/// The answer as it travels: the search's result (`None` when the side to move has no move),
/// or a sentence saying why there is none.
type Answer<M> = Result<Option<SearchResult<M>>, String>;

/// The request for a search of `state` with `config`, as the worker reads it.
pub fn request<G: Game>(state: &G, config: &SearchConfig) -> String {
    let mut config = *config;
    // One thread: a worker has no threads of its own to start.
    if let parlour_ai::Algorithm::Mcts(p) = &mut config.algorithm {
        p.threads = 1;
    }
    serde_json::to_string(&Request {
        game: G::ID.to_string(),
        state,
        config,
    })
    .unwrap_or_default()
}

/// The game a request names, read first (the rest is read as that game's position).
#[derive(Deserialize)]
struct Head {
    game: String,
}

/// Runs the search a request asks for and answers it (in the worker).
pub fn answer(request: &str) -> String {
    let reply = match serde_json::from_str::<Head>(request) {
        Err(e) => serde_json::to_string(&Answer::<()>::Err(format!(
            "The search worker cannot read the request: {e}."
        ))),
        Ok(head) => match head.game.as_str() {
            parlour_rules::kansho::Kansho::ID => run::<parlour_rules::kansho::Kansho>(request),
            parlour_rules::konane::Konane::ID => run::<parlour_rules::konane::Konane>(request),
            parlour_rules::conhex::ConHex::ID => run::<parlour_rules::conhex::ConHex>(request),
            parlour_rules::qyshinsu::Qyshinsu::ID => run::<parlour_rules::qyshinsu::Qyshinsu>(request),
            parlour_rules::soldiers::Soldiers::ID => run::<parlour_rules::soldiers::Soldiers>(request),
            other => serde_json::to_string(&Answer::<()>::Err(format!(
                "The search worker knows no game called {other:?}."
            ))),
        },
    };
    reply.unwrap_or_default()
}

/// Reads the request as a `G` position straight from the text (through `serde_json::Value` a
/// 128-bit board, as ConHex's, would lose its high bits) and searches it.
fn run<G: Knowledge>(request: &str) -> serde_json::Result<String> {
    let answer: Answer<G::Move> = match serde_json::from_str::<Request<G>>(request) {
        Ok(r) => Ok(parlour_ai::search(&r.state, &r.config, &StopFlag::new())),
        Err(e) => Err(format!("The search worker was sent a position the rules refuse: {e}.")),
    };
    serde_json::to_string(&answer)
}

/// The worker's answer to a search of a `G` position: its result (`None` when the side to move
/// had no move), or why there is none.
pub fn read_answer<G: Game>(reply: &str) -> Result<Option<SearchResult<G::Move>>, String> {
    serde_json::from_str::<Answer<G::Move>>(reply)
        .map_err(|e| format!("The search worker's answer cannot be read: {e}."))?
}

/// The worker's entry point (`web/worker.js` calls it for each message).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn search(request: &str) -> String {
    answer(request)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_ai::Level;
    use parlour_rules::Status;

    /// A few random moves into the game, then the worker's answer to a weak level's search:
    /// a legal move of the position the client sent.
    fn answers_with_a_legal_move<G: Knowledge>(start: G) {
        let mut state = start;
        let mut moves = Vec::new();
        for k in 0..40 {
            moves.clear();
            state.legal_moves(&mut moves);
            // A move that would end the game is left unplayed: the search needs a game going on.
            let mut next = state.clone();
            next.apply(moves[(k * 7) % moves.len()]);
            if next.status() == Status::Ongoing {
                state = next;
            }
        }
        let config = Level::Casual.config(&state).bounded();
        // The position arrives exactly (ConHex's board is 128 bits wide).
        let text = request(&state, &config);
        let sent: Request<G> = serde_json::from_str(&text).expect("the request reads back");
        assert_eq!(sent.state.hash_key(), state.hash_key(), "{}", G::ID);
        assert_eq!(sent.state.render(), state.render(), "{}", G::ID);
        let reply = answer(&text);
        let result = read_answer::<G>(&reply)
            .unwrap_or_else(|e| panic!("{}: {e}", G::ID))
            .expect("the game goes on, so there is a move");
        let best = result
            .best
            .unwrap_or_else(|| panic!("{}: no best move in {result:?}", G::ID));
        assert!(state.is_legal(&best), "{}: {}", G::ID, state.format_move(&best));
    }

    #[test]
    fn every_game_is_searched_in_the_worker() {
        use parlour_rules::*;
        answers_with_a_legal_move(kansho::Kansho::new(&Default::default()));
        answers_with_a_legal_move(konane::Konane::new(&Default::default()));
        answers_with_a_legal_move(conhex::ConHex::new(&Default::default()));
        answers_with_a_legal_move(qyshinsu::Qyshinsu::new(&Default::default()));
        answers_with_a_legal_move(soldiers::Soldiers::new(&Default::default()));
    }

    #[test]
    fn bad_requests_are_answered_with_a_sentence() {
        let config = Level::Novice.config(&parlour_rules::konane::Konane::new(&Default::default()));
        let konane = request(&parlour_rules::konane::Konane::new(&Default::default()), &config);
        // Not JSON at all; an unknown game; a position the rules refuse (a side that does not
        // exist); each gives a sentence, not a panic or a move.
        let garbage = read_answer::<parlour_rules::konane::Konane>(&answer("{not json"));
        assert!(garbage.unwrap_err().contains("cannot read the request"));
        let unknown = answer(&konane.replacen("\"konane\"", "\"chess\"", 1));
        assert!(
            read_answer::<parlour_rules::konane::Konane>(&unknown)
                .unwrap_err()
                .contains("no game called \"chess\"")
        );
        let mut value: serde_json::Value = serde_json::from_str(&konane).unwrap();
        value["state"] = serde_json::json!({ "side": "nobody" });
        let refused = answer(&value.to_string());
        assert!(
            read_answer::<parlour_rules::konane::Konane>(&refused)
                .unwrap_err()
                .contains("position the rules refuse")
        );
        // An answer the client cannot read is a sentence too.
        assert!(read_answer::<parlour_rules::konane::Konane>("{}").is_err());
    }
}

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
//!
//! The review's analysis goes the same way ([`analysis_request`], [`answer_analysis`]): the
//! worker analyses the whole record and sends each ply to the page as soon as it is done, so the
//! graph and the marks fill in while the table goes on drawing.
//!
//! The worker lives as long as the page, so it keeps one [`Searcher`] per game between
//! requests: its transposition table (and, for the tree searches, its tree) carry over to the
//! next move, which the opponent's reply is usually already in — the search starts from what
//! it learnt a move ago instead of from nothing.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;

use parlour_ai::{Knowledge, SearchConfig, SearchResult, Searcher, StopFlag};
use parlour_rules::{Game, GameId, with_game};
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

/// The game a request names: where the wire's game id becomes a [`GameId`], or the sentence
/// that refuses the request.
fn game_of(request: &str) -> Result<GameId, String> {
    let head = serde_json::from_str::<Head>(request)
        .map_err(|e| format!("The search worker cannot read the request: {e}."))?;
    GameId::parse(&head.game).ok_or_else(|| format!("The search worker knows no game called {:?}.", head.game))
}

/// What the worker keeps between requests: a searcher per game (a `Searcher<G>` for the game
/// type behind each id), made at its first request.
#[derive(Default)]
struct Kept(HashMap<GameId, Box<dyn Any>>);

impl Kept {
    /// Runs `f` with the searcher kept for `game` (whose game type is `G`), keeping what it
    /// leaves there for the next request.
    fn with<G: Knowledge, R>(&mut self, game: GameId, f: impl FnOnce(&mut Option<Searcher<G>>) -> R) -> R {
        let mut slot = self
            .0
            .remove(&game)
            .and_then(|b| b.downcast::<Searcher<G>>().ok())
            .map(|b| *b);
        let out = f(&mut slot);
        if let Some(s) = slot {
            self.0.insert(game, Box::new(s));
        }
        out
    }
}

thread_local! {
    /// The worker's searchers (a worker is one thread; natively, each test thread has its own).
    static KEPT: RefCell<Kept> = RefCell::default();
}

/// Runs the search a request asks for and answers it (in the worker), with the searcher kept
/// for its game.
pub fn answer(request: &str) -> String {
    let reply = match game_of(request) {
        Err(e) => serde_json::to_string(&Answer::<()>::Err(e)),
        Ok(game) => KEPT.with_borrow_mut(|kept| with_game!(game, G => kept.with::<G, _>(game, |s| run(request, s)))),
    };
    reply.unwrap_or_default()
}

/// Reads the request as a `G` position straight from the text (through `serde_json::Value` a
/// 128-bit board, as ConHex's, would lose its high bits) and searches it with the kept
/// searcher (made on first use; what it learnt is kept only while the algorithm is the same).
fn run<G: Knowledge>(request: &str, kept: &mut Option<Searcher<G>>) -> serde_json::Result<String> {
    let answer: Answer<G::Move> = match serde_json::from_str::<Request<G>>(request) {
        Ok(r) => {
            let searcher = kept.get_or_insert_with(|| Searcher::new(r.config));
            searcher.set_config(r.config);
            Ok(searcher.search(&r.state, &StopFlag::new()))
        }
        Err(e) => Err(format!("The search worker was sent a position the rules refuse: {e}.")),
    };
    serde_json::to_string(&answer)
}

/// The worker's answer to a search of a `G` position: its result (`None` when the side to move
/// had no move), or why there is none.
pub fn read_answer<G: Game>(reply: &str) -> Result<Option<SearchResult<G::Move>>, WorkerError> {
    serde_json::from_str::<Answer<G::Move>>(reply)
        .map_err(|e| WorkerError(format!("The search worker's answer cannot be read: {e}.")))?
        .map_err(WorkerError)
}

/// Why the search worker gave no move: a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerError(pub String);

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WorkerError {}

impl From<WorkerError> for String {
    fn from(e: WorkerError) -> String {
        e.0
    }
}

/// A review's analysis request as it travels: the game's engine id, the position the record
/// starts from, its moves, and how long to search each position.
#[derive(Serialize, Deserialize)]
struct AnalysisRequest<S, M> {
    game: String,
    start: S,
    moves: Vec<M>,
    ms: u64,
}

/// The end of an analysis as it travels: how many plies were sent, or why none (more) came.
type AnalysisEnd = Result<usize, String>;

/// The request for the review's analysis of `moves` (each legal in turn) from `start`, each
/// position searched for `ms` milliseconds, as the worker reads it.
pub fn analysis_request<G: Game>(start: &G, moves: &[G::Move], ms: u64) -> String {
    serde_json::to_string(&AnalysisRequest {
        game: G::ID.to_string(),
        start,
        moves: moves.to_vec(),
        ms,
    })
    .unwrap_or_default()
}

/// Runs the analysis a request asks for (in the worker): each ply, as soon as it is done, goes
/// to `on_ply` as JSON text ([`read_ply`] reads it); the answer is the end ([`read_analysis_end`]).
/// A record with a move the rules refuse is refused whole, before anything is searched.
pub fn answer_analysis(request: &str, on_ply: impl FnMut(String)) -> String {
    let end: AnalysisEnd = game_of(request).and_then(|id| with_game!(id, G => analyse_record::<G>(request, on_ply)));
    serde_json::to_string(&end).unwrap_or_default()
}

/// The analysis of a `G` record: checked move by move, then [`parlour_ai::analysis::analyse`]
/// with the review's seed (0), so the browser's marks are the desktop's for the same budget.
fn analyse_record<G: Knowledge>(request: &str, mut on_ply: impl FnMut(String)) -> AnalysisEnd {
    let r = serde_json::from_str::<AnalysisRequest<G, G::Move>>(request)
        .map_err(|e| format!("The search worker was sent a record the rules refuse: {e}."))?;
    let mut at = r.start.clone();
    for (i, mv) in r.moves.iter().enumerate() {
        if at.status() != parlour_rules::Status::Ongoing || !at.is_legal(mv) {
            return Err(format!(
                "The search worker was sent a record whose move {} the rules refuse.",
                i + 1
            ));
        }
        at.apply(*mv);
    }
    let mut sent = 0;
    let budget = parlour_ai::Budget::millis(r.ms);
    parlour_ai::analysis::analyse(&r.start, &r.moves, budget, 0, &StopFlag::new(), |p| {
        if let Ok(text) = serde_json::to_string(p) {
            sent += 1;
            on_ply(text);
        }
    });
    Ok(sent)
}

/// One ply of an analysis, as the worker sent it.
pub fn read_ply(text: &str) -> Result<parlour_ai::analysis::PlyAnalysis, WorkerError> {
    serde_json::from_str(text).map_err(|e| WorkerError(format!("The search worker's analysis cannot be read: {e}.")))
}

/// The end of an analysis: how many plies the worker sent, or why it sent none (more).
pub fn read_analysis_end(reply: &str) -> Result<usize, WorkerError> {
    serde_json::from_str::<AnalysisEnd>(reply)
        .map_err(|e| WorkerError(format!("The search worker's answer cannot be read: {e}.")))?
        .map_err(WorkerError)
}

/// The worker's entry point (`web/worker.js` calls it for each message).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn search(request: &str) -> String {
    answer(request)
}

/// The worker's entry point for a review's analysis (`web/worker.js` calls it for a message
/// marked `"analyse"`): each ply goes to `on_ply` (which posts it to the page) as it is done.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn analyse(request: &str, on_ply: &js_sys::Function) -> String {
    answer_analysis(request, |text| {
        let _ = on_ply.call1(&wasm_bindgen::JsValue::NULL, &wasm_bindgen::JsValue::from_str(&text));
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_ai::Level;
    use parlour_rules::Status;
    use parlour_rules::conhex::ConHex;

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
        let config = state.level_config(Level::Casual).bounded();
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

    /// The kept searchers: a whole Kōnane game played by the worker on both sides, with a
    /// ConHex search and a Kōnane position from another game between its moves; every answer is
    /// a legal move of the position sent, whatever the searcher kept from before.
    #[test]
    fn kept_searchers_answer_each_position_sent() {
        use parlour_rules::konane::Konane;
        let options = parlour_rules::konane::KonaneOptions::new(6, 6).unwrap();
        let mut game = Konane::new(&options);
        let other = {
            let mut g = Konane::new(&options);
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            g.apply(moves[moves.len() - 1]);
            g
        };
        let conhex = ConHex::new(&Default::default());
        let mut plies = 0;
        while game.status() == Status::Ongoing {
            let config = game.level_config(Level::Casual).bounded();
            let reply = answer(&request(&game, &config));
            let best = read_answer::<Konane>(&reply).unwrap().unwrap().best.unwrap();
            assert!(game.is_legal(&best), "ply {plies}: {}", game.format_move(&best));
            game.apply(best);
            plies += 1;
            if plies % 3 == 0 {
                let c = read_answer::<ConHex>(&answer(&request(
                    &conhex,
                    &conhex.level_config(Level::Novice).bounded(),
                )));
                assert!(conhex.is_legal(&c.unwrap().unwrap().best.unwrap()));
                let o = read_answer::<Konane>(&answer(&request(&other, &other.level_config(Level::Casual).bounded())));
                assert!(other.is_legal(&o.unwrap().unwrap().best.unwrap()));
            }
        }
        assert!(plies >= 4, "the game went {plies} plies");
    }

    /// A review's analysis through the worker: a ply for every move, in order, each naming the
    /// move played and the side that played it, as they come; on Kōnane 4×6 (solved) the first
    /// position's proven result is the shipped table's. A record with a move the rules refuse
    /// is refused with a sentence before anything is searched.
    #[test]
    fn the_worker_analyses_a_record_ply_by_ply() {
        use parlour_rules::konane::{Konane, KonaneOptions};
        let mut game = Konane::new(&KonaneOptions::new(4, 6).unwrap());
        let start = game.clone();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        for k in 0..6 {
            game.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            let mv = legal[(k * 5) % legal.len()];
            moves.push(mv);
            game.apply(mv);
        }
        let mut heard = Vec::new();
        let end = answer_analysis(&analysis_request(&start, &moves, 30), |text| {
            heard.push(read_ply(&text).expect("a ply reads back"));
        });
        assert_eq!(read_analysis_end(&end), Ok(moves.len()));
        assert_eq!(heard.len(), moves.len());
        let mut at = start.clone();
        for (i, (p, mv)) in heard.iter().zip(&moves).enumerate() {
            assert_eq!(p.ply as usize, i + 1);
            assert_eq!(p.mover, at.side_to_move());
            assert_eq!(p.played, at.format_move(mv));
            assert!(
                (0.0..=100.0).contains(&p.before) && (0.0..=100.0).contains(&p.after),
                "{p:?}"
            );
            at.apply(*mv);
        }
        // The opening position's result is the solved table's, whatever the search found.
        let first = start.known_result();
        assert!(first.is_some(), "4×6's start is in the shipped table");
        assert_eq!(heard[0].proven.map(|(before, _)| before), first);

        // The same record with its last move replaced by one the rules refuse there.
        let mut bad: serde_json::Value = serde_json::from_str(&analysis_request(&start, &moves, 30)).unwrap();
        let n = moves.len();
        bad["moves"][n - 1] = bad["moves"][0].clone();
        let mut any = false;
        let refused = answer_analysis(&bad.to_string(), |_| any = true);
        let why = read_analysis_end(&refused).unwrap_err().0;
        assert!(why.contains(&format!("move {n} the rules refuse")), "{why}");
        assert!(!any, "nothing analysed from a refused record");
        assert!(read_analysis_end(&answer_analysis("{not json", |_| ())).is_err());
        let chess = analysis_request(&start, &moves, 30).replacen("\"konane\"", "\"chess\"", 1);
        assert!(
            read_analysis_end(&answer_analysis(&chess, |_| ()))
                .unwrap_err()
                .0
                .contains("no game called")
        );
    }

    #[test]
    fn bad_requests_are_answered_with_a_sentence() {
        let config = parlour_rules::konane::Konane::new(&Default::default()).level_config(Level::Novice);
        let konane = request(&parlour_rules::konane::Konane::new(&Default::default()), &config);
        // Not JSON at all; an unknown game; a position the rules refuse (a side that does not
        // exist); each gives a sentence, not a panic or a move.
        let garbage = read_answer::<parlour_rules::konane::Konane>(&answer("{not json"));
        assert!(garbage.unwrap_err().0.contains("cannot read the request"));
        let unknown = answer(&konane.replacen("\"konane\"", "\"chess\"", 1));
        assert!(
            read_answer::<parlour_rules::konane::Konane>(&unknown)
                .unwrap_err()
                .0
                .contains("no game called \"chess\"")
        );
        let mut value: serde_json::Value = serde_json::from_str(&konane).unwrap();
        value["state"] = serde_json::json!({ "side": "nobody" });
        let refused = answer(&value.to_string());
        assert!(
            read_answer::<parlour_rules::konane::Konane>(&refused)
                .unwrap_err()
                .0
                .contains("position the rules refuse")
        );
        // An answer the client cannot read is a sentence too.
        assert!(read_answer::<parlour_rules::konane::Konane>("{}").is_err());
    }
}

//! Where the computer thinks: each search (a computer turn or a hint) runs on a thread of its
//! own, named [`SEARCH_THREAD`], polled each frame; the frame never waits for it. In the browser
//! the page has one thread: each search goes to a Web Worker (`web/worker.js` running
//! `parlour_worker`), and the poll looks for its answer; without a worker, a timed search runs
//! on the page in slices of [`SLICE_MS`] at each poll (one per frame) over a searcher that
//! keeps its tree between slices, until its time is spent.
//!
//! Why not Bevy's `AsyncComputeTaskPool` (as `STYLE.md` suggests): on a two-core machine the
//! search and the frame share the cores, and a search thread can be given a lower scheduling
//! priority (Linux `nice`) so that the frame's threads always win a core when they need one,
//! without lowering anything else that runs on the pool. A named thread is also what
//! `--measure` leaves out of the client's own CPU per frame. Threads of a parallel search
//! started from it inherit both the name and the priority.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::parts::Token;

/// The name of every search thread (and of the threads a parallel search starts from it).
pub const SEARCH_THREAD: &str = "parlour-ai";

/// How much lower than the frame's threads the search is scheduled (a `nice` increment).
/// At 10 a busy frame thread gets about ten times the share of a busy search thread.
#[cfg(not(target_arch = "wasm32"))]
const SEARCH_NICENESS: i32 = 10;

/// Search threads the client gives the computer (root-parallel MCTS) unless `--ai-threads`
/// says otherwise. One: measured in `docs/performance.md` ("The client"), two search threads on two cores
/// leave the frame no core of its own.
pub const CLIENT_SEARCH_THREADS: u32 = 1;

/// A running search: its result arrives once, through a channel (behind a mutex only so that
/// the task can sit in a resource; polling takes `&mut self` and never locks).
/// What a search found: the move as the tokens a player would click, and for a hint, what a
/// proof search could say about the position ("You can force a win …").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer {
    /// The move.
    pub tokens: Vec<Token>,
    /// A proven result, in a sentence, when one was looked for and found.
    pub proven: Option<String>,
    /// For a hint in a proven win: the other winning moves.
    pub also: Vec<Vec<Token>>,
}

impl Answer {
    /// A move with nothing proven.
    pub fn tokens(tokens: Vec<Token>) -> Answer {
        Answer {
            tokens,
            proven: None,
            also: Vec::new(),
        }
    }
}

/// In the browser: how long one frame's slice of a search runs.
pub const SLICE_MS: u64 = 10;

/// One step of a search in the browser: `None` while it goes on, then its answer.
#[cfg(target_arch = "wasm32")]
type Step = Box<dyn FnMut() -> Option<Option<Answer>> + Send>;

pub struct AiTask {
    rx: Mutex<Receiver<Option<Answer>>>,
    /// In the browser: the search's next slice (run at each poll; behind a mutex only so that
    /// the task can sit in a resource).
    #[cfg(target_arch = "wasm32")]
    step: Option<Mutex<Step>>,
}

impl AiTask {
    /// Runs `work` on a new search thread at lowered priority (in the browser: whole, at the
    /// next poll, on the page's one thread — for short work; searches go through [`search`]).
    pub fn spawn(work: impl FnOnce() -> Option<Answer> + Send + 'static) -> AiTask {
        #[cfg(target_arch = "wasm32")]
        {
            let mut work = Some(work);
            AiTask::stepped(move || Some(work.take().and_then(|w| w())))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, rx) = mpsc::channel();
            let spawned = std::thread::Builder::new().name(SEARCH_THREAD.into()).spawn(move || {
                lower_priority();
                // The receiver is gone when the search was cancelled: nothing to do then.
                let _ = tx.send(work());
            });
            if let Err(e) = spawned {
                bevy::log::error!("could not start the search thread: {e}");
            }
            AiTask { rx: Mutex::new(rx) }
        }
    }

    /// A task whose `step` runs once per poll until it answers.
    #[cfg(target_arch = "wasm32")]
    fn stepped(step: impl FnMut() -> Option<Option<Answer>> + Send + 'static) -> AiTask {
        let (_tx, rx) = mpsc::channel();
        AiTask {
            rx: Mutex::new(rx),
            step: Some(Mutex::new(Box::new(step))),
        }
    }

    /// `None` while the search runs; then its move (`Some(None)` if it found none, or its
    /// thread could not start or failed).
    pub fn poll(&mut self) -> Option<Option<Answer>> {
        #[cfg(target_arch = "wasm32")]
        if let Some(step) = self.step.as_mut() {
            let answer = match step.get_mut() {
                Ok(step) => step(),
                Err(_) => Some(None),
            };
            if answer.is_some() {
                self.step = None;
            }
            return answer;
        }
        let Ok(rx) = self.rx.get_mut() else { return Some(None) };
        match rx.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }
}

/// What turns a search's result into the answer (the move as tokens, and for a hint what a
/// proof search says), run once the search is over.
pub trait Finish<G: parlour_ai::Knowledge>:
    FnOnce(&G, parlour_ai::SearchResult<G::Move>, &parlour_ai::StopFlag) -> Option<Answer> + Send + 'static
{
}

impl<G: parlour_ai::Knowledge, F> Finish<G> for F where
    F: FnOnce(&G, parlour_ai::SearchResult<G::Move>, &parlour_ai::StopFlag) -> Option<Answer> + Send + 'static
{
}

/// Searches `state` with `cfg` (cancelled or cut short through `stop`) and hands the result to
/// `finish` for the answer. On the desktop: on a search thread. In the browser: in the page's
/// search worker, or on the page in slices when there is none.
pub fn search<G>(state: G, cfg: parlour_ai::SearchConfig, stop: parlour_ai::StopFlag, finish: impl Finish<G>) -> AiTask
where
    G: parlour_ai::Knowledge + Send + 'static,
{
    #[cfg(not(target_arch = "wasm32"))]
    {
        AiTask::spawn(move || {
            let mut searcher = kept::take::<G>(cfg);
            let result = searcher.search(&state, &stop);
            kept::give_back(searcher);
            finish(&state, result?, &stop)
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        match page_worker::post(parlour_worker::request(&state, &cfg)) {
            Some(id) => in_worker(id, state, cfg, stop, finish),
            None => sliced(state, cfg, stop, finish),
        }
    }
}

/// In the browser: the search runs in the worker (request `id`); each poll looks for its
/// answer. "Move now" cannot interrupt the worker: it is stopped (a fresh one starts with the
/// next search) and a short search on the page answers instead. If the worker fails, the
/// search runs on the page, in slices.
#[cfg(target_arch = "wasm32")]
fn in_worker<G>(
    id: u64,
    state: G,
    cfg: parlour_ai::SearchConfig,
    stop: parlour_ai::StopFlag,
    finish: impl Finish<G>,
) -> AiTask
where
    G: parlour_ai::Knowledge + Send + 'static,
{
    /// A search dropped before its answer came (the turn cancelled, the game left) is
    /// abandoned, so the worker does not go on with it ahead of the next one.
    struct Abandon(u64);
    impl Drop for Abandon {
        fn drop(&mut self) {
            page_worker::abandon(self.0);
        }
    }
    let guard = Abandon(id);
    let mut finish = Some(finish);
    let mut fallback: Option<AiTask> = None;
    AiTask::stepped(move || {
        let _ = &guard;
        if let Some(task) = fallback.as_mut() {
            return task.poll();
        }
        if stop.is_cancelled() {
            page_worker::abandon(id);
            return Some(None);
        }
        if stop.is_set() {
            page_worker::abandon(id);
            stop.reset();
            let mut quick = cfg;
            quick.budget.millis = Some(quick.budget.millis.map_or(MOVE_NOW_MS, |m| m.min(MOVE_NOW_MS)));
            let result = parlour_ai::search(&state, &quick, &stop);
            return Some(result.and_then(|r| finish.take().and_then(|f| f(&state, r, &stop))));
        }
        let reply = page_worker::take(id)?;
        match reply.and_then(|text| parlour_worker::read_answer::<G>(&text).map_err(String::from)) {
            Ok(Some(result)) => {
                WORKER_ANSWERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Some(finish.take().and_then(|f| f(&state, result, &stop)))
            }
            Ok(None) => Some(None),
            Err(e) => {
                bevy::log::warn!("{e} The search runs on the page instead.");
                let f = finish.take()?;
                let mut task = sliced(state.clone(), cfg, stop.clone(), f);
                let answer = task.poll();
                fallback = Some(task);
                answer
            }
        }
    })
}

/// On the desktop, the searcher kept between searches, as the browser's search worker keeps
/// one (`parlour_worker`): its transposition table (and, for the tree searches, its tree) carry
/// over to the next move, as they do in the matches that measured the levels
/// (`parlour-engine ladder`, docs/strength.md). One for the game last searched; a search takes
/// it and puts it back when done (one started meanwhile starts afresh).
#[cfg(not(target_arch = "wasm32"))]
mod kept {
    use std::any::Any;
    use std::sync::Mutex;

    use parlour_ai::{Knowledge, SearchConfig, Searcher};

    static KEPT: Mutex<Option<Box<dyn Any + Send>>> = Mutex::new(None);

    /// The kept searcher if it searches this game, set to `cfg` (what it learnt is kept only
    /// if the algorithm is the same), or a new one.
    pub fn take<G: Knowledge + Send + 'static>(cfg: SearchConfig) -> Searcher<G> {
        let kept = KEPT.lock().ok().and_then(|mut k| k.take());
        match kept.and_then(|b| b.downcast::<Searcher<G>>().ok()) {
            Some(mut searcher) => {
                searcher.set_config(cfg);
                *searcher
            }
            None => Searcher::new(cfg),
        }
    }

    /// Keeps `searcher` for the next search.
    pub fn give_back<G: Knowledge + Send + 'static>(searcher: Searcher<G>) {
        if let Ok(mut k) = KEPT.lock() {
            *k = Some(Box::new(searcher));
        }
    }
}

/// Searches the page's worker has answered (the browser test reads it from the page state).
static WORKER_ANSWERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many searches the browser's search worker has answered (none on the desktop).
pub fn worker_answers() -> u64 {
    WORKER_ANSWERS.load(std::sync::atomic::Ordering::Relaxed)
}

/// "Move now" in the browser: how long the short search on the page runs.
#[cfg(target_arch = "wasm32")]
const MOVE_NOW_MS: u64 = 50;

/// In the browser without the worker: a search with only a time budget runs in slices of
/// [`SLICE_MS`], one per poll, keeping its tree (or its transposition table) between slices,
/// until the budget is spent or "move now" is asked; a search bounded by iterations or depth
/// (the weaker levels: small) runs whole.
#[cfg(target_arch = "wasm32")]
fn sliced<G>(state: G, cfg: parlour_ai::SearchConfig, stop: parlour_ai::StopFlag, finish: impl Finish<G>) -> AiTask
where
    G: parlour_ai::Knowledge + Send + 'static,
{
    let timed_only = cfg.budget.iterations.is_none() && cfg.budget.depth.is_none();
    let Some(total) = cfg.budget.millis.filter(|_| timed_only) else {
        return AiTask::spawn(move || {
            let result = parlour_ai::search(&state, &cfg, &stop)?;
            finish(&state, result, &stop)
        });
    };
    let mut sliced = cfg;
    sliced.budget.millis = Some(SLICE_MS);
    if let parlour_ai::Algorithm::Mcts(p) = &mut sliced.algorithm {
        p.reuse_tree = true;
        p.threads = 1;
    }
    let mut searcher = parlour_ai::Searcher::new(sliced);
    let start = crate::platform::Instant::now();
    let mut best = None;
    let mut finish = Some(finish);
    AiTask::stepped(move || {
        if stop.is_cancelled() {
            return Some(None);
        }
        // Each slice answers for itself; a "move now" ends the search at the slice's end.
        let asked_now = stop.is_set();
        stop.reset();
        let result = searcher.search(&state, &stop);
        let proven = result.as_ref().is_some_and(|r| r.proven);
        if result.is_some() {
            best = result;
        }
        let spent = start.elapsed().as_millis() as u64 >= total;
        if !(asked_now || spent || proven) {
            return None;
        }
        let answer = best
            .take()
            .and_then(|r| finish.take().and_then(|f| f(&state, r, &stop)));
        Some(answer)
    })
}

/// The page's search worker (`web/worker.js`, which runs `parlour_worker` compiled to
/// WebAssembly): requests go out as `[id, request]` messages, answers come back as `[id,
/// answer]` and wait here until their search polls for them.
#[cfg(target_arch = "wasm32")]
pub(crate) mod page_worker {
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The worker's script, served beside the client.
    const SCRIPT: &str = "/worker.js";

    struct Live {
        worker: web_sys::Worker,
        _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    thread_local! {
        static LIVE: RefCell<Option<Live>> = const { RefCell::new(None) };
        static REPLIES: RefCell<HashMap<u64, Result<String, String>>> = RefCell::new(HashMap::new());
        /// An analysis's plies come before its answer, one message each.
        static PLIES: RefCell<HashMap<u64, Vec<String>>> = RefCell::new(HashMap::new());
        static PENDING: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
        static NEXT: Cell<u64> = const { Cell::new(1) };
        static BROKEN: Cell<bool> = const { Cell::new(false) };
    }

    /// Every search still waiting gets `why` as its answer.
    fn fail_waiting(why: &str, except: Option<u64>) {
        let waiting = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
        REPLIES.with(|r| {
            let mut r = r.borrow_mut();
            for id in waiting.into_iter().filter(|id| Some(*id) != except) {
                r.insert(id, Err(why.to_string()));
            }
        });
    }

    fn start() -> Option<Live> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = match web_sys::Worker::new_with_options(SCRIPT, &options) {
            Ok(w) => w,
            Err(e) => {
                bevy::log::warn!("The search worker cannot start ({e:?}); the computer thinks on the page.");
                BROKEN.with(|b| b.set(true));
                return None;
            }
        };
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
            let data = js_sys::Array::from(&e.data());
            let Some(id) = data.get(0).as_f64().map(|id| id as u64) else {
                return;
            };
            if data.get(2).as_string().as_deref() == Some("ply") {
                if let Some(ply) = data.get(1).as_string() {
                    PLIES.with(|p| p.borrow_mut().entry(id).or_default().push(ply));
                }
                return;
            }
            let answer = data
                .get(1)
                .as_string()
                .ok_or_else(|| "The search worker answered nothing.".to_string());
            PENDING.with(|p| p.borrow_mut().retain(|x| *x != id));
            REPLIES.with(|r| r.borrow_mut().insert(id, answer));
        });
        // The script failed to load or its module to start: the searches waiting fail (and run
        // on the page), and so will every later one.
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_e: web_sys::Event| {
            bevy::log::warn!("The search worker failed; the computer thinks on the page.");
            BROKEN.with(|b| b.set(true));
            fail_waiting("The search worker failed.", None);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(Live {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends a search request; its id, or `None` when there is no worker to run it.
    pub fn post(request: String) -> Option<u64> {
        post_as(request, None)
    }

    /// Sends a review's analysis request (`parlour_worker::analysis_request`): its plies come
    /// through [`take_plies`] as they are done, then its end through [`take`].
    pub fn post_analysis(request: String) -> Option<u64> {
        post_as(request, Some("analyse"))
    }

    /// The plies of analysis `id` come since the last call.
    pub fn take_plies(id: u64) -> Vec<String> {
        PLIES.with(|p| p.borrow_mut().remove(&id)).unwrap_or_default()
    }

    fn post_as(request: String, kind: Option<&str>) -> Option<u64> {
        if BROKEN.with(Cell::get) {
            return None;
        }
        LIVE.with(|live| {
            let mut live = live.borrow_mut();
            if live.is_none() {
                *live = start();
            }
            let worker = &live.as_ref()?.worker;
            let id = NEXT.with(|n| {
                let id = n.get();
                n.set(id + 1);
                id
            });
            let message = js_sys::Array::of2(&JsValue::from_f64(id as f64), &JsValue::from_str(&request));
            if let Some(kind) = kind {
                message.push(&JsValue::from_str(kind));
            }
            worker.post_message(&message).ok()?;
            PENDING.with(|p| p.borrow_mut().push(id));
            Some(id)
        })
    }

    /// The answer to request `id`, once it has come.
    pub fn take(id: u64) -> Option<Result<String, String>> {
        REPLIES.with(|r| r.borrow_mut().remove(&id))
    }

    /// Gives up on request `id`. A worker cannot be interrupted mid-search: if it is still
    /// searching, it is stopped, and a fresh one starts with the next request (the other
    /// searches waiting on it fail, and run on the page).
    pub fn abandon(id: u64) {
        REPLIES.with(|r| r.borrow_mut().remove(&id));
        PLIES.with(|p| p.borrow_mut().remove(&id));
        if !PENDING.with(|p| p.borrow().contains(&id)) {
            return;
        }
        if let Some(live) = LIVE.with(|l| l.borrow_mut().take()) {
            live.worker.terminate();
        }
        fail_waiting("The search worker was stopped.", Some(id));
    }
}

/// Lowers the calling thread's scheduling priority (Linux sets `nice` per thread).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority with `who = 0` changes only the calling thread's niceness; it reads
    // and writes no memory of ours.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, SEARCH_NICENESS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(task: &mut AiTask) -> Option<Answer> {
        loop {
            if let Some(r) = task.poll() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn a_result_arrives_once_from_a_named_lowered_thread() {
        let mut task = AiTask::spawn(|| {
            let name = std::thread::current().name().map(str::to_string);
            assert_eq!(name.as_deref(), Some(SEARCH_THREAD));
            #[cfg(target_os = "linux")]
            {
                // SAFETY: getpriority reads the calling thread's niceness only.
                let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
                assert!(nice >= SEARCH_NICENESS.min(19), "niceness {nice}");
            }
            Some(Answer::default())
        });
        assert_eq!(wait(&mut task), Some(Answer::default()));
    }

    #[test]
    fn a_failed_search_gives_no_move_rather_than_waiting_forever() {
        let mut task = AiTask::spawn(|| panic!("search failed"));
        assert_eq!(wait(&mut task), None);
    }
}

//! A match's record made ready to analyse, its game's type erased: [`AnalysisJob`]. What runs it,
//! and keeps what it finds, is the review's (`review::task`, `review::analysis`); this is only
//! what the game knows — where the analysis starts and how to search its positions.

#[cfg(not(target_arch = "wasm32"))]
use parlour_ai::StopFlag;
#[cfg(not(target_arch = "wasm32"))]
use parlour_ai::analysis::PlyAnalysis;

/// A record ready to analyse at a fixed budget a position.
pub struct AnalysisJob {
    /// Plies before the first one analysed (where a cancelled analysis goes on).
    pub before: usize,
    /// Plies of the whole record.
    pub total: usize,
    /// The analysis itself: searches each position, calling back with each ply (numbered from
    /// the start of the record) as soon as it is done, until done or stopped.
    #[cfg(not(target_arch = "wasm32"))]
    pub run: Box<dyn FnOnce(&StopFlag, &mut dyn FnMut(PlyAnalysis)) + Send>,
    /// In the browser: the search worker's request for the same analysis.
    #[cfg(target_arch = "wasm32")]
    pub request: String,
}

impl AnalysisJob {
    /// Analysing `moves` played from `start` at `ms` milliseconds a position; the plies are
    /// numbered on from `before`.
    pub fn new<G: parlour_ai::Knowledge + Send + 'static>(start: G, moves: Vec<G::Move>, before: usize, ms: u64) -> Self
    where
        G::Move: Send,
    {
        let total = before + moves.len();
        #[cfg(not(target_arch = "wasm32"))]
        {
            let run = move |stop: &StopFlag, each: &mut dyn FnMut(PlyAnalysis)| {
                let budget = parlour_ai::Budget::millis(ms);
                parlour_ai::analysis::analyse(&start, &moves, budget, 0, stop, |p| {
                    let mut p = p.clone();
                    p.ply += before as u32;
                    each(p);
                });
            };
            AnalysisJob {
                before,
                total,
                run: Box::new(run),
            }
        }
        #[cfg(target_arch = "wasm32")]
        AnalysisJob {
            before,
            total,
            request: parlour_worker::analysis_request(&start, &moves, ms),
        }
    }
}

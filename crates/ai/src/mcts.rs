//! Enhanced Monte-Carlo tree search: UCT over a node arena (children contiguous, indices not
//! pointers, nothing allocated per iteration beyond tree growth) with MCTS-Solver, tree reuse,
//! informed and MAST playouts, RAVE, progressive bias and evaluation cut-offs, each switched by
//! [`MctsParams`].
//!
//! Rewards are in `[0, 1]`; a node's `score` sums the rewards of the player who moved into it,
//! so a parent picks among children by their own statistics whatever the turn order (a side may
//! move twice in a row).

use std::sync::atomic::{AtomicBool, Ordering};

use parlour_rules::Player;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::config::MctsParams;
use crate::knowledge::{Knowledge, mix64, seat_score, seat_to_move};
use crate::limits::Limits;
use crate::result::SearchResult;

/// Game-theoretic value of a node, from the view of the player who moved into it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Proof {
    Unknown,
    Loss,
    Draw,
    Win,
}

impl Proof {
    fn from_score(score: f32) -> Proof {
        if score > 0.75 {
            Proof::Win
        } else if score < 0.25 {
            Proof::Loss
        } else {
            Proof::Draw
        }
    }

    fn flip(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
            p => p,
        }
    }

    fn reward(self) -> f32 {
        match self {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            _ => 0.5,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move leading here (the root's is never read).
    mv: Option<M>,
    first_child: u32,
    n_children: u32,
    visits: u32,
    /// Sum of rewards for `mover`.
    score: f32,
    amaf_visits: u32,
    amaf_score: f32,
    /// Heuristic prior for `mover` in `[0, 1]`.
    prior: f32,
    /// [`Knowledge::move_key`] of `mv` (only filled when MAST or RAVE need it).
    key: u32,
    /// Who played `mv`.
    mover: Player,
    /// Side to move here (valid once expanded).
    to_move: Player,
    proof: Proof,
    expanded: bool,
    /// A position seen before in the game, scored as a draw (`repeat_draw`); not a proof.
    repeat: bool,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Player, prior: f32, key: u32) -> Self {
        Node {
            mv,
            first_child: 0,
            n_children: 0,
            visits: 0,
            score: 0.0,
            amaf_visits: 0,
            amaf_score: 0.0,
            prior,
            key,
            mover,
            to_move: mover.other(),
            proof: Proof::Unknown,
            expanded: false,
            repeat: false,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.n_children) as usize
    }

    fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.score / self.visits as f32
        }
    }
}

/// Reward for `player` given the reward for `P1`.
#[inline]
fn for_player(player: Player, reward_p1: f32) -> f32 {
    if player == Player::P1 {
        reward_p1
    } else {
        1.0 - reward_p1
    }
}

/// Playouts longer than this are scored as draws (a guard against games that never end).
const MAX_PLAYOUT_PLIES: u32 = 20_000;

/// An MCTS player: the tree and the scratch buffers, kept between calls for tree reuse.
pub(crate) struct Mcts<G: Knowledge> {
    nodes: Vec<Node<G::Move>>,
    root_state: Option<G>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// Moves of the current simulation as (player index, key), for MAST and RAVE.
    sim: Vec<(u8, u32)>,
    /// MAST: (reward sum, count) per player and move key.
    mast: Vec<(f32, f32)>,
    /// RAVE: epoch stamp per player and move key ("played later in this simulation").
    seen: Vec<u32>,
    epoch: u32,
    max_depth: u32,
    /// What a draw is worth to P1 in this search (`0.5` without contempt).
    draw_p1: f32,
}

impl<G: Knowledge> Mcts<G> {
    pub(crate) fn new() -> Self {
        Mcts {
            nodes: Vec::new(),
            root_state: None,
            path: Vec::new(),
            moves: Vec::new(),
            sim: Vec::new(),
            mast: Vec::new(),
            seen: Vec::new(),
            epoch: 0,
            max_depth: 0,
            draw_p1: 0.5,
        }
    }

    pub(crate) fn search(
        &mut self,
        state: &G,
        p: &MctsParams,
        limits: &Limits<'_>,
        rng: &mut ChaCha8Rng,
    ) -> SearchResult<G::Move> {
        let iterations = self.grow(state, p, limits, rng, &AtomicBool::new(false));
        self.result(p, rng, iterations)
    }

    /// Root parallelism: `trees[0]` searches on this thread with `rng`, every other tree on a
    /// thread of its own with a generator seeded from `seed` and its index, all until `limits`
    /// end them (an iteration budget is shared out between them, and each tree does its whole
    /// share) or, with a time budget, one proves the root. The move is then chosen from the root
    /// statistics of all trees added together, as one tree's would be (so `temperature` and
    /// `avoid_repeat` work as with one thread); each tree keeps only its own statistics for the
    /// next move. With an iteration budget the result depends
    /// only on the inputs.
    pub(crate) fn search_parallel(
        trees: &mut [Mcts<G>],
        state: &G,
        p: &MctsParams,
        limits: &Limits<'_>,
        rng: &mut ChaCha8Rng,
        seed: u64,
    ) -> SearchResult<G::Move> {
        let parts = trees.len() as u64;
        let done = AtomicBool::new(false);
        let Some((main, helpers)) = trees.split_first_mut() else {
            return SearchResult::immediate(None);
        };
        let iterations = std::thread::scope(|s| {
            let done = &done;
            let running: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, tree)| {
                    let share = limits.share(parts, i as u64 + 1);
                    s.spawn(move || {
                        let mut rng = ChaCha8Rng::seed_from_u64(mix64(seed, i as u64 + 1));
                        tree.grow(state, p, &share, &mut rng, done)
                    })
                })
                .collect();
            let mut total = main.grow(state, p, &limits.share(parts, 0), rng, done);
            for r in running {
                total += r.join().expect("a search thread panicked");
            }
            total
        });
        // Add the helpers' root statistics to the main tree's for the choice, then take them out
        // again: the main tree's own statistics must stay consistent for its reuse next move.
        let kept: Vec<(u32, f32, Proof)> = main.nodes[0]
            .children()
            .map(|c| (main.nodes[c].visits, main.nodes[c].score, main.nodes[c].proof))
            .collect();
        for tree in helpers.iter() {
            main.max_depth = main.max_depth.max(tree.max_depth);
            for h in tree.nodes[0].children() {
                let theirs = &tree.nodes[h];
                let Some(c) = main.nodes[0].children().find(|&c| main.nodes[c].mv == theirs.mv) else {
                    continue;
                };
                let mine = &mut main.nodes[c];
                mine.visits = mine.visits.saturating_add(theirs.visits);
                mine.score += theirs.score;
                if mine.proof == Proof::Unknown {
                    mine.proof = theirs.proof;
                }
            }
        }
        let result = main.result(p, rng, iterations);
        for (c, (visits, score, proof)) in main.nodes[0].children().zip(kept) {
            let node = &mut main.nodes[c];
            (node.visits, node.score, node.proof) = (visits, score, proof);
        }
        result
    }

    /// Sets the tree up for `state` (reusing what it can) and searches until `limits` end it,
    /// the root is proven, or `done` is set (by another tree that proved the root, which then
    /// sets it; heeded only without an iteration budget). Returns the iterations done.
    fn grow(&mut self, state: &G, p: &MctsParams, limits: &Limits<'_>, rng: &mut ChaCha8Rng, done: &AtomicBool) -> u64 {
        let track = p.mast_epsilon < 1.0 || p.rave > 0.0;
        if track {
            let size = 2 * G::MOVE_KEYS;
            if p.reuse_tree && self.mast.len() == size {
                // Old statistics still help but should yield to the new position's.
                for e in &mut self.mast {
                    e.0 *= 0.5;
                    e.1 *= 0.5;
                }
            } else {
                self.mast.clear();
                self.mast.resize(size, (0.0, 0.0));
            }
            if self.seen.len() != size {
                self.seen.clear();
                self.seen.resize(size, 0);
                self.epoch = 0;
            }
        }
        if !(p.reuse_tree && self.reroot(state)) {
            self.nodes.clear();
            self.nodes.push(Node::new(None, seat_to_move(state).other(), 0.5, 0));
        }
        // The root is where the game stands now, and the game goes on from it: it may have been
        // marked as a repetition (a draw to step into) when it was a leaf of the old tree, and
        // such a leaf was never expanded. Left marked, it would never get children and the
        // search would have no move of its own to give.
        self.nodes[0].repeat = false;
        self.root_state = Some(state.clone());
        self.max_depth = 0;
        self.draw_p1 = for_player(seat_to_move(state), 0.5 - p.contempt);
        let mut iterations = 0u64;
        // At least one iteration, so that even an immediate "move now" has a move to give, and
        // even when another tree has already proven the root (its statistics are added to this
        // root's children, which it must have). With an iteration budget each tree does its whole
        // share whatever the others found, so the result does not depend on their timing.
        let heed_others = !limits.counts_iterations();
        while (iterations == 0 || !(limits.exhausted(iterations) || heed_others && done.load(Ordering::Relaxed)))
            && self.nodes[0].proof == Proof::Unknown
        {
            self.iterate(state, p, rng, track);
            iterations += 1;
        }
        if self.nodes[0].proof != Proof::Unknown {
            done.store(true, Ordering::Relaxed);
        }
        iterations
    }

    fn iterate(&mut self, root: &G, p: &MctsParams, rng: &mut ChaCha8Rng, track: bool) {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        self.sim.clear();
        let mut idx = 0usize;
        let reward_p1 = loop {
            let node = &self.nodes[idx];
            if node.proof == Proof::Draw || node.repeat {
                break self.draw_p1;
            }
            if node.proof != Proof::Unknown {
                break for_player(node.mover, node.proof.reward());
            }
            if !node.expanded {
                let room = (self.nodes.len() as u64) < u64::from(p.max_nodes);
                // The root always gets its children (a full tree included): its move is the answer.
                if idx != 0 && (node.visits < p.expand_after.max(1) || !room) {
                    break self.playout(&mut state, p, rng, track);
                }
                self.expand(idx, &state, p, rng);
                if self.nodes[idx].n_children == 0 {
                    // An ongoing position without moves: the rules should have ended it.
                    break 0.5;
                }
            }
            let child = self.select(idx, p);
            let node = &self.nodes[child];
            let (mv, mover, key, fresh) = (node.mv, node.mover, node.key, node.visits == 0);
            if let Some(mv) = mv {
                state.apply(mv);
            }
            if track {
                self.sim.push((mover as u8, key));
            }
            self.path.push(child as u32);
            idx = child;
            if fresh
                && self.nodes[child].proof == Proof::Unknown
                && let Some(score) = seat_score(&state, state.status(), mover)
            {
                self.nodes[child].proof = Proof::from_score(score);
            }
            if fresh && p.repeat_draw && self.nodes[child].proof == Proof::Unknown && state.repeats() {
                self.nodes[child].repeat = true;
                break self.draw_p1;
            }
        };
        self.max_depth = self.max_depth.max(self.path.len() as u32 - 1);
        self.backpropagate(reward_p1, p, track);
    }

    fn expand(&mut self, idx: usize, state: &G, p: &MctsParams, rng: &mut ChaCha8Rng) {
        let mut moves = std::mem::take(&mut self.moves);
        state.legal_moves(&mut moves);
        // Shuffle so that ties between equal children are broken at random (reproducibly).
        for i in (1..moves.len()).rev() {
            let j = rng.random_range(0..=i);
            moves.swap(i, j);
        }
        let to_move = seat_to_move(state);
        let first = self.nodes.len() as u32;
        let keys = p.mast_epsilon < 1.0 || p.rave > 0.0;
        for &mv in &moves {
            let key = if keys { state.move_key(&mv) as u32 } else { 0 };
            let mut proof = Proof::Unknown;
            let prior = if p.progressive_bias <= 0.0 {
                0.5
            } else if p.bias_from_eval && G::HAS_EVALUATION {
                let mut next = state.clone();
                next.apply(mv);
                match seat_score(&next, next.status(), to_move) {
                    Some(score) => {
                        proof = Proof::from_score(score);
                        score
                    }
                    None => {
                        let e = next.evaluate().clamp(-1.0, 1.0);
                        let e = if seat_to_move(&next) == to_move { e } else { -e };
                        0.5 + 0.5 * e
                    }
                }
            } else {
                state.move_prior(&mv)
            };
            if idx == 0 && proof == Proof::Unknown {
                // At the root, look at every move's outcome once: a win in one is never missed
                // however small the budget (the weakest level included).
                let mut next = state.clone();
                next.apply(mv);
                if let Some(score) = seat_score(&next, next.status(), to_move) {
                    proof = Proof::from_score(score);
                }
            }
            let mut child = Node::new(Some(mv), to_move, prior, key);
            child.proof = proof;
            self.nodes.push(child);
        }
        let node = &mut self.nodes[idx];
        node.first_child = first;
        node.n_children = moves.len() as u32;
        node.expanded = true;
        node.to_move = to_move;
        self.moves = moves;
    }

    fn select(&self, idx: usize, p: &MctsParams) -> usize {
        let node = &self.nodes[idx];
        let ln_n = (node.visits.max(1) as f32).ln();
        let mut best = node.first_child as usize;
        let mut best_score = f32::NEG_INFINITY;
        for c in node.children() {
            let ch = &self.nodes[c];
            if p.solver {
                match ch.proof {
                    Proof::Win => return c,
                    Proof::Loss => {
                        // Only chosen when every child is lost (then the node is proven anyway).
                        if best_score == f32::NEG_INFINITY {
                            best = c;
                            best_score = -1e30;
                        }
                        continue;
                    }
                    _ => {}
                }
            }
            let score = if ch.visits == 0 {
                // Unvisited: RAVE's estimate when there is one (β = 1), else the first-play
                // urgency; explored as if visited once.
                let q = if p.rave > 0.0 && ch.amaf_visits > 0 {
                    ch.amaf_score / ch.amaf_visits as f32
                } else {
                    p.first_play_urgency
                };
                q + p.exploration * ln_n.sqrt() + p.progressive_bias * ch.prior
            } else {
                let n = ch.visits as f32;
                let mut q = ch.score / n;
                if p.rave > 0.0 && ch.amaf_visits > 0 {
                    let beta = (p.rave / (3.0 * n + p.rave)).sqrt();
                    q = (1.0 - beta) * q + beta * (ch.amaf_score / ch.amaf_visits as f32);
                }
                q + p.exploration * (ln_n / n).sqrt() + p.progressive_bias * ch.prior / (n + 1.0)
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    fn playout(&mut self, state: &mut G, p: &MctsParams, rng: &mut ChaCha8Rng, track: bool) -> f32 {
        let mast = p.mast_epsilon < 1.0;
        let mut plies = 0;
        loop {
            let status = state.status();
            if let Some(r) = seat_score(state, status, Player::P1) {
                return if matches!(status, parlour_rules::Status::Draw { .. }) {
                    self.draw_p1
                } else {
                    r
                };
            }
            let to_move = seat_to_move(state);
            if G::HAS_EVALUATION && p.playout_cutoff > 0 && plies >= p.playout_cutoff {
                let e = state.evaluate().clamp(-1.0, 1.0);
                return for_player(to_move, 0.5 + 0.5 * e);
            }
            if plies >= MAX_PLAYOUT_PLIES {
                return 0.5;
            }
            let mv = if mast && rng.random::<f32>() >= p.mast_epsilon {
                self.mast_move(state, to_move, rng)
            } else if p.informed_playouts {
                state.playout_move(rng, &mut self.moves)
            } else {
                state.random_move(rng, &mut self.moves)
            };
            let Some(mv) = mv else { return 0.5 };
            if track {
                self.sim.push((to_move as u8, state.move_key(&mv) as u32));
            }
            state.apply(mv);
            plies += 1;
        }
    }

    /// The legal move with the best MAST average for `to_move` (unseen moves count as 0.5
    /// with weight 1, so they are tried), ties broken at random.
    fn mast_move(&mut self, state: &G, to_move: Player, rng: &mut ChaCha8Rng) -> Option<G::Move> {
        state.legal_moves(&mut self.moves);
        let base = to_move.index() * G::MOVE_KEYS;
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut ties = 0u32;
        for &mv in &self.moves {
            let (sum, count) = self.mast[base + state.move_key(&mv)];
            let v = (sum + 0.5) / (count + 1.0);
            if v > best_value {
                best_value = v;
                best = Some(mv);
                ties = 1;
            } else if v == best_value {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(mv);
                }
            }
        }
        best
    }

    fn backpropagate(&mut self, reward_p1: f32, p: &MctsParams, track: bool) {
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.score += for_player(node.mover, reward_p1);
        }
        if track {
            if p.mast_epsilon < 1.0 {
                for &(player, key) in &self.sim {
                    let e = &mut self.mast[player as usize * G::MOVE_KEYS + key as usize];
                    e.0 += if player == 0 { reward_p1 } else { 1.0 - reward_p1 };
                    e.1 += 1.0;
                }
            }
            if p.rave > 0.0 {
                self.update_amaf(reward_p1);
            }
        }
        if p.solver {
            for d in (0..self.path.len() - 1).rev() {
                let child = self.path[d + 1] as usize;
                if self.nodes[child].proof == Proof::Unknown || !self.try_prove(self.path[d] as usize) {
                    break;
                }
            }
        }
    }

    /// All-moves-as-first: every child of a node on the path whose move its mover played later
    /// in the simulation gets the simulation's result.
    fn update_amaf(&mut self, reward_p1: f32) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        let tree_moves = self.path.len() - 1;
        for &(player, key) in &self.sim[tree_moves..] {
            self.seen[player as usize * G::MOVE_KEYS + key as usize] = self.epoch;
        }
        for d in (0..tree_moves).rev() {
            let (player, key) = self.sim[d];
            self.seen[player as usize * G::MOVE_KEYS + key as usize] = self.epoch;
            let node = &self.nodes[self.path[d] as usize];
            let base = node.to_move.index() * G::MOVE_KEYS;
            let reward = for_player(node.to_move, reward_p1);
            for c in node.children() {
                let key = self.nodes[c].key as usize;
                if self.seen[base + key] == self.epoch {
                    let ch = &mut self.nodes[c];
                    ch.amaf_visits += 1;
                    ch.amaf_score += reward;
                }
            }
        }
    }

    /// Proves `idx` from its children if possible; true when it is proven.
    fn try_prove(&mut self, idx: usize) -> bool {
        let node = &self.nodes[idx];
        if node.proof != Proof::Unknown {
            return true;
        }
        let mut all = true;
        let mut best = Proof::Unknown;
        for c in node.children() {
            match self.nodes[c].proof {
                Proof::Unknown => all = false,
                Proof::Win => {
                    best = Proof::Win;
                    all = true;
                    break;
                }
                p => best = best.max(p),
            }
        }
        if !all || best == Proof::Unknown {
            return false;
        }
        let node = &mut self.nodes[idx];
        node.proof = if node.mover == node.to_move { best } else { best.flip() };
        true
    }

    /// Moves the root to the node for `state` if it is in the tree within two plies of the old
    /// root (our move, then the opponent's; or our two moves when we moved twice).
    fn reroot(&mut self, state: &G) -> bool {
        let Some(old) = &self.root_state else { return false };
        if self.nodes.is_empty() {
            return false;
        }
        let same = |a: &G| a.hash_key() == state.hash_key() && a.ply() == state.ply();
        if same(old) {
            return true;
        }
        let depth = state.ply().wrapping_sub(old.ply());
        if !(1..=2).contains(&depth) || !self.nodes[0].expanded {
            return false;
        }
        // Our own move was the most visited child, so look there first; give up after a few
        // thousand trial moves rather than spend the time budget on finding the old tree.
        let mut order: Vec<usize> = self.nodes[0].children().collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.nodes[c].visits));
        let mut tries = 0;
        let mut found = None;
        'outer: for c in order {
            let Some(mv) = self.nodes[c].mv else { continue };
            let mut s1 = old.clone();
            s1.apply(mv);
            tries += 1;
            if depth == 1 {
                if same(&s1) {
                    found = Some(c);
                    break;
                }
                continue;
            }
            if !self.nodes[c].expanded {
                continue;
            }
            for g in self.nodes[c].children() {
                let Some(gmv) = self.nodes[g].mv else { continue };
                let mut s2 = s1.clone();
                s2.apply(gmv);
                tries += 1;
                if same(&s2) {
                    found = Some(g);
                    break 'outer;
                }
            }
            if tries > 4096 {
                break;
            }
        }
        let Some(new_root) = found else { return false };
        self.compact(new_root);
        true
    }

    /// Keeps only the subtree under `root`, renumbered breadth-first (children stay contiguous).
    fn compact(&mut self, root: usize) {
        let mut kept: Vec<Node<G::Move>> = Vec::with_capacity(self.nodes[root].visits as usize * 2);
        let mut origin: Vec<u32> = Vec::with_capacity(kept.capacity());
        kept.push(self.nodes[root].clone());
        origin.push(root as u32);
        let mut i = 0;
        while i < kept.len() {
            let old = &self.nodes[origin[i] as usize];
            if old.expanded {
                let first = kept.len() as u32;
                for c in old.children() {
                    kept.push(self.nodes[c].clone());
                    origin.push(c as u32);
                }
                kept[i].first_child = first;
            }
            i += 1;
        }
        self.nodes = kept;
    }

    fn result(&self, p: &MctsParams, rng: &mut ChaCha8Rng, iterations: u64) -> SearchResult<G::Move> {
        let root = &self.nodes[0];
        let children = root.children();
        let rank = |c: usize| {
            let ch = &self.nodes[c];
            // Proven wins first, proven losses last, otherwise the most visited (then best mean).
            let class = match ch.proof {
                Proof::Win => 2,
                Proof::Loss => 0,
                _ => 1,
            };
            (class, ch.visits, ch.mean())
        };
        if children.is_empty() {
            // A root without children (a position the rules left without moves): no move, rather
            // than a node that is not a child.
            return SearchResult {
                iterations,
                ..SearchResult::immediate(None)
            };
        }
        let mut best = children.start;
        for c in children.clone() {
            if rank(c) > rank(best) {
                best = c;
            }
        }
        if p.temperature > 0.0 && self.nodes[best].proof != Proof::Win {
            best = self.sample(best, p.temperature, rng);
        } else if p.avoid_repeat > 0.0 && self.nodes[best].proof == Proof::Unknown {
            best = self.step_out_of_repetition(best, p.avoid_repeat);
        }
        let ch = &self.nodes[best];
        let proven = self.nodes[best].proof != Proof::Unknown;
        let value = if proven { ch.proof.reward() } else { ch.mean() };
        let mut pv: Vec<G::Move> = ch.mv.into_iter().collect();
        let mut at = best;
        while self.nodes[at].expanded && self.nodes[at].n_children > 0 && pv.len() < 32 {
            let next = self.nodes[at]
                .children()
                .max_by_key(|&c| (self.nodes[c].visits, self.nodes[c].proof == Proof::Win))
                .unwrap_or(at);
            if self.nodes[next].visits == 0 {
                break;
            }
            pv.extend(self.nodes[next].mv);
            at = next;
        }
        SearchResult {
            best: ch.mv,
            value,
            proven,
            iterations,
            depth: self.max_depth,
            pv,
            elapsed_ms: 0,
            end_in: None,
        }
    }

    /// `best` if it does not head into a repetition ([`heads_into_repetition`]); otherwise the
    /// best root child that does not, if it is within `margin` of `best`'s value, not proven
    /// lost and searched at least a tenth as often ([`MctsParams::avoid_repeat`]).
    fn step_out_of_repetition(&self, best: usize, margin: f32) -> usize {
        let Some(root) = &self.root_state else { return best };
        let mut replies = Vec::new();
        let mut heads_in = |c: usize| {
            self.nodes[c]
                .mv
                .is_some_and(|mv| heads_into_repetition(root, mv, &mut replies))
        };
        if !heads_in(best) {
            return best;
        }
        let top = &self.nodes[best];
        let floor = top.mean() - margin;
        let mut choice = best;
        let mut choice_visits = 0;
        for c in self.nodes[0].children() {
            let ch = &self.nodes[c];
            if c == best || ch.proof == Proof::Loss || ch.visits * 10 < top.visits || ch.mean() < floor {
                continue;
            }
            if ch.visits > choice_visits && !heads_in(c) {
                choice = c;
                choice_visits = ch.visits;
            }
        }
        choice
    }

    /// Samples a root child with probability ∝ visits^(1/t) among children with at least a
    /// quarter of the best child's visits and not proven lost (the weak levels' variety).
    fn sample(&self, best: usize, t: f32, rng: &mut ChaCha8Rng) -> usize {
        let top = self.nodes[best].visits as f32;
        let weight = |c: usize| {
            let ch = &self.nodes[c];
            if ch.proof == Proof::Loss || (ch.visits as f32) < 0.25 * top || ch.visits == 0 {
                0.0
            } else {
                (ch.visits as f32 / top).powf(1.0 / t)
            }
        };
        let total: f32 = self.nodes[0].children().map(weight).sum();
        if total <= 0.0 {
            return best;
        }
        let mut x = rng.random::<f32>() * total;
        for c in self.nodes[0].children() {
            x -= weight(c);
            if x < 0.0 && weight(c) > 0.0 {
                return c;
            }
        }
        best
    }
}

/// True when `mv` in `state` brings back a position the game has seen, or lets the opponent end
/// the game in a draw with their reply (in the games with a repetition rule, the third
/// occurrence; `replies` is scratch space).
fn heads_into_repetition<G: Knowledge>(state: &G, mv: G::Move, replies: &mut Vec<G::Move>) -> bool {
    let mut next = state.clone();
    next.apply(mv);
    if next.repeats() {
        return true;
    }
    if next.status().is_over() {
        return false;
    }
    next.legal_moves(replies);
    replies.iter().any(|&r| {
        let mut after = next.clone();
        after.apply(r);
        matches!(after.status(), parlour_rules::Status::Draw { .. })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Budget;
    use crate::stop::StopFlag;
    use parlour_rules::Game;
    use parlour_rules::qyshinsu::{Qyshinsu, QyshinsuOptions};
    use rand::SeedableRng;

    /// One move before a Qyshinsu position recurs (the rules crate's repetition example):
    /// `1@8` now brings back the position after ply 5, for its second occurrence.
    fn before_a_repeat() -> (Qyshinsu, <Qyshinsu as Game>::Move) {
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        for t in [
            "4@5", "3@9", "1@12", "3@1", "4@4", "1@8", "o@7", "2@6", "x@4", "x@8", "x@7", "x@6", "4@4",
        ] {
            parlour_rules::play_text(&mut q, t).unwrap();
        }
        let repeat = q.parse_move("1@8").unwrap();
        let mut after = q.clone();
        after.apply(repeat);
        assert!(after.repeats() && !q.repeats(), "the example must recur on 1@8");
        (q, repeat)
    }

    /// The root child for `mv` after a search with `repeat_draw` on or off: (visits, mean).
    fn child_after_search(repeat_draw: bool) -> (u32, f32) {
        let (q, repeat) = before_a_repeat();
        let p = MctsParams {
            repeat_draw,
            ..MctsParams::default()
        };
        let stop = StopFlag::new();
        let limits = Limits::new(&Budget::iterations(4_000), &stop);
        let mut mcts = Mcts::new();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        mcts.search(&q, &p, &limits, &mut rng);
        let root = &mcts.nodes[0];
        let child = root
            .children()
            .map(|c| &mcts.nodes[c])
            .find(|c| c.mv == Some(repeat))
            .expect("1@8 is legal");
        (child.visits, child.mean())
    }

    #[test]
    fn a_repeated_position_scores_exactly_a_draw_with_repeat_draw_on() {
        let (visits, mean) = child_after_search(true);
        assert!(visits > 0);
        assert_eq!(
            mean, 0.5,
            "every visit to the repeat must score a draw ({visits} visits)"
        );
        // Without it the repeat is played out like any other position.
        let (visits, mean) = child_after_search(false);
        assert!(visits > 1 && mean != 0.5, "{visits} visits, mean {mean}");
    }

    /// A repetition draw between the Master and plain UCT at 2.4 s (fourth session, seed 91).
    const DRAWN_GAME: &str = "o@6 o@5 2@4 4@2 5@10 1@3 x@4 x@2 x@10 x@5 x@6 x@3 3@2 3@11 o@8 o@7 2@6 2@4 \
        x@6 x@4 5@6 2@1 1@3 5@4 2@9 x@11 x@8 x@7 x@6 3@11 o@8 o@7 4@6 4@10 x@6 x@10 5@6 x@11 x@8 x@7 \
        x@6 3@11 o@8 o@7 5@6 x@11 x@8";

    #[test]
    fn parallel_search_chooses_from_all_trees_and_leaves_each_tree_its_own_statistics() {
        let q = Qyshinsu::new(&QyshinsuOptions::default());
        let mut trees: Vec<Mcts<Qyshinsu>> = (0..3).map(|_| Mcts::new()).collect();
        let stop = StopFlag::new();
        let limits = Limits::new(&Budget::iterations(6_000), &stop);
        let p = MctsParams::default();
        let r = Mcts::search_parallel(&mut trees, &q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(4), 11);
        assert_eq!(r.iterations, 6_000);
        let best = r.best.expect("a move");
        let mut total: Vec<(Option<_>, u32)> = Vec::new();
        for (i, tree) in trees.iter().enumerate() {
            let root = &tree.nodes[0];
            // Each tree did its share, and its root still adds up (nothing of the others left
            // in it): every iteration passes through the root and one of its children.
            assert_eq!(root.visits, 2_000, "tree {i}");
            let children: u32 = root.children().map(|c| tree.nodes[c].visits).sum();
            assert_eq!(children, root.visits, "tree {i}");
            for c in root.children() {
                let n = &tree.nodes[c];
                match total.iter_mut().find(|(mv, _)| *mv == n.mv) {
                    Some(t) => t.1 += n.visits,
                    None => total.push((n.mv, n.visits)),
                }
            }
        }
        // The trees differ (their own seeds), and the move is the most visited over all of them.
        assert_ne!(
            trees[0].nodes[0]
                .children()
                .map(|c| trees[0].nodes[c].visits)
                .collect::<Vec<_>>(),
            trees[1].nodes[0]
                .children()
                .map(|c| trees[1].nodes[c].visits)
                .collect::<Vec<_>>()
        );
        let most = total.iter().map(|t| t.1).max().unwrap();
        let chosen = total.iter().find(|t| t.0 == Some(best)).unwrap();
        assert_eq!(chosen.1, most, "{total:?}");
        // Same inputs, same result.
        let mut again: Vec<Mcts<Qyshinsu>> = (0..3).map(|_| Mcts::new()).collect();
        let r2 = Mcts::search_parallel(&mut again, &q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(4), 11);
        assert_eq!((r2.best, r2.value.to_bits()), (r.best, r.value.to_bits()));
    }

    #[test]
    fn a_tree_started_after_another_proved_the_root_still_gets_its_children() {
        // The race a parallel search can lose: the helper proves the root before this tree
        // starts. Regression: the tree did no iteration and the search returned no move.
        let q = Qyshinsu::new(&QyshinsuOptions::default());
        let stop = StopFlag::new();
        let done = AtomicBool::new(true);
        let grow = |budget: Budget| {
            let mut mcts = Mcts::new();
            let limits = Limits::new(&budget, &stop);
            let rng = &mut ChaCha8Rng::seed_from_u64(1);
            let iterations = mcts.grow(&q, &MctsParams::default(), &limits, rng, &done);
            (mcts, iterations)
        };
        let (mcts, iterations) = grow(Budget::millis(60_000));
        assert_eq!(iterations, 1, "a timed search stops for the other tree's proof");
        let mut moves = Vec::new();
        q.legal_moves(&mut moves);
        assert_eq!(mcts.nodes[0].n_children as usize, moves.len());
        let r = mcts.result(&MctsParams::default(), &mut ChaCha8Rng::seed_from_u64(1), iterations);
        assert!(r.best.is_some_and(|m| moves.contains(&m)));
        // With an iteration budget the tree does its whole share whatever the others found, so
        // the result does not depend on which thread was quicker.
        assert_eq!(grow(Budget::iterations(1_000)).1, 1_000);
    }

    #[test]
    fn heads_into_repetition_sees_a_return_and_a_reply_that_draws() {
        let mut replies = Vec::new();
        let (q, repeat) = before_a_repeat();
        assert!(heads_into_repetition(&q, repeat, &mut replies));
        let start = Qyshinsu::new(&QyshinsuOptions::default());
        assert!(!heads_into_repetition(
            &start,
            start.parse_move("4@2").unwrap(),
            &mut replies
        ));
        // Two plies before the end of DRAWN_GAME: its last move but one lets the opponent draw.
        let moves: Vec<&str> = DRAWN_GAME.split_whitespace().collect();
        let mut g = start.clone();
        for t in &moves[..moves.len() - 2] {
            parlour_rules::play_text(&mut g, t).unwrap();
        }
        let mv = g.parse_move(moves[moves.len() - 2]).unwrap();
        let mut end = g.clone();
        end.apply(mv);
        parlour_rules::play_text(&mut end, moves[moves.len() - 1]).unwrap();
        assert!(matches!(end.status(), parlour_rules::Status::Draw { .. }));
        assert!(heads_into_repetition(&g, mv, &mut replies));
    }

    #[test]
    fn avoid_repeat_steps_out_of_a_repetition_only_within_its_margin() {
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        let stop = StopFlag::new();
        let limits = Limits::new(&Budget::iterations(3_000), &stop);
        let (mut stepped_out, mut stayed) = (0, 0);
        for text in DRAWN_GAME.split_whitespace() {
            let mut mcts = Mcts::new();
            mcts.search(&q, &MctsParams::default(), &limits, &mut ChaCha8Rng::seed_from_u64(9));
            let children: Vec<usize> = mcts.nodes[0].children().collect();
            let mut replies = Vec::new();
            let back: Vec<usize> = children
                .iter()
                .copied()
                .filter(|&c| heads_into_repetition(&q, mcts.nodes[c].mv.unwrap(), &mut replies))
                .collect();
            let leads_back = |c: usize| back.contains(&c);
            let open = |c: usize| mcts.nodes[c].proof != Proof::Loss;
            for &rep in children.iter().filter(|&&c| leads_back(c) && open(c)) {
                let top = &mcts.nodes[rep];
                // Any margin: a move that does not lead back is kept as it is.
                if let Some(other) = children.iter().copied().find(|&c| !leads_back(c)) {
                    assert_eq!(mcts.step_out_of_repetition(other, 1.0), other);
                }
                // The widest margin: the most searched way out that is not proven lost and has
                // at least a tenth of the visits, if there is one.
                let fair = |c: usize| !leads_back(c) && open(c) && mcts.nodes[c].visits * 10 >= top.visits;
                let out = mcts.step_out_of_repetition(rep, 1.0);
                match children
                    .iter()
                    .copied()
                    .filter(|&c| fair(c))
                    .max_by_key(|&c| mcts.nodes[c].visits)
                {
                    Some(best_out) => {
                        assert!(fair(out), "{text}: stepped out to a move that does not qualify");
                        assert_eq!(mcts.nodes[out].visits, mcts.nodes[best_out].visits, "{text}");
                        stepped_out += 1;
                    }
                    None => {
                        assert_eq!(out, rep, "{text}: no way out qualifies");
                        stayed += 1;
                    }
                }
                // No margin: only a way out valued at least as highly.
                let tight = mcts.step_out_of_repetition(rep, 0.0);
                assert!(tight == rep || mcts.nodes[tight].mean() >= top.mean(), "{text}");
                // And the search's own answer with the setting on never leads back when a way out
                // qualifies.
                if fair(out) {
                    let p = MctsParams {
                        avoid_repeat: 1.0,
                        ..MctsParams::default()
                    };
                    let r = Mcts::new().search(&q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(9));
                    let chosen = children.iter().copied().find(|&c| mcts.nodes[c].mv == r.best).unwrap();
                    assert!(r.proven || !leads_back(chosen), "{text}: the search led back");
                }
            }
            parlour_rules::play_text(&mut q, text).unwrap();
        }
        assert!(
            stepped_out >= 3,
            "the game offers ways out ({stepped_out} taken, {stayed} not)"
        );
    }
}

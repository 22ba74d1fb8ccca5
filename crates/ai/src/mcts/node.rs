//! The tree's nodes: their statistics and proofs ([`Proof`], the MCTS-Solver's values), and
//! rewards seen from either seat.

use parlour_rules::Player;

/// Game-theoretic value of a node, from the view of the player who moved into it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Proof {
    Unknown,
    Loss,
    Draw,
    Win,
}

impl Proof {
    #[inline]
    pub(super) fn from_score(score: f32) -> Proof {
        if score > 0.75 {
            Proof::Win
        } else if score < 0.25 {
            Proof::Loss
        } else {
            Proof::Draw
        }
    }

    #[inline]
    pub(super) fn flip(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
            p => p,
        }
    }

    #[inline]
    pub(super) fn reward(self) -> f32 {
        match self {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            _ => 0.5,
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    /// The move leading here (the root's is never read).
    pub(super) mv: Option<M>,
    pub(super) first_child: u32,
    pub(super) n_children: u32,
    pub(super) visits: u32,
    /// Sum of rewards for `mover`.
    pub(super) score: f32,
    pub(super) amaf_visits: u32,
    pub(super) amaf_score: f32,
    /// Heuristic prior for `mover` in `[0, 1]`.
    pub(super) prior: f32,
    /// [`Knowledge::move_key`](crate::Knowledge::move_key) of `mv` (only filled when MAST or RAVE need it).
    pub(super) key: u32,
    /// Who played `mv`.
    pub(super) mover: Player,
    /// Side to move here (valid once expanded).
    pub(super) to_move: Player,
    pub(super) proof: Proof,
    pub(super) expanded: bool,
    /// A position seen before in the game, scored as a draw (`repeat_draw`); not a proof.
    pub(super) repeat: bool,
}

impl<M> Node<M> {
    #[inline]
    pub(super) fn new(mv: Option<M>, mover: Player, prior: f32, key: u32) -> Self {
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

    #[inline]
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.n_children) as usize
    }

    #[inline]
    pub(super) fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.score / self.visits as f32
        }
    }
}

/// Reward for `player` given the reward for `P1`.
#[inline]
pub(super) fn for_player(player: Player, reward_p1: f32) -> f32 {
    if player == Player::P1 {
        reward_p1
    } else {
        1.0 - reward_p1
    }
}

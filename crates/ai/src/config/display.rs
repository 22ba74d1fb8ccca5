//! The configurations as text: the protocol's and the logs' `algo=… key=value …` form, which
//! [`SearchConfig::tune`] reads back.

use std::fmt;

use super::{Algorithm, Budget, SearchConfig};

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::PlainUct { exploration } => write!(f, "uct(c={exploration:.2})"),
            Algorithm::Random => write!(f, "random"),
            Algorithm::Mcts(p) => {
                write!(f, "mcts(c={:.2}", p.exploration)?;
                if p.first_play_urgency < 10.0 {
                    write!(f, " fpu={:.2}", p.first_play_urgency)?;
                }
                for (on, name) in [
                    (p.solver, "solver"),
                    (p.reuse_tree, "reuse"),
                    (p.informed_playouts, "informed"),
                ] {
                    if on {
                        write!(f, " +{name}")?;
                    }
                }
                if p.mast_epsilon < 1.0 {
                    write!(f, " mast={:.2}", p.mast_epsilon)?;
                }
                if p.rave > 0.0 {
                    write!(f, " rave={}", p.rave)?;
                }
                if p.progressive_bias > 0.0 {
                    let from = if p.bias_from_eval { "eval" } else { "prior" };
                    write!(f, " pb={}({from})", p.progressive_bias)?;
                }
                if p.playout_cutoff > 0 {
                    write!(f, " cutoff={}", p.playout_cutoff)?;
                }
                if p.expand_after > 1 {
                    write!(f, " expand={}", p.expand_after)?;
                }
                if p.temperature > 0.0 {
                    write!(f, " t={}", p.temperature)?;
                }
                if p.contempt > 0.0 {
                    write!(f, " contempt={}", p.contempt)?;
                }
                if p.repeat_draw {
                    write!(f, " +rep")?;
                }
                if p.avoid_repeat > 0.0 {
                    write!(f, " avoid={}", p.avoid_repeat)?;
                }
                if p.threads > 1 {
                    write!(f, " threads={}", p.threads)?;
                }
                write!(f, ")")
            }
            Algorithm::AlphaBeta(p) => {
                write!(f, "ab(tt={}", p.tt_bits)?;
                if p.killers {
                    write!(f, " +killers")?;
                }
                if p.history {
                    write!(f, " +history")?;
                }
                if p.noise > 0.0 {
                    write!(f, " noise={}", p.noise)?;
                }
                if p.repeat_draw {
                    write!(f, " +rep")?;
                }
                for (on, name) in [(p.swindle, "swindle"), (p.exact, "exact")] {
                    if on {
                        write!(f, " +{name}")?;
                    }
                }
                if p.contempt > 0.0 {
                    write!(f, " contempt={}", p.contempt)?;
                }
                if p.avoid_repeat > 0.0 {
                    write!(f, " avoid={}", p.avoid_repeat)?;
                }
                if let Some(a) = p.second_avoid_repeat {
                    write!(f, " avoid2={a}")?;
                }
                write!(f, ")")
            }
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(ms) = self.millis {
            parts.push(format!("ms={ms}"));
        }
        if let Some(n) = self.iterations {
            parts.push(format!("playouts={n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if parts.is_empty() {
            parts.push("unlimited".to_string());
        }
        f.write_str(&parts.join(" "))
    }
}

impl fmt::Display for SearchConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} seed={}", self.algorithm, self.budget, self.seed)
    }
}

//! What the AI knows about each of the five Parlour games: evaluations, playout policies,
//! move priors and keys, and the measured choice of algorithm per level (see `MEASUREMENTS.md`).

pub mod conhex;
pub mod kansho;
pub mod konane;
pub mod qyshinsu;
pub mod soldiers;

#[cfg(test)]
mod tests {
    use parlour_rules::Game;
    use parlour_rules::conhex::ConHex;
    use parlour_rules::kansho::Kansho;
    use parlour_rules::konane::Konane;
    use parlour_rules::qyshinsu::Qyshinsu;
    use parlour_rules::soldiers::{Soldiers, SoldiersOptions, Variant};

    use crate::{Algorithm, Knowledge, Level};

    fn check_levels<G: Knowledge>(state: &G, strong_algorithm: &str) {
        for level in Level::ALL {
            let cfg = state.level_config(level);
            match level {
                // The three lower levels have fixed budgets: reproducible from the seed alone,
                // and as strong on a phone as here.
                Level::Novice | Level::Casual => assert!(cfg.budget.millis.is_none(), "{level}: {cfg}"),
                Level::Strong | Level::Master => {
                    if level == Level::Strong {
                        assert!(
                            cfg.budget.millis.is_none() && cfg.budget.iterations.is_some(),
                            "{level}: {cfg}"
                        );
                    } else {
                        assert!(cfg.budget.millis.is_some_and(|ms| ms <= 2500), "{level}: {cfg}");
                    }
                    assert_eq!(cfg.algorithm.name(), strong_algorithm, "{level}: {cfg}");
                    assert!(!matches!(cfg.algorithm, Algorithm::PlainUct { .. }));
                }
            }
        }
    }

    #[test]
    fn every_game_maps_every_level_as_measured() {
        check_levels(&Konane::new(&Default::default()), "ab");
        check_levels(&Kansho::new(&Default::default()), "ab");
        check_levels(&ConHex::new(&Default::default()), "mcts");
        check_levels(&Qyshinsu::new(&Default::default()), "mcts");
        for v in Variant::ALL {
            let s = Soldiers::new(&SoldiersOptions {
                variant: v,
                ..SoldiersOptions::default()
            });
            check_levels(&s, "ab");
            let novice = s.level_config(Level::Novice).algorithm.name();
            assert_eq!(novice, if v == Variant::Monk { "mcts" } else { "ab" }, "{v:?}");
        }
        match ConHex::new(&Default::default()).level_config(Level::Master).algorithm {
            Algorithm::Mcts(p) => assert!(p.rave > 0.0 && p.solver && p.reuse_tree),
            a => panic!("{a}"),
        }
    }
}

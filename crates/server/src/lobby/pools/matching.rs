//! The matching a wave makes: among the matchings with the most pairs, one of least total
//! score, found by the `mwmatching` crate (van Rantwijk's Edmonds blossom algorithm, the one
//! lichess's `WMMatching` ports) on weights `BASE − score`, with maximum cardinality. Should the
//! crate ever fail (it checks its own optimum with assertions), the wave falls back to pairing
//! greedily by score, as lichess falls back to naive pairing.

/// Above any score a pair can have (scores lie within ±4000).
const BASE: i64 = 10_000;

/// The pairs `(i, j)`, `i < j`, of a maximum-cardinality, minimum-score matching of `n` vertices
/// over `edges` (`(i, j, score)`, lower is better).
pub fn max_matching(n: usize, edges: &[(usize, usize, i64)]) -> Vec<(usize, usize)> {
    let weighted: Vec<(usize, usize, i32)> = edges
        .iter()
        .filter(|(i, j, _)| i != j && *i < n && *j < n)
        .map(|&(i, j, s)| (i, j, (BASE - s).clamp(1, i64::from(i32::MAX)) as i32))
        .collect();
    if weighted.is_empty() {
        return Vec::new();
    }
    let solved = std::panic::catch_unwind(|| mwmatching::Matching::new(weighted.clone()).max_cardinality().solve());
    match solved {
        Ok(mates) => (0..n)
            .filter_map(|i| match mates.get(i) {
                Some(&j) if j != mwmatching::SENTINEL && i < j => Some((i, j)),
                _ => None,
            })
            .collect(),
        Err(_) => greedy(n, edges),
    }
}

/// Best score first, each vertex once.
fn greedy(n: usize, edges: &[(usize, usize, i64)]) -> Vec<(usize, usize)> {
    let mut sorted = edges.to_vec();
    sorted.sort_by_key(|e| e.2);
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    for (i, j, _) in sorted {
        if i < n && j < n && i != j && !used[i] && !used[j] {
            used[i] = true;
            used[j] = true;
            pairs.push((i.min(j), i.max(j)));
        }
    }
    pairs.sort();
    pairs
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The best (most pairs, then least score) over every matching, by exhaustion.
    fn brute(n: usize, edges: &[(usize, usize, i64)], used: &mut Vec<bool>, from: usize) -> (usize, i64) {
        let Some(v) = (from..n).find(|&v| !used[v]) else {
            return (0, 0);
        };
        used[v] = true;
        // v left single…
        let mut best = brute(n, edges, used, v + 1);
        // …or paired along each of its edges to a free vertex.
        for &(i, j, s) in edges {
            let w = if i == v {
                j
            } else if j == v {
                i
            } else {
                continue;
            };
            if used[w] {
                continue;
            }
            used[w] = true;
            let (k, t) = brute(n, edges, used, v + 1);
            used[w] = false;
            let candidate = (k + 1, t + s);
            if candidate.0 > best.0 || (candidate.0 == best.0 && candidate.1 < best.1) {
                best = candidate;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    fn agrees_with_brute_force_on_thousands_of_small_graphs() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(74);
        for round in 0..3000 {
            let n = rng.random_range(0..=9);
            let density = rng.random_range(0.1..=1.0);
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.random_bool(density) {
                        edges.push((i, j, rng.random_range(-430..=200)));
                    }
                }
            }
            let got = max_matching(n, &edges);
            let mut seen = vec![false; n];
            let mut total = 0;
            for &(i, j) in &got {
                assert!(!seen[i] && !seen[j], "round {round}: a vertex twice in {got:?}");
                seen[i] = true;
                seen[j] = true;
                total += edges.iter().find(|e| (e.0, e.1) == (i, j)).expect("an edge").2;
            }
            let best = brute(n, &edges, &mut vec![false; n], 0);
            assert_eq!((got.len(), total), best, "round {round}: {edges:?}");
        }
    }

    #[test]
    fn greedy_is_a_matching() {
        assert_eq!(greedy(4, &[(0, 1, 5), (1, 2, 1), (2, 3, 9)]), vec![(1, 2)]);
    }
}

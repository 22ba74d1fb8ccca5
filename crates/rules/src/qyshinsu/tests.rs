//! Tests for Qyshinsu.
use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
#[ignore]
fn scratch_lengths() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut lens = Vec::new();
    let mut draws = 0;
    for _ in 0..100000 {
        let mut g = Qyshinsu::new(&QyshinsuOptions {});
        let (st, n) = crate::game::random_playout(&mut g, &mut rng, &mut buf, 100000);
        if matches!(st, Status::Draw { .. }) { draws += 1; }
        lens.push(n);
    }
    lens.sort();
    println!("draws {draws} median {} p99 {} p999 {} max {}", lens[50000], lens[99000], lens[99900], lens[99999]);
}

#[test]
#[ignore]
fn speed_random_playouts() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    let start = Qyshinsu::new(&QyshinsuOptions {});
    let n = 200_000;
    let t = std::time::Instant::now();
    let mut plies = 0u64;
    for _ in 0..n {
        let mut g = start.clone();
        plies += crate::game::random_playout(&mut g, &mut rng, &mut buf, 10_000).1 as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    println!("qyshinsu: {:.0} playouts/s, {:.1} plies/playout", n as f64 / secs, plies as f64 / n as f64);
}

//! Quick pairing ("Play now"), as lichess's pools pair: a player joins the pool of a game and
//! its options (rated or casual); every few seconds a wave pairs the pool's members by maximum-
//! weight matching on lichess's pair score (the rating gap, less 12 points per wave a member
//! has missed, up to 400), allowed up to `ratingToMaxScore`; the unpaired miss one more wave.
//! A full pool pairs at once. Each wave is one transaction (see [`crate::store::pools`]), so
//! any number of server processes share the pools.

use std::time::Duration;

use parlour_online::lobby::rating_key;
use parlour_online::wire::Pace;
use parlour_rating::PlayerRating;

use super::bounds::fresh_since;
use super::{LobbyRefusal, setup_of, views};
use crate::accounts::Account;
use crate::games::{Registry, hash_token, random_code};
use crate::store::accounts::Outcome;
use crate::store::pools::{Member, NewEntry, Pair, Wave};
use crate::store::{Store, now_secs};

mod matching;

pub use matching::max_matching;

/// When waves run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoolConfig {
    /// A pool's waves are this far apart (plus up to a second's jitter, as lichess's).
    pub every: Duration,
    /// A pool this full pairs at once.
    pub full: usize,
}

impl Default for PoolConfig {
    /// lichess's pools wave every 12 to 60 s, at once from 20 to 40 members.
    fn default() -> Self {
        PoolConfig {
            every: Duration::from_secs(15),
            full: 30,
        }
    }
}

/// A pool's name: the rating key, rated or casual, and the pace (`rated:konane/size=8x8`,
/// `casual:kansho@5+3`): players are paired only with players who want the same game on the
/// same clock.
pub fn pool_of(rating_key: &str, rated: bool, pace: &Pace) -> String {
    let kind = if rated { "rated" } else { "casual" };
    match pace {
        Pace::Untimed => format!("{kind}:{rating_key}"),
        pace => format!("{kind}:{rating_key}@{pace}"),
    }
}

/// What a player asks of the pools.
pub struct PoolAsk<'a> {
    /// Engine id.
    pub game: &'a str,
    /// Options as given.
    pub options: &'a [(String, String)],
    /// Rated or casual.
    pub rated: bool,
    /// Untimed or a live clock.
    pub pace: Pace,
    /// The seat token the game will be played with.
    pub token: &'a str,
}

/// Puts `account` in the pool of the game, its options and pace; answers the entry's id (a
/// seek's id on the wire). Its other pool entry and its open seeks are dropped.
pub async fn join<S: Store>(store: &S, account: Option<&Account>, ask: PoolAsk<'_>) -> Result<u64, LobbyRefusal> {
    let PoolAsk {
        game,
        options,
        rated,
        pace,
        token,
    } = ask;
    let account = account.ok_or(LobbyRefusal::NotSignedIn)?;
    super::playban::check(store, Some(account)).await?;
    super::busy::check_free(store, &account.id).await?;
    if rated && !account.named {
        return Err(LobbyRefusal::RatedNeedsName);
    }
    let setup = setup_of(game, options)?;
    let key = rating_key(&setup);
    for _ in 0..3 {
        // Below 2^53, so a browser's numbers hold it exactly; never 0.
        let id = (rand::random::<u64>() >> 11).max(1);
        let entry = NewEntry {
            id: id as i64,
            account: account.id.clone(),
            pool: pool_of(&key, rated, &pace),
            game: setup.id().id().to_string(),
            options: setup.options(),
            rating_key: key.clone(),
            rated,
            token_hash: hash_token(token),
            pace,
        };
        match store.join_pool(&entry, now_secs()).await? {
            Outcome::Done(()) => return Ok(id),
            Outcome::NotNow | Outcome::Clash => continue,
        }
    }
    Err(LobbyRefusal::Later("more pool entries"))
}

/// The rating a member is paired by (1500 without games).
fn pairing_rating(r: Option<PlayerRating>) -> u32 {
    views::shown_rating(r.unwrap_or_default())
}

/// lichess's `ratingToMaxScore`: the worst pair score allowed at the lower of two ratings.
pub fn max_score(rating: u32) -> i64 {
    match rating {
        r if r < 1000 => 130,
        r if r < 1500 => 100,
        r => i64::from(r / 15),
    }
}

/// lichess's `missBonus` for a clean player: 12 points a missed wave, at most 400.
pub fn miss_bonus(misses: u32) -> i64 {
    (i64::from(misses) * 12).min(400)
}

/// What a wave knows of a member: its rating, whether provisional, waves missed, account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Pairing rating.
    pub rating: u32,
    /// Provisional (deviation above 110).
    pub provisional: bool,
    /// Waves missed.
    pub misses: u32,
    /// Account id (never paired with itself).
    pub account: String,
}

/// lichess's pair score (lower is better; no ranges, blocks or playbans here): the rating gap,
/// less the smaller miss bonus, less 30 when both are provisional; `None` when above
/// [`max_score`] of the lower rating.
pub fn pair_score(a: &Candidate, b: &Candidate) -> Option<i64> {
    if a.account == b.account {
        return None;
    }
    let gap = (i64::from(a.rating) - i64::from(b.rating)).abs();
    let provisional = if a.provisional && b.provisional { 30 } else { 0 };
    let score = gap - miss_bonus(a.misses).min(miss_bonus(b.misses)) - provisional;
    (score <= max_score(a.rating.min(b.rating))).then_some(score)
}

/// The pairs of a wave: among the matchings of most pairs, one of least total score.
pub fn pairs(candidates: &[Candidate]) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for i in 0..candidates.len() {
        for j in i + 1..candidates.len() {
            if let Some(score) = pair_score(&candidates[i], &candidates[j]) {
                edges.push((i, j, score));
            }
        }
    }
    max_matching(candidates.len(), &edges)
}

/// A wave's choice over the members read: the pairs, the first seat to the one who has sat
/// there less often (lichess's colour history), at random between equals.
fn wave_pairs(members: &[Member], now: i64) -> Vec<Pair> {
    let candidates: Vec<Candidate> = members
        .iter()
        .map(|m| Candidate {
            rating: pairing_rating(m.rating),
            provisional: m.rating.unwrap_or_default().provisional(now),
            misses: m.misses,
            account: m.entry.account.clone(),
        })
        .collect();
    pairs(&candidates)
        .into_iter()
        .map(|(a, b)| {
            let (fa, fb) = (members[a].firsts, members[b].firsts);
            let (first, second) = if fa < fb || (fa == fb && rand::random::<bool>()) {
                (a, b)
            } else {
                (b, a)
            };
            Pair {
                first,
                second,
                ratings: [candidates[first].rating, candidates[second].rating],
            }
        })
        .collect()
}

/// Runs the waves due on this process's clock until the store is gone: every quarter of the
/// interval (at most a second) each pool with a fresh member is offered a wave, which runs if the
/// pool's last wave (on any process) is older than the interval plus jitter, or the pool is full.
pub async fn run_waves<S: Store>(registry: std::sync::Weak<Registry<S>>, config: PoolConfig) {
    let tick = (config.every / 4).clamp(Duration::from_millis(50), Duration::from_secs(1));
    let mut every = tokio::time::interval(tick);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(registry) = registry.upgrade() else { return };
        if let Err(e) = waves_now(registry.store(), config).await {
            eprintln!("parlour-server: a pool's wave failed: {e}");
        }
    }
}

/// One round of [`run_waves`]: the number of pairs made.
pub async fn waves_now<S: Store>(store: &S, config: PoolConfig) -> Result<usize, crate::store::StoreError> {
    let now = now_secs();
    let mut made = 0;
    for pool in store.pools(fresh_since(now)).await? {
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        let jitter = rand::random::<u64>() % (config.every.as_millis() as u64 / 10).clamp(1, 1000);
        let pair = |members: &[Member]| wave_pairs(members, now);
        let wave = Wave {
            pool: &pool,
            now_ms,
            due_before_ms: now_ms - config.every.as_millis() as i64 - jitter as i64,
            full: config.full,
            fresh: fresh_since(now),
            pair: &pair,
            code: random_code,
        };
        for _ in 0..3 {
            match store.wave(&wave).await? {
                Outcome::Done(n) => {
                    made += n;
                    break;
                }
                Outcome::NotNow => break,
                Outcome::Clash => continue,
            }
        }
    }
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(rating: u32, misses: u32, account: &str) -> Candidate {
        Candidate {
            rating,
            provisional: false,
            misses,
            account: account.into(),
        }
    }

    #[test]
    fn lichess_scores_widen_with_missed_waves() {
        assert_eq!(
            (max_score(900), max_score(1400), max_score(2000), max_score(3000)),
            (130, 100, 133, 200)
        );
        // 1500 and 1700: 200 apart, 100 allowed; after 9 missed waves each, 200 − 108 ≤ 100.
        assert_eq!(pair_score(&c(1500, 0, "a"), &c(1700, 0, "b")), None);
        assert_eq!(pair_score(&c(1500, 8, "a"), &c(1700, 9, "b")), None);
        assert_eq!(pair_score(&c(1500, 9, "a"), &c(1700, 9, "b")), Some(92));
        // The bonus stops at 400: 600 apart is never allowed at 1500.
        assert_eq!(pair_score(&c(1500, 1000, "a"), &c(2100, 1000, "b")), None);
        assert_eq!(pair_score(&c(1500, 0, "a"), &c(1500, 0, "a")), None, "never oneself");
        let mut both = [c(1500, 0, "a"), c(1620, 0, "b")];
        assert_eq!(pair_score(&both[0], &both[1]), None);
        both.iter_mut().for_each(|m| m.provisional = true);
        assert_eq!(pair_score(&both[0], &both[1]), Some(90), "both provisional: 30 off");
    }

    #[test]
    fn a_wave_pairs_the_closest_and_as_many_as_it_can() {
        // Greedy would pair 1500–1510 and leave 1420 and 1590 apart (170 > 100).
        let members = [c(1420, 0, "a"), c(1500, 0, "b"), c(1510, 0, "c"), c(1590, 0, "d")];
        let mut got = pairs(&members);
        got.sort();
        assert_eq!(got, vec![(0, 1), (2, 3)]);
        // An odd one out: the far one waits.
        let members = [c(1500, 0, "a"), c(2400, 0, "b"), c(1510, 0, "c")];
        assert_eq!(pairs(&members), vec![(0, 2)]);
    }
}

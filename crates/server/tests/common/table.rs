//! Two players met at a table through the lobby, and the offers between them as wire requests:
//! for the offers' tests on SQLite and on PostgreSQL.

use std::time::Duration;

use parlour_online::wire::{OfferKind, Reply, Request, Seat, SideChoice};

use super::ws::{Player, random_hex};

/// A game met in the lobby: its code, and the seats' tokens (`[first, second]`).
pub struct Table {
    pub code: String,
    pub tokens: [String; 2],
}

/// `first` seeks `game` for the first seat, `second` accepts; `first` is told and takes its
/// seat.
pub async fn meet(first: &mut Player, second: &mut Player, game: &str, rated: bool) -> Table {
    meet_on(first, second, game, rated, parlour_clock::Pace::Untimed).await
}

/// [`meet`] for a game on `pace`.
pub async fn meet_on(
    first: &mut Player,
    second: &mut Player,
    game: &str,
    rated: bool,
    pace: parlour_clock::Pace,
) -> Table {
    let token = random_hex();
    let (g, t) = (game.to_string(), token.clone());
    let reply = first
        .ask(move |req| Request::Seek {
            req,
            game: g,
            options: vec![],
            rated,
            side: SideChoice::First,
            range: None,
            pace,
            token: t,
        })
        .await;
    let Reply::Seeking { id, .. } = reply else {
        panic!("{reply:?}")
    };
    let other = random_hex();
    let o = other.clone();
    let Reply::Seated { seat, game, .. } = second.ask(move |req| Request::Accept { req, id, token: o }).await else {
        panic!("not seated")
    };
    assert_eq!((seat, game.rated), (Seat::Second, rated));
    first
        .push(Duration::from_secs(5), |r| {
            matches!(r, Reply::Matched { .. }).then_some(())
        })
        .await
        .expect("the seeker is told");
    let table = Table {
        code: game.code,
        tokens: [token, other],
    };
    let reply = first.ask(table.resume(Seat::First)).await;
    assert!(matches!(reply, Reply::Seated { .. }), "{reply:?}");
    table
}

impl Table {
    /// `resume` for `seat`.
    pub fn resume(&self, seat: Seat) -> impl FnOnce(u64) -> Request + use<> {
        let (code, token) = (self.code.clone(), self.tokens[seat.index()].clone());
        move |req| Request::Resume { req, code, token }
    }

    /// `offer` by `seat` at `ply`.
    pub fn offer(&self, seat: Seat, ply: u32, kind: OfferKind) -> impl FnOnce(u64) -> Request + use<> {
        let (code, token) = (self.code.clone(), self.tokens[seat.index()].clone());
        move |req| Request::Offer {
            req,
            code,
            token,
            ply,
            kind,
        }
    }

    /// `answer` by `seat` to the offer made at `ply`.
    pub fn answer(&self, seat: Seat, ply: u32, accept: bool) -> impl FnOnce(u64) -> Request + use<> {
        let (code, token) = (self.code.clone(), self.tokens[seat.index()].clone());
        move |req| Request::Answer {
            req,
            code,
            token,
            ply,
            accept,
        }
    }

    /// `move` by `seat` at `ply`.
    pub fn play(&self, seat: Seat, ply: u32, mv: &str) -> impl FnOnce(u64) -> Request + use<> {
        self.play_timed(seat, ply, mv, None)
    }

    /// `move` by `seat` at `ply`, with the thinking time its client reports.
    pub fn play_timed(
        &self,
        seat: Seat,
        ply: u32,
        mv: &str,
        think_ms: Option<i64>,
    ) -> impl FnOnce(u64) -> Request + use<> {
        let (code, token, mv) = (self.code.clone(), self.tokens[seat.index()].clone(), mv.to_string());
        move |req| Request::Move {
            req,
            code,
            token,
            ply,
            mv,
            think_ms,
        }
    }

    /// `resign` by `seat`.
    pub fn resign(&self, seat: Seat) -> impl FnOnce(u64) -> Request + use<> {
        let (code, token) = (self.code.clone(), self.tokens[seat.index()].clone());
        move |req| Request::Resign { req, code, token }
    }
}

/// The games a rating of `name` in `game` counts.
pub async fn rated_games(p: &mut Player, name: &str, game: &str) -> u32 {
    let (name, game) = (name.to_string(), game.to_string());
    match p.ask(move |req| Request::Rating { req, name, game }).await {
        Reply::Rating { rating, .. } => rating.map_or(0, |r| r.games),
        other => panic!("{other:?}"),
    }
}

/// The results of `name`'s recent games, newest first.
pub async fn recent_results(p: &mut Player, name: &str) -> Vec<Option<String>> {
    let name = name.to_string();
    match p.ask(move |req| Request::Player { req, name }).await {
        Reply::Player { recent, .. } => recent.into_iter().map(|g| g.result).collect(),
        other => panic!("{other:?}"),
    }
}

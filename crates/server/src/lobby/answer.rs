//! One lobby request, answered for one connection: seeks posted there are noted in its
//! [`Seeking`] (polled and, when the connection closes, withdrawn); an accepted seek seats the
//! connection in the new game.

use parlour_online::wire::{Pace, Reply, Request};
use tokio::sync::broadcast;

use super::{LobbyRefusal, SeekAsk, Seeking, views};
use crate::accounts::Account;
use crate::games::{Registry, Seated};
use crate::store::Store;

/// Answers `request` when it is the lobby's; any other request is given back.
pub async fn answer<S: Store>(
    registry: &Registry<S>,
    request: Request,
    account: Option<&Account>,
    seeking: &mut Seeking,
    follow: &mut Option<broadcast::Receiver<Reply>>,
) -> Result<Reply, Request> {
    let req = request.req();
    let store = registry.store();
    let result: Result<Reply, LobbyRefusal> = match request {
        // Games by correspondence are sought, not pooled (as on lichess).
        Request::Pool {
            pace: Pace::Correspondence(_),
            ..
        } => Err(LobbyRefusal::NoCorrespondencePool),
        Request::Seek {
            game,
            options,
            rated,
            side,
            range,
            token,
            pace,
            ..
        } => {
            let ask = SeekAsk {
                game: &game,
                options: &options,
                rated,
                side,
                range,
                token: &token,
                pace,
            };
            super::seek(store, account, ask).await.map(|id| {
                if let Some(a) = account {
                    seeking.add(id, &a.id);
                }
                Reply::Seeking { req, id }
            })
        }
        Request::CancelSeek { id, .. } => super::cancel(store, account, id).await.map(|()| {
            seeking.remove(id);
            Reply::Done { req }
        }),
        Request::Seeks { game, .. } => views::seeks(store, game.as_deref())
            .await
            .map(|seeks| Reply::Seeks { req, seeks }),
        Request::Accept { id, token, .. } => super::accept(registry, account, id, &token)
            .await
            .map(|s| seated(req, s, follow)),
        Request::TakeSeat { code, token, .. } => super::take_seat(registry, account, &code, &token)
            .await
            .map(|s| seated(req, s, follow)),
        Request::Games { game, .. } => views::games(store, game.as_deref())
            .await
            .map(|games| Reply::Games { req, games }),
        Request::Rating { name, game, .. } => views::rating(store, &name, &game)
            .await
            .map(|(name, rating)| Reply::Rating { req, name, rating }),
        Request::Leaderboard { key, .. } => views::leaderboard(store, &key)
            .await
            .map(|(key, rows)| Reply::Leaderboard { req, key, rows }),
        Request::Player { name, .. } => views::player(store, &name).await.map(|p| Reply::Player {
            req,
            name: p.name,
            ratings: p.ratings,
            history: p.history,
            recent: p.recent,
            finished: p.finished,
        }),
        Request::Pool {
            game,
            options,
            rated,
            token,
            pace,
            ..
        } => {
            let ask = super::pools::PoolAsk {
                game: &game,
                options: &options,
                rated,
                pace,
                token: &token,
            };
            pooled(store, account, seeking, req, ask).await
        }
        Request::Offer {
            code, token, ply, kind, ..
        } => Ok(done(req, registry.offer(&code, &token, ply, kind).await)),
        Request::Answer {
            code,
            token,
            ply,
            accept,
            ..
        } => Ok(done(req, registry.answer(&code, &token, ply, accept).await)),
        Request::Claim { code, token, draw, .. } => Ok(done(req, registry.claim(&code, &token, draw).await)),
        other => return Err(other),
    };
    if let Err(LobbyRefusal::Store(e)) = &result {
        // The player reads why in words; the database's own text is for the log.
        eprintln!("parlour-server: a lobby request could not be stored: {e}");
    }
    Ok(result.unwrap_or_else(|e| Reply::Error {
        req: Some(req),
        message: e.to_string(),
    }))
}

/// A seat taken: the connection follows its game.
fn seated(req: u64, s: Seated, follow: &mut Option<broadcast::Receiver<Reply>>) -> Reply {
    *follow = Some(s.follow);
    Reply::Seated {
        req,
        seat: s.seat,
        token: s.token,
        game: s.game,
    }
}

/// A pool joined: the entry noted on the connection (withdrawn when it closes).
async fn pooled<S: Store>(
    store: &S,
    account: Option<&Account>,
    seeking: &mut Seeking,
    req: u64,
    ask: super::pools::PoolAsk<'_>,
) -> Result<Reply, LobbyRefusal> {
    let id = super::pools::join(store, account, ask).await?;
    if let Some(a) = account {
        seeking.add_pooled(id, &a.id);
    }
    Ok(Reply::Seeking { req, id })
}

/// `Done`, or the refusal's sentence.
fn done<E: std::fmt::Display>(req: u64, result: Result<(), E>) -> Reply {
    match result {
        Ok(()) => Reply::Done { req },
        Err(e) => Reply::Error {
            req: Some(req),
            message: e.to_string(),
        },
    }
}

//! "Your turn" notices for games by correspondence (issue 75, item 3). A move stores the next
//! mover's notice and reminder in its own transaction (the outbox, `store::notices`); every
//! server looks each second for notices due, takes each with a lease, and settles it: skipped
//! when the move came first, the game ended or the player is at the table (a seated connection's
//! heartbeat within the last few seconds), else pushed to each of the player's browsers. Sent
//! notices are gathered into an e-mail digest, at most one each twelve hours a player. A
//! server that dies holding a notice leaves it to the next after the lease: none is lost, and a
//! notice pushed again carries the same id, which the push service and the browser use to
//! replace the first.

pub mod channels;
pub mod mail;
pub mod push;

use std::sync::{Arc, Weak};
use std::time::Duration;

use parlour_online::wire::{Reply, Request, Seat, TurnGame};

use self::channels::{Channels, Payload, PushSent};
use crate::accounts::Account;
use crate::games::Registry;
use crate::games::presence::QUIET_MS;
use crate::lobby::views::player_tag;
use crate::store::notices::{NoticeRow, PushRow, Settled};
use crate::store::{Store, StoreError, now_ms};

/// A notice taken by a server that has not settled it this long after is taken again.
pub const LEASE_MS: i64 = 60_000;

/// How often each server looks for notices due.
pub const EVERY: Duration = Duration::from_secs(1);

/// At most this many browsers an account.
pub const MAX_BROWSERS: i64 = 10;

/// How the server sends notices, from its flags.
#[derive(Clone, Debug, Default)]
pub struct NotifyConfig {
    /// The address players open (`https://parlour.example`), for the links in notices; the
    /// listening address when not given.
    pub link: Option<String>,
    /// Write e-mail digests as files to this folder.
    pub mail_dir: Option<std::path::PathBuf>,
    /// Send e-mail digests through this SMTP relay (lettre's URL form).
    pub smtp_url: Option<String>,
    /// The digests' sender.
    pub mail_from: Option<String>,
    /// Also accept push subscriptions at this `http://127.0.0.1:PORT/` address (a local push
    /// receiver, for tests).
    pub push_test_endpoint: Option<String>,
}

impl NotifyConfig {
    /// The channels these settings give (`listening`: the server's own address, for links).
    pub fn channels(&self, listening: &str) -> Result<Channels, String> {
        let from = self
            .mail_from
            .as_deref()
            .unwrap_or("Parlour <parlour@localhost.localdomain>");
        let mail = match (&self.mail_dir, &self.smtp_url) {
            (Some(_), Some(_)) => return Err("give --mail-dir or --smtp-url, not both".into()),
            (Some(dir), None) => Some(mail::Mailer::folder(dir.clone(), from)?),
            (None, Some(url)) => Some(mail::Mailer::smtp(url, from)?),
            (None, None) => None,
        };
        let link = self
            .link
            .clone()
            .unwrap_or_else(|| format!("http://{listening}"))
            .trim_end_matches('/')
            .to_string();
        Ok(Channels { push: None, mail, link })
    }
}

/// The channels of a server over `store`: [`NotifyConfig::channels`] with Web Push signed by
/// the database's VAPID key (made by the first server that asks, then shared by all: a
/// browser's subscription is bound to one key, whichever server sends).
pub async fn open_channels<S: Store>(
    store: &S,
    config: &NotifyConfig,
    listening: &str,
) -> Result<Channels, StoreError> {
    let mut channels = config.channels(listening).map_err(StoreError::Settings)?;
    let fresh = push::VapidKey::generate().to_b64url();
    let key = store.server_key("vapid", &fresh).await?;
    let contact = push::contact_for(&channels.link, config.mail_from.as_deref());
    let pusher = push::pusher_for(&key, contact, config.push_test_endpoint.as_deref()).map_err(StoreError::Settings)?;
    channels.push = Some(Box::new(pusher));
    Ok(channels)
}

/// What one look did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Notices sent (to any number of browsers, or none).
    pub sent: u32,
    /// Notices skipped (moved, over, watching).
    pub skipped: u32,
    /// Pushes delivered.
    pub pushed: u32,
    /// Digests sent.
    pub mailed: u32,
}

/// Sends the notices due, each [`EVERY`], until the registry goes.
pub async fn run<S: Store>(registry: Weak<Registry<S>>) {
    let mut every = tokio::time::interval(EVERY);
    loop {
        every.tick().await;
        let Some(r) = registry.upgrade() else { return };
        if let Err(err) = tick(&r).await {
            eprintln!("parlour-server: sending notices failed: {err}");
        }
    }
}

/// One look: settles every notice due now, then sends the digests due.
pub async fn tick<S: Store>(r: &Arc<Registry<S>>) -> Result<Tick, StoreError> {
    let mut done = Tick::default();
    let Some(ch) = r.channels() else { return Ok(done) };
    let store = r.store();
    let now = now_ms();
    for n in store.due_notices(now, now - LEASE_MS, 500).await? {
        if !store.claim_notice(&n, now, now - LEASE_MS).await? {
            continue;
        }
        // A push that failed leaves the notice taken: it is tried again after the lease.
        let Some(how) = settle(r, &ch, &n, now).await? else {
            continue;
        };
        match how {
            Settled::Sent(pushed) => {
                done.sent += 1;
                done.pushed += pushed;
            }
            Settled::Skipped(_) => done.skipped += 1,
        }
        store.settle_notice(&n, how, now).await?;
    }
    if let Some(mailer) = &ch.mail {
        let gap_before = now - mail::DIGEST_GAP_MS;
        for (account, address) in store.mail_due(gap_before, 200).await? {
            let games = your_turn(r, &account).await?;
            if !games.is_empty() {
                let Some(n) = store.claim_mail(&account, now, gap_before).await? else {
                    continue;
                };
                if let Err(err) = mailer.send_digest(&account, n, &address, &games, &ch.link).await {
                    // The notices stay unmailed: the next digest carries them.
                    eprintln!("parlour-server: an e-mail digest could not be sent: {err}");
                    continue;
                }
                done.mailed += 1;
            }
            store.mark_mailed(&account, now).await?;
        }
    }
    Ok(done)
}

/// Decides one notice taken: `None` when a push failed (try again later).
async fn settle<S: Store>(
    r: &Arc<Registry<S>>,
    ch: &Channels,
    n: &NoticeRow,
    now: i64,
) -> Result<Option<Settled>, StoreError> {
    match r.waiting(&n.code).await? {
        None => return Ok(Some(Settled::Skipped("over"))),
        Some((ply, seat)) if ply != n.ply || seat != n.seat => return Ok(Some(Settled::Skipped("moved"))),
        Some(_) => {}
    }
    let seen = r.store().presence(&n.code).await?[n.seat.index()];
    if seen.is_some_and(|(at, closed)| !closed && now - at < QUIET_MS) {
        return Ok(Some(Settled::Skipped("watching")));
    }
    let Some(push) = &ch.push else {
        return Ok(Some(Settled::Sent(0)));
    };
    let payload = payload(r, ch, n, now).await?;
    let ttl_s = ((n.deadline_ms - now) / 1000).clamp(60, 28 * 24 * 3600) as u32;
    let mut pushed = 0;
    let mut failed = false;
    for row in r.store().push_rows(&n.account).await? {
        match push.send(&row, &payload, ttl_s).await {
            Ok(PushSent::Delivered) => pushed += 1,
            Ok(PushSent::Gone) => r.store().drop_push(&n.account, Some(&row.endpoint)).await?,
            Err(err) => {
                eprintln!("parlour-server: a push could not be sent: {err}");
                failed = true;
            }
        }
    }
    Ok((!failed).then_some(Settled::Sent(pushed)))
}

/// The notification: "Your move in Kōnane" / "Reminder: 14 h left …".
async fn payload<S: Store>(r: &Registry<S>, ch: &Channels, n: &NoticeRow, now: i64) -> Result<Payload, StoreError> {
    let players = r.store().game_players(&n.code).await?;
    let (game, against) = players.map_or(("a game".to_string(), "a guest".to_string()), |p| {
        let name = parlour_rules::GameId::parse(&p.game).map_or(p.game.clone(), |id| id.name().to_string());
        let other = p.players[n.seat.other().index()]
            .as_ref()
            .map_or("a guest".into(), |o| o.name.clone());
        (name, other)
    });
    let left = parlour_clock::time_left_text(n.deadline_ms - now);
    let (title, body) = match n.kind.as_str() {
        "reminder" => (
            format!("Reminder: your move in {game}"),
            format!("Only {left} left for your move against {against}."),
        ),
        _ => (
            format!("Your move in {game}"),
            format!("{against} has moved: move {} is yours ({left} left).", n.ply + 1),
        ),
    };
    Ok(Payload {
        id: format!("{}-{}-{}", n.code, n.ply, n.kind),
        title,
        body,
        url: format!("{}/g/{}", ch.link, n.code),
    })
}

/// The account's games that wait for its move, the nearest deadline first.
pub async fn your_turn<S: Store>(r: &Registry<S>, account: &str) -> Result<Vec<TurnGame>, StoreError> {
    let now = now_ms();
    let mut games = Vec::new();
    for g in r.store().open_games(account).await? {
        let Some(seat) = Seat::BOTH
            .into_iter()
            .find(|s| g.players[s.index()].as_ref().is_some_and(|p| p.account == account))
        else {
            continue;
        };
        let Some((ply, to_move)) = r.waiting(&g.code).await? else {
            continue;
        };
        if to_move != seat {
            continue;
        }
        games.push(TurnGame {
            code: g.code.clone(),
            game: g.game.clone(),
            options: g.options.clone(),
            seat,
            opponent: g.players[seat.other().index()].as_ref().map(|p| player_tag(p, now)),
            ply,
            pace: g.pace,
            deadline_ms: r.deadline(&g.code).await?,
        });
    }
    games.sort_by_key(|g| (g.deadline_ms.unwrap_or(i64::MAX), g.code.clone()));
    Ok(games)
}

/// Answers the notice requests (`your_turn`, `push_key`, `notify_push`, `notify_email`); any
/// other request is given back.
pub async fn answer<S: Store>(r: &Registry<S>, request: Request, account: Option<&Account>) -> Result<Reply, Request> {
    let req = request.req();
    let refuse = |message: &str| Reply::Error {
        req: Some(req),
        message: message.to_string(),
    };
    let needs = "Sign in to the lobby first: notices go to an account.";
    let result = match request {
        Request::YourTurn { .. } => match account {
            None => Ok(refuse(needs)),
            Some(a) => your_turn(r, &a.id).await.map(|games| Reply::YourTurn { req, games }),
        },
        Request::PushKey { .. } => Ok(Reply::PushKey {
            req,
            key: r.channels().and_then(|c| c.push.as_ref().map(|p| p.key())),
        }),
        Request::NotifyPush { subscription, .. } => match account {
            None => Ok(refuse(needs)),
            Some(a) => subscribe(r, &a.id, subscription.as_deref(), req).await,
        },
        Request::NotifyEmail { address, .. } => match account {
            None => Ok(refuse(needs)),
            Some(a) => mail_to(r, &a.id, address.as_deref(), req).await,
        },
        other => return Err(other),
    };
    Ok(result.unwrap_or_else(|e| {
        eprintln!("parlour-server: a notice request could not be stored: {e}");
        refuse(&format!(
            "The server could not store that ({}); try again.",
            e.for_player()
        ))
    }))
}

async fn subscribe<S: Store>(
    r: &Registry<S>,
    account: &str,
    subscription: Option<&str>,
    req: u64,
) -> Result<Reply, StoreError> {
    let refuse = |message: String| Reply::Error {
        req: Some(req),
        message,
    };
    let Some(text) = subscription else {
        r.store().drop_push(account, None).await?;
        return Ok(Reply::Done { req });
    };
    let channels = r.channels();
    let row: PushRow = match channels.as_ref().and_then(|c| c.push.as_ref()).map(|p| p.accept(text)) {
        Some(Ok(row)) => row,
        Some(Err(why)) => return Ok(refuse(why)),
        None => return Ok(refuse("This server sends no notices to browsers.".into())),
    };
    match r.store().add_push(account, &row, MAX_BROWSERS, now_ms()).await? {
        crate::store::accounts::Outcome::Done(()) => Ok(Reply::Done { req }),
        _ => Ok(refuse(format!(
            "Notices already go to {MAX_BROWSERS} browsers of this account: turn them off in one first."
        ))),
    }
}

async fn mail_to<S: Store>(
    r: &Registry<S>,
    account: &str,
    address: Option<&str>,
    req: u64,
) -> Result<Reply, StoreError> {
    let refuse = |message: String| Reply::Error {
        req: Some(req),
        message,
    };
    let Some(text) = address else {
        r.store().set_mail(account, None).await?;
        return Ok(Reply::Done { req });
    };
    if r.channels().is_none_or(|c| c.mail.is_none()) {
        return Ok(refuse("This server sends no e-mail.".into()));
    }
    match mail::parse_address(text) {
        Ok(address) => {
            r.store().set_mail(account, Some(&address)).await?;
            Ok(Reply::Done { req })
        }
        Err(why) => Ok(refuse(why)),
    }
}

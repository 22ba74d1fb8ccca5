//! Online play in the client. A [`Link`] (a non-`Send` resource: on the web the socket is the
//! browser's) holds the connection to a Parlour server; each frame it is polled, never waited
//! on. The other seat's moves are fed to the rules as whole moves while the match is in
//! [`Phase::Remote`], so they resolve and animate like any other; this seat's moves are sent
//! as soon as the player completes them. A refused move (which the same rules on both sides
//! make rare) puts the table back to the server's game.
//!
//! `lobby` is the "Play online" window and the in-game indicator, `lobby_window` the lobby
//! (egui, not headless).

mod book;
pub mod clock;
pub mod lobby;
pub mod lobby_window;
pub mod offers;
pub mod players_window;
pub mod push_web;
pub mod timing;

use bevy::prelude::*;
use parlour_online::client::{Event, LinkState, OnlineClient};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_online::wire::Seat;
use parlour_rules::{GameId, Player};
use parlour_saves::online::OnlineEntry;
use std::collections::VecDeque;

pub use self::book::Book;
use crate::games::build::{Setup, new_match};
use crate::play::board::AnimQueue;
use crate::play::board::{Match, Resigned, Resolution, StartMoves};
use crate::play::messages::{GameCommand, MoveInput};
use crate::schedule::{GameSet, RuleSet};
use crate::state::{Phase, Remote, Screen};

/// What the player asked of the server.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum NetCommand {
    /// Create a game and sit in `seat`.
    Create {
        /// Server address (`http://host:port`).
        server: String,
        /// The game.
        game: GameId,
        /// Options.
        options: Vec<(String, String)>,
        /// The seat to take.
        seat: Seat,
    },
    /// Take the free seat of a friend's game.
    Join {
        /// Server address.
        server: String,
        /// Invite code.
        code: String,
    },
    /// Follow a game without a seat.
    Watch {
        /// Server address.
        server: String,
        /// Invite code.
        code: String,
    },
    /// Take back a seat held before.
    Resume {
        /// Server address.
        server: String,
        /// Invite code.
        code: String,
        /// The seat's token.
        token: String,
    },
    /// Resign this seat's game (stored by the server; the game is then over for both).
    Resign,
    /// An offer made or answered from the line above the table.
    Offer(offers::OfferAsk),
    /// Leave the online game (it stays resumable).
    Leave,
}

/// The online game being played, if any (non-`Send`: see the module comment).
#[derive(Default)]
pub struct Online(pub Option<Link>);

/// The connection to the server.
pub struct Link {
    client: OnlineClient,
    server: String,
    /// The match has been set up from the server's game.
    started: bool,
    /// Moves of the match that the server has or has been sent (the rest are new and ours).
    sent: usize,
    /// The other seat's moves, waiting for the table to be ready for them.
    incoming: VecDeque<String>,
    /// This seat in the client's terms (`None` when watching).
    mine: Option<Player>,
    /// The side that moves first, in the client's terms (turns the wire's seats into players).
    first: Player,
    /// A resignation heard from the server, until the table has caught up and shown it.
    resigned: Option<Seat>,
    /// The resignation's result card has been shown once.
    resign_shown: bool,
}

impl Link {
    fn player(&self, seat: Seat) -> Player {
        if seat == Seat::First {
            self.first
        } else {
            self.first.other()
        }
    }
}

/// What the HUD shows about the online game (a plain resource, readable by any system).
#[derive(Resource, Default, Debug, Clone)]
pub struct OnlineStatus {
    /// True while a link exists.
    pub active: bool,
    /// The server address.
    pub server: String,
    /// The invite code, once known.
    pub code: String,
    /// "connected", "connecting…", "reconnecting…".
    pub link: &'static str,
    /// True while the other seat is free (show the code to share).
    pub waiting_for_friend: bool,
    /// True when only watching.
    pub watching: bool,
    /// The last thing the server said that the player should read.
    pub message: Option<String>,
    /// True while this seat's move is on its way.
    pub sending: bool,
    /// The players (`[first, second]`) with their ratings, in a game made in the lobby.
    pub players: [Option<parlour_online::wire::PlayerTag>; 2],
    /// The offers (`net/offers.rs`).
    pub offers: offers::OfferLine,
    /// The seat (in the client's terms) of `players[0]`, the side that moves first.
    pub first: Option<Player>,
    /// The live clock (`net/timing.rs`), empty for an untimed game.
    pub clock: clock::ClockLine,
    /// How the game ended other than by the rules or a resignation (a fall, an abort, a draw
    /// agreed), as the server said.
    pub ending: Option<clock::Ending>,
}

/// The logic of online play (headless; the window's parts are in `lobby`).
pub fn logic_plugin(app: &mut App) {
    app.add_message::<NetCommand>()
        .init_non_send::<Online>()
        .init_resource::<OnlineStatus>()
        .init_resource::<Book>()
        .add_systems(
            Update,
            (
                open_link,
                poll_link,
                feed_remote_moves.run_if(in_state(Phase::Remote)),
                send_own_moves,
            )
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, resign_online.in_set(RuleSet::Accept))
        .add_systems(OnEnter(Screen::Title), leave)
        .add_systems(OnEnter(Screen::NewGame), leave);
}

/// A seated player's resignation in an online game goes to the server, which stores it and
/// answers with the result (`play` refuses it to a watcher and leaves it to this system).
fn resign_online(
    mut cmds: MessageReader<GameCommand>,
    m: Res<Match>,
    res: Res<Resolution>,
    remote: Res<Remote>,
    mut net: MessageWriter<NetCommand>,
) {
    for cmd in cmds.read() {
        let seated = !remote.0.iter().all(|r| *r);
        if *cmd == GameCommand::Resign && !res.active && remote.any() && seated && !m.0.status().is_over() {
            net.write(NetCommand::Resign);
        }
    }
}

/// Seconds since 1970 (`web-time`: the web has no clock in `std`).
pub(crate) fn now_secs() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Starts a link for the player's request (replacing any other).
fn open_link(mut online: NonSendMut<Online>, mut cmds: MessageReader<NetCommand>, mut status: ResMut<OnlineStatus>) {
    for cmd in cmds.read() {
        let server = match cmd {
            NetCommand::Create { server, .. }
            | NetCommand::Join { server, .. }
            | NetCommand::Watch { server, .. }
            | NetCommand::Resume { server, .. } => server.trim().to_string(),
            NetCommand::Leave => {
                online.0 = None;
                *status = OnlineStatus::default();
                continue;
            }
            NetCommand::Resign => {
                if let Some(link) = online.0.as_mut()
                    && let Err(e) = link.client.resign()
                {
                    status.message = Some(e.to_string());
                }
                continue;
            }
            NetCommand::Offer(ask) => {
                if let Some(link) = online.0.as_mut()
                    && let Err(e) = offers::ask(&mut link.client, *ask)
                {
                    status.message = Some(e);
                }
                continue;
            }
        };
        let mut client = OnlineClient::new(ws_url(&server), Box::new(WebSocketConnector));
        match cmd {
            NetCommand::Create {
                game, options, seat, ..
            } => {
                client.create(game.id(), options.clone(), *seat);
            }
            NetCommand::Join { code, .. } => {
                client.join(code.trim());
            }
            NetCommand::Watch { code, .. } => {
                client.watch(code.trim());
            }
            NetCommand::Resume { code, token, .. } => {
                client.resume(code, token);
            }
            NetCommand::Leave | NetCommand::Resign | NetCommand::Offer(_) => {}
        }
        *status = OnlineStatus {
            active: true,
            server: server.clone(),
            link: "connecting…",
            ..default()
        };
        let link = Link {
            client,
            server,
            started: false,
            sent: 0,
            incoming: VecDeque::new(),
            mine: None,
            first: Player::P1,
            resigned: None,
            resign_shown: false,
        };
        online.0 = Some(link);
    }
}

/// Drops the link when the player leaves the game (it stays in the book to resume).
fn leave(mut online: NonSendMut<Online>, mut status: ResMut<OnlineStatus>, mut remote: ResMut<Remote>) {
    online.0 = None;
    *status = OnlineStatus::default();
    remote.0 = [false, false];
}

/// The link's first seat (or watch) in a game: the game the table sets up, the side this
/// player moves (none when watching), and the game remembered to resume when seated.
fn first_seating(
    link: &mut Link,
    game: &parlour_online::wire::GameView,
    book: &mut Book,
) -> Result<(Setup, Option<Player>), String> {
    let id = crate::games::build::game(&game.game)?;
    let fresh = Setup {
        game: id,
        options: parlour_rules::GameOptions::checked(id, &game.options)?,
        seats: [None, None],
    };
    link.first = new_match(&fresh)?.seat_to_move();
    link.mine = link.client.seat().map(|s| link.player(s));
    link.sent = game.moves.len();
    link.incoming.clear();
    link.started = true;
    if let (Some(seat), Some(token)) = (link.client.seat(), link.client.token()) {
        book.book.last_server = link.server.clone();
        book.book.remember(OnlineEntry {
            server: link.server.clone(),
            code: game.code.clone(),
            token: token.to_string(),
            game: fresh.game,
            options: game.options.clone(),
            seat: seat.word().to_string(),
            touched: now_secs(),
        });
        book.save();
    }
    Ok((fresh, link.mine))
}

/// Polls the connection and acts on what the server said.
fn poll_link(
    mut online: NonSendMut<Online>,
    mut status: ResMut<OnlineStatus>,
    mut setup: ResMut<Setup>,
    mut start: ResMut<StartMoves>,
    mut remote: ResMut<Remote>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut book: ResMut<Book>,
    m: Option<Res<Match>>,
    (mut resigned, screen): (ResMut<Resigned>, Res<State<Screen>>),
) {
    let Some(link) = online.0.as_mut() else { return };
    link.client.poll();
    let mut resync = false;
    while let Some(event) = link.client.next_event() {
        if let Some((news, said)) = offers::news(&mut status.offers, &mut link.client, &event) {
            status.message = said.or(status.message.take());
            match news {
                offers::OfferNews::TookBack => resync = true,
                offers::OfferNews::Ended => remote.0 = [true, true],
                offers::OfferNews::Rematch => {
                    (link.started, link.resigned, link.resign_shown) = (false, None, false);
                    status.offers = default();
                }
                offers::OfferNews::Noted => {}
            }
        }
        match event {
            Event::Seated(_) | Event::Watching if !link.started => {
                let Some(game) = link.client.game().cloned() else {
                    continue;
                };
                match first_seating(link, &game, &mut book) {
                    Ok((fresh, mine)) => {
                        remote.0 = [mine != Some(Player::P1), mine != Some(Player::P2)];
                        *setup = fresh;
                        start.0 = game.moves.clone();
                        status.code = game.code.clone();
                        status.watching = mine.is_none();
                        status.waiting_for_friend = !game.seats.iter().all(|s| *s);
                        status.players = game.players.clone();
                        status.offers.rated = game.rated;
                        status.offers.timed = matches!(game.pace, parlour_clock::Pace::Live(_));
                        status.offers.has_draws = setup.game.has_draws();
                        status.first = Some(link.first);
                        status.message = None;
                        next_screen.set(Screen::Playing);
                    }
                    Err(e) => status.message = Some(format!("The server's game cannot be played here: {e}")),
                }
            }
            Event::Moved { ply, mv } if link.started && ply as usize == link.sent => {
                link.incoming.push_back(mv);
                link.sent += 1;
            }
            Event::Resigned(seat) => link.resigned = Some(seat),
            Event::Joined(_) => {
                status.waiting_for_friend = false;
                status.message = Some("Your friend has joined: the game is on.".into());
            }
            Event::Refused { message, .. } => {
                status.message = Some(message);
                if link.started {
                    // A move of ours was refused: the table goes back to the server's game.
                    resync = true;
                }
            }
            _ => {}
        }
    }
    if resync && let Some(game) = link.client.game() {
        start.0 = game.moves.clone();
        link.sent = game.moves.len();
        link.incoming.clear();
        next_screen.set(Screen::Playing);
    }
    status.active = true;
    status.sending = link.client.move_in_flight();
    status.link = match link.client.link() {
        LinkState::Up => "connected",
        LinkState::Connecting if link.started => "reconnecting…",
        LinkState::Connecting => "connecting…",
        LinkState::Down => "reconnecting…",
    };
    // A resignation ends the game once the table has every move before it: nobody moves any
    // more, and the result card says who resigned (shown once; it stays the result after).
    if let (Some(seat), Some(m)) = (link.resigned, m.as_ref())
        && link.started
        && link.incoming.is_empty()
        && m.0.plies() == link.sent
        && matches!(screen.get(), Screen::Playing | Screen::Results)
    {
        remote.0 = [true, true];
        if resigned.0.is_none() {
            resigned.0 = Some(link.player(seat));
        }
        if !link.resign_shown {
            link.resign_shown = true;
            next_screen.set(Screen::Results);
        }
    }
    let over = m.as_ref().is_some_and(|m| m.0.status().is_over()) || link.resigned.is_some();
    status.offers.over = over || status.offers.agreed || status.ending.is_some();
    status.offers.gone = link.client.seat().and_then(|s| link.client.gone(s.other()));
    if m.is_some()
        && link.started
        && link.incoming.is_empty()
        && status.offers.over
        && book
            .book
            .games
            .iter()
            .any(|g| g.code == status.code && g.server == link.server)
    {
        // A finished game leaves the list of games to resume.
        book.book.forget(&link.server, &status.code);
        book.save();
    }
}

/// Plays the other seat's next move once the table is at rest on their turn.
fn feed_remote_moves(
    mut online: NonSendMut<Online>,
    res: Res<Resolution>,
    queue: Res<AnimQueue>,
    m: Option<Res<Match>>,
    mut inputs: MessageWriter<MoveInput>,
    mut status: ResMut<OnlineStatus>,
) {
    let (Some(link), Some(m)) = (online.0.as_mut(), m) else {
        return;
    };
    if res.active || !queue.idle() {
        return;
    }
    let Some(text) = link.incoming.pop_front() else { return };
    match m.0.parse(&text) {
        Ok(tokens) => {
            inputs.write(MoveInput::Whole(tokens));
        }
        Err(e) => status.message = Some(format!("The server sent a move this table cannot play ({text}: {e}).")),
    }
}

/// Sends the moves this seat has completed since the last frame.
fn send_own_moves(mut online: NonSendMut<Online>, m: Option<Res<Match>>, mut status: ResMut<OnlineStatus>) {
    let (Some(link), Some(m)) = (online.0.as_mut(), m) else {
        return;
    };
    if !link.started || link.mine.is_none() || !link.incoming.is_empty() {
        return;
    }
    // Cheap each frame; the notation is read only when this seat has moved.
    if link.sent >= m.0.plies() {
        return;
    }
    let history = m.0.history();
    while link.sent < history.len() {
        let text = history[link.sent].1.clone();
        if let Err(e) = link.client.send_move(&text) {
            status.message = Some(e.to_string());
        }
        link.sent += 1;
    }
}

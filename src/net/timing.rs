//! The live clock each frame (issue 75): the client's local count into [`OnlineStatus`]'s
//! clock line (the low-time warning's sound with it), and a fall or an abort the server stored
//! ending the game at the table — nobody moves any more, and once the table has every move the
//! result card says who lost on time, or that the game was aborted; the same for a game
//! claimed from a player who left.

use bevy::prelude::*;
use parlour_online::wire::{Pace, Seat};
use parlour_rules::Player;

use super::clock::{ABORTED, Ending, LEFT_DRAW, ending_of};
use super::{Online, OnlineStatus};
use crate::games::effects::Sfx;
use crate::play::board::Match;
use crate::play::messages::PlaySfx;
use crate::play::result::{left_line, time_line};
use crate::schedule::GameSet;
use crate::state::{Remote, Screen};

/// Added beside `net::logic_plugin` (headless: tests drive it).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (tick_clock, end_by_clock)
            .chain()
            .after(super::poll_link)
            .in_set(GameSet::Input),
    );
}

/// The player (in the client's terms) in `seat`, given the player in the first seat.
pub fn player_of(seat: Seat, first: Player) -> Player {
    if seat == Seat::First { first } else { first.other() }
}

/// The clocks as they stand this frame; they stop where they are once the game is over.
fn tick_clock(online: NonSend<Online>, mut status: ResMut<OnlineStatus>, mut sfx: MessageWriter<PlaySfx>) {
    let Some(link) = online.0.as_ref() else {
        return;
    };
    let pace = link.client.game().map_or(Pace::Untimed, |g| g.pace);
    if status.offers.over && pace != Pace::Untimed {
        if let Some(view) = status.clock.view.as_mut() {
            view.running = None;
            view.first_move_ms = None;
        }
        return;
    }
    if status.clock.update(pace, link.client.clock(), link.client.seat()) {
        sfx.write(PlaySfx(Sfx::LowTime));
    }
}

/// A fall or an abort: the table stops, the sentence is said, and the result card is shown
/// once the table has caught up with the server's moves.
fn end_by_clock(
    online: NonSend<Online>,
    mut status: ResMut<OnlineStatus>,
    mut remote: ResMut<Remote>,
    m: Option<Res<Match>>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    (mut seen, mut shown): (Local<Option<Ending>>, Local<bool>),
) {
    let ending = online
        .0
        .as_ref()
        .and_then(|l| l.client.ended())
        .and_then(|(result, reason)| ending_of(result, reason));
    if status.ending != ending {
        status.ending = ending;
    }
    let (Some(link), Some(end @ (Ending::Fell(_) | Ending::Aborted | Ending::Left(_)))) = (online.0.as_ref(), ending)
    else {
        (*seen, *shown) = (ending, false);
        return;
    };
    remote.0 = [true, true];
    let fallen = match end {
        Ending::Fell(seat) => Some(seat),
        _ => None,
    };
    if let (Some(seat), Some(view)) = (fallen, status.clock.view.as_mut()) {
        view.remaining_ms[seat.index()] = 0;
    }
    let Some(m) = m else { return };
    if *seen != ending {
        // Said over the news line's "drawn by agreement", which any ending's news says.
        *seen = ending;
        status.message = Some(match (end, fallen) {
            (_, Some(seat)) => format!("{}.", time_line(m.0.as_ref(), player_of(seat, link.first))),
            (Ending::Left(Some(winner)), _) => {
                format!("{}.", left_line(m.0.as_ref(), player_of(winner.other(), link.first)))
            }
            (Ending::Left(None), _) => format!("{LEFT_DRAW}."),
            _ => format!("{ABORTED}."),
        });
    }
    let caught_up = link.started && link.incoming.is_empty() && m.0.plies() == link.sent;
    if !*shown && caught_up && matches!(screen.get(), Screen::Playing | Screen::Results) {
        *shown = true;
        next.set(Screen::Results);
    }
}

//! A move resolved stage by stage, then what happens next: the next turn, or the game's end
//! and, after a pause, the result screen.

use bevy::prelude::*;
use parlour_rules::Status;

use crate::cli::Args;
use crate::games::build::Setup;
use crate::games::effects::{Sfx, Stage};
use crate::play::board::AnimQueue;
use crate::play::board::{Caption, GameOverTimer, Match, Resolution, TableDirty};
use crate::play::messages::PlaySfx;
use crate::play::result::result_line;
use crate::play::start::decide;
use crate::state::{Phase, Remote, Review, Screen};

pub(crate) fn run_stage(
    stage: Stage,
) -> impl FnMut(ResMut<Match>, ResMut<Resolution>, ResMut<AnimQueue>, ResMut<Caption>) {
    move |mut m, mut res, mut queue, mut caption| {
        if res.next != Some(stage) || !queue.idle() {
            return;
        }
        let anims = m.0.stage(stage);
        res.done.push(stage);
        res.next = Stage::ALL
            .iter()
            .position(|s| *s == stage)
            .and_then(|i| Stage::ALL.get(i + 1))
            .copied();
        if let Some(first) = anims.first() {
            caption.0 = first.caption.clone();
        }
        queue.steps.extend(anims);
    }
}

pub(crate) fn advance(
    m: Res<Match>,
    setup: Res<Setup>,
    mut res: ResMut<Resolution>,
    queue: Res<AnimQueue>,
    phase: Option<Res<State<Phase>>>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut dirty: ResMut<TableDirty>,
    mut caption: ResMut<Caption>,
    mut sfx: MessageWriter<PlaySfx>,
    (review, remote): (Res<Review>, Res<Remote>),
) {
    if !res.active || res.next.is_some() || !queue.idle() {
        return;
    }
    res.active = false;
    dirty.0 = true;
    let phase_now = decide(m.0.as_ref(), &setup, &remote, review.0);
    if phase_now == Phase::GameOver {
        caption.0 = result_line(m.0.as_ref(), None);
        let human_won = match m.0.status() {
            Status::Win { winner, .. } => {
                let seat = m.0.colour_of_seat(winner);
                (setup.seats[seat.index()].is_none() && setup.seats[seat.other().index()].is_some())
                    .then_some(true)
                    .or(
                        (setup.seats[seat.index()].is_some() && setup.seats[seat.other().index()].is_none())
                            .then_some(false),
                    )
            }
            _ => None,
        };
        sfx.write(PlaySfx(if human_won == Some(false) { Sfx::Loss } else { Sfx::Win }));
    }
    if phase.is_some_and(|p| *p.get() != phase_now) {
        next_phase.set(phase_now);
    }
}

pub(crate) fn game_over_timer(
    time: Res<Time>,
    phase: Option<Res<State<Phase>>>,
    mut t: ResMut<GameOverTimer>,
    mut next: ResMut<NextState<Screen>>,
    args: Option<Res<Args>>,
) {
    if phase.is_some_and(|p| *p.get() == Phase::GameOver) {
        t.0 += time.delta_secs();
        // A screenshot run keeps the final board in view, unless it asked for the result card.
        let shooting = args.is_some_and(|a| a.screenshot.is_some() && a.show.as_deref() != Some("result"));
        if t.0 > 2.5 && !shooting {
            next.set(Screen::Results);
        }
    } else {
        t.0 = 0.0;
    }
}

//! Computer turns and hints: the search runs on a search thread of its own (see
//! [`crate::games::search`]) over a cloned position with a `StopFlag`, polled each frame; the
//! frame never waits.
//! A short minimum thinking time keeps instant replies from jarring.

use bevy::prelude::*;
use parlour_ai::StopFlag;

use crate::games::any_match::{AiTask, AnyMatch};
use crate::games::build::Setup;
use crate::games::parts::Token;
use crate::games::search::Answer;
use crate::games::search::CLIENT_SEARCH_THREADS;
use crate::play::board::{Match, Resolution, Selection};
use crate::play::commands::handle_commands;
use crate::play::messages::{GameCommand, MoveInput};
use crate::schedule::{GameSet, RuleSet};
use crate::state::Paused;
use crate::state::{Phase, Remote, Screen};

/// Seconds the "thinking" display shows at least.
pub const MIN_THINK: f32 = 0.7;

/// The computer's search and the hint search.
#[derive(Resource, Default)]
pub struct AiTurn {
    task: Option<AiTask>,
    stop: StopFlag,
    /// Seconds since the search started.
    pub elapsed: f32,
    found: Option<Vec<Token>>,
    hint: Option<AiTask>,
    hint_stop: StopFlag,
    /// Frames polled while searching (tests check the app kept running).
    pub frames: u64,
    /// Search threads for the computer's tree searches, when not the client's choice
    /// ([`crate::games::search::CLIENT_SEARCH_THREADS`]); set by `--ai-threads`.
    pub threads: Option<u32>,
}

impl AiTurn {
    /// True while the computer searches or waits out the minimum display.
    pub fn thinking(&self) -> bool {
        self.task.is_some() || self.found.is_some()
    }

    /// True while a hint is being searched.
    pub fn hinting(&self) -> bool {
        self.hint.is_some()
    }

    /// Stops every search; their results are dropped.
    pub fn cancel(&mut self) {
        self.stop.cancel();
        self.hint_stop.cancel();
        self.task = None;
        self.hint = None;
        self.found = None;
    }

    /// Asks the computer to play its best move so far.
    pub fn move_now(&mut self) {
        self.stop.move_now();
        self.elapsed = self.elapsed.max(MIN_THINK);
    }

    /// Starts a hint search for the side to move.
    pub fn start_hint(&mut self, m: &dyn AnyMatch) {
        if self.hint.is_some() || m.status().is_over() {
            return;
        }
        self.hint_stop = StopFlag::new();
        self.hint = Some(m.spawn_hint(self.hint_stop.clone()));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiTurn>()
        .add_systems(OnEnter(Phase::AiThinking), start_search)
        .add_systems(OnExit(Screen::Playing), |mut ai: ResMut<AiTurn>| ai.cancel())
        .add_systems(
            Update,
            (poll_search.run_if(in_state(Phase::AiThinking)), poll_hint)
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, ai_commands.in_set(RuleSet::Accept).before(handle_commands));
}

/// The computer's part of a player's requests (`play` does the rest, under the same
/// conditions): a search stops when the position changes under it, a hint starts, the
/// computer is told to move now.
fn ai_commands(
    mut cmds: MessageReader<GameCommand>,
    m: Res<Match>,
    res: Res<Resolution>,
    remote: Res<Remote>,
    mut ai: ResMut<AiTurn>,
) {
    for cmd in cmds.read() {
        if res.active && *cmd != GameCommand::MoveNow {
            continue;
        }
        if remote.any() && matches!(cmd, GameCommand::Undo | GameCommand::Redo | GameCommand::Resign) {
            continue;
        }
        match cmd {
            GameCommand::Hint => ai.start_hint(m.0.as_ref()),
            GameCommand::MoveNow => ai.move_now(),
            GameCommand::Resign if m.0.status().is_over() => {}
            _ => ai.cancel(),
        }
    }
}

fn start_search(mut ai: ResMut<AiTurn>, m: Res<Match>, setup: Res<Setup>) {
    ai.cancel();
    let Some(level) = setup.seats[m.0.seat_to_move().index()] else {
        return;
    };
    ai.stop = StopFlag::new();
    ai.elapsed = 0.0;
    let threads = ai.threads.unwrap_or(CLIENT_SEARCH_THREADS);
    ai.task = Some(m.0.spawn_search(level, threads, ai.stop.clone()));
}

fn poll_search(
    time: Res<Time>,
    mut ai: ResMut<AiTurn>,
    paused: Option<Res<Paused>>,
    mut out: MessageWriter<MoveInput>,
) {
    if paused.is_some_and(|p| p.0) {
        return;
    }
    ai.elapsed += time.delta_secs();
    ai.frames += 1;
    if let Some(task) = ai.task.as_mut()
        && let Some(result) = task.poll()
    {
        ai.task = None;
        match result {
            Some(answer) => ai.found = Some(answer.tokens),
            None => warn!("the AI found no move"),
        }
    }
    if ai.elapsed >= MIN_THINK
        && let Some(tokens) = ai.found.take()
    {
        out.write(MoveInput::Whole(tokens));
    }
}

fn poll_hint(mut ai: ResMut<AiTurn>, mut sel: ResMut<Selection>) {
    if let Some(task) = ai.hint.as_mut()
        && let Some(result) = task.poll()
    {
        ai.hint = None;
        let Answer { tokens, proven, also } = result.unwrap_or_default();
        sel.hint = tokens;
        sel.hint_note = proven;
        sel.hint_also = also;
    }
}

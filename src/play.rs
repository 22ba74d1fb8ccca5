//! The match while it is played: screens and phases, the system sets, the `MoveInput`
//! message, the rule systems that resolve a move stage by stage, undo and redo, and keeping
//! the table's entities equal to the position. No rendering: a headless test drives a game
//! by writing messages and calling `app.update()`.

use bevy::prelude::*;
use parlour_rules::{Player, Status};

use crate::anim::AnimQueue;
use crate::games::{self, AnyMatch, Look, PaletteColours, Setup, Sfx, Stage, Table, Token};

/// The client's screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen.
    #[default]
    Title,
    /// The new-game dialog.
    NewGame,
    /// A match in play.
    Playing,
    /// The result of the match, over the final position.
    Results,
}

/// Where a match in play stands.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Phase {
    /// A human's turn: clicks are read.
    #[default]
    AwaitingInput,
    /// A move is being resolved and animated; input waits.
    Resolving,
    /// The AI searches on the task pool.
    AiThinking,
    /// The game is over (the last animations have played).
    GameOver,
    /// Stepping through the moves played (replay controls); no one moves.
    Reviewing,
    /// An online game: the other seat's move is awaited from the server.
    Remote,
}

/// The seats played from elsewhere (an online game): their moves come from the server.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remote(pub [bool; 2]);

impl Remote {
    /// True in an online game.
    pub fn any(&self) -> bool {
        self.0.iter().any(|r| *r)
    }
}

/// True while a walkthrough plays the moves: clicks on the board wait.
#[derive(Resource, Default, Debug)]
pub struct Teaching(pub bool);

/// True while the player steps through the game with the replay controls.
#[derive(Resource, Default, Debug)]
pub struct Review(pub bool);

/// Set to start the next match with the [`Match`] already in place (a loaded save, a pasted
/// move list, a finished game to replay) instead of a new one from [`Setup`].
#[derive(Resource, Default, Debug)]
pub struct KeepMatch(pub bool);

/// The order of the client's work each frame, chained once here.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Keyboard, pointer and AI results become messages.
    Input,
    /// The rules read the messages and resolve moves stage by stage.
    Rules,
    /// Pieces move.
    Animate,
    /// Highlights, labels, HUD state.
    Present,
}

/// The rule stages as system sets, chained inside [`GameSet::Rules`].
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Read `MoveInput` and start a move.
    Accept,
    /// One set per rule stage.
    Stage(StageId),
    /// Decide what happens next.
    Advance,
}

/// A [`Stage`] usable as a set label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StageId(pub u8);

/// A click on a spot or a choice, or a whole move (from the AI, a test or the command line).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum MoveInput {
    /// One click or button choice.
    Click(Token),
    /// A whole move.
    Whole(Vec<Token>),
}

/// A player's request from the HUD or the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back (against the AI: to your previous move).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Ask for a hint.
    Hint,
    /// The side to move resigns.
    Resign,
    /// Tell the thinking AI to move now.
    MoveNow,
    /// Start or stop replaying (stepping through the moves).
    Review(bool),
    /// Replay: back to the start position.
    ReplayStart,
    /// Replay: one move back.
    ReplayBack,
    /// Replay: one move forward, animated.
    ReplayForward,
    /// Replay: to the last move.
    ReplayEnd,
    /// Replay: to the position after this many moves (a click in the move list).
    ReplayTo(usize),
}

/// A sound to play.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySfx(pub Sfx);

/// The match being played.
#[derive(Resource)]
pub struct Match(pub Box<dyn AnyMatch>);

/// The clicks of a move being entered, and the hint shown.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// Tokens entered so far.
    pub prefix: Vec<Token>,
    /// The hint, if one was asked for.
    pub hint: Vec<Token>,
    /// What the hint's proof search found, when the position is proven won or lost.
    pub hint_note: Option<String>,
    /// What the prefix allows next (kept fresh by the rules).
    pub next: Vec<Token>,
    /// True when the prefix is a whole move that could also go on (click it again to stop).
    pub can_stop: bool,
    /// Why the last click was refused, shown by the pointer until the next click.
    pub refusal: Option<String>,
}

/// The rule stage to run next while a move is resolved.
#[derive(Resource, Default, Debug)]
pub struct Resolution {
    /// The next stage, or `None` once the last has run.
    pub next: Option<Stage>,
    /// True from the first stage until the last animation of the move has played.
    pub active: bool,
    /// Stages run so far in this move, in order (for tests and the log).
    pub done: Vec<Stage>,
}

/// Who resigned, if anyone.
#[derive(Resource, Default, Debug)]
pub struct Resigned(pub Option<Player>);

/// Moves to play at once when the match starts (`--moves`).
#[derive(Resource, Default, Debug, Clone)]
pub struct StartMoves(pub Vec<String>);

/// Set when the table's entities must be brought in line with the position.
#[derive(Resource, Default, Debug)]
pub struct TableDirty(pub bool);

/// The words under the board: what is happening or what to do.
#[derive(Resource, Default, Debug)]
pub struct Caption(pub String);

/// Seconds spent in the game-over phase before the result screen opens.
#[derive(Resource, Default, Debug)]
pub struct GameOverTimer(pub f32);

/// Everything spawned for the table; cleared when a match ends or starts.
#[derive(Component, Default, Clone, Copy)]
pub struct Tabletop;

/// A clickable place on the board.
#[derive(Component, Clone, Copy, Debug)]
#[require(Tabletop)]
pub struct Spot {
    /// Spot id.
    pub id: u16,
}

/// A piece on the table, by key ([`games::PieceDef::key`]).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(Tabletop)]
pub struct Piece {
    /// Its key.
    pub key: u32,
    /// What it looks like.
    pub look: Look,
}

/// A ConHex cell that can be tinted.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(Tabletop)]
pub struct CellTint {
    /// Cell index.
    pub cell: u16,
    /// Its owner's colour index.
    pub colour: Option<u8>,
    /// Lit as part of the winning chain.
    pub glow: bool,
}

/// The board itself; the view dresses it with meshes.
#[derive(Component, Clone)]
#[require(Tabletop)]
pub struct BoardRoot {
    /// The game's engine id (its camera framing).
    pub game: &'static str,
    /// How to draw it.
    pub table: Table,
    /// Side colours.
    pub palette: [Color; 2],
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Phase>()
        .add_message::<MoveInput>()
        .add_message::<GameCommand>()
        .add_message::<PlaySfx>()
        .init_resource::<Setup>()
        .init_resource::<Selection>()
        .init_resource::<Resolution>()
        .init_resource::<Resigned>()
        .init_resource::<StartMoves>()
        .init_resource::<TableDirty>()
        .init_resource::<Caption>()
        .init_resource::<GameOverTimer>()
        .init_resource::<Review>()
        .init_resource::<Teaching>()
        .init_resource::<KeepMatch>()
        .init_resource::<Remote>()
        .configure_sets(
            Update,
            (GameSet::Input, GameSet::Rules, GameSet::Animate, GameSet::Present).chain(),
        )
        .configure_sets(
            Update,
            (
                RuleSet::Accept,
                RuleSet::Stage(StageId(0)),
                RuleSet::Stage(StageId(1)),
                RuleSet::Stage(StageId(2)),
                RuleSet::Stage(StageId(3)),
                RuleSet::Advance,
            )
                .chain()
                .in_set(GameSet::Rules)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnEnter(Screen::Playing), start_match)
        .add_systems(Update, repaint_on_palette_change.run_if(in_state(Screen::Playing)))
        .add_systems(OnEnter(Screen::Title), clear_table)
        .add_systems(OnEnter(Screen::NewGame), clear_table)
        .add_systems(Update, accept_input.in_set(RuleSet::Accept))
        .add_systems(Update, handle_commands.in_set(RuleSet::Accept).after(accept_input))
        .add_systems(
            Update,
            (advance, sync_table, game_over_timer).chain().in_set(RuleSet::Advance),
        );
    for (i, stage) in Stage::ALL.into_iter().enumerate() {
        app.add_systems(Update, run_stage(stage).in_set(RuleSet::Stage(StageId(i as u8))));
    }
}

/// Despawns the table.
pub fn clear_table(mut commands: Commands, q: Query<Entity, With<Tabletop>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

/// Builds the match from [`Setup`] (or keeps the one in place, see [`KeepMatch`]), plays the
/// start moves and spawns the table.
#[allow(clippy::too_many_arguments)]
pub fn start_match(
    mut commands: Commands,
    setup: Res<Setup>,
    mut keep: ResMut<KeepMatch>,
    existing: Option<Res<Match>>,
    (mut review, remote): (ResMut<Review>, Res<Remote>),
    mut queue: ResMut<AnimQueue>,
    settings: Option<Res<crate::store::settings::Settings>>,
    start: Res<StartMoves>,
    old: Query<Entity, With<Tabletop>>,
    mut dirty: ResMut<TableDirty>,
    mut sel: ResMut<Selection>,
    mut res: ResMut<Resolution>,
    mut resigned: ResMut<Resigned>,
    mut caption: ResMut<Caption>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut notice: Option<ResMut<crate::store::settings::Notice>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    queue.steps.clear();
    queue.active = None;
    let kept = std::mem::take(&mut keep.0) && existing.is_some();
    if !kept {
        review.0 = false;
    }
    let fresh = if kept {
        None
    } else {
        let (fresh, problems) = fresh_match(&setup, &start.0);
        // A bad --options or --moves opens the game anyway, and says what was refused.
        if !problems.is_empty()
            && let Some(n) = notice.as_mut()
        {
            n.set(problems.join(" "), true);
        }
        fresh
    };
    let m: &dyn AnyMatch = match (&fresh, &existing) {
        (Some(f), _) => f.as_ref(),
        (None, Some(e)) => e.0.as_ref(),
        (None, None) => return,
    };
    let palette = settings
        .map(|s| s.palette)
        .unwrap_or_default()
        .colours(m.game_id(), m.palette());
    spawn_table(&mut commands, m, palette);
    *sel = Selection::default();
    *res = Resolution::default();
    resigned.0 = None;
    caption.0.clear();
    dirty.0 = true;
    next_phase.set(decide(m, &setup, &remote, review.0));
    if let Some(f) = fresh {
        commands.insert_resource(Match(f));
    }
}

/// Rebuilds the table around the match in progress when the colour palette changes, so the new
/// colours (and the colour-blind-safe palette's rings) show at once, not from the next board.
fn repaint_on_palette_change(
    mut commands: Commands,
    settings: Option<Res<crate::store::settings::Settings>>,
    mut last: Local<Option<crate::games::Palette>>,
    res: Res<Resolution>,
    queue: Res<AnimQueue>,
) {
    let Some(now) = settings.map(|s| s.palette) else { return };
    let Some(before) = *last else {
        *last = Some(now);
        return;
    };
    // A move being resolved finishes first (rebuilding would drop its remaining stages).
    if before == now || res.active || !queue.idle() {
        return;
    }
    *last = Some(now);
    commands.insert_resource(KeepMatch(true));
    commands.run_system_cached(start_match);
}

/// A match built from `setup` with the start moves played.
fn fresh_match(setup: &Setup, start: &[String]) -> (Option<Box<dyn AnyMatch>>, Vec<String>) {
    let mut problems = Vec::new();
    let mut m = match games::new_match(setup) {
        Ok(m) => m,
        Err(e) => {
            let name = crate::cli::game_name(&setup.game).unwrap_or("the game");
            problems.push(format!("{name}: {e}; the game opened with its usual options."));
            let fallback = Setup {
                game: setup.game.clone(),
                options: Vec::new(),
                seats: setup.seats,
            };
            match games::new_match(&fallback) {
                Ok(m) => m,
                Err(e) => {
                    problems.push(format!("{name} cannot start: {e}."));
                    return (None, problems);
                }
            }
        }
    };
    for (i, text) in start.iter().enumerate() {
        let refused = match m.parse(text) {
            Ok(tokens) if m.play_now(&tokens) => continue,
            Ok(_) => format!("move {} '{text}' is not legal here", i + 1),
            Err(e) => format!("move {} '{text}': {e}", i + 1),
        };
        let opened = match i {
            0 => "at the start".to_string(),
            1 => "after the move before it".to_string(),
            n => format!("after the {n} moves before it"),
        };
        problems.push(format!("--moves: {refused}; the game opened {opened}."));
        break;
    }
    for p in &problems {
        error!("{p}");
    }
    (Some(m), problems)
}

/// Spawns the board, its spots and (ConHex) its cells for `m`.
pub fn spawn_table(commands: &mut Commands, m: &dyn AnyMatch, palette: [Color; 2]) {
    let table = m.table();
    if let Table::ConHex { cells, .. } = &table {
        for i in 0..cells.len() {
            commands.spawn((
                CellTint {
                    cell: i as u16,
                    colour: None,
                    glow: false,
                },
                Transform::default(),
                Visibility::default(),
            ));
        }
    }
    commands.spawn((
        BoardRoot {
            game: m.game_id(),
            table,
            palette,
        },
        Transform::default(),
        Visibility::default(),
    ));
    for s in m.spots() {
        commands.spawn((Spot { id: s.id }, Transform::from_translation(s.pos), Name::new(s.name)));
    }
}

/// The phase a match at rest is in (`review`: the replay controls are in use).
pub fn decide(m: &dyn AnyMatch, setup: &Setup, remote: &Remote, review: bool) -> Phase {
    if review {
        Phase::Reviewing
    } else if m.status().is_over() {
        Phase::GameOver
    } else if remote.0[m.seat_to_move().index()] {
        Phase::Remote
    } else if setup.seats[m.seat_to_move().index()].is_some() {
        Phase::AiThinking
    } else {
        Phase::AwaitingInput
    }
}

#[allow(clippy::too_many_arguments)]
fn accept_input(
    mut inputs: MessageReader<MoveInput>,
    phase: Option<Res<State<Phase>>>,
    mut m: ResMut<Match>,
    mut sel: ResMut<Selection>,
    mut res: ResMut<Resolution>,
    mut sfx: MessageWriter<PlaySfx>,
    mut next_phase: ResMut<NextState<Phase>>,
    paused: Option<Res<crate::Paused>>,
    teaching: Res<Teaching>,
) {
    let human_turn = phase.as_ref().is_some_and(|p| *p.get() == Phase::AwaitingInput);
    // Whole moves come from the AI, or from the server in an online game.
    let ai_turn = phase
        .as_ref()
        .is_some_and(|p| matches!(*p.get(), Phase::AiThinking | Phase::Remote));
    let paused = paused.is_some_and(|p| p.0) || teaching.0;
    for input in inputs.read() {
        let whole = match input {
            MoveInput::Whole(tokens) if (human_turn || ai_turn) && !res.active => Some(tokens.clone()),
            MoveInput::Click(token) if human_turn && !res.active && !paused => click(m.0.as_ref(), &mut sel, *token),
            _ => None,
        };
        let Some(tokens) = whole else {
            if let MoveInput::Click(_) = input
                && human_turn
                && sel.prefix.is_empty()
                && !res.active
            {
                sfx.write(PlaySfx(Sfx::Invalid));
            }
            continue;
        };
        if m.0.begin(&tokens) {
            start_resolving(&mut sel, &mut res, &mut next_phase);
        } else {
            sfx.write(PlaySfx(Sfx::Invalid));
        }
    }
    let c = m.0.candidates(&sel.prefix);
    sel.next = c.next;
    sel.can_stop = c.complete && !sel.prefix.is_empty();
}

/// One click on the move being entered; returns the whole move once it is complete.
fn click(m: &dyn AnyMatch, sel: &mut Selection, token: Token) -> Option<Vec<Token>> {
    let mut longer = sel.prefix.clone();
    longer.push(token);
    let c = m.candidates(&longer);
    sel.refusal = None;
    if c.valid {
        if c.complete && c.next.is_empty() {
            return Some(longer);
        }
        sel.prefix = longer;
        return None;
    }
    if sel.prefix.last() == Some(&token) {
        // Clicking the last spot again stops a chain there, or puts the piece back.
        if m.candidates(&sel.prefix).complete {
            return Some(std::mem::take(&mut sel.prefix));
        }
        sel.prefix.clear();
        return None;
    }
    let fresh = m.candidates(&[token]);
    if fresh.valid {
        if fresh.complete && fresh.next.is_empty() {
            sel.prefix.clear();
            return Some(vec![token]);
        }
        sel.prefix = vec![token];
    } else {
        // Neither a step of the move begun nor the start of another: say why, in the rules'
        // words where the clicks spell a move the rules can judge.
        let why = m.refusal(&sel.prefix, token).unwrap_or_else(|| {
            format!(
                "{} cannot move there: choose one of the highlighted spots.",
                cap(&m.side_name(m.to_move()))
            )
        });
        sel.refusal = Some(why);
        sel.prefix.clear();
    }
    None
}

fn run_stage(stage: Stage) -> impl FnMut(ResMut<Match>, ResMut<Resolution>, ResMut<AnimQueue>, ResMut<Caption>) {
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

#[allow(clippy::too_many_arguments)]
fn advance(
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

/// The result in one line.
pub fn result_line(m: &dyn AnyMatch, resigned: Option<Player>) -> String {
    if let Some(seat) = resigned {
        let colour = m.colour_of_seat(seat);
        let (loser, winner) = (m.side_name(colour), m.side_name(colour.other()));
        return format!(
            "{} {}: {} {}",
            cap(&loser),
            verb(&loser, "resign"),
            cap(&winner),
            verb(&winner, "win")
        );
    }
    match m.status() {
        Status::Ongoing => String::new(),
        Status::Win { winner, reason } => {
            let name = m.side_name(winner);
            // Kansho's result name says more than its reason word: "White wins — Technical
            // Victory (65–56)"; elsewhere the reason in words: "Blue wins (connection)".
            match m.result_text() {
                Some(t) => format!("{} {} — {t}", cap(&name), verb(&name, "win")),
                None => format!("{} {} ({})", cap(&name), verb(&name, "win"), words(reason)),
            }
        }
        Status::Draw { reason } => format!("A draw ({})", words(reason)),
    }
}

/// An engine reason word for players: "no-moves" → "no moves".
fn words(reason: impl std::fmt::Display) -> String {
    reason.to_string().replace('-', " ")
}

/// `verb` agreeing with a side's name: "soldiers win", "white wins", "water wins".
fn verb(side: &str, verb: &str) -> String {
    if side == "soldiers" {
        verb.to_string()
    } else {
        format!("{verb}s")
    }
}

/// The word with a capital first letter.
pub fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn game_over_timer(
    time: Res<Time>,
    phase: Option<Res<State<Phase>>>,
    mut t: ResMut<GameOverTimer>,
    mut next: ResMut<NextState<Screen>>,
    args: Option<Res<crate::cli::Args>>,
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

#[allow(clippy::too_many_arguments)]
fn handle_commands(
    mut cmds: MessageReader<GameCommand>,
    mut m: ResMut<Match>,
    setup: Res<Setup>,
    mut res: ResMut<Resolution>,
    mut review: ResMut<Review>,
    mut sel: ResMut<Selection>,
    mut dirty: ResMut<TableDirty>,
    mut resigned: ResMut<Resigned>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut ai: ResMut<crate::ai::AiTurn>,
    mut sfx: MessageWriter<PlaySfx>,
    (remote, mut notice, mut net): (
        Res<Remote>,
        Option<ResMut<crate::store::settings::Notice>>,
        MessageWriter<crate::net::NetCommand>,
    ),
) {
    for cmd in cmds.read() {
        if res.active && *cmd != GameCommand::MoveNow {
            continue;
        }
        if remote.any() && matches!(cmd, GameCommand::Undo | GameCommand::Redo | GameCommand::Resign) {
            // The server holds the game: nothing is taken back; a seated player resigns
            // through the server (the result comes back from it, stored), a watcher cannot.
            let seated = !remote.0.iter().all(|r| *r);
            if *cmd == GameCommand::Resign && seated && !m.0.status().is_over() {
                net.write(crate::net::NetCommand::Resign);
                continue;
            }
            if let Some(n) = notice.as_mut() {
                n.set(
                    if *cmd == GameCommand::Resign {
                        "Only a player at the table can resign; you are watching."
                    } else {
                        "An online game is played to its end: moves cannot be taken back."
                    },
                    false,
                );
            }
            sfx.write(PlaySfx(Sfx::Invalid));
            continue;
        }
        match cmd {
            GameCommand::Undo | GameCommand::Redo => {
                ai.cancel();
                let undo = *cmd == GameCommand::Undo;
                let mut changed = false;
                loop {
                    let ok = if undo { m.0.undo() } else { m.0.redo() };
                    if !ok {
                        break;
                    }
                    changed = true;
                    let human = setup.seats[m.0.seat_to_move().index()].is_none();
                    let any_human = setup.seats.iter().any(Option::is_none);
                    if human || !any_human {
                        break;
                    }
                }
                if changed {
                    *sel = Selection::default();
                    dirty.0 = true;
                    resigned.0 = None;
                    next_phase.set(decide(m.0.as_ref(), &setup, &remote, review.0));
                    sfx.write(PlaySfx(Sfx::Click));
                } else {
                    sfx.write(PlaySfx(Sfx::Invalid));
                }
            }
            GameCommand::Review(on) => {
                ai.cancel();
                review.0 = *on;
                *sel = Selection::default();
                next_phase.set(decide(m.0.as_ref(), &setup, &remote, review.0));
            }
            GameCommand::ReplayStart | GameCommand::ReplayBack | GameCommand::ReplayEnd | GameCommand::ReplayTo(_) => {
                ai.cancel();
                review.0 = true;
                let at = m.0.history().len();
                let total = at + m.0.redo_len();
                let target = match *cmd {
                    GameCommand::ReplayStart => 0,
                    GameCommand::ReplayBack => at.saturating_sub(1),
                    GameCommand::ReplayTo(n) => n.min(total),
                    _ => total,
                };
                let mut now = at;
                while now != target {
                    let ok = if now > target { m.0.undo() } else { m.0.redo() };
                    if !ok {
                        break;
                    }
                    now = m.0.history().len();
                }
                let changed = now != at;
                *sel = Selection::default();
                dirty.0 = true;
                resigned.0 = None;
                next_phase.set(Phase::Reviewing);
                sfx.write(PlaySfx(if changed { Sfx::Click } else { Sfx::Invalid }));
            }
            GameCommand::ReplayForward => {
                ai.cancel();
                review.0 = true;
                if m.0.redo_begin() {
                    // The move plays again through every rule stage with its animations.
                    start_resolving(&mut sel, &mut res, &mut next_phase);
                } else {
                    sfx.write(PlaySfx(Sfx::Invalid));
                }
            }
            GameCommand::Hint => ai.start_hint(m.0.as_ref()),
            GameCommand::MoveNow => ai.move_now(),
            GameCommand::Resign => {
                if !m.0.status().is_over() {
                    ai.cancel();
                    resigned.0 = Some(m.0.seat_to_move());
                    next_screen.set(Screen::Results);
                }
            }
        }
    }
}

/// Brings pieces and cell tints in line with the position when the table is dirty.
pub fn sync_table(
    mut commands: Commands,
    m: Option<Res<Match>>,
    mut dirty: ResMut<TableDirty>,
    mut pieces: Query<(Entity, &mut Piece, &mut Transform)>,
    mut tints: Query<&mut CellTint>,
) {
    let Some(m) = m else { return };
    if !dirty.0 {
        return;
    }
    dirty.0 = false;
    sync_pieces(&mut commands, m.0.as_ref(), &mut pieces, &mut tints);
}

/// Moves, adds and removes piece entities and sets cell tints so the table shows `m`'s
/// position (the match in play, or the title screen's backdrop game).
pub fn sync_pieces(
    commands: &mut Commands,
    m: &dyn AnyMatch,
    pieces: &mut Query<(Entity, &mut Piece, &mut Transform)>,
    tints: &mut Query<&mut CellTint>,
) {
    let mut want: std::collections::HashMap<u32, games::PieceDef> =
        m.pieces().into_iter().map(|p| (p.key, p)).collect();
    for (e, mut piece, mut tf) in pieces.iter_mut() {
        match want.remove(&piece.key) {
            Some(def) => {
                if piece.look != def.look {
                    piece.look = def.look;
                }
                tf.translation = def.pos;
                tf.rotation = Quat::IDENTITY;
                tf.scale = Vec3::ONE;
            }
            None => commands.entity(e).despawn(),
        }
    }
    for def in want.into_values() {
        commands.spawn(piece_bundle(def.key, def.look, def.pos));
    }
    let tint: std::collections::HashMap<u16, Option<u8>> = m.tints().into_iter().collect();
    let lit = m.lit_cells();
    for mut t in tints.iter_mut() {
        let colour = tint.get(&t.cell).copied().flatten();
        if t.colour != colour {
            t.colour = colour;
        }
        let glow = lit.contains(&t.cell);
        if t.glow != glow {
            t.glow = glow;
        }
    }
}

/// A piece entity at rest.
pub fn piece_bundle(key: u32, look: Look, pos: Vec3) -> impl Bundle {
    (
        Piece { key, look },
        Transform::from_translation(pos),
        Visibility::default(),
    )
}

/// Clears the selection and starts running a move's rule stages from the first one.
fn start_resolving(sel: &mut Selection, res: &mut Resolution, next_phase: &mut NextState<Phase>) {
    *sel = Selection::default();
    res.next = Some(Stage::Place);
    res.active = true;
    res.done.clear();
    next_phase.set(Phase::Resolving);
}

//! The title screen's backdrop: the table itself, with a game of the five being played on it
//! move by move (real games between the computer's levels, recorded once and played back with
//! the same animations as a match), while the camera drifts slowly round the board. After each
//! game the next of the five is set up.

use bevy::prelude::*;
use parlour_rules::GameId;

use crate::games::any_match::AnyMatch;
use crate::games::build::Palette;
use crate::games::build::new_match;
use crate::games::build::{PaletteColours, setup_of};
use crate::games::effects::Stage;
use crate::play::board::AnimQueue;
use crate::play::board::piece_bundle;
use crate::play::board::{CellTint, Piece, Tabletop};
use crate::play::start::clear_table;
use crate::play::start::spawn_table;
use crate::play::sync::sync_pieces;
use crate::schedule::GameSet;
use crate::state::Screen;
use crate::table::camera::OrbitCam;

/// A recorded game: engine id, options, and its moves in the rule pages' notation. Each was
/// played by `parlour-engine match … --a "level=strong ms=40" --b … --opening 2 --moves`.
struct Recorded {
    game: GameId,
    options: &'static [(&'static str, &'static str)],
    /// Moves already made when the game comes on the table.
    shown_from: usize,
    moves: &'static str,
}

/// The order the recordings are shown in (one per game: a game added to the registry is a
/// compile error here until it has its place and its recording).
const ORDER: [GameId; GameId::ALL.len()] = [
    GameId::Konane,
    GameId::Soldiers,
    GameId::ConHex,
    GameId::Qyshinsu,
    GameId::Kansho,
];

/// The recorded game of `game`.
fn recording(game: GameId) -> Recorded {
    match game {
        GameId::Konane => Recorded {
            game,
            options: &[],
            shown_from: 14,
            moves: "xa8 xa7 c8-a8 b6-b8 d7-b7 c5-c7 e6-c6 c7-a7 f7-d7 b4-b6 a8-c8 d8-b8 a6-a8 f8-d8 a4-a6 h8-f8 \
                    g6-g8 h6-h8 e4-e6 g5-e5 d5-f5 g3-g5 a2-a4 g5-e5 d3-d5 e5-c5 e6-g6 e3-g3 b3-d3 h4-h6 h3-f3 \
                    e1-e3 f3-f5 g1-g3 d3-f3 c1-e1 f1-d1 g3-e3 c2-e2 a1-c1 d1-b1 f2-d2 g8-e8 c5-c3 e8-c8 h6-f6 \
                    f5-f7 b8-d8 h1-h3 b6-d6 d7-d5",
        },
        GameId::Soldiers => Recorded {
            game,
            options: &[("variant", "board3")],
            shown_from: 8,
            moves: "d5-e5 c5-a5 b3-a3 a5-a6 d1-e1 a6-a5 b6-b5 a5-c5 d6-d5 c5-b5 c6-d6 b5-b3 e1-e2 b3-b4 b8-a8 \
                    b4-a4 d7-e7 a4-a2 e2-e1 a2-a3 b7-b6 a3-a4 e5-e4 a4-a5 c7-c6 a5-a6 d3-e3 a6-a5 c8-b8 a5-a6 \
                    c4-b4 a6-a5 e3-e2 a5-b5 b6-a6 b5-b3-d3-d1 d4-d3 d1-d2 e4-d4 d2-d1 c2-d2",
        },
        GameId::ConHex => Recorded {
            game,
            options: &[],
            shown_from: 10,
            moves: "J3 E9 I10 J7 H9 I7 I8 H7 G8 F8 I6 J6 H6 H5 G6 G4 F4 G3 E3 E4 D5 D3 C4 D2 B3 C2 A1 B5 B4 B6 \
                    C6 J9 F5 G10 H10",
        },
        GameId::Qyshinsu => Recorded {
            game,
            options: &[],
            shown_from: 12,
            moves: "1@5 4@6 o@10 4@9 o@1 3@2 2@11 x@9 x@1 x@2 x@5 o@4 3@3 2@12 4@2 x@6 x@2 5@6 3@1 x@4 x@3 x@6 \
                    x@1 4@4 4@8 x@12 2@2 1@12 1@1 x@12 x@1 o@12 3@1 x@4 x@8 x@12 x@11 2@9 3@7 o@4 1@3 x@4 x@3 \
                    5@4 1@11 4@12 1@8 x@9 x@7 x@4 3@9 5@6 x@11 x@12 2@4 x@6 x@1",
        },
        GameId::Kansho => Recorded {
            game,
            options: &[],
            shown_from: 12,
            moves: "-4,-4 -6,5 -5,3 -7,4 -8,6 -2,-5 -6,2 -6,4 -4,4 -4,2 -3,0 -5,0 -6,-1 -4,-2 -2,-3 -7,1 -6,2 \
                    -1,-2 1,-3 -3,5 0,-5 -1,-3 -2,-1 0,-3 -3,3 -4,2 2,-4 -2,-3 -4,7 2,-6 -1,3 -3,5 3,-8 -2,1 \
                    -8,0 -7,1 -3,-6 -5,9 4,-10 -6,6+-7,6+-5,5 2,-9 -10,7",
        },
    }
}

/// Seconds between one move's last animation and the next move.
const PAUSE: f32 = 1.1;
/// Seconds the final position stays before the next game is set up.
const LAST_PAUSE: f32 = 4.0;
/// Radians a second the camera drifts round the board.
const DRIFT: f32 = 0.045;

/// The game on the title screen's table.
#[derive(Resource)]
pub struct Backdrop {
    /// Which of the recorded games.
    index: usize,
    m: Box<dyn AnyMatch>,
    moves: Vec<&'static str>,
    /// The next move to play.
    next: usize,
    /// The next rule stage of the move being shown, if one is.
    stage: Option<usize>,
    /// Seconds until the next move.
    wait: f32,
}

/// Which recorded game the title screen shows next (it moves on each time the title opens).
#[derive(Resource, Default)]
struct NextBackdrop(usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NextBackdrop>()
        // The game goes on behind the new-game chooser too; a match puts it away.
        .add_systems(OnEnter(Screen::Title), set_up.after(clear_table))
        .add_systems(OnEnter(Screen::NewGame), set_up.after(clear_table))
        .add_systems(OnEnter(Screen::Playing), put_away)
        .add_systems(
            Update,
            (play_on, drift).in_set(GameSet::Rules).run_if(
                in_state(Screen::Title)
                    .or_else(in_state(Screen::NewGame))
                    .and_then(resource_exists::<Backdrop>),
            ),
        );
}

/// The recorded game `index` with its first moves made, or `None` if it cannot be set up (it
/// always can: a test plays every recorded game through).
fn backdrop(index: usize) -> Option<Backdrop> {
    let rec = recording(ORDER[index % ORDER.len()]);
    let (setup, _) = setup_of(rec.game, rec.options, [None, None]);
    let mut m = new_match(&setup).ok()?;
    let moves: Vec<&'static str> = rec.moves.split_whitespace().collect();
    for text in &moves[..rec.shown_from.min(moves.len())] {
        let tokens = m.parse(text).ok()?;
        if !m.play_now(&tokens) {
            return None;
        }
    }
    Some(Backdrop {
        index: index % ORDER.len(),
        m,
        next: rec.shown_from.min(moves.len()),
        moves,
        stage: None,
        wait: PAUSE,
    })
}

/// Spawns the board and pieces of `m` in the player's palette.
fn lay_out(commands: &mut Commands, m: &dyn AnyMatch, palette: Palette) {
    spawn_table(commands, m, palette.colours(m.game_id(), m.palette()));
    for def in m.pieces() {
        commands.spawn(piece_bundle(def.key, def.look, def.pos));
    }
}

/// Puts the backdrop's game on the (cleared) table: the one in progress when there is one (from
/// the title to the chooser and back it goes on), else the next recorded game.
fn set_up(
    mut commands: Commands,
    mut next: ResMut<NextBackdrop>,
    settings: Option<Res<parlour_saves::settings::Settings>>,
    mut queue: ResMut<AnimQueue>,
    current: Option<ResMut<Backdrop>>,
) {
    queue.steps.clear();
    queue.active = None;
    let palette = settings.as_ref().map(|s| s.palette).unwrap_or_default();
    if let Some(mut b) = current {
        // A move cut short by the screen change lands at once.
        if let Some(i) = b.stage.take() {
            for stage in Stage::ALL.iter().skip(i) {
                b.m.stage(*stage);
            }
        }
        lay_out(&mut commands, b.m.as_ref(), palette);
        return;
    }
    let Some(b) = backdrop(next.0) else { return };
    next.0 = b.index + 1;
    lay_out(&mut commands, b.m.as_ref(), palette);
    commands.insert_resource(b);
}

fn put_away(mut commands: Commands, mut queue: ResMut<AnimQueue>) {
    commands.remove_resource::<Backdrop>();
    queue.steps.clear();
    queue.active = None;
}

/// Plays the recorded game on, one rule stage at a time as a match does, silently.
fn play_on(
    mut commands: Commands,
    time: Res<Time>,
    mut b: ResMut<Backdrop>,
    mut queue: ResMut<AnimQueue>,
    mut pieces: Query<(Entity, &mut Piece, &mut Transform)>,
    mut tints: Query<&mut CellTint>,
    table: Query<Entity, With<Tabletop>>,
    settings: Option<Res<parlour_saves::settings::Settings>>,
) {
    if !queue.idle() {
        return;
    }
    let b = &mut *b;
    if let Some(i) = b.stage {
        if let Some(stage) = Stage::ALL.get(i) {
            let mut steps = b.m.stage(*stage);
            for s in &mut steps {
                s.sound = None;
            }
            queue.steps.extend(steps);
            b.stage = Some(i + 1);
        } else {
            b.stage = None;
            sync_pieces(&mut commands, b.m.as_ref(), &mut pieces, &mut tints);
            b.wait = if b.next >= b.moves.len() || b.m.status().is_over() {
                LAST_PAUSE
            } else {
                PAUSE
            };
        }
        return;
    }
    b.wait -= time.delta_secs();
    if b.wait > 0.0 {
        return;
    }
    let over = b.next >= b.moves.len() || b.m.status().is_over();
    let tokens = (!over).then(|| b.m.parse(b.moves[b.next]).ok()).flatten();
    match tokens {
        Some(tokens) if b.m.begin(&tokens) => {
            b.next += 1;
            b.stage = Some(0);
        }
        _ => {
            // The game is over (or a recording no longer parses): the next one.
            for e in &table {
                commands.entity(e).despawn();
            }
            if let Some(fresh) = backdrop(b.index + 1) {
                let palette = settings.as_ref().map(|s| s.palette).unwrap_or_default();
                lay_out(&mut commands, fresh.m.as_ref(), palette);
                *b = fresh;
            }
        }
    }
}

/// Turns the camera slowly round the board, which sits to the right of the title card (and
/// in the middle behind the chooser).
fn drift(time: Res<Time>, mut cam: ResMut<OrbitCam>, screen: Res<State<Screen>>) {
    let (_, _, dist, home) = cam.home;
    cam.yaw += DRIFT * time.delta_secs();
    cam.pitch = 0.86;
    cam.dist = dist * 1.3;
    let aside = if *screen.get() == Screen::Title { 3.4 } else { 0.0 };
    let right = Vec3::new(cam.yaw.cos(), 0.0, -cam.yaw.sin());
    cam.target = Vec3::new(0.0, home.y, 0.0) - right * aside;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every recorded game sets up and plays through to its last move by the rules.
    #[test]
    fn every_recorded_game_plays_through() {
        assert!(
            GameId::ALL.iter().all(|g| ORDER.contains(g)),
            "every game has its place"
        );
        for (i, rec) in ORDER.map(recording).iter().enumerate() {
            let mut b = backdrop(i).unwrap_or_else(|| panic!("{} does not set up", rec.game));
            assert_eq!(b.m.game_id(), rec.game);
            assert!(b.next < b.moves.len(), "{}: something left to show", rec.game);
            while b.next < b.moves.len() {
                let text = b.moves[b.next];
                let tokens = b.m.parse(text).unwrap_or_else(|e| panic!("{}: {text}: {e}", rec.game));
                assert!(b.m.play_now(&tokens), "{}: {text} is not legal", rec.game);
                b.next += 1;
            }
            assert!(b.m.status().is_over(), "{}: the recording ends the game", rec.game);
            // The soldiers' win shows where the general was pinned; the others show nothing.
            assert_eq!(
                !b.m.decisive_spots().is_empty(),
                rec.game == GameId::Soldiers,
                "{}",
                rec.game
            );
        }
    }
}

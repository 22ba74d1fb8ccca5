//! The camera: orbits with the right mouse button, zooms with the wheel, resets (C) and
//! switches to top-down (T). Each game gets a framing that shows its whole board.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use parlour_rules::GameId;
use parlour_saves::settings::{CameraMode, Settings};

use crate::games::client::about;
use crate::schedule::GameSet;
use crate::state::Remote;
use crate::theme::layout::{Layout, LayoutKind};

/// Where the camera looks from.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OrbitCam {
    /// Angle around the vertical axis.
    pub yaw: f32,
    /// Angle above the table.
    pub pitch: f32,
    /// Distance from the target.
    pub dist: f32,
    /// The point looked at.
    pub target: Vec3,
    /// The framing to reset to.
    pub home: (f32, f32, f32, Vec3),
    /// True when a reset looks straight down (the camera-mode setting).
    pub top_down_home: bool,
    /// The board framed last (its game and the half-size of the board with a little cloth),
    /// so a resize or a rotation can frame it again for the new screen.
    pub board: Option<(GameId, Vec2)>,
    /// An online game is on the table: an upright small screen keeps the offers' strip clear
    /// above the caption ([`OFFER_STRIP`]).
    pub offers: bool,
}

impl Default for OrbitCam {
    fn default() -> Self {
        let home = (0.0, 0.95, 11.0, Vec3::ZERO);
        OrbitCam {
            yaw: home.0,
            pitch: home.1,
            dist: home.2,
            target: home.3,
            home,
            top_down_home: false,
            board: None,
            offers: false,
        }
    }
}

impl OrbitCam {
    /// Frames the board of a game (`half`: the board's half-size with a little cloth) for the
    /// layout in force and makes that the home view.
    pub fn frame_board(&mut self, game: GameId, half: Vec2, layout: &Layout) {
        self.board = Some((game, half));
        if layout.compact() {
            self.home = fitted_home(half, layout, self.offers);
            self.reset();
        } else {
            self.frame(game);
        }
    }

    /// Frames the board of a game for the desktop's layout and makes that the home view.
    pub fn frame(&mut self, game: GameId) {
        self.home = about(game).home;
        self.reset();
    }

    /// A three-quarter view of a board whose cloth mat has half-size `half` (x, z), filling a
    /// view of `aspect` (width / height): the new-game chooser's pictures. Home too.
    pub fn frame_card(&mut self, half: Vec2, aspect: f32) {
        const PITCH: f32 = 1.05;
        // Bevy's default vertical field of view is 45 degrees; seen at PITCH, the mat's depth
        // shrinks by sin(PITCH).
        let tan = (std::f32::consts::FRAC_PI_4 / 2.0).tan();
        let dist = (half.y * PITCH.sin() / tan).max(half.x / (tan * aspect)) * 0.95;
        self.home = (0.0, PITCH, dist, Vec3::ZERO);
        self.reset();
    }

    /// Back to the home view.
    pub fn reset(&mut self) {
        (self.yaw, self.pitch, self.dist, self.target) = self.home;
        if self.top_down_home {
            self.pitch = TOP_DOWN;
        }
    }

    /// Straight down on the board, or back.
    pub fn toggle_top_down(&mut self) {
        if self.pitch > 1.5 {
            self.pitch = self.home.1;
        } else {
            self.pitch = TOP_DOWN;
            self.yaw = 0.0;
        }
    }

    fn transform(&self) -> Transform {
        let off = Vec3::new(
            self.dist * self.pitch.cos() * self.yaw.sin(),
            self.dist * self.pitch.sin(),
            self.dist * self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(self.target + off).looking_at(self.target, Vec3::Y)
    }
}

/// What the fingers on the screen are doing, for the board's taps: a finger that orbited the
/// view, or any touch while two fingers pinched or panned, is not also a tap.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct Gesture {
    /// The touches since the first finger went down have moved the view.
    pub moved: bool,
}

impl Gesture {
    /// How far a finger may wander (logical pixels) and still tap.
    pub const SLOP: f32 = 14.0;
}

/// How much of the window's left side a window over the table covers (physical pixels): the
/// review's. The camera's picture is shifted right by half of it (a lens shift through Bevy's
/// sub-view, so picking and the keyboard cursor see the same picture) and the board stays clear.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ViewInset {
    /// The left strip covered.
    pub left: f32,
}

/// The home view of a small screen: the whole board (`half`: its half-size) inside the part of
/// the screen the compact bar and the caption leave free, as large as fits, seen from a pitch
/// steep enough that the far rows stay readable. Found by trying distances outwards (and the
/// look-at point along both axes, to centre the board in the free part) on the board's corners
/// projected through Bevy's default 45° lens. With `offers` (an online game) an upright screen
/// also keeps the offers' strip free above the caption.
pub fn fitted_home(half: Vec2, layout: &Layout, offers: bool) -> (f32, f32, f32, Vec3) {
    let (w, h) = (layout.width.max(1.0), layout.height.max(1.0));
    let aspect = w / h;
    let (pitch, free): (f32, [f32; 4]) = match layout.kind {
        // Insets in logical pixels: left, right, top, bottom.
        LayoutKind::Portrait => (1.2, [8.0, 8.0, PORTRAIT_BAR, bottom_strip(layout, offers)]),
        _ => (1.05, [LANDSCAPE_COLUMN, 8.0, 8.0, CAPTION_STRIP]),
    };
    // The free part in normalised device coordinates, with a small margin.
    let ndc = |px: f32, size: f32| 2.0 * px / size;
    let (x0, x1) = (-1.0 + ndc(free[0], w) + 0.02, 1.0 - ndc(free[1], w) - 0.02);
    let (y0, y1) = (-1.0 + ndc(free[3], h) + 0.04, 1.0 - ndc(free[2], h) - 0.04);
    let tan = (std::f32::consts::FRAC_PI_4 / 2.0).tan();
    let (sp, cp) = pitch.sin_cos();
    // Screen position (NDC) of the ground point (x, z) seen from distance d looking at (sx, sz).
    let project = |d: f32, sx: f32, sz: f32, x: f32, z: f32| {
        let depth = d - (z - sz) * cp;
        ((x - sx) / (depth * tan * aspect), -(z - sz) * sp / (depth * tan))
    };
    let corners = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)].map(|(a, b)| (a * half.x, b * half.y));
    // The nearest distance at which the board fits at all (d0) leaves no room to centre it:
    // a little farther, the look-at point can move it to the middle of the free part. The
    // score weighs how far off centre (in NDC) against how much farther (a 5 % step costs 0.2).
    let mut d = (half.x.max(half.y) * 1.2).max(4.0);
    let mut nearest: Option<f32> = None;
    let mut best: Option<(f32, f32, f32, f32)> = None;
    while d < 60.0 && nearest.is_none_or(|d0| d <= d0 * 1.1) {
        for i in -12..=12 {
            let sx = half.x * i as f32 / 12.0;
            for j in -12..=12 {
                let sz = half.y * j as f32 / 12.0;
                let pts = corners.map(|(x, z)| project(d, sx, sz, x, z));
                let fits = pts.iter().all(|&(px, py)| px >= x0 && px <= x1 && py >= y0 && py <= y1);
                if !fits {
                    continue;
                }
                let d0 = *nearest.get_or_insert(d);
                // How far the board's middle sits from the free part's.
                let (lo_x, hi_x) = pts
                    .iter()
                    .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
                let (lo_y, hi_y) = pts
                    .iter()
                    .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
                let off = ((lo_x + hi_x) - (x0 + x1)).abs() + ((lo_y + hi_y) - (y0 + y1)).abs();
                let score = off + 4.0 * (d / d0 - 1.0);
                if best.is_none_or(|b| score < b.0) {
                    best = Some((score, d, sx, sz));
                }
            }
        }
        d *= 1.01;
    }
    match best {
        Some((_, d, sx, sz)) => (0.0, pitch, d, Vec3::new(sx, 0.0, sz)),
        None => (0.0, pitch, 60.0, Vec3::ZERO),
    }
}

/// The top bar of the portrait layout (logical pixels), kept clear of the board: its three rows
/// at touch sizes measured 133 px from the top edge in the browser at 390 × 844.
pub const PORTRAIT_BAR: f32 = 144.0;
/// The strip the caption takes at the bottom of a compact layout.
pub const CAPTION_STRIP: f32 = 64.0;
/// The strip above the caption that an upright small screen keeps for an online game's offers
/// (a sentence and a row of finger-sized buttons).
pub const OFFER_STRIP: f32 = 92.0;

/// What a compact layout keeps free at the bottom: the caption's strip, and on an upright
/// screen in an online game the offers' above it (a screen on its side has them in its column).
pub fn bottom_strip(layout: &Layout, offers: bool) -> f32 {
    if offers && layout.kind == LayoutKind::Portrait {
        CAPTION_STRIP + OFFER_STRIP
    } else {
        CAPTION_STRIP
    }
}

/// The column the landscape layout's bar takes at the left.
pub const LANDSCAPE_COLUMN: f32 = 216.0;

/// The pitch of the top-down view (just short of vertical, so "up" stays defined).
const TOP_DOWN: f32 = 1.5607;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCam>()
        .init_resource::<ViewInset>()
        .init_resource::<Gesture>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            follow_setting
                .before(control)
                .in_set(GameSet::Input)
                .run_if(resource_exists_and_changed::<Settings>),
        )
        .add_systems(Update, (control, reframe).in_set(GameSet::Input))
        .add_systems(Update, (apply, shift).in_set(GameSet::Present));
}

/// The camera-mode setting: a reset looks straight down, or from three-quarters.
fn follow_setting(settings: Res<Settings>, mut cam: ResMut<OrbitCam>) {
    let top = settings.camera == CameraMode::TopDown;
    if cam.top_down_home != top {
        cam.top_down_home = top;
        cam.reset();
    }
}

fn spawn_camera(mut commands: Commands, cam: Res<OrbitCam>) {
    commands.spawn((Camera3d::default(), cam.transform()));
}

pub(super) fn control(
    mut cam: ResMut<OrbitCam>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    touches: Res<Touches>,
    mut gesture: ResMut<Gesture>,
) {
    let (pointer, keyboard) = egui_wants
        .map(|w| (w.wants_any_pointer_input(), w.wants_any_keyboard_input()))
        .unwrap_or_default();
    if !pointer {
        if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
            cam.yaw -= motion.delta.x * 0.008;
            cam.pitch = (cam.pitch + motion.delta.y * 0.006).clamp(0.15, 1.5607);
        }
        if scroll.delta.y != 0.0 {
            cam.dist = (cam.dist * (1.0 - scroll.delta.y * 0.08)).clamp(4.0, 30.0);
        }
    }
    touch_control(&mut cam, &touches, &mut gesture, pointer);
    if !keyboard {
        if keys.just_pressed(KeyCode::KeyC) {
            cam.reset();
        }
        if keys.just_pressed(KeyCode::KeyT) {
            cam.toggle_top_down();
        }
    }
}

/// On a small screen a resize or a rotation frames the board again for the new screen (every
/// spot on it), and so does an online game's start or end (the offers' strip); a desktop's
/// window keeps the player's view unless the layout itself changes.
fn reframe(layout: Res<Layout>, remote: Option<Res<Remote>>, mut cam: ResMut<OrbitCam>, mut was: Local<LayoutKind>) {
    let online = remote.is_some_and(|r| r.any());
    let strip = cam.offers != online;
    if !layout.is_changed() && !strip {
        return;
    }
    if strip {
        cam.offers = online;
    }
    let kind_changed = std::mem::replace(&mut *was, layout.kind) != layout.kind;
    if (layout.compact() || kind_changed)
        && let Some((game, half)) = cam.board
    {
        cam.frame_board(game, half, &layout);
    }
}

/// Fingers on the table: one finger dragged past the slop orbits, two pinch to zoom and drag to
/// pan. A new first finger starts a new gesture.
fn touch_control(cam: &mut OrbitCam, touches: &Touches, gesture: &mut Gesture, over_ui: bool) {
    let fingers: Vec<&bevy::input::touch::Touch> = touches.iter().collect();
    // Every finger down is new (a tap may start and end within one frame): a new gesture.
    if touches.any_just_pressed() && fingers.iter().all(|f| touches.just_pressed(f.id())) {
        *gesture = Gesture::default();
    }
    match fingers.as_slice() {
        [one] => {
            if one.start_position().distance(one.position()) > Gesture::SLOP && !over_ui {
                gesture.moved = true;
            }
            if gesture.moved {
                let d = one.delta();
                cam.yaw -= d.x * 0.008;
                cam.pitch = (cam.pitch + d.y * 0.006).clamp(0.15, TOP_DOWN);
            }
        }
        [a, b, ..] => {
            gesture.moved = true;
            let (now_a, now_b) = (a.position(), b.position());
            let (was_a, was_b) = (now_a - a.delta(), now_b - b.delta());
            let (now, was) = (now_a.distance(now_b), was_a.distance(was_b));
            if now > 1.0 && was > 1.0 {
                cam.dist = (cam.dist * was / now).clamp(4.0, 30.0);
            }
            // The two fingers' midpoint drags the table along under them.
            let pan = (a.delta() + b.delta()) / 2.0;
            let right = Vec3::new(cam.yaw.cos(), 0.0, -cam.yaw.sin());
            let ahead = Vec3::new(-cam.yaw.sin(), 0.0, -cam.yaw.cos());
            let k = cam.dist * 0.0016;
            cam.target += (-right * pan.x + ahead * pan.y) * k;
        }
        [] => {}
    }
}

fn apply(cam: Res<OrbitCam>, mut q: Query<&mut Transform, With<Camera3d>>) {
    if !cam.is_changed() {
        return;
    }
    for mut tf in &mut q {
        *tf = cam.transform();
    }
}

/// Shifts the picture right by half the strip a window covers on the left (see [`ViewInset`]).
fn shift(
    inset: Res<ViewInset>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cams: Query<&mut Camera, With<Camera3d>>,
) {
    let Ok(window) = windows.single() else { return };
    let (w, h) = (window.physical_width(), window.physical_height());
    let want = (inset.left >= 1.0 && w > 0 && h > 0).then(|| bevy::camera::SubCameraView {
        full_size: UVec2::new(w + inset.left.round() as u32, h),
        offset: Vec2::ZERO,
        size: UVec2::new(w, h),
    });
    for mut cam in &mut cams {
        if cam.sub_camera_view != want {
            cam.sub_camera_view = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::camera::{CameraProjection, PerspectiveProjection};

    use super::*;

    /// Where a ground point lands on a `w` × `h` screen (logical pixels from the top left),
    /// through Bevy's own perspective projection from the camera's transform.
    fn on_screen(cam: &OrbitCam, w: f32, h: f32, p: Vec3) -> Vec2 {
        let proj = PerspectiveProjection {
            aspect_ratio: w / h,
            ..default()
        };
        let clip = proj.get_clip_from_view() * cam.transform().to_matrix().inverse() * p.extend(1.0);
        let ndc = clip.truncate() / clip.w;
        Vec2::new((ndc.x + 1.0) / 2.0 * w, (1.0 - ndc.y) / 2.0 * h)
    }

    #[test]
    fn a_small_screens_home_view_shows_the_whole_board_between_the_bar_and_the_caption() {
        // Phones upright and on their side, a small tablet upright; boards square, wide and deep.
        for (w, h) in [(390.0, 844.0), (844.0, 390.0), (360.0, 640.0), (768.0, 1024.0)] {
            let layout = Layout {
                kind: LayoutKind::of(w, h),
                width: w,
                height: h,
            };
            assert!(layout.compact());
            let (left, top) = match layout.kind {
                LayoutKind::Portrait => (0.0, PORTRAIT_BAR),
                _ => (LANDSCAPE_COLUMN, 0.0),
            };
            // An online game's strip for the offers as well, on an upright screen.
            for (half, offers) in [
                Vec2::splat(3.7),
                Vec2::new(4.5, 4.5),
                Vec2::new(7.2, 6.4),
                Vec2::new(2.6, 3.9),
            ]
            .into_iter()
            .flat_map(|half| [(half, false), (half, true)])
            {
                let bottom = bottom_strip(&layout, offers);
                let mut cam = OrbitCam {
                    offers,
                    ..Default::default()
                };
                cam.frame_board(GameId::Konane, half, &layout);
                let corners = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
                    .map(|(a, b)| on_screen(&cam, w, h, Vec3::new(a * half.x, 0.0, b * half.y)));
                for c in corners {
                    assert!(
                        c.x >= left && c.x <= w && c.y >= top && c.y <= h - bottom,
                        "{w}×{h}, board {half}, offers {offers}: a corner at {c} is off the free part of the screen"
                    );
                }
                // In the middle of the free part (within a tenth of it)...
                let mid = |v: &dyn Fn(&Vec2) -> f32| {
                    (corners.iter().map(v).fold(f32::MIN, f32::max) + corners.iter().map(v).fold(f32::MAX, f32::min))
                        / 2.0
                };
                let (mx, my) = (mid(&|c| c.x), mid(&|c| c.y));
                assert!(
                    (mx - (left + w) / 2.0).abs() < 0.1 * (w - left)
                        && (my - (top + h - bottom) / 2.0).abs() < 0.1 * (h - top - bottom),
                    "{w}×{h}, board {half}, offers {offers}: its middle {mx},{my} is off the free part's"
                );
                // ...and as large as fits: it spans most of the free width or height.
                let span_x = corners.iter().map(|c| c.x).fold(f32::MIN, f32::max)
                    - corners.iter().map(|c| c.x).fold(f32::MAX, f32::min);
                let span_y = corners.iter().map(|c| c.y).fold(f32::MIN, f32::max)
                    - corners.iter().map(|c| c.y).fold(f32::MAX, f32::min);
                let (free_w, free_h) = (w - left - 16.0, h - top - bottom - 16.0);
                assert!(
                    span_x > 0.8 * free_w || span_y > 0.8 * free_h,
                    "{w}×{h}, board {half}, offers {offers}: the board spans only {span_x}×{span_y} of {free_w}×{free_h}"
                );
            }
        }
    }

    #[test]
    fn a_desktop_keeps_its_framing_and_a_resize_there_keeps_the_players_view() {
        let desktop = Layout {
            kind: LayoutKind::Desktop,
            width: 1280.0,
            height: 800.0,
        };
        let mut framed = OrbitCam::default();
        framed.frame_board(GameId::Konane, Vec2::splat(4.5), &desktop);
        let mut by_game = OrbitCam::default();
        by_game.frame(GameId::Konane);
        assert_eq!(framed.home, by_game.home);
    }
}

//! The page state the browser build publishes for scripts (`window.parlourState`) and the
//! page's own frame clock (`window.parlourUpdateMs`).

/// What the page can read of the game, for scripts driving a browser (the project's own
/// browser test): `window.parlourState`, a JSON text with the screen, the phase, the moves
/// played, the result line, and the spots a click may choose now with where they are on the
/// page (CSS pixels), how many searches the search worker has answered, the ply shown (in a
/// replay or a review, the position of that ply) and how far the review's analysis has got.
/// Only the browser build publishes it.
pub fn plugin(app: &mut bevy::prelude::App) {
    #[cfg(target_arch = "wasm32")]
    use bevy::prelude::IntoScheduleConfigs;
    #[cfg(target_arch = "wasm32")]
    app.init_resource::<UpdateClock>()
        // The file picker is in the page from the start (a script may hand it a file).
        .add_systems(bevy::prelude::Startup, || {
            if let Err(e) = crate::platform::page_files::picker() {
                bevy::log::warn!("no file picker in the page: {e}");
            }
        })
        .add_systems(bevy::prelude::First, start_update_clock)
        .add_systems(bevy::prelude::Last, (publish_page_state, stop_update_clock).chain());
    let _ = app;
}

/// The page's own work per frame in the browser: the main schedules' time from `First` to
/// `Last` (input, rules, animations, the AI's poll, the panels' layout; not the renderer's),
/// published each frame as `window.parlourUpdateMs`, the last 300 frames' times in
/// milliseconds, for the browser benchmark (`scripts/measure-web.sh`).
#[cfg(target_arch = "wasm32")]
#[derive(bevy::prelude::Resource, Default)]
struct UpdateClock {
    start: Option<crate::platform::Instant>,
    times: std::collections::VecDeque<f32>,
}

#[cfg(target_arch = "wasm32")]
fn start_update_clock(mut clock: bevy::prelude::ResMut<UpdateClock>) {
    clock.start = Some(crate::platform::Instant::now());
}

#[cfg(target_arch = "wasm32")]
fn stop_update_clock(mut clock: bevy::prelude::ResMut<UpdateClock>) {
    let Some(start) = clock.start.take() else { return };
    let ms = start.elapsed().as_secs_f32() * 1000.0;
    if clock.times.len() == 300 {
        clock.times.pop_front();
    }
    clock.times.push_back(ms);
    if let Some(window) = web_sys::window()
        && let Ok(text) = serde_json::to_string(&clock.times)
    {
        let _ = js_sys::Reflect::set(&window, &"parlourUpdateMs".into(), &text.as_str().into());
    }
}

/// The page state as JSON (see [`plugin`]).
pub fn page_state(
    screen: crate::state::Screen,
    phase: Option<crate::state::Phase>,
    m: Option<&dyn crate::games::any_match::AnyMatch>,
    clickable: &[(u16, String, f32, f32)],
    online_code: &str,
    worker_answers: u64,
    notice: &str,
    ui: serde_json::Value,
    review: serde_json::Value,
) -> String {
    let moves: Vec<String> = m
        .map(|m| m.history().into_iter().map(|(_, t)| t).collect())
        .unwrap_or_default();
    let next: Vec<serde_json::Value> = clickable
        .iter()
        .map(|(id, name, x, y)| serde_json::json!({ "spot": id, "name": name, "x": x, "y": y }))
        .collect();
    serde_json::json!({
        "screen": format!("{screen:?}"),
        "phase": phase.map(|p| format!("{p:?}")),
        "game": m.map(|m| m.game_id().id()),
        "moves": moves,
        "ply": m.map(|m| m.plies()),
        "over": m.is_some_and(|m| m.status().is_over()),
        "result": m.map(|m| crate::play::result::result_line(m, None)).unwrap_or_default(),
        "next": next,
        "online": online_code,
        "worker_answers": worker_answers,
        "notice": notice,
        "ui": ui,
        "review": review,
    })
    .to_string()
}

/// The review's analysis as the page state gives it: `{"record", "plies", "running",
/// "failed"}` — the moves in the record being analysed, the plies analysed so far, whether the
/// analysis is still running, and why it stopped short (`null` when it did not).
pub fn review_state(review: &crate::review::analysis::ReviewAnalysis) -> serde_json::Value {
    serde_json::json!({
        "record": review.record.len(),
        "plies": review.plies.len(),
        "running": review.busy(),
        "failed": review.failed,
    })
}

#[cfg(target_arch = "wasm32")]
fn publish_page_state(
    screen: bevy::prelude::Res<bevy::prelude::State<crate::state::Screen>>,
    phase: Option<bevy::prelude::Res<bevy::prelude::State<crate::state::Phase>>>,
    m: Option<bevy::prelude::Res<crate::play::board::Match>>,
    sel: bevy::prelude::Res<crate::play::board::Selection>,
    spots: bevy::prelude::Query<(&crate::play::board::Spot, &bevy::prelude::GlobalTransform)>,
    cams: bevy::prelude::Query<
        (&bevy::prelude::Camera, &bevy::prelude::GlobalTransform),
        bevy::prelude::With<bevy::prelude::Camera3d>,
    >,
    online: bevy::prelude::Res<crate::net::OnlineStatus>,
    notice: bevy::prelude::Res<crate::state::Notice>,
    mut last: bevy::prelude::Local<String>,
    (mut contexts, layout, review): (
        bevy_egui::EguiContexts,
        bevy::prelude::Res<crate::theme::layout::Layout>,
        bevy::prelude::Res<crate::review::analysis::ReviewAnalysis>,
    ),
) {
    use crate::games::parts::Token;
    let mut clickable = Vec::new();
    if let (Some(m), Some((cam, cam_tf))) = (m.as_ref(), cams.iter().next()) {
        let names = m.0.spots();
        for t in &sel.next {
            let Token::Spot(id) = t else { continue };
            let Some((_, tf)) = spots.iter().find(|(s, _)| s.id == *id) else {
                continue;
            };
            let Ok(v) = cam.world_to_viewport(cam_tf, tf.translation()) else {
                continue;
            };
            let name = names
                .iter()
                .find(|s| s.id == *id)
                .map(|s| s.name.clone())
                .unwrap_or_default();
            clickable.push((*id, name, v.x, v.y));
        }
    }
    let text = page_state(
        *screen.get(),
        phase.map(|p| *p.get()),
        m.as_ref().map(|m| m.0.as_ref()),
        &clickable,
        &online.code,
        crate::games::search::worker_answers(),
        &notice.text,
        ui_state(&mut contexts, &layout),
        review_state(&review),
    );
    if *last != text
        && let Some(window) = web_sys::window()
    {
        let _ = js_sys::Reflect::set(&window, &"parlourState".into(), &text.as_str().into());
        *last = text;
    }
}

/// The page's layout and where its windows and named controls are (CSS pixels), for scripts
/// checking that nothing is off the screen: `{"layout", "width", "height", "windows": [{"name",
/// "x", "y", "w", "h"}], "targets": {name: [x, y, w, h]}, "button"}`.
#[cfg(target_arch = "wasm32")]
fn ui_state(contexts: &mut bevy_egui::EguiContexts, layout: &crate::theme::layout::Layout) -> serde_json::Value {
    use bevy_egui::egui;
    let Ok(ctx) = contexts.ctx_mut() else {
        return serde_json::Value::Null;
    };
    let zoom = ctx.zoom_factor();
    let px = |r: egui::Rect| [r.min.x * zoom, r.min.y * zoom, r.width() * zoom, r.height() * zoom];
    const NAMES: [&str; 18] = [
        "title",
        "New game",
        "hud",
        "bar",
        "caption",
        "offers",
        "choose",
        "Result",
        "Paused",
        "Settings",
        "notice",
        "Load a saved game",
        "Play online",
        "Lobby",
        "Leaderboard",
        "Player",
        "Review",
        "guide",
    ];
    // A window's id is its title as egui's atoms give it (`Some(text)`), hashed.
    let mut windows: Vec<serde_json::Value> = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| matches!(l.order, egui::Order::Middle | egui::Order::Foreground))
            .filter_map(|l| {
                let rect = m.area_rect(l.id)?;
                let name = NAMES
                    .iter()
                    .find(|n| egui::Id::new(Some(**n)) == l.id)
                    .copied()
                    .unwrap_or("");
                let [x, y, w, h] = px(rect);
                Some(serde_json::json!({ "name": name, "x": x, "y": y, "w": w, "h": h }))
            })
            .collect()
    });
    windows.sort_by_key(|w| w["name"].as_str().unwrap_or_default().to_string());
    let targets: serde_json::Map<String, serde_json::Value> = crate::theme::layout::targets(ctx)
        .into_iter()
        .map(|(name, r)| (name.to_string(), serde_json::json!(px(r))))
        .collect();
    serde_json::json!({
        "layout": format!("{:?}", layout.kind),
        "width": layout.width,
        "height": layout.height,
        "windows": windows,
        "targets": targets,
        // How tall egui makes a button here (CSS pixels): a finger's 44 on a small screen or
        // once a finger has been used.
        "button": ctx.global_style().spacing.interact_size.y * zoom,
    })
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui;

    use super::page_state;

    #[test]
    fn a_windows_id_is_its_title_as_the_page_state_reads_it() {
        // The page state names windows by their ids: egui hashes a window's title as `Some(text)`.
        let ctx = egui::Context::default();
        for _ in 0..2 {
            crate::theme::keyboard::tests::pass(&ctx, &[], |ui| {
                egui::Window::new("hud").show(ui.ctx(), |ui| ui.label("moves"));
            });
        }
        assert!(ctx.memory(|m| m.area_rect(egui::Id::new(Some("hud")))).is_some());
        assert!(ctx.memory(|m| m.area_rect(egui::Id::new("hud"))).is_none());
    }

    #[test]
    fn the_page_state_names_the_screen_the_moves_and_the_clickable_spots() {
        let (setup, _) = crate::games::build::setup_of(parlour_rules::GameId::Konane, &[("size", "6x6")], [None, None]);
        let m = crate::games::build::match_from_moves(&setup, "xa6").unwrap();
        let text = page_state(
            crate::state::Screen::Playing,
            Some(crate::state::Phase::AwaitingInput),
            Some(m.as_ref()),
            &[(3, "b6".into(), 10.5, 20.0)],
            "",
            2,
            "Added my-game.json.",
            serde_json::json!({ "layout": "Portrait" }),
            super::review_state(&crate::review::analysis::ReviewAnalysis {
                record: vec!["xa6".into()],
                ..Default::default()
            }),
        );
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["screen"], "Playing");
        assert_eq!(v["phase"], "AwaitingInput");
        assert_eq!(v["moves"], serde_json::json!(["xa6"]));
        assert_eq!(v["next"][0]["name"], "b6");
        assert_eq!(v["over"], false);
        assert_eq!(v["ply"], 1);
        assert_eq!(v["worker_answers"], 2);
        assert_eq!(v["notice"], "Added my-game.json.");
        assert_eq!(v["review"]["record"], 1);
        assert_eq!(v["review"]["plies"], 0);
        assert_eq!(v["review"]["running"], false);
        assert_eq!(v["review"]["failed"], serde_json::Value::Null);
        assert_eq!(v["ui"]["layout"], "Portrait");
    }
}

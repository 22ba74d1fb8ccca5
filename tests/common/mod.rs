//! What the headless client tests share.

use bevy::prelude::*;

/// Steps frames until `done` holds (at most `frames`).
pub fn until(app: &mut App, frames: usize, done: impl Fn(&App) -> bool) -> bool {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return true;
        }
    }
    false
}

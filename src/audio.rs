//! Sound with bevy_kira_audio: every effect is synthesised here as a small WAV in memory at
//! start-up (no files to ship; see `assets/CREDITS.md`), played when the logic writes a
//! `PlaySfx` message, with volume and mute. Without an audio device kira logs one warning and
//! the game stays silent.

use std::collections::HashMap;
use std::io::Cursor;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use parlour_saves::settings::Settings;

use crate::games::effects::Sfx;
use crate::play::messages::PlaySfx;
use crate::schedule::GameSet;

#[derive(Resource, Default)]
struct Sounds(HashMap<Sfx, Handle<AudioSource>>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_systems(Startup, make_sounds)
        .add_systems(Update, play_sounds.in_set(GameSet::Present));
}

const RATE: u32 = 44_100;

/// A 16-bit mono WAV file of `samples` in −1..1.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = samples.len() as u32 * 2;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32_000.0) as i16).to_le_bytes());
    }
    out
}

/// The samples of one effect.
pub fn synth(sfx: Sfx) -> Vec<f32> {
    let mut seed = 0x2545_f491_u32;
    let mut noise = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as f32 / u32::MAX as f32 * 2.0 - 1.0
    };
    let tau = std::f32::consts::TAU;
    let len = |secs: f32| (secs * RATE as f32) as usize;
    let mut tone = |out: &mut Vec<f32>, at: f32, secs: f32, f0: f32, f1: f32, decay: f32, amp: f32, grit: f32| {
        let start = len(at);
        let n = len(secs);
        if out.len() < start + n {
            out.resize(start + n, 0.0);
        }
        let mut phase = 0.0f32;
        for i in 0..n {
            let t = i as f32 / RATE as f32;
            let f = f0 + (f1 - f0) * (i as f32 / n as f32);
            phase += tau * f / RATE as f32;
            let env = (-t * decay).exp() * (1.0 - (-(t * 400.0)).exp());
            out[start + i] += amp * env * (phase.sin() * (1.0 - grit) + noise() * grit);
        }
    };
    let mut s = Vec::new();
    match sfx {
        Sfx::Place => tone(&mut s, 0.0, 0.12, 190.0, 140.0, 45.0, 0.8, 0.35),
        Sfx::Flip => {
            tone(&mut s, 0.0, 0.06, 700.0, 900.0, 70.0, 0.5, 0.3);
            tone(&mut s, 0.06, 0.08, 950.0, 1200.0, 60.0, 0.5, 0.3);
        }
        Sfx::Capture => tone(&mut s, 0.0, 0.2, 520.0, 240.0, 18.0, 0.6, 0.2),
        Sfx::Discard => {
            for k in 0..7 {
                tone(
                    &mut s,
                    0.03 * k as f32 + 0.15,
                    0.08,
                    300.0 + 40.0 * k as f32,
                    250.0,
                    60.0,
                    0.35,
                    0.6,
                );
            }
            tone(&mut s, 0.0, 0.25, 90.0, 60.0, 14.0, 0.6, 0.25);
        }
        Sfx::Invalid => tone(&mut s, 0.0, 0.18, 130.0, 110.0, 10.0, 0.4, 0.5),
        Sfx::Win => {
            for (k, f) in [523.3, 659.3, 784.0, 1046.5].into_iter().enumerate() {
                tone(&mut s, 0.12 * k as f32, 0.5, f, f, 5.0, 0.35, 0.0);
            }
        }
        Sfx::Loss => {
            for (k, f) in [392.0, 311.1, 261.6].into_iter().enumerate() {
                tone(&mut s, 0.18 * k as f32, 0.6, f, f * 0.98, 4.0, 0.35, 0.0);
            }
        }
        Sfx::Click => tone(&mut s, 0.0, 0.03, 1400.0, 1200.0, 120.0, 0.35, 0.1),
        // Two short high beeps: heard over the pieces' sounds, over before the next move.
        Sfx::LowTime => {
            tone(&mut s, 0.0, 0.09, 1760.0, 1760.0, 25.0, 0.4, 0.0);
            tone(&mut s, 0.14, 0.09, 1760.0, 1760.0, 25.0, 0.4, 0.0);
        }
    }
    s
}

/// Every effect.
pub const ALL: [Sfx; 9] = [
    Sfx::Place,
    Sfx::Flip,
    Sfx::Capture,
    Sfx::Discard,
    Sfx::Invalid,
    Sfx::Win,
    Sfx::Loss,
    Sfx::Click,
    Sfx::LowTime,
];

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut map = HashMap::new();
    for sfx in ALL {
        match StaticSoundData::from_cursor(Cursor::new(wav(&synth(sfx)))) {
            Ok(sound) => {
                map.insert(sfx, sources.add(AudioSource { sound }));
            }
            Err(e) => warn!("sound {sfx:?} could not be made: {e}"),
        }
    }
    commands.insert_resource(Sounds(map));
}

fn play_sounds(
    mut msgs: MessageReader<PlaySfx>,
    sounds: Option<Res<Sounds>>,
    audio: Res<Audio>,
    settings: Option<Res<Settings>>,
) {
    let Some(sounds) = sounds else { return };
    // The player's sound settings (without a settings file yet: 0.7, not muted).
    let (level, muted) = settings.map_or((0.7, false), |s| (s.volume, s.muted));
    for PlaySfx(sfx) in msgs.read() {
        if muted || level <= 0.0 {
            continue;
        }
        if let Some(h) = sounds.0.get(sfx) {
            let db = 20.0 * level.max(0.001).log10();
            audio.play(h.clone()).with_volume(Decibels(db));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_a_short_audible_wav() {
        for sfx in ALL {
            let s = synth(sfx);
            assert!(
                s.len() > 500 && s.len() < RATE as usize * 2,
                "{sfx:?}: {} samples",
                s.len()
            );
            assert!(s.iter().any(|x| x.abs() > 0.05), "{sfx:?} is silent");
            let w = wav(&s);
            assert_eq!(&w[..4], b"RIFF");
            assert_eq!(w.len(), 44 + 2 * s.len());
        }
    }
}

//! What a move does on the table, step by step: animations, sounds and the rule stages.

use bevy::prelude::*;

use super::parts::Look;

/// One movement within an animation step.
#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    /// A new piece drops from above onto `pos`.
    Drop {
        /// Key of the new piece.
        key: u32,
        /// Where it lands.
        pos: Vec3,
        /// Its look.
        look: Look,
    },
    /// A piece lifts off the table and disappears (a capture, a removal).
    Lift {
        /// The piece.
        key: u32,
    },
    /// A piece flips over to a new look (a Kansho replacement).
    Flip {
        /// The piece.
        key: u32,
        /// The look after the flip.
        look: Look,
    },
    /// A piece travels through `path`, hopping along arcs, and is then known by `to_key`.
    Travel {
        /// The piece.
        key: u32,
        /// The points it passes, the last one where it ends.
        path: Vec<Vec3>,
        /// Its key afterwards.
        to_key: u32,
        /// True to hop in arcs; false to slide.
        hop: bool,
    },
    /// A Kansho discard: the piece rolls to `via` (the hole) and falls to `to`.
    Discard {
        /// The piece.
        key: u32,
        /// The hole's centre.
        via: Vec3,
        /// Its place in the discard box.
        to: Vec3,
        /// Its key in the box.
        to_key: u32,
    },
    /// A board cell takes a colour (`None` clears it).
    Tint {
        /// The cell.
        cell: u16,
        /// The colour index.
        colour: Option<u8>,
    },
    /// The winning chain lights up.
    Glow {
        /// Its cells.
        cells: Vec<u16>,
    },
}

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A piece put down.
    Place,
    /// A marker flipped.
    Flip,
    /// A piece captured.
    Capture,
    /// Markers dropping into the discard box.
    Discard,
    /// An action that is not allowed.
    Invalid,
    /// The human won.
    Win,
    /// The human lost.
    Loss,
    /// A button.
    Click,
    /// This player's clock went low (online, on a live clock).
    LowTime,
}

/// One animated step: its parts play together, the steps of a move one after another.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimStep {
    /// What is happening, in words.
    pub caption: String,
    /// The parts.
    pub parts: Vec<Anim>,
    /// How long it takes, in seconds.
    pub secs: f32,
    /// The sound at its start.
    pub sound: Option<Sfx>,
}

impl AnimStep {
    /// A step from its caption, parts, duration and sound.
    pub fn new(caption: impl Into<String>, parts: Vec<Anim>, secs: f32, sound: Option<Sfx>) -> Self {
        AnimStep {
            caption: caption.into(),
            parts,
            secs,
            sound,
        }
    }
}

/// The stages a move is resolved in. Games without separate stage functions do everything in
/// [`Stage::Place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The move itself.
    Place,
    /// Kansho: surrounded areas discarded.
    Discard,
    /// Kansho: solo waves.
    Solo,
    /// The turn passes (or the game ends).
    End,
}

impl Stage {
    /// The stages in order.
    pub const ALL: [Stage; 4] = [Stage::Place, Stage::Discard, Stage::Solo, Stage::End];
}

//! Keeping the table's entities equal to the position.

use bevy::prelude::*;

use crate::games::any_match::AnyMatch;
use crate::games::parts::PieceDef;
use crate::play::board::{CellTint, Match, Piece, TableDirty, piece_bundle};

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
    let mut want: std::collections::HashMap<u32, PieceDef> = m.pieces().into_iter().map(|p| (p.key, p)).collect();
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

//! A player's clicks and whole moves (from the AI, the server or a test) read and started.

use bevy::prelude::*;

use crate::games::any_match::AnyMatch;
use crate::games::effects::{Sfx, Stage};
use crate::games::parts::Token;
use crate::games::words::cap;
use crate::play::board::{Match, Resolution, Selection};
use crate::play::messages::{MoveInput, PlaySfx};
use crate::state::{Paused, Phase, Teaching};

pub(crate) fn accept_input(
    mut inputs: MessageReader<MoveInput>,
    phase: Option<Res<State<Phase>>>,
    mut m: ResMut<Match>,
    mut sel: ResMut<Selection>,
    mut res: ResMut<Resolution>,
    mut sfx: MessageWriter<PlaySfx>,
    mut next_phase: ResMut<NextState<Phase>>,
    paused: Option<Res<Paused>>,
    teaching: Res<Teaching>,
) {
    let human_turn = phase.as_ref().is_some_and(|p| *p.get() == Phase::AwaitingInput);
    // Whole moves come from the AI, or from the server in an online game.
    let ai_turn = phase
        .as_ref()
        .is_some_and(|p| matches!(*p.get(), Phase::AiThinking | Phase::Remote));
    let paused = paused.is_some_and(|p| p.0) || teaching.0;
    for input in inputs.read() {
        if *input == MoveInput::Cancel {
            if human_turn && !res.active {
                sel.prefix.clear();
                sel.refusal = None;
            }
            continue;
        }
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

/// Clears the selection and starts running a move's rule stages from the first one.
pub(crate) fn start_resolving(sel: &mut Selection, res: &mut Resolution, next_phase: &mut NextState<Phase>) {
    *sel = Selection::default();
    res.next = Some(Stage::Place);
    res.active = true;
    res.done.clear();
    next_phase.set(Phase::Resolving);
}

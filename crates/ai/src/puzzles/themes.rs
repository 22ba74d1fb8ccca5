//! The themes a player would name, read from what the solution's moves do (their recorded
//! steps) and how the game ends, one implementation of [`PuzzleGame`] per game.

use parlour_rules::conhex::{CellKind, ConHex, ConHexStep, board};
use parlour_rules::kansho::{Kansho, KanshoStep};
use parlour_rules::konane::{Konane, KonaneStep};
use parlour_rules::qyshinsu::{Kind, Qyshinsu, QyshinsuStep};
use parlour_rules::soldiers::{Soldiers, Step as SoldierStep};
use parlour_rules::{Game, Status};

use super::game::PuzzleGame;

/// The position after `line`, and how the game stands.
fn end_of<G: Game>(start: &G, line: &[G::Move]) -> Status {
    let mut s = start.clone();
    for &m in line {
        s.apply(m);
    }
    s.status()
}

/// Themes every game shares: the finish and the length.
fn common<G: Game>(start: &G, line: &[G::Move], out: &mut Vec<&'static str>) {
    let solver_moves = line.len().div_ceil(2);
    if end_of(start, line).is_over() {
        out.push(match solver_moves {
            1 => "last move",
            2 => "win in 2",
            3 => "win in 3",
            _ => "long win",
        });
    } else if solver_moves >= 3 {
        out.push("long line");
    }
}

/// The solver's moves' steps (even indices).
fn solver_steps<S>(steps: &[Vec<S>]) -> impl Iterator<Item = &Vec<S>> {
    steps.iter().step_by(2)
}

impl PuzzleGame for Konane {
    fn solver_proves(&self) -> bool {
        u32::from(self.width()) * u32::from(self.height()) <= 36
    }

    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let hops = |s: &Vec<KonaneStep>| s.iter().filter(|x| matches!(x, KonaneStep::Hop { .. })).count();
        match steps.first().map(hops).unwrap_or(0) {
            2 => out.push("double jump"),
            n if n >= 3 => out.push("multi jump"),
            _ => out.push("single jump"),
        }
        if let Some(first) = line.first() {
            let to = first.landing();
            let (w, h) = (start.width() - 1, start.height() - 1);
            let edge_x = to.file == 0 || to.file == w;
            let edge_y = to.rank == 0 || to.rank == h;
            if edge_x && edge_y {
                out.push("into the corner");
            } else if edge_x || edge_y {
                out.push("to the edge");
            }
        }
        if solver_steps(steps).skip(1).any(|s| hops(s) >= 2) && !out.contains(&"multi jump") {
            out.push("multi jump later");
        }
        // A jump that stops short of a longer one along the same line.
        if let Some(first) = line.first() {
            let text = start.format_move(first);
            let mut moves = Vec::new();
            start.legal_moves(&mut moves);
            if moves
                .iter()
                .any(|m| start.format_move(m).starts_with(&format!("{text}-")))
            {
                out.push("stop short");
            }
        }
        common(start, line, &mut out);
        out
    }
}

impl PuzzleGame for Soldiers {
    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let captures = |s: &Vec<SoldierStep>| {
            s.iter()
                .map(|x| match x {
                    SoldierStep::Jump { .. } => 1,
                    SoldierStep::Intervention { captured, .. } => captured.len(),
                    _ => 0,
                })
                .sum::<usize>()
        };
        match steps.first().map(captures).unwrap_or(0) {
            0 => out.push("quiet move"),
            1 => out.push("capture"),
            2 => out.push("capture two"),
            _ => out.push("capture three or more"),
        }
        if steps
            .iter()
            .flatten()
            .any(|x| matches!(x, SoldierStep::ApexReached { .. }))
        {
            out.push("reach the apex");
        }
        if let Status::Win { reason, .. } = end_of(start, line) {
            out.push(match reason {
                "shut-in" => "shut the general in",
                "captured" => "capture the general",
                "threshold" => "take enough soldiers",
                "pinned" => "pin the general",
                "apex" => "leave the apex",
                _ => "win",
            });
        }
        out.push(if start.side_to_move() == parlour_rules::Player::P1 {
            "the general to play"
        } else {
            "the soldiers to play"
        });
        common(start, line, &mut out);
        out
    }
}

impl PuzzleGame for ConHex {
    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let claims = |s: &Vec<ConHexStep>| s.iter().filter(|x| matches!(x, ConHexStep::Claim { .. })).count();
        match steps.first().map(claims).unwrap_or(0) {
            0 => out.push("quiet peg"),
            1 => out.push("claim a cell"),
            _ => out.push("claim two cells"),
        }
        let centre = steps.first().into_iter().flatten().any(|x| {
            matches!(x, ConHexStep::Claim { cell, .. }
                if board().cells.get(usize::from(*cell)).is_some_and(|c| c.kind == CellKind::Centre))
        });
        if centre {
            out.push("claim the centre cell");
        }
        if end_of(start, line).is_over() {
            out.push("complete the chain");
        }
        common(start, line, &mut out);
        out
    }
}

impl PuzzleGame for Kansho {
    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str> {
        let mut out = Vec::new();
        let me = start.side_to_move();
        let first = steps.first().cloned().unwrap_or_default();
        let replaced = first
            .iter()
            .filter(|x| matches!(x, KanshoStep::Replaced { .. }))
            .count();
        if replaced >= 2 {
            out.push("replace two");
        } else if replaced == 1 {
            out.push("replace");
        }
        if first
            .iter()
            .any(|x| matches!(x, KanshoStep::AreaDiscarded { colour, .. } if *colour != me))
        {
            out.push("surround an area");
        }
        if first.iter().any(|x| matches!(x, KanshoStep::SoloWave { .. })) {
            out.push("solo wave");
        }
        if let Status::Win { reason, .. } = end_of(start, line) {
            out.push(match reason {
                "annihilation" => "annihilation",
                "domination" => "domination",
                "outright-victory" => "outright victory",
                "technical-victory" => "technical victory",
                _ => "win on the count",
            });
        }
        common(start, line, &mut out);
        out
    }
}

impl PuzzleGame for Qyshinsu {
    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str> {
        let mut out = Vec::new();
        for s in steps.first().into_iter().flatten() {
            match s {
                QyshinsuStep::Removed { kind: Kind::Old, .. } => out.push("take back the Old Stone"),
                QyshinsuStep::Removed { .. } => out.push("take back a stone"),
                QyshinsuStep::Added { kind: Kind::Old, .. } => out.push("play the Old Stone"),
                _ => {}
            }
        }
        if matches!(end_of(start, line), Status::Win { reason: "no-moves", .. }) {
            out.push("leave no move");
        }
        common(start, line, &mut out);
        out
    }
}

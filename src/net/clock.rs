//! The clocks of an online game on a live clock (issue 75), as the table shows them: how a time
//! reads, when it is low, when the low-time warning sounds, how a game ended by the clock, and
//! the row of both clocks. A leaf: `net/timing.rs` keeps [`ClockLine`] up to date from the
//! client's local count each frame, the online indicator (and later the compact bar) draws it.
//!
//! Everything here is by seat (`[first, second]`, the wire's order): the server's clock counts
//! for seats, and `ClockView.running`'s `P1` is the first seat.

use bevy_egui::egui;
use parlour_clock::TimeControl;
use parlour_online::wire::{ClockView, Pace, Seat};

use crate::theme::palette::GOLD;

/// What the table knows of the live clock.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct ClockLine {
    /// The time control; `None` for an untimed (or correspondence) game: no clocks shown.
    pub control: Option<TimeControl>,
    /// Both seats' time as it stands this frame.
    pub view: Option<ClockView>,
    /// The seats whose time is low and has been warned of (cleared when it is no longer low,
    /// e.g. after an increment).
    pub warned: [bool; 2],
}

impl ClockLine {
    /// Takes this frame's count (`pace` the game's, `view` the client's local count, `mine` this
    /// player's seat if seated): whether the low-time warning should sound now. It sounds once
    /// as this player's own clock goes low, never for the opponent's, nor for a time already low
    /// when first seen (a resumed game).
    pub fn update(&mut self, pace: Pace, view: Option<ClockView>, mine: Option<Seat>) -> bool {
        let Pace::Live(control) = pace else {
            *self = ClockLine::default();
            return false;
        };
        let seen_before = self.view.is_some() && self.control == Some(control);
        self.control = Some(control);
        self.view = view;
        let Some(view) = view else { return false };
        let mut sound = false;
        for (i, warned) in self.warned.iter_mut().enumerate() {
            let low = is_low(view.remaining_ms[i], control);
            if low && !*warned {
                sound |= seen_before && mine.is_some_and(|s| s.index() == i);
            }
            *warned = low;
        }
        sound
    }

    /// The seat whose clock runs, if one does.
    pub fn running(&self) -> Option<usize> {
        self.view.and_then(|v| v.running).map(|p| p.index())
    }
}

/// A time left as a clock shows it: `m:ss`, and tenths under ten seconds (`0:09.4`); always
/// rounded down, so a clock reads `0:00.0` only when the time is gone.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < 10_000 {
        return format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100);
    }
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// Below this many milliseconds a clock is low: ten seconds, or a tenth of the base time when
/// that is more.
pub fn low_ms(control: TimeControl) -> i64 {
    (control.initial_ms() / 10).max(10_000)
}

/// Whether `ms` left is low time on `control`.
pub fn is_low(ms: i64, control: TimeControl) -> bool {
    ms < low_ms(control)
}

/// How an online game ended other than by the rules or a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This seat's time ran out.
    Fell(Seat),
    /// The first move did not come in time: no result, not rated.
    Aborted,
    /// A draw agreed.
    Agreed,
    /// A player left and the other claimed the game: the winner's seat, `None` for a draw.
    Left(Option<Seat>),
}

/// The ending the server's `ended` words (`result`, `reason`) name, if one of these.
pub fn ending_of(result: &str, reason: &str) -> Option<Ending> {
    match (result, reason) {
        (_, "aborted") | ("aborted", _) => Some(Ending::Aborted),
        ("first", "time") => Some(Ending::Fell(Seat::Second)),
        ("second", "time") => Some(Ending::Fell(Seat::First)),
        (_, "agreed") => Some(Ending::Agreed),
        ("first", "abandoned") => Some(Ending::Left(Some(Seat::First))),
        ("second", "abandoned") => Some(Ending::Left(Some(Seat::Second))),
        ("draw", "abandoned") => Some(Ending::Left(None)),
        _ => None,
    }
}

/// The sentence for an abort, on the result card and above the table.
pub const ABORTED: &str = "Aborted: the first move did not come in time — not rated";

/// The sentence for a draw claimed from a player who left.
pub const LEFT_DRAW: &str = "A draw: claimed after a player left";

const LOW: egui::Color32 = egui::Color32::from_rgb(235, 95, 80);
/// A low clock's red on its own lit (pale) fill: darker, to read as well as the lit gold's.
const LOW_LIT: egui::Color32 = egui::Color32::from_rgb(170, 25, 15);

/// How seat `i`'s clock looks: its text's colour and its fill (the running one lit, a low one
/// red), and whether it runs.
fn look(line: &ClockLine, control: TimeControl, view: &ClockView, i: usize) -> (egui::Color32, egui::Color32, bool) {
    let lit = line.running() == Some(i);
    let low = is_low(view.remaining_ms[i], control);
    let colour = match (low, lit) {
        (true, true) => LOW_LIT,
        (true, false) => LOW,
        (false, true) => egui::Color32::from_rgb(20, 20, 20),
        (false, false) => egui::Color32::from_gray(170),
    };
    let fill = match (low, lit) {
        (true, true) => egui::Color32::from_rgb(255, 225, 215),
        (false, true) => GOLD,
        _ => egui::Color32::TRANSPARENT,
    };
    (colour, fill, lit)
}

/// Both clocks side by side, each with its side's words (`labels`, by seat): the running one
/// lit, a low one red; before the clock runs, the first move's countdown under them. Nothing
/// for an untimed game.
pub fn clocks_row(ui: &mut egui::Ui, line: &ClockLine, labels: &[String; 2]) {
    let (Some(control), Some(view)) = (line.control, line.view) else {
        return;
    };
    ui.horizontal(|ui| {
        for (i, label) in labels.iter().enumerate() {
            let (colour, fill, lit) = look(line, control, &view, i);
            egui::Frame::group(ui.style())
                .fill(fill)
                .inner_margin(egui::Margin::symmetric(8, 3))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(label).color(colour).strong());
                        let time = egui::RichText::new(clock_text(view.remaining_ms[i]))
                            .monospace()
                            .size(20.0)
                            .color(colour);
                        ui.label(if lit { time.strong() } else { time });
                    });
                });
        }
    });
    if let (None, Some(ms)) = (line.running(), view.first_move_ms) {
        ui.label(
            egui::RichText::new(format!(
                "The clocks start with the first move: {} left to make it ({control})",
                clock_text(ms)
            ))
            .italics(),
        );
    }
}

/// Both clocks on one short line, for the phone's compact bar (`hud/compact/online.rs`, under
/// the players' names): `labels` short (the sides'
/// names), the running clock lit, a low one red, the first move's countdown after them.
pub fn clocks_compact(ui: &mut egui::Ui, line: &ClockLine, labels: &[String; 2]) {
    let (Some(control), Some(view)) = (line.control, line.view) else {
        return;
    };
    // Words only, nothing to press: a line as tall as its text, not a finger's row (the bar's
    // height is fixed: a finger's row here left its last line drawn over the counts).
    ui.scope(|ui| {
        ui.spacing_mut().interact_size.y = 0.0;
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            for (i, label) in labels.iter().enumerate() {
                let (colour, fill, _) = look(line, control, &view, i);
                let text = format!("{label} {}", clock_text(view.remaining_ms[i]));
                ui.label(
                    egui::RichText::new(text)
                        .monospace()
                        .color(colour)
                        .background_color(fill),
                );
            }
            if let (None, Some(ms)) = (line.running(), view.first_move_ms) {
                ui.label(
                    egui::RichText::new(format!("first move {}", clock_text(ms)))
                        .small()
                        .italics(),
                );
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_rules::Player;

    fn tc(limit_s: u32, increment_s: u32) -> TimeControl {
        TimeControl::new(limit_s, increment_s).unwrap()
    }

    #[test]
    fn a_clock_reads_minutes_and_seconds_and_tenths_under_ten_seconds() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(299_999), "4:59");
        assert_eq!(clock_text(61_000), "1:01");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "0:09.9");
        assert_eq!(clock_text(9_400), "0:09.4");
        assert_eq!(clock_text(50), "0:00.0");
        assert_eq!(clock_text(-20), "0:00.0");
        assert_eq!(clock_text(5_400_000), "90:00");
    }

    #[test]
    fn time_is_low_under_ten_seconds_or_a_tenth_of_the_base() {
        assert_eq!(low_ms(tc(180, 2)), 18_000);
        assert_eq!(low_ms(tc(60, 0)), 10_000);
        assert_eq!(low_ms(tc(0, 5)), 10_000);
        assert!(is_low(17_999, tc(180, 2)));
        assert!(!is_low(18_000, tc(180, 2)));
        assert!(is_low(9_999, tc(60, 0)));
    }

    fn view(first: i64, second: i64, running: Option<Player>) -> Option<ClockView> {
        Some(ClockView {
            remaining_ms: [first, second],
            running,
            first_move_ms: None,
        })
    }

    #[test]
    fn the_warning_sounds_once_as_this_players_own_clock_goes_low() {
        let pace = Pace::Live(tc(60, 0));
        let mut line = ClockLine::default();
        let me = Some(Seat::First);
        assert!(!line.update(pace, view(10_500, 60_000, Some(Player::P1)), me));
        assert!(line.update(pace, view(9_900, 60_000, Some(Player::P1)), me));
        assert!(!line.update(pace, view(9_800, 60_000, Some(Player::P1)), me));
        // An increment lifts it over the line: the next crossing warns again.
        assert!(!line.update(pace, view(12_000, 60_000, Some(Player::P2)), me));
        assert!(line.update(pace, view(9_000, 60_000, Some(Player::P1)), me));
        // The opponent's clock going low is not this player's warning; nor a watcher's.
        assert!(!line.update(pace, view(9_000, 5_000, Some(Player::P2)), me));
        let mut watching = ClockLine::default();
        watching.update(pace, view(20_000, 20_000, Some(Player::P1)), None);
        assert!(!watching.update(pace, view(9_000, 20_000, Some(Player::P1)), None));
    }

    #[test]
    fn a_time_already_low_when_first_seen_does_not_sound_and_untimed_shows_nothing() {
        let pace = Pace::Live(tc(60, 0));
        let mut line = ClockLine::default();
        assert!(!line.update(pace, view(5_000, 60_000, Some(Player::P1)), Some(Seat::First)));
        assert_eq!(line.running(), Some(0));
        assert!(!line.update(Pace::Untimed, view(1_000, 1_000, None), Some(Seat::First)));
        assert_eq!(line, ClockLine::default());
    }

    #[test]
    fn the_servers_ending_words_name_the_fallen_seat_or_the_abort() {
        assert_eq!(ending_of("first", "time"), Some(Ending::Fell(Seat::Second)));
        assert_eq!(ending_of("second", "time"), Some(Ending::Fell(Seat::First)));
        assert_eq!(ending_of("aborted", "aborted"), Some(Ending::Aborted));
        assert_eq!(ending_of("draw", "agreed"), Some(Ending::Agreed));
        assert_eq!(ending_of("first", "resigned"), None);
        assert_eq!(ending_of("second", "abandoned"), Some(Ending::Left(Some(Seat::Second))));
        assert_eq!(ending_of("draw", "abandoned"), Some(Ending::Left(None)));
    }
}

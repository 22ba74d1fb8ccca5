//! A seek's clock in the lobby (issue 75): the game's presets, untimed (the default) or a custom
//! base and increment, checked as the server checks it; and a pace as the lists write it. A
//! leaf under the window's model.

use bevy_egui::egui;
use parlour_clock::{DaysPerMove, TimeControl, presets};
use parlour_online::wire::Pace;
use parlour_rules::GameId;

/// The clock chosen for a seek.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaceChoice {
    /// No clock.
    #[default]
    Untimed,
    /// One of the game's presets (or one kept from another game's).
    Preset(TimeControl),
    /// The custom base and increment.
    Custom,
    /// By correspondence: days a move.
    Days(DaysPerMove),
}

/// The seek's pace: `custom` is the custom clock's (minutes, seconds added a move); a custom
/// clock the rules of clocks refuse is the sentence why.
pub fn pace_of(choice: PaceChoice, custom: (u32, u32)) -> Result<Pace, String> {
    match choice {
        PaceChoice::Untimed => Ok(Pace::Untimed),
        PaceChoice::Preset(tc) => Ok(Pace::Live(tc)),
        PaceChoice::Days(days) => Ok(Pace::Correspondence(days)),
        PaceChoice::Custom => custom
            .0
            .checked_mul(60)
            .ok_or_else(|| "That base time is too long.".to_string())
            .and_then(|limit_s| TimeControl::new(limit_s, custom.1).map_err(|e| format!("The clock: {e}")))
            .map(Pace::Live),
    }
}

/// A pace as the lobby's lists write it: `5+3`, `untimed`, `3 days a move`.
pub fn pace_text(pace: Pace) -> String {
    match pace {
        Pace::Untimed => "untimed".into(),
        Pace::Live(tc) => tc.to_string(),
        Pace::Correspondence(d) if d.days() == 1 => "1 day a move".into(),
        Pace::Correspondence(d) => format!("{} days a move", d.days()),
    }
}

/// The words of a choice in the picker.
fn choice_text(choice: PaceChoice) -> String {
    match choice {
        PaceChoice::Untimed => "Untimed".into(),
        PaceChoice::Preset(tc) => tc.to_string(),
        PaceChoice::Custom => "Custom…".into(),
        PaceChoice::Days(d) => pace_text(Pace::Correspondence(d)),
    }
}

/// "Clock": untimed, `game`'s presets or custom, with the custom clock's base (minutes) and
/// increment (seconds) when custom is chosen.
pub(super) fn pace_picker(ui: &mut egui::Ui, game: GameId, choice: &mut PaceChoice, custom: &mut (u32, u32)) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Clock");
        egui::ComboBox::from_id_salt("seek-pace")
            .selected_text(choice_text(*choice))
            .show_ui(ui, |ui| {
                ui.selectable_value(choice, PaceChoice::Untimed, "Untimed");
                for tc in presets(game) {
                    ui.selectable_value(choice, PaceChoice::Preset(*tc), tc.to_string());
                }
                ui.selectable_value(choice, PaceChoice::Custom, "Custom…");
                for days in DaysPerMove::ALLOWED.iter().filter_map(|d| DaysPerMove::new(*d).ok()) {
                    let text = choice_text(PaceChoice::Days(days));
                    ui.selectable_value(choice, PaceChoice::Days(days), text);
                }
            });
        if *choice == PaceChoice::Custom {
            ui.add(egui::DragValue::new(&mut custom.0).range(0..=180).suffix(" min"));
            ui.label("+");
            ui.add(egui::DragValue::new(&mut custom.1).range(0..=180).suffix(" s a move"));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seek_is_untimed_unless_a_clock_is_chosen() {
        assert_eq!(pace_of(PaceChoice::default(), (5, 3)), Ok(Pace::Untimed));
        let tc = presets(GameId::Konane)[1];
        assert_eq!(pace_of(PaceChoice::Preset(tc), (0, 0)), Ok(Pace::Live(tc)));
        assert_eq!(pace_text(Pace::Live(tc)), "5+3");
        assert_eq!(pace_text(Pace::Untimed), "untimed");
    }

    #[test]
    fn a_custom_clock_is_checked_as_the_server_checks_it() {
        assert_eq!(
            pace_of(PaceChoice::Custom, (7, 2)),
            Ok(Pace::Live(TimeControl::new(420, 2).unwrap()))
        );
        let refused = pace_of(PaceChoice::Custom, (0, 0)).unwrap_err();
        assert!(refused.starts_with("The clock: "), "{refused}");
        assert!(pace_of(PaceChoice::Custom, (u32::MAX, 0)).is_err());
    }
}

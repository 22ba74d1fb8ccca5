//! Time controls and days a move: what is accepted, what is refused and how they are written.

use parlour_rules::GameId;

use crate::config::{Speed, TimeControl, presets};
use crate::correspondence::{DaysPerMove, Turn};
use crate::pace::Pace;

#[test]
fn written_and_read_back() {
    for (text, limit_s, increment_s) in [
        ("3+2", 180, 2),
        ("0.5+0", 30, 0),
        ("0+5", 0, 5),
        ("1.5+1", 90, 1),
        ("180+180", 10_800, 180),
    ] {
        let tc: TimeControl = text.parse().unwrap();
        assert_eq!((tc.limit_s, tc.increment_s), (limit_s, increment_s), "{text}");
        assert_eq!(tc.to_string(), text);
        assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
    }
    assert_eq!("½+0".parse::<TimeControl>().unwrap().limit_s, 30);
}

#[test]
fn refused_with_a_sentence() {
    for text in [
        "",
        "5",
        "+3",
        "5+",
        "5+-1",
        "-5+3",
        "5+3.5",
        "181+0",
        "5+181",
        "0+0",
        "99999999999+0",
        "5 + 3",
        "x+3",
        "0.3+0",
    ] {
        let err = text.parse::<TimeControl>().expect_err(text);
        assert!(err.0.len() > 15 && !err.0.contains('\n'), "{text}: {err}");
    }
    assert!(TimeControl::new(0, 0).is_err());
    assert!(TimeControl::new(MAX + 60, 0).is_err());
    const MAX: u32 = 180 * 60;
}

#[test]
fn speeds_and_the_times_that_follow() {
    let tc = |t: &str| t.parse::<TimeControl>().unwrap();
    assert_eq!(tc("1+0").speed(), Speed::Bullet);
    assert_eq!(tc("3+2").speed(), Speed::Blitz);
    assert_eq!(tc("5+3").speed(), Speed::Blitz, "5 min + 40 × 3 s = 7 min");
    assert_eq!(tc("10+5").speed(), Speed::Rapid);
    assert_eq!(tc("15+10").speed(), Speed::Rapid);
    assert_eq!(tc("30+20").speed(), Speed::Classical);
    assert_eq!(
        tc("0+1").initial_ms(),
        3000,
        "a base of 0 starts with at least three seconds"
    );
    assert!(tc("1+0").gone_after_ms() < tc("30+20").gone_after_ms());
    assert!(tc("1+0").first_move_ms() < tc("30+20").first_move_ms());
    for game in GameId::ALL {
        let list = presets(game);
        assert!(list.len() >= 4, "{game:?}");
        assert!(
            list.windows(2)
                .all(|w| w[0].estimate_total_s() < w[1].estimate_total_s())
        );
        for tc in list {
            assert_eq!(TimeControl::new(tc.limit_s, tc.increment_s), Ok(*tc));
        }
    }
}

#[test]
fn days_a_move() {
    for d in 0..=20u8 {
        assert_eq!(DaysPerMove::new(d).is_ok(), [1, 2, 3, 5, 7, 14].contains(&d), "{d}");
    }
    assert!(serde_json::from_str::<DaysPerMove>("4").is_err());
    assert_eq!(serde_json::from_str::<DaysPerMove>("7").unwrap().days(), 7);
    let turn = Turn {
        began_at: 1_000,
        days: DaysPerMove::new(3).unwrap(),
    };
    assert_eq!(turn.deadline(), 1_000 + 3 * 86_400_000);
    assert!(turn.reminder_at() > turn.began_at && turn.reminder_at() < turn.deadline());
    assert_eq!(turn.left_ms(turn.reminder_at()), 3 * 86_400_000 / 5);
    assert!(!turn.is_over(turn.deadline() - 1) && turn.is_over(turn.deadline()));
}

#[test]
fn paces_written_read_and_carried() {
    for text in ["-", "5+3", "0.5+0", "days=1", "days=14"] {
        let pace: Pace = text.parse().unwrap();
        assert_eq!(pace.to_string(), text);
        let json = serde_json::to_string(&pace).unwrap();
        assert_eq!(serde_json::from_str::<Pace>(&json).unwrap(), pace, "{json}");
    }
    assert_eq!(serde_json::to_string(&Pace::Untimed).unwrap(), "\"untimed\"");
    assert_eq!(
        serde_json::to_string(&"3+2".parse::<Pace>().unwrap()).unwrap(),
        r#"{"live":{"limit_s":180,"increment_s":2}}"#
    );
    for bad in ["days=4", "days=x", "days=", "5", "", "untimed"] {
        assert!(bad.parse::<Pace>().is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<Pace>(r#"{"correspondence":4}"#).is_err());
    for bad in [
        r#"{"live":{"limit_s":999999,"increment_s":0}}"#,
        r#"{"live":{"limit_s":0,"increment_s":0}}"#,
        r#"{"live":{"limit_s":-5,"increment_s":0}}"#,
    ] {
        assert!(serde_json::from_str::<Pace>(bad).is_err(), "{bad}");
    }
    assert!(Pace::from_engine_words(Some("5+3"), Some("3")).is_err());
    assert_eq!(Pace::from_engine_words(None, None), Ok(Pace::Untimed));
}

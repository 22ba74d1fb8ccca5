//! The fuzz target `wire` (`fuzz/fuzz_targets/wire.rs`) and its corpus replay on stable.

use super::{Reply, Request};

fn sentence(text: &str) {
    assert!(
        text.len() >= 10 && text.contains(' ') && !text.contains('\n'),
        "not a sentence: {text:?}"
    );
}

/// Property of the message decoders, as the server meets a client's bytes and a client meets
/// the server's: an accepted request has the shapes the server relies on and survives its
/// own encoding; an accepted reply survives its encoding; every refusal is one sentence.
pub fn decode_any(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Request::decode(text) {
        Ok(r) => {
            assert_eq!(Request::decode(&r.encode()), Ok(r.clone()));
            match &r {
                Request::Join { code, .. } | Request::Watch { code, .. } => super::check_code(code).unwrap(),
                Request::Resume { code, token, .. }
                | Request::TakeSeat { code, token, .. }
                | Request::Move { code, token, .. }
                | Request::Resign { code, token, .. }
                | Request::Offer { code, token, .. }
                | Request::Claim { code, token, .. }
                | Request::Answer { code, token, .. } => {
                    super::check_code(code).unwrap();
                    super::check_token(token).unwrap();
                }
                Request::New { game, options, .. } => {
                    assert!(!game.is_empty() && options.len() <= super::MAX_OPTIONS);
                }
                Request::AccountNew { secret, name, .. } => {
                    assert!(crate::account::is_secret(secret));
                    assert!(name.as_deref().is_none_or(|n| crate::account::Name::parse(n).is_ok()));
                }
                Request::ChooseName { name, .. } => assert!(crate::account::Name::parse(name).is_ok()),
                Request::Pair { secret, .. } => assert!(crate::account::is_secret(secret)),
                Request::Seek {
                    game,
                    options,
                    token,
                    range,
                    ..
                } => {
                    assert!(!game.is_empty() && options.len() <= super::MAX_OPTIONS);
                    super::check_token(token).unwrap();
                    assert!(range.is_none_or(|r| r.lo <= r.hi && super::RATING_RANGE.contains(&r.hi)));
                }
                Request::Pool {
                    game, options, token, ..
                } => {
                    assert!(!game.is_empty() && options.len() <= super::MAX_OPTIONS);
                    super::check_token(token).unwrap();
                }
                Request::Accept { token, .. } => super::check_token(token).unwrap(),
                Request::Rating { name, game, .. } => assert!(!name.is_empty() && !game.is_empty()),
                Request::Leaderboard { key, .. } => assert!(!key.is_empty()),
                Request::Player { name, .. } => assert!(!name.is_empty()),
                Request::Login { .. }
                | Request::PairingCode { .. }
                | Request::CancelSeek { .. }
                | Request::Seeks { .. }
                | Request::Games { .. }
                | Request::YourTurn { .. }
                | Request::PushKey { .. }
                | Request::NotifyPush { .. }
                | Request::NotifyEmail { .. } => {}
            }
        }
        Err(e) => sentence(&e.to_string()),
    }
    match Reply::decode(text) {
        Ok(r) => assert_eq!(Reply::decode(&r.encode()), Ok(r)),
        Err(e) => sentence(&e.to_string()),
    }
}

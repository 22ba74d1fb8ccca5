//! The page's address and the browser's history (the browser build; on the desktop these do
//! nothing): the address of the game in progress kept in the page's URL — `/g/<code>` for an
//! online game, `?game=…&options=…&p1=…&p2=…&moves=…` for one played here — so that a reload or
//! a shared link comes back to it (`page_args` reads the same words back), and one entry of
//! the page's own in the history while a game or a dialog is up, so the browser's Back button
//! closes the dialog or returns to the title instead of leaving the site.

use parlour_ai::Level;
use parlour_rules::GameId;

/// A game played here, as its address gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAddress {
    /// The game.
    pub game: GameId,
    /// Its options.
    pub options: Vec<(String, String)>,
    /// Who plays each seat (`None`: a person).
    pub seats: [Option<Level>; 2],
    /// The moves played, in the engine's notation.
    pub moves: Vec<String>,
}

/// The page's address (path and query) for an online game's invite code, a game played here,
/// or neither (the title).
pub fn page_address(online_code: &str, game: Option<&GameAddress>) -> String {
    if !online_code.is_empty() {
        return format!("/g/{}", escaped(online_code));
    }
    let Some(g) = game else { return "/".to_string() };
    let mut query = vec![format!("game={}", escaped(g.game.id()))];
    if !g.options.is_empty() {
        let words: Vec<String> = g.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        query.push(format!("options={}", escaped(&words.join(" "))));
    }
    for (key, seat) in ["p1", "p2"].into_iter().zip(g.seats) {
        if let Some(level) = seat {
            query.push(format!("{key}={}", level.name()));
        }
    }
    if !g.moves.is_empty() {
        query.push(format!("moves={}", escaped(&g.moves.join(" "))));
    }
    format!("/?{}", query.join("&"))
}

/// Escaped for an address's query: unreserved characters as they are, a space as `+`, the
/// rest as `%XX` (which `page_args` reads back).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(target_arch = "wasm32")]
mod page {
    use std::sync::atomic::{AtomicBool, Ordering};

    use wasm_bindgen::prelude::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    /// Back was pressed (our entry of the history popped) since the client last asked.
    static BACK: AtomicBool = AtomicBool::new(false);
    /// Our entry is on top of the page's history.
    static HELD: AtomicBool = AtomicBool::new(false);
    /// The `popstate` listener is in place.
    static LISTENING: AtomicBool = AtomicBool::new(false);

    fn listen(window: &web_sys::Window) {
        if LISTENING.swap(true, Ordering::SeqCst) {
            return;
        }
        let on_pop = Closure::<dyn FnMut(web_sys::Event)>::new(|_e: web_sys::Event| {
            HELD.store(false, Ordering::SeqCst);
            BACK.store(true, Ordering::SeqCst);
        });
        if window
            .add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref())
            .is_err()
        {
            bevy::log::warn!("no popstate listener: the Back button will leave the page");
        }
        // The page lives as long as the client: the listener is never taken down.
        on_pop.forget();
    }

    /// Calls `history.<method>(state, "", url?)` through JavaScript's reflection (web-sys's
    /// `History` would need one more of its features, and with it a rebuild of every crate
    /// that uses web-sys).
    fn history_call(window: &web_sys::Window, method: &str, state: &JsValue, url: Option<&str>) -> bool {
        let Ok(history) = js_sys::Reflect::get(window, &JsValue::from_str("history")) else {
            return false;
        };
        let Ok(f) = js_sys::Reflect::get(&history, &JsValue::from_str(method)) else {
            return false;
        };
        let Ok(f) = f.dyn_into::<js_sys::Function>() else {
            return false;
        };
        let args = js_sys::Array::of2(state, &JsValue::from_str(""));
        if let Some(url) = url {
            args.push(&JsValue::from_str(url));
        }
        f.apply(&history, &args).is_ok()
    }

    pub fn set_address(address: &str) {
        let Some(window) = web_sys::window() else { return };
        let here = window.location();
        let now = format!(
            "{}{}",
            here.pathname().unwrap_or_default(),
            here.search().unwrap_or_default()
        );
        if now != address {
            // The entry keeps its state (ours, or the page's first).
            let state = js_sys::Reflect::get(&window, &JsValue::from_str("history"))
                .and_then(|h| js_sys::Reflect::get(&h, &JsValue::from_str("state")))
                .unwrap_or(JsValue::NULL);
            history_call(&window, "replaceState", &state, Some(address));
        }
    }

    pub fn hold_back(up: bool) {
        let Some(window) = web_sys::window() else { return };
        listen(&window);
        if up && !HELD.load(Ordering::SeqCst) && history_call(&window, "pushState", &JsValue::from_str("parlour"), None)
        {
            HELD.store(true, Ordering::SeqCst);
        }
    }

    pub fn take_back() -> bool {
        BACK.swap(false, Ordering::SeqCst)
    }
}

/// Shows `address` (path and query) in the page's address bar without loading it.
pub fn set_address(address: &str) {
    #[cfg(target_arch = "wasm32")]
    page::set_address(address);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = address;
}

/// With `up` (a game or a dialog is up), makes sure the page's history has an entry of ours on
/// top for the Back button to take.
pub fn hold_back(up: bool) {
    #[cfg(target_arch = "wasm32")]
    page::hold_back(up);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = up;
}

/// Whether the browser's Back button was pressed since the last call.
pub fn take_back() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        page::take_back()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_address_reads_back_as_the_same_game() {
        let g = GameAddress {
            game: GameId::Soldiers,
            options: vec![("board".into(), "3".into()), ("rules".into(), "fair".into())],
            seats: [None, Some(Level::Master)],
            moves: vec!["c3-c4".into(), "d5xd3+e2".into()],
        };
        let address = page_address("", Some(&g));
        assert_eq!(
            address,
            "/?game=soldiers&options=board%3D3+rules%3Dfair&p2=master&moves=c3-c4+d5xd3%2Be2"
        );
        let (path, query) = address.split_at(1);
        let args = crate::platform::page_args("https://parlour.example", path, query);
        assert_eq!(
            args,
            [
                "--game",
                "soldiers",
                "--options",
                "board=3 rules=fair",
                "--p2",
                "master",
                "--moves",
                "c3-c4 d5xd3+e2"
            ]
        );
        assert_eq!(page_address("", None), "/");
        assert_eq!(page_address("K7QX2M", Some(&g)), "/g/K7QX2M");
    }
}

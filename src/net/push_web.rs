//! "Your turn" notices in the browser (Web Push, issue 75): the page's `parlourPushSubscribe`
//! (web/index.html) asks the player's permission, registers the service worker (web/sw.js) and
//! subscribes with the server's VAPID key; the subscription's JSON text goes to the server
//! (`Request::NotifyPush`). Clicks on a notice while a Parlour tab is open are queued by the page
//! for [`take_clicked`]. Outside the browser there is nothing to subscribe.

use std::sync::mpsc::{Receiver, channel};

/// The answer outside the browser.
pub const NOT_HERE: &str = "Notices in the browser need the web version.";

/// Subscribes this browser to notices signed by `key` (the server's `Reply::PushKey`, base64url).
/// The answer comes later (the player answers the browser's question first): the subscription's
/// JSON text for `Request::NotifyPush`, or a sentence to show. Call it from a click (browsers
/// ask for permission only shortly after one).
pub fn subscribe(key: String) -> Receiver<Result<String, String>> {
    let (answer, answered) = channel();
    #[cfg(target_arch = "wasm32")]
    page::subscribe(&key, answer);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = key;
        let _ = answer.send(Err(NOT_HERE.to_string()));
    }
    answered
}

/// The pages of the notices clicked while this tab was open, since the last call (each the
/// notice's `url`, an address on this site).
pub fn take_clicked() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        page::take_clicked()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Vec::new()
    }
}

#[cfg(target_arch = "wasm32")]
mod page {
    use std::sync::mpsc::Sender;

    use wasm_bindgen::prelude::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    fn window_get(name: &str) -> Option<JsValue> {
        let window = web_sys::window()?;
        js_sys::Reflect::get(&window, &JsValue::from_str(name)).ok()
    }

    /// A rejection's sentence: the page rejects with text; anything else is described.
    fn sentence(value: &JsValue) -> String {
        value.as_string().unwrap_or_else(|| {
            let message = js_sys::Reflect::get(value, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string());
            format!(
                "The browser did not subscribe to notices: {}.",
                message.unwrap_or_else(|| format!("{value:?}"))
            )
        })
    }

    pub fn subscribe(key: &str, answer: Sender<Result<String, String>>) {
        let Some(f) = window_get("parlourPushSubscribe").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else {
            let _ = answer.send(Err(
                "This page cannot subscribe to notices (it is older than the game).".to_string(),
            ));
            return;
        };
        let promise = match f.call1(&JsValue::NULL, &JsValue::from_str(key)) {
            Ok(p) => js_sys::Promise::resolve(&p),
            Err(e) => {
                let _ = answer.send(Err(sentence(&e)));
                return;
            }
        };
        let resolved = answer.clone();
        let on_ok: Closure<dyn FnMut(JsValue)> = Closure::once(move |json: JsValue| {
            let _ = resolved.send(
                json.as_string()
                    .ok_or_else(|| "The browser's subscription is not text.".to_string()),
            );
        });
        let on_err: Closure<dyn FnMut(JsValue)> = Closure::once(move |e: JsValue| {
            let _ = answer.send(Err(sentence(&e)));
        });
        let _ = promise.then2(&on_ok, &on_err);
        // Each runs at most once, when the promise settles; until then JavaScript holds them.
        on_ok.forget();
        on_err.forget();
    }

    pub fn take_clicked() -> Vec<String> {
        let Some(queue) = window_get("parlourNoticeClicks").and_then(|q| q.dyn_into::<js_sys::Array>().ok()) else {
            return Vec::new();
        };
        let urls = queue.iter().filter_map(|u| u.as_string()).collect();
        queue.set_length(0);
        urls
    }
}

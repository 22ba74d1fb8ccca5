//! What differs between the desktop and the browser, kept here (with `parlour_saves::disk` for
//! files and `search_task` for where a search runs): the clock, where the assets are, and what
//! the page's address asks for (`/g/<code>` opens that online game).

pub mod history;

/// A clock both platforms have (`std::time::Instant` panics in the browser).
pub use web_time::Instant;

/// Where the assets are. Desktop: an absolute path (Bevy reads a relative one against the
/// executable's folder): `BEVY_ASSET_ROOT` or `CARGO_MANIFEST_DIR` when set (cargo run), else
/// `assets` in the working folder, else `assets` beside the executable, else the checkout the
/// binary was built from. Browser: `/assets` on the server the page came from.
pub fn asset_root() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        "/assets".to_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Ok(dir) = std::env::var("BEVY_ASSET_ROOT").or_else(|_| std::env::var("CARGO_MANIFEST_DIR")) {
            return format!("{dir}/assets");
        }
        let fonts = |d: &std::path::Path| d.join("fonts").exists();
        let here = std::env::current_dir().map(|d| d.join("assets")).ok();
        let beside = std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(|p| p.join("assets")));
        let built = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        [here, beside, Some(built.clone())]
            .into_iter()
            .flatten()
            .find(|d| fonts(d))
            .unwrap_or(built)
            .to_string_lossy()
            .into_owned()
    }
}

/// The command line: the program's arguments on the desktop; in the browser, what the page's
/// address says — `/g/<code>` joins (or watches) the online game with that invite code on the
/// server the page came from, `/lobby` opens that server's lobby, and `?game=konane` opens a
/// game at once.
pub fn args() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(location) = web_sys::window().map(|w| w.location()) else {
            return Vec::new();
        };
        let origin = location.origin().unwrap_or_default();
        let path = location.pathname().unwrap_or_default();
        let query = location.search().unwrap_or_default();
        page_args(&origin, &path, &query)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::args().skip(1).collect()
    }
}

/// The client's arguments for a page at `origin` + `path` + `query` (see [`args`]).
pub fn page_args(origin: &str, path: &str, query: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(code) = path
        .strip_prefix("/g/")
        .map(|c| c.trim_matches('/'))
        .filter(|c| !c.is_empty())
    {
        out.extend([
            "--server".to_string(),
            origin.to_string(),
            "--join".to_string(),
            code.to_string(),
        ]);
    }
    if path.trim_end_matches('/') == "/lobby" {
        out.extend(["--lobby".to_string(), origin.to_string()]);
    }
    for pair in query.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        if let Some((k, v)) = pair.split_once('=')
            && matches!(k, "game" | "options" | "moves" | "p1" | "p2" | "show")
        {
            out.push(format!("--{k}"));
            out.push(percent_decoded(&v.replace('+', " ")));
        }
    }
    out
}

/// `%XX` escapes read back (a malformed one is kept as written).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether saved games live in the page's storage (the browser), where the player cannot reach
/// them as files: the load window then offers Download and Upload, the web's way of taking a
/// save out and bringing one in. On the desktop they are files in the data folder.
pub const SAVES_IN_PAGE: bool = cfg!(target_arch = "wasm32");

/// Hands `bytes` to the player as a file called `name`: the browser's download. (The desktop
/// never asks: its saves are files already.)
pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        page_files::download(name, bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (name, bytes);
        Err("saves are files on this computer already".into())
    }
}

/// Asks the player for a save file to add (the browser's file picker); what they choose comes
/// back later, through [`take_uploads`].
pub fn pick_upload() -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        page_files::pick_upload()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Err("saves are files on this computer: copy one into the saves folder".into())
    }
}

/// The files the player chose to upload since the last call: (file name, contents).
pub fn take_uploads() -> Vec<(String, Vec<u8>)> {
    #[cfg(target_arch = "wasm32")]
    {
        page_files::take()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Vec::new()
    }
}

/// The page's side of downloads and uploads.
#[cfg(target_arch = "wasm32")]
pub(crate) mod page_files {
    use std::cell::RefCell;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The file picker's element: one, hidden in the page, with this id (a browser test can set
    /// its file through the DevTools protocol).
    const INPUT_ID: &str = "parlour-upload";

    thread_local! {
        /// Files read from the picker, waiting for the next frame to take them.
        static UPLOADS: RefCell<Vec<(String, Vec<u8>)>> = RefCell::default();
    }

    fn refused(_: JsValue) -> String {
        "the browser refused".to_string()
    }

    pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("the page has no document")?;
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let kind = web_sys::BlobPropertyBag::new();
        kind.set_type("application/json");
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &kind).map_err(refused)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(refused)?;
        let link: web_sys::HtmlAnchorElement = document
            .create_element("a")
            .map_err(refused)?
            .dyn_into()
            .map_err(|_| "the page made no link")?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        // The download has its own copy once started; the address is let go a little later.
        let revoke = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000);
        }
        Ok(())
    }

    /// The page's file picker: one hidden `<input type=file>`, made on first use and kept; its
    /// change handler reads each chosen file into [`UPLOADS`].
    pub fn picker() -> Result<web_sys::HtmlInputElement, String> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("the page has no document")?;
        let input: web_sys::HtmlInputElement = match document.get_element_by_id(INPUT_ID) {
            Some(e) => e.dyn_into().map_err(|_| "the page's file picker is not an input")?,
            None => {
                let input: web_sys::HtmlInputElement = document
                    .create_element("input")
                    .map_err(refused)?
                    .dyn_into()
                    .map_err(|_| "the page made no file picker")?;
                input.set_id(INPUT_ID);
                input.set_type("file");
                input.set_accept(".json,application/json");
                let _ = input.set_attribute("style", "display:none");
                let chosen = input.clone();
                let on_change = Closure::<dyn FnMut()>::new(move || {
                    let Some(files) = chosen.files() else { return };
                    for i in 0..files.length() {
                        let Some(file) = files.get(i) else { continue };
                        let name = file.name();
                        let read: Closure<dyn FnMut(JsValue)> = Closure::once(move |text: JsValue| {
                            let text = text.as_string().unwrap_or_default();
                            UPLOADS.with_borrow_mut(|u| u.push((name, text.into_bytes())));
                        });
                        // No more than one byte past the limit is read: a larger file is
                        // refused for its size without holding it all.
                        let limit = (parlour_saves::IMPORT_LIMIT + 1) as f64;
                        let head = file
                            .slice_with_f64_and_f64(0.0, limit)
                            .unwrap_or_else(|_| file.clone().into());
                        let _ = head.text().then(&read);
                        read.forget();
                    }
                    // The same file chosen again is a new upload.
                    chosen.set_value("");
                });
                input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
                // The picker lives as long as the page, and its handler with it.
                on_change.forget();
                document
                    .body()
                    .ok_or("the page has no body")?
                    .append_child(&input)
                    .map_err(refused)?;
                input
            }
        };
        Ok(input)
    }

    pub fn pick_upload() -> Result<(), String> {
        picker()?.click();
        Ok(())
    }

    pub fn take() -> Vec<(String, Vec<u8>)> {
        UPLOADS.with_borrow_mut(std::mem::take)
    }
}

#[cfg(test)]
mod tests {
    use super::page_args;

    #[test]
    fn a_page_address_becomes_the_client_arguments() {
        assert_eq!(
            page_args("http://127.0.0.1:7878", "/g/abcdefgh23", ""),
            ["--server", "http://127.0.0.1:7878", "--join", "abcdefgh23"]
        );
        assert_eq!(
            page_args("http://h", "/", "?game=konane&options=size%3D6x6&p2=casual"),
            ["--game", "konane", "--options", "size=6x6", "--p2", "casual"]
        );
        assert!(page_args("http://h", "/", "").is_empty());
        assert!(page_args("http://h", "/g/", "?evil=1").is_empty());
        assert_eq!(page_args("http://h", "/", "?moves=a%2"), ["--moves", "a%2"]);
        assert_eq!(page_args("https://h", "/lobby", ""), ["--lobby", "https://h"]);
        assert_eq!(
            page_args("http://h", "/lobby/", "?show=online"),
            ["--lobby", "http://h", "--show", "online"]
        );
    }
}

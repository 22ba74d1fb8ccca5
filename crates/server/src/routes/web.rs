//! Which of `--web`'s files may be served: none whose name starts with a dot, nothing a symbolic
//! link leads to outside the folder; and how a message that is not a request is answered.

/// True when the page file at `path` (as requested) may be served from `root`: no part of it
/// starts with a dot (no `.git`, `.env`, `..`), and the file, if it exists, lies inside `root`
/// once symbolic links are followed.
pub(super) fn served_safely(root: &std::path::Path, path: &str) -> bool {
    let parts: Vec<String> = path.split('/').filter(|p| !p.is_empty()).map(percent_decode).collect();
    if parts
        .iter()
        .any(|p| p.starts_with('.') || p.contains('/') || p.contains('\\'))
    {
        return false;
    }
    let file = parts.iter().fold(root.to_path_buf(), |f, p| f.join(p));
    match std::fs::canonicalize(&file) {
        Ok(real) => real.starts_with(root),
        Err(_) => true, // missing: ServeDir answers 404 (or serves a precompressed copy beside it)
    }
}

/// `%2e` and friends decoded (a path part is checked as the file system will read it).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Some(b) = s.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads a request, or the refusal that says what is wrong with it (naming the request when
/// its number can be read).
pub(super) fn decode(text: &str) -> Result<parlour_online::wire::Request, Box<parlour_online::wire::Reply>> {
    parlour_online::wire::Request::decode(text).map_err(|e| {
        let req = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("req").and_then(|r| r.as_u64()));
        Box::new(parlour_online::wire::Reply::Error {
            req,
            message: e.to_string(),
        })
    })
}

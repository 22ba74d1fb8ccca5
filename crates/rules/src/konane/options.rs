//! Kōnane's one option, the board size: [`KonaneOptions`], its `WxH` text and the option list.

use serde::{Deserialize, Serialize};

use crate::game::{OptionSpec, OptionsError};

/// The smallest board side.
pub const MIN_SIDE: u8 = 4;
/// The largest board side (files `a..r`).
pub const MAX_SIDE: u8 = 18;

/// Board size. Any `W × H` with both sides even from 4 to 18, except the 4×4 square.
///
/// **Decision (4×4):** the page offers squares 6..18 and rectangles with even sides 4..18; a
/// square is listed separately and starts at 6, so 4×4 is not offered, while 4×6, 8×4, … are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SizeText", into = "SizeText")]
pub struct KonaneOptions {
    /// Files (columns), `a..`. Private so that only valid sizes exist.
    pub(super) width: u8,
    /// Ranks (rows), `1..`.
    pub(super) height: u8,
}

impl Default for KonaneOptions {
    fn default() -> Self {
        KonaneOptions { width: 8, height: 8 }
    }
}

/// The rule that valid sizes follow, quoted in every size error.
const SIZE_RULE: &str =
    "size must be WxH with W and H even from 4 to 18 (squares from 6x6; 4x4 is not offered), e.g. 8x8";

impl KonaneOptions {
    /// A validated size.
    pub fn new(width: u8, height: u8) -> Result<Self, OptionsError> {
        let side_ok = |s: u8| (MIN_SIDE..=MAX_SIDE).contains(&s) && s.is_multiple_of(2);
        if !side_ok(width) || !side_ok(height) || (width == MIN_SIDE && height == MIN_SIDE) {
            return Err(OptionsError(format!("konane {SIZE_RULE}; got {width}x{height}")));
        }
        Ok(KonaneOptions { width, height })
    }

    /// Reads `WxH` (case-insensitive `x`).
    pub fn parse_size(text: &str) -> Result<Self, OptionsError> {
        let bad = || OptionsError(format!("konane {SIZE_RULE}; got '{text}'"));
        let lower = text.trim().to_ascii_lowercase();
        let (w, h) = lower.split_once('x').ok_or_else(bad)?;
        let side = |s: &str| -> Result<u8, OptionsError> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) || s.starts_with('0') {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        KonaneOptions::new(side(w)?, side(h)?)
    }

    /// Files (columns).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Ranks (rows).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The size as `WxH`.
    pub fn size_text(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }
}

/// Serde form of [`KonaneOptions`]: the same `WxH` text as the engine option.
#[derive(Serialize, Deserialize)]
struct SizeText(String);

impl TryFrom<SizeText> for KonaneOptions {
    type Error = OptionsError;
    fn try_from(t: SizeText) -> Result<Self, OptionsError> {
        KonaneOptions::parse_size(&t.0)
    }
}

impl From<KonaneOptions> for SizeText {
    fn from(o: KonaneOptions) -> Self {
        SizeText(o.size_text())
    }
}

/// The option list.
pub(super) static SPECS: [OptionSpec; 1] = [OptionSpec {
    key: "size",
    values: &[
        "6x6", "8x8", "10x10", "12x12", "14x14", "16x16", "18x18", "4x6", "6x4", "8x6", "6x8", "10x8", "8x10", "12x8",
        "8x12",
    ],
    default: "8x8",
    help: "Board size WxH (files x ranks): squares 6x6 to 18x18, or any rectangle with even sides from 4 to 18.",
}];

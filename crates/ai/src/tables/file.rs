//! A table on disk: a text header, then one byte per position.
//!
//! ```text
//! parlour-tables 1
//! game soldiers
//! board board1
//! rules apex=on custodian=off capture=intervention first=general threshold=4
//! top 16
//! bottom 0                                   (above the threshold: a partial table)
//! layer <soldiers> <apex 0|1> <positions>     (one line per layer, in table order)
//! positions <all layers'>
//! longest <plies>
//! checksum <16 hex digits>
//! data
//! ```
//!
//! Reading checks the header against the rules asked for, the file's length against the
//! positions, and the checksum over the values, and says in a sentence what is wrong.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use parlour_rules::Game;
use parlour_rules::soldiers::{SWITCHES, Soldiers, SoldiersOptions};
use thiserror::Error;

use super::index::Layout;
use super::table::Table;
use super::types::Stats;

const MAGIC: &str = "parlour-tables 1";

/// Why a table could not be read.
#[derive(Debug, Error)]
pub enum TableError {
    /// No file.
    #[error("there is no table for {what} in {dir} (build it with `parlour-engine tables build`)")]
    Missing {
        /// The board and rules.
        what: String,
        /// The folder looked in.
        dir: String,
    },
    /// Shorter (or longer) than its header says.
    #[error("the table {path} is truncated: its header promises {expected} bytes of values, the file holds {found}")]
    Truncated {
        /// The file.
        path: String,
        /// Bytes the header promises.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// Built for other rules or another board.
    #[error("the table {path} is for other rules ({found}), not {wanted}")]
    OtherRules {
        /// The file.
        path: String,
        /// What the header names.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// A damaged header or values.
    #[error("the table {path} is corrupt: {why}")]
    Corrupt {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The file could not be read or written.
    #[error("the table {path} could not be read or written: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// The rules in force as `key=value` words (every switch's value, so that two rule sets that
/// play alike read alike): what a table's header and file name say.
pub fn rules_text(options: &SoldiersOptions) -> String {
    let words: Vec<String> = SWITCHES
        .iter()
        .filter_map(|k| Soldiers::option_value(options, k).map(|v| format!("{k}={v}")))
        .collect();
    words.join(" ")
}

/// The file name of the table of `options`: the board and its rules in force.
pub fn file_name(options: &SoldiersOptions) -> String {
    let rules = rules_text(options).replace(' ', ",");
    let id = options.variant.id();
    if rules.is_empty() {
        format!("soldiers-{id}.table")
    } else {
        format!("soldiers-{id}-{rules}.table")
    }
}

/// A 64-bit checksum of the values, eight bytes at a time.
fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ data.len() as u64;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h ^ w).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^ (h >> 29)
}

impl Table {
    fn header(&self) -> String {
        let o = &self.layout.options;
        let mut h = format!(
            "{MAGIC}\ngame soldiers\nboard {}\nrules {}\ntop {}\nbottom {}\n",
            o.variant.id(),
            rules_text(o),
            self.top,
            self.layout.bottom
        );
        for l in &self.layout.layers {
            h.push_str(&format!("layer {} {} {}\n", l.soldiers, l.apex as u8, l.size));
        }
        h.push_str(&format!(
            "positions {}\nlongest {}\nchecksum {:016x}\ndata\n",
            self.values.len(),
            self.stats.longest,
            checksum(&self.values)
        ));
        h
    }

    /// Writes the table to `dir` under its [`file_name`] (through a temporary file, so a
    /// cut-short write never leaves a table that looks whole, and a failed one leaves nothing);
    /// returns the path.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, TableError> {
        let path = dir.join(file_name(&self.layout.options));
        let tmp = path.with_extension("part");
        let written = self.write_to(dir, &tmp).and_then(|()| {
            std::fs::rename(&tmp, &path).map_err(|source| TableError::Io {
                path: path.display().to_string(),
                source,
            })
        });
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written.map(|()| path)
    }

    /// Writes header and values to `tmp` (in `dir`, made if need be) and syncs it.
    fn write_to(&self, dir: &Path, tmp: &Path) -> Result<(), TableError> {
        let io = |source| TableError::Io {
            path: tmp.display().to_string(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let mut f = std::io::BufWriter::new(std::fs::File::create(tmp).map_err(io)?);
        f.write_all(self.header().as_bytes()).map_err(io)?;
        f.write_all(&self.values).map_err(io)?;
        f.into_inner().map_err(|e| io(e.into_error()))?.sync_all().map_err(io)
    }

    /// Reads the table of `options` from `dir`, checking that it is whole, for these rules and
    /// undamaged.
    pub fn load(options: &SoldiersOptions, dir: &Path) -> Result<Table, TableError> {
        let (mut r, header, layout, shown) = open_checked(options, dir)?;
        let io = |source| TableError::Io {
            path: shown.clone(),
            source,
        };
        let corrupt = |why: &str| TableError::Corrupt {
            path: shown.clone(),
            why: why.to_string(),
        };
        let mut values = vec![0u8; header.positions as usize];
        r.read_exact(&mut values).map_err(io)?;
        if checksum(&values) != header.checksum {
            return Err(corrupt("its checksum does not match its values"));
        }
        let mut stats = Stats::default();
        for &v in &values {
            stats.count(v);
        }
        if stats.longest != header.longest {
            return Err(corrupt("its longest result does not match its values"));
        }
        Ok(Table {
            layout,
            values,
            top: header.top,
            stats,
        })
    }

    /// Looks at the table of `options` in `dir` without reading its values: its header must
    /// name these rules and its length match. The file's size in bytes; the checksum is only
    /// checked by [`Table::load`].
    pub fn inspect(options: &SoldiersOptions, dir: &Path) -> Result<u64, TableError> {
        let (_, header, _, _) = open_checked(options, dir)?;
        Ok(header.bytes + header.positions)
    }
}

/// Opens the table of `options` in `dir` and checks its header and length: the reader at the
/// values, the header, the layout and the path as shown in sentences.
fn open_checked(
    options: &SoldiersOptions,
    dir: &Path,
) -> Result<(std::io::BufReader<std::fs::File>, Header, Layout, String), TableError> {
    let path = dir.join(file_name(options));
    if !path.exists() {
        return Err(TableError::Missing {
            what: format!("{} ({})", options.variant.board().name(), rules_text(options)),
            dir: dir.display().to_string(),
        });
    }
    let shown = path.display().to_string();
    let io = |source| TableError::Io {
        path: shown.clone(),
        source,
    };
    let file = std::fs::File::open(&path).map_err(io)?;
    let file_len = file.metadata().map_err(io)?.len();
    let mut r = std::io::BufReader::new(file);
    let header = read_header(&mut r, &shown)?;
    let found = format!("{} {}", header.board, header.rules);
    let wanted = format!("{} {}", options.variant.id(), rules_text(options));
    if found != wanted {
        return Err(TableError::OtherRules {
            path: shown.clone(),
            found,
            wanted,
        });
    }
    let layout = Layout::new(options, header.top, header.bottom);
    let sizes: Vec<(u32, bool, u64)> = layout.layers.iter().map(|l| (l.soldiers, l.apex, l.size)).collect();
    if sizes != header.layers || layout.total() != header.positions {
        return Err(TableError::Corrupt {
            path: shown.clone(),
            why: "its layers are not the ones these rules have".into(),
        });
    }
    let found_len = file_len.saturating_sub(header.bytes);
    if found_len != header.positions {
        return Err(TableError::Truncated {
            path: shown.clone(),
            expected: header.positions,
            found: found_len,
        });
    }
    Ok((r, header, layout, shown))
}

/// A table file's header, read.
struct Header {
    board: String,
    rules: String,
    top: u32,
    bottom: u32,
    layers: Vec<(u32, bool, u64)>,
    positions: u64,
    longest: u32,
    checksum: u64,
    /// The header's length in bytes.
    bytes: u64,
}

fn read_header(r: &mut impl BufRead, path: &str) -> Result<Header, TableError> {
    let corrupt = |why: String| TableError::Corrupt {
        path: path.to_string(),
        why,
    };
    let mut h = Header {
        board: String::new(),
        rules: String::new(),
        top: 0,
        bottom: 0,
        layers: Vec::new(),
        positions: 0,
        longest: 0,
        checksum: 0,
        bytes: 0,
    };
    let mut line = String::new();
    let mut first = true;
    loop {
        line.clear();
        let n = r
            .take(4096)
            .read_line(&mut line)
            .map_err(|_| corrupt("its header is not text".into()))?;
        if n == 0 || !line.ends_with('\n') {
            return Err(corrupt("its header ends before the values".into()));
        }
        h.bytes += n as u64;
        let text = line.trim_end();
        if first {
            if text != MAGIC {
                return Err(corrupt(format!("it does not start with '{MAGIC}'")));
            }
            first = false;
            continue;
        }
        let (key, rest) = text.split_once(' ').unwrap_or((text, ""));
        let num = |s: &str| s.parse::<u64>().map_err(|_| corrupt(format!("bad number in '{text}'")));
        match key {
            "data" => return Ok(h),
            "game" if rest != "soldiers" => return Err(corrupt(format!("it is for the game '{rest}'"))),
            "game" => {}
            "board" => h.board = rest.to_string(),
            "rules" => h.rules = rest.to_string(),
            "top" => h.top = num(rest)?.min(64) as u32,
            "bottom" => h.bottom = num(rest)?.min(64) as u32,
            "positions" => h.positions = num(rest)?,
            "longest" => h.longest = num(rest)? as u32,
            "checksum" => {
                h.checksum = u64::from_str_radix(rest, 16).map_err(|_| corrupt(format!("bad checksum '{rest}'")))?
            }
            "layer" => {
                let f: Vec<&str> = rest.split(' ').collect();
                if f.len() != 3 {
                    return Err(corrupt(format!("bad layer line '{text}'")));
                }
                h.layers.push((num(f[0])? as u32, f[1] == "1", num(f[2])?));
            }
            _ => return Err(corrupt(format!("unknown header line '{text}'"))),
        }
    }
}

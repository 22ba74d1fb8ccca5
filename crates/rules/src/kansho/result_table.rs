//! The seed's result table, kept as data exactly as printed (losing score → winning-score
//! ranges for each result), and the tests that read the printed table independently.

/// One printed entry of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Band {
    /// `N/A`.
    Na,
    /// A single score, e.g. `4`.
    N(u8),
    /// An inclusive range, e.g. `7-8`.
    R(u8, u8),
    /// `≥n`.
    Ge(u8),
}

impl Band {
    /// The smallest and largest score the entry covers (`None` for `N/A`).
    pub(crate) fn bounds(self) -> Option<(u32, u32)> {
        match self {
            Band::Na => None,
            Band::N(n) => Some((n.into(), n.into())),
            Band::R(a, b) => Some((a.into(), b.into())),
            Band::Ge(n) => Some((n.into(), u32::MAX)),
        }
    }
}

/// One printed row: the losing score and the five winning-score entries.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Row {
    pub(crate) losing: Band,
    pub(crate) bands: [Band; 5],
}

use Band::{Ge, N, Na, R};

/// The seed's table, row for row and entry for entry as printed (losing scores 1..=107, then `≥108`).
#[rustfmt::skip]
pub(crate) const TABLE: [Row; 108] = [
    Row { losing: N(1), bands: [N(2), N(3), N(4), N(5), Ge(6)] },
    Row { losing: N(2), bands: [N(3), N(4), N(5), N(6), Ge(7)] },
    Row { losing: N(3), bands: [N(4), N(5), N(6), R(7, 8), Ge(9)] },
    Row { losing: N(4), bands: [N(5), N(6), N(7), R(8, 11), Ge(12)] },
    Row { losing: N(5), bands: [N(6), N(7), N(8), R(9, 14), Ge(15)] },
    Row { losing: N(6), bands: [N(7), N(8), R(9, 10), R(11, 17), Ge(18)] },
    Row { losing: N(7), bands: [N(8), N(9), R(10, 12), R(13, 20), Ge(21)] },
    Row { losing: N(8), bands: [N(9), N(10), R(11, 14), R(15, 23), Ge(24)] },
    Row { losing: N(9), bands: [N(10), N(11), R(12, 16), R(17, 26), Ge(27)] },
    Row { losing: N(10), bands: [N(11), N(12), R(13, 18), R(19, 29), Ge(30)] },
    Row { losing: N(11), bands: [N(12), R(13, 14), R(15, 20), R(21, 32), Ge(33)] },
    Row { losing: N(12), bands: [N(13), R(14, 15), R(16, 22), R(23, 35), Ge(36)] },
    Row { losing: N(13), bands: [N(14), R(15, 17), R(18, 23), R(24, 38), Ge(39)] },
    Row { losing: N(14), bands: [N(15), R(16, 18), R(19, 25), R(26, 41), Ge(42)] },
    Row { losing: N(15), bands: [N(16), R(17, 19), R(20, 27), R(28, 44), Ge(45)] },
    Row { losing: N(16), bands: [N(17), R(18, 21), R(22, 29), R(30, 47), Ge(48)] },
    Row { losing: N(17), bands: [N(18), R(19, 22), R(23, 31), R(32, 50), Ge(51)] },
    Row { losing: N(18), bands: [N(19), R(20, 24), R(25, 33), R(34, 53), Ge(54)] },
    Row { losing: N(19), bands: [N(20), R(21, 25), R(26, 35), R(36, 56), Ge(57)] },
    Row { losing: N(20), bands: [N(21), R(22, 26), R(27, 37), R(38, 59), Ge(60)] },
    Row { losing: N(21), bands: [N(22), R(23, 28), R(29, 39), R(40, 62), Ge(63)] },
    Row { losing: N(22), bands: [R(23, 24), R(25, 29), R(30, 41), R(42, 65), Ge(66)] },
    Row { losing: N(23), bands: [R(24, 25), R(26, 31), R(32, 43), R(44, 68), Ge(69)] },
    Row { losing: N(24), bands: [R(25, 26), R(27, 32), R(33, 45), R(46, 71), Ge(72)] },
    Row { losing: N(25), bands: [R(26, 27), R(28, 33), R(34, 46), R(47, 75), Ge(76)] },
    Row { losing: N(26), bands: [R(27, 28), R(29, 35), R(36, 48), R(49, 78), Ge(79)] },
    Row { losing: N(27), bands: [R(28, 29), R(30, 36), R(37, 50), R(51, 81), Ge(82)] },
    Row { losing: N(28), bands: [R(29, 30), R(31, 38), R(39, 52), R(53, 84), Ge(85)] },
    Row { losing: N(29), bands: [R(30, 32), R(33, 39), R(40, 54), R(55, 87), Ge(88)] },
    Row { losing: N(30), bands: [R(31, 33), R(34, 40), R(41, 56), R(57, 90), Ge(91)] },
    Row { losing: N(31), bands: [R(32, 34), R(35, 42), R(43, 58), R(59, 93), Ge(94)] },
    Row { losing: N(32), bands: [R(33, 35), R(36, 43), R(44, 60), R(61, 96), Ge(97)] },
    Row { losing: N(33), bands: [R(34, 36), R(37, 45), R(46, 62), R(63, 99), Ge(100)] },
    Row { losing: N(34), bands: [R(35, 37), R(38, 46), R(47, 64), R(65, 102), Ge(103)] },
    Row { losing: N(35), bands: [R(36, 38), R(39, 47), R(48, 66), R(67, 105), Ge(106)] },
    Row { losing: N(36), bands: [R(37, 40), R(41, 49), R(50, 68), R(69, 108), Ge(109)] },
    Row { losing: N(37), bands: [R(38, 41), R(42, 50), R(51, 70), R(71, 111), Ge(112)] },
    Row { losing: N(38), bands: [R(39, 42), R(43, 52), R(53, 71), R(72, 114), Ge(115)] },
    Row { losing: N(39), bands: [R(40, 43), R(44, 53), R(54, 73), R(74, 117), Ge(118)] },
    Row { losing: N(40), bands: [R(41, 44), R(45, 54), R(55, 75), R(76, 120), Ge(121)] },
    Row { losing: N(41), bands: [R(42, 45), R(46, 56), R(57, 77), Ge(78), Na] },
    Row { losing: N(42), bands: [R(43, 46), R(47, 57), R(58, 79), Ge(80), Na] },
    Row { losing: N(43), bands: [R(44, 47), R(48, 58), R(59, 81), Ge(82), Na] },
    Row { losing: N(44), bands: [R(45, 49), R(50, 60), R(61, 83), Ge(84), Na] },
    Row { losing: N(45), bands: [R(46, 50), R(51, 61), R(62, 85), Ge(86), Na] },
    Row { losing: N(46), bands: [R(47, 51), R(52, 63), R(64, 87), Ge(88), Na] },
    Row { losing: N(47), bands: [R(48, 52), R(53, 64), R(65, 89), Ge(90), Na] },
    Row { losing: N(48), bands: [R(49, 53), R(54, 65), R(66, 91), Ge(92), Na] },
    Row { losing: N(49), bands: [R(50, 54), R(55, 67), R(68, 93), Ge(94), Na] },
    Row { losing: N(50), bands: [R(51, 55), R(56, 68), R(69, 94), Ge(95), Na] },
    Row { losing: N(51), bands: [R(52, 57), R(58, 70), R(71, 96), Ge(97), Na] },
    Row { losing: N(52), bands: [R(53, 58), R(59, 71), R(72, 98), Ge(99), Na] },
    Row { losing: N(53), bands: [R(54, 59), R(60, 72), R(73, 100), Ge(101), Na] },
    Row { losing: N(54), bands: [R(55, 60), R(61, 74), R(75, 102), Ge(103), Na] },
    Row { losing: N(55), bands: [R(56, 61), R(62, 75), R(76, 104), Ge(105), Na] },
    Row { losing: N(56), bands: [R(57, 62), R(63, 77), R(78, 106), Ge(107), Na] },
    Row { losing: N(57), bands: [R(58, 63), R(64, 78), R(79, 108), Ge(109), Na] },
    Row { losing: N(58), bands: [R(59, 65), R(66, 79), R(80, 110), Ge(111), Na] },
    Row { losing: N(59), bands: [R(60, 66), R(67, 81), R(82, 112), Ge(113), Na] },
    Row { losing: N(60), bands: [R(61, 67), R(68, 82), R(83, 114), Ge(115), Na] },
    Row { losing: N(61), bands: [R(62, 68), R(69, 84), R(85, 116), Ge(117), Na] },
    Row { losing: N(62), bands: [R(63, 69), R(70, 85), R(86, 118), Ge(119), Na] },
    Row { losing: N(63), bands: [R(64, 70), R(71, 86), R(87, 119), Ge(120), Na] },
    Row { losing: N(64), bands: [R(65, 71), R(72, 88), R(89, 121), Ge(123), Na] },
    Row { losing: N(65), bands: [R(66, 73), R(74, 89), Ge(90), Na, Na] },
    Row { losing: N(66), bands: [R(67, 74), R(75, 91), Ge(92), Na, Na] },
    Row { losing: N(67), bands: [R(68, 75), R(76, 92), Ge(93), Na, Na] },
    Row { losing: N(68), bands: [R(69, 76), R(77, 93), Ge(94), Na, Na] },
    Row { losing: N(69), bands: [R(70, 77), R(78, 95), Ge(96), Na, Na] },
    Row { losing: N(70), bands: [R(71, 78), R(79, 96), Ge(97), Na, Na] },
    Row { losing: N(71), bands: [R(72, 79), R(80, 98), Ge(99), Na, Na] },
    Row { losing: N(72), bands: [R(73, 81), R(82, 99), Ge(100), Na, Na] },
    Row { losing: N(73), bands: [R(74, 82), R(83, 100), Ge(101), Na, Na] },
    Row { losing: N(74), bands: [R(75, 83), R(84, 102), Ge(103), Na, Na] },
    Row { losing: N(75), bands: [R(76, 84), R(85, 103), Ge(104), Na, Na] },
    Row { losing: N(76), bands: [R(77, 85), R(86, 105), Ge(106), Na, Na] },
    Row { losing: N(77), bands: [R(78, 86), R(87, 106), Ge(107), Na, Na] },
    Row { losing: N(78), bands: [R(79, 87), R(88, 107), Ge(108), Na, Na] },
    Row { losing: N(79), bands: [R(80, 88), R(89, 109), Ge(110), Na, Na] },
    Row { losing: N(80), bands: [R(81, 90), R(91, 110), Ge(111), Na, Na] },
    Row { losing: N(81), bands: [R(82, 91), R(92, 112), Ge(113), Na, Na] },
    Row { losing: N(82), bands: [R(83, 92), R(93, 113), Ge(114), Na, Na] },
    Row { losing: N(83), bands: [R(84, 93), R(94, 114), Ge(115), Na, Na] },
    Row { losing: N(84), bands: [R(85, 94), R(95, 116), Ge(117), Na, Na] },
    Row { losing: N(85), bands: [R(86, 95), R(96, 117), Ge(118), Na, Na] },
    Row { losing: N(86), bands: [R(87, 96), R(97, 118), Ge(119), Na, Na] },
    Row { losing: N(87), bands: [R(88, 98), R(99, 120), Ge(121), Na, Na] },
    Row { losing: N(88), bands: [R(89, 99), R(100, 121), Ge(122), Na, Na] },
    Row { losing: N(89), bands: [R(90, 100), Ge(101), Na, Na, Na] },
    Row { losing: N(90), bands: [R(91, 101), Ge(102), Na, Na, Na] },
    Row { losing: N(91), bands: [R(92, 102), Ge(103), Na, Na, Na] },
    Row { losing: N(92), bands: [R(93, 103), Ge(104), Na, Na, Na] },
    Row { losing: N(93), bands: [R(94, 104), Ge(105), Na, Na, Na] },
    Row { losing: N(94), bands: [R(95, 106), Ge(107), Na, Na, Na] },
    Row { losing: N(95), bands: [R(96, 107), Ge(108), Na, Na, Na] },
    Row { losing: N(96), bands: [R(97, 108), Ge(109), Na, Na, Na] },
    Row { losing: N(97), bands: [R(98, 109), Ge(110), Na, Na, Na] },
    Row { losing: N(98), bands: [R(99, 110), Ge(111), Na, Na, Na] },
    Row { losing: N(99), bands: [R(100, 111), Ge(112), Na, Na, Na] },
    Row { losing: N(100), bands: [R(101, 112), Ge(113), Na, Na, Na] },
    Row { losing: N(101), bands: [R(102, 114), Ge(115), Na, Na, Na] },
    Row { losing: N(102), bands: [R(103, 115), Ge(116), Na, Na, Na] },
    Row { losing: N(103), bands: [R(104, 116), Ge(117), Na, Na, Na] },
    Row { losing: N(104), bands: [R(105, 117), Ge(118), Na, Na, Na] },
    Row { losing: N(105), bands: [R(106, 118), Ge(119), Na, Na, Na] },
    Row { losing: N(106), bands: [R(107, 119), Ge(120), Na, Na, Na] },
    Row { losing: N(107), bands: [R(108, 120), Ge(121), Na, Na, Na] },
    Row { losing: Ge(108), bands: [Ge(109), Na, Na, Na, Na] },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kansho::result::{Victory, classify, result_display, result_name};

    /// The seed's table, pasted verbatim (tab-separated, `≥`, `N/A`): read here by separate
    /// code so that a slip in `TABLE` or in the lookup shows up as a mismatch.
    const PRINTED: &str = "1	2	3	4	5	≥6
2	3	4	5	6	≥7
3	4	5	6	7-8	≥9
4	5	6	7	8-11	≥12
5	6	7	8	9-14	≥15
6	7	8	9-10	11-17	≥18
7	8	9	10-12	13-20	≥21
8	9	10	11-14	15-23	≥24
9	10	11	12-16	17-26	≥27
10	11	12	13-18	19-29	≥30
11	12	13-14	15-20	21-32	≥33
12	13	14-15	16-22	23-35	≥36
13	14	15-17	18-23	24-38	≥39
14	15	16-18	19-25	26-41	≥42
15	16	17-19	20-27	28-44	≥45
16	17	18-21	22-29	30-47	≥48
17	18	19-22	23-31	32-50	≥51
18	19	20-24	25-33	34-53	≥54
19	20	21-25	26-35	36-56	≥57
20	21	22-26	27-37	38-59	≥60
21	22	23-28	29-39	40-62	≥63
22	23-24	25-29	30-41	42-65	≥66
23	24-25	26-31	32-43	44-68	≥69
24	25-26	27-32	33-45	46-71	≥72
25	26-27	28-33	34-46	47-75	≥76
26	27-28	29-35	36-48	49-78	≥79
27	28-29	30-36	37-50	51-81	≥82
28	29-30	31-38	39-52	53-84	≥85
29	30-32	33-39	40-54	55-87	≥88
30	31-33	34-40	41-56	57-90	≥91
31	32-34	35-42	43-58	59-93	≥94
32	33-35	36-43	44-60	61-96	≥97
33	34-36	37-45	46-62	63-99	≥100
34	35-37	38-46	47-64	65-102	≥103
35	36-38	39-47	48-66	67-105	≥106
36	37-40	41-49	50-68	69-108	≥109
37	38-41	42-50	51-70	71-111	≥112
38	39-42	43-52	53-71	72-114	≥115
39	40-43	44-53	54-73	74-117	≥118
40	41-44	45-54	55-75	76-120	≥121
41	42-45	46-56	57-77	≥78	N/A
42	43-46	47-57	58-79	≥80	N/A
43	44-47	48-58	59-81	≥82	N/A
44	45-49	50-60	61-83	≥84	N/A
45	46-50	51-61	62-85	≥86	N/A
46	47-51	52-63	64-87	≥88	N/A
47	48-52	53-64	65-89	≥90	N/A
48	49-53	54-65	66-91	≥92	N/A
49	50-54	55-67	68-93	≥94	N/A
50	51-55	56-68	69-94	≥95	N/A
51	52-57	58-70	71-96	≥97	N/A
52	53-58	59-71	72-98	≥99	N/A
53	54-59	60-72	73-100	≥101	N/A
54	55-60	61-74	75-102	≥103	N/A
55	56-61	62-75	76-104	≥105	N/A
56	57-62	63-77	78-106	≥107	N/A
57	58-63	64-78	79-108	≥109	N/A
58	59-65	66-79	80-110	≥111	N/A
59	60-66	67-81	82-112	≥113	N/A
60	61-67	68-82	83-114	≥115	N/A
61	62-68	69-84	85-116	≥117	N/A
62	63-69	70-85	86-118	≥119	N/A
63	64-70	71-86	87-119	≥120	N/A
64	65-71	72-88	89-121	≥123	N/A
65	66-73	74-89	≥90	N/A	N/A
66	67-74	75-91	≥92	N/A	N/A
67	68-75	76-92	≥93	N/A	N/A
68	69-76	77-93	≥94	N/A	N/A
69	70-77	78-95	≥96	N/A	N/A
70	71-78	79-96	≥97	N/A	N/A
71	72-79	80-98	≥99	N/A	N/A
72	73-81	82-99	≥100	N/A	N/A
73	74-82	83-100	≥101	N/A	N/A
74	75-83	84-102	≥103	N/A	N/A
75	76-84	85-103	≥104	N/A	N/A
76	77-85	86-105	≥106	N/A	N/A
77	78-86	87-106	≥107	N/A	N/A
78	79-87	88-107	≥108	N/A	N/A
79	80-88	89-109	≥110	N/A	N/A
80	81-90	91-110	≥111	N/A	N/A
81	82-91	92-112	≥113	N/A	N/A
82	83-92	93-113	≥114	N/A	N/A
83	84-93	94-114	≥115	N/A	N/A
84	85-94	95-116	≥117	N/A	N/A
85	86-95	96-117	≥118	N/A	N/A
86	87-96	97-118	≥119	N/A	N/A
87	88-98	99-120	≥121	N/A	N/A
88	89-99	100-121	≥122	N/A	N/A
89	90-100	≥101	N/A	N/A	N/A
90	91-101	≥102	N/A	N/A	N/A
91	92-102	≥103	N/A	N/A	N/A
92	93-103	≥104	N/A	N/A	N/A
93	94-104	≥105	N/A	N/A	N/A
94	95-106	≥107	N/A	N/A	N/A
95	96-107	≥108	N/A	N/A	N/A
96	97-108	≥109	N/A	N/A	N/A
97	98-109	≥110	N/A	N/A	N/A
98	99-110	≥111	N/A	N/A	N/A
99	100-111	≥112	N/A	N/A	N/A
100	101-112	≥113	N/A	N/A	N/A
101	102-114	≥115	N/A	N/A	N/A
102	103-115	≥116	N/A	N/A	N/A
103	104-116	≥117	N/A	N/A	N/A
104	105-117	≥118	N/A	N/A	N/A
105	106-118	≥119	N/A	N/A	N/A
106	107-119	≥120	N/A	N/A	N/A
107	108-120	≥121	N/A	N/A	N/A
≥108	≥109	N/A	N/A	N/A	N/A";

    type Entry = Option<(u32, u32)>;

    fn parse_entry(s: &str) -> Entry {
        let s = s.trim();
        if s == "N/A" {
            None
        } else if let Some(n) = s.strip_prefix('≥') {
            Some((n.parse().unwrap(), u32::MAX))
        } else if let Some((a, b)) = s.split_once('-') {
            Some((a.parse().unwrap(), b.parse().unwrap()))
        } else {
            let n = s.parse().unwrap();
            Some((n, n))
        }
    }

    fn printed_rows() -> Vec<(String, [Entry; 5])> {
        PRINTED
            .lines()
            .map(|line| {
                let cols: Vec<&str> = line.split('\t').collect();
                assert_eq!(cols.len(), 6, "{line}");
                let mut entries = [None; 5];
                for (e, c) in entries.iter_mut().zip(&cols[1..]) {
                    *e = parse_entry(c);
                }
                (cols[0].to_string(), entries)
            })
            .collect()
    }

    #[test]
    fn table_data_is_the_printed_table() {
        let rows = printed_rows();
        assert_eq!(rows.len(), TABLE.len());
        for (i, ((label, entries), row)) in rows.iter().zip(TABLE.iter()).enumerate() {
            let losing = if i < 107 {
                format!("{}", i + 1)
            } else {
                "≥108".to_string()
            };
            assert_eq!(label, &losing);
            assert_eq!(row.losing.bounds(), parse_entry(label));
            for (band, entry) in row.bands.iter().zip(entries) {
                assert_eq!(band.bounds(), *entry, "row {label}");
            }
        }
    }

    #[test]
    fn every_row_and_every_winning_score() {
        let rows = printed_rows();
        for losing in 1..=245u32 {
            let (_, entries) = &rows[(losing.min(108) - 1) as usize];
            for winning in 1..=246u32 {
                let printed: Vec<Victory> = Victory::ALL
                    .into_iter()
                    .zip(entries)
                    .filter(|(_, e)| e.is_some_and(|(lo, hi)| lo <= winning && winning <= hi))
                    .map(|(v, _)| v)
                    .collect();
                assert!(printed.len() <= 1, "{losing}/{winning} is in two columns");
                let expected = if winning <= losing {
                    None
                } else if let Some(&v) = printed.first() {
                    Some(v)
                } else if losing >= 108 {
                    panic!("{losing}/{winning} must be covered by the ≥108 row")
                } else {
                    // The only printed gap, decided on the rule page.
                    assert_eq!((losing, winning), (64, 122), "unexpected gap in the table");
                    Some(Victory::Domination)
                };
                assert_eq!(
                    classify(winning, losing),
                    expected,
                    "losing {losing}, winning {winning}"
                );
                let name = expected.map_or("equal-scores", Victory::as_str);
                if winning > losing {
                    assert_eq!(result_name(winning, losing), name);
                    assert_eq!(result_name(losing, winning), name, "order does not matter");
                    assert_eq!(
                        result_display(winning, losing),
                        expected.map_or("Draw", Victory::display)
                    );
                } else if winning == losing {
                    assert_eq!(result_name(winning, losing), "equal-scores");
                }
            }
        }
    }

    #[test]
    fn decisions_on_the_rule_page() {
        for w in 1..=246 {
            assert_eq!(classify(w, 0), Some(Victory::Annihilation));
        }
        assert_eq!(classify(0, 0), None);
        assert_eq!(result_name(122, 64), "domination");
        assert_eq!(result_name(121, 64), "outright-victory");
        assert_eq!(result_name(123, 64), "domination");
        assert_eq!(result_name(109, 108), "hollow-victory");
        assert_eq!(result_name(123, 122), "hollow-victory");
        assert_eq!(result_name(123, 120), "hollow-victory");
        assert_eq!(result_name(40, 40), "equal-scores");
        assert_eq!(result_display(40, 40), "Draw");
        // The seed's example 5: 29 against 19, then 31 against 12.
        assert_eq!(result_name(29, 19), "outright-victory");
        assert_eq!(result_display(31, 12), "Domination");
        assert_eq!(result_display(6, 1), "Annihilation");
        assert_eq!(result_display(2, 1), "Hollow Victory");
        assert_eq!(result_display(3, 1), "Technical Victory");
        assert_eq!(result_display(4, 1), "Outright Victory");
        for v in Victory::ALL {
            assert_eq!(Victory::from_str_name(v.as_str()), Some(v));
        }
    }

    #[test]
    fn printed_rows_are_contiguous_except_row_64() {
        for row in &TABLE[..107] {
            let Some((l, _)) = row.losing.bounds() else {
                panic!("a losing score")
            };
            let mut next = l + 1;
            let mut open = false;
            for band in row.bands {
                match band.bounds() {
                    None => assert!(open, "N/A only after an open-ended entry (row {l})"),
                    Some((lo, hi)) => {
                        assert!(!open, "nothing after an open-ended entry (row {l})");
                        if l == 64 && lo == 123 {
                            assert_eq!(next, 122);
                        } else {
                            assert_eq!(lo, next, "row {l} continues where it left off");
                        }
                        assert!(hi >= lo);
                        open = hi == u32::MAX;
                        next = hi.saturating_add(1);
                    }
                }
            }
            assert!(open, "row {l} ends open-ended");
        }
    }
}

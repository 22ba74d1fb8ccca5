-- Sixteen Soldiers board 2's fair rules now let the general win at six soldiers left instead of
-- four: a fair game there stored before keeps the four it was played under, written out (the
-- `threshold` option comes last in the canonical order, so it is appended).
UPDATE games
SET options = substr(options, 1, length(options) - 1) || ',["threshold","4"]]'
WHERE game = 'soldiers'
    AND options LIKE '%["variant","board2"]%'
    AND options LIKE '%["rules","fair"]%'
    AND options NOT LIKE '%"threshold"%';

# Each game mid-play, a human to move: the positions CI photographs (test.sh) and the client's
# measurements are taken in (scripts/measure-client.sh). Sourced; defines POSITIONS (name →
# client arguments), and REVIEW_GAMES: the same games played on by the Novice to 40 plies (ConHex
# and Qyshinsu stop a ply before their end, at 35 and 28), whose review's analysis
# `scripts/measure-client.sh --during review` measures the frames of.
declare -A POSITIONS=(
  [kansho]='--game kansho --moves "9,-6 8,-7 6,-7 4,-6 5,-8 3,-7 2,-5 3,-4"'
  [konane]='--game konane --moves "xh1 xh2 f1-h1 g3-g1 e2-g2 h4-h2 d1-f1 h6-h4"'
  [conhex]='--game conhex --moves "J9 swap J7 C6 H2 C2 B3 D2"'
  [qyshinsu]='--game qyshinsu --moves "1@10 o@9 4@8 1@12 3@1 3@4 o@7 5@6"'
  [soldiers]='--game soldiers --options "variant=board3" --moves "b5-a5 c5-e5 b1-a1 e5-e4 d6-d5 e4-e5 b6-b5 e5-c5"'
)
GAME_ORDER=(kansho konane conhex qyshinsu soldiers)
# Made by playing on from each position with `genmove level=novice seed=<ply>` in parlour-engine.
declare -A REVIEW_GAMES=(
  [kansho]='--game kansho --moves "9,-6 8,-7 6,-7 4,-6 5,-8 3,-7 2,-5 3,-4 7,-5 0,-3 5,-5 4,-3 4,-9 1,-6 3,-6 9,-7 -1,-5 8,-3 1,-8 -5,0 7,-1 5,-1 3,0 7,1 6,-3 3,2 6,3 -4,5 -2,4 -2,-6 -2,-2 0,3 2,-2 2,-7 -6,6 -4,6 5,1 -2,5"'
  [konane]='--game konane --moves "xh1 xh2 f1-h1 g3-g1 e2-g2 h4-h2 d1-f1 h6-h4 h1-h3 h4-h2 f1-h1 e3-g3 f5-f3 e5-e3 f7-f5 g3-g1 c4-e4 h8-h6 f5-h5 e3-g3 h1-h3 h6-h4 d7-f7 d6-f6 d3-d1 b2-d2 a4-c4 b6-d6 h3-h5 d6-d4 g4-g2 b8-b6-b4-b2 g6-e6 c1-e1 c4-c6 d4-f4 g8-g6 f8-f6 a2-c2 d2-b2"'
  [conhex]='--game conhex --moves "J9 swap J7 C6 H2 C2 B3 D2 G2 J5 B7 G8 C7 I6 D10 H9 I4 C8 C4 F10 B5 G4 G3 F2 E10 J3 E4 I7 G10 B4 C5 K1 K11 I10 G9"'
  [qyshinsu]='--game qyshinsu --moves "1@10 o@9 4@8 1@12 3@1 3@4 o@7 5@6 4@11 5@3 x@8 x@4 x@7 x@6 x@11 4@7 2@11 x@9 x@10 5@9 1@2 x@3 3@10 x@7 o@3 o@4 4@5 x@9"'
  [soldiers]='--game soldiers --options "variant=board3" --moves "b5-a5 c5-e5 b1-a1 e5-e4 d6-d5 e4-e5 b6-b5 e5-c5 d2-e2 c5-d5 c4-c5 d5-e5 d4-d5 e5-e4 e2-e3 e4-e2 d3-d2 e2-e3 c1-b1 e3-e2 d5-e5 e2-e3 d2-d3 e3-e2 d3-e3 e2-e4-e6 d1-c1 e6-e5 c5-d5 e5-c5 b4-c4 c5-d5 b3-b4 d5-d4 c6-c5 d4-d3 b7-a7 d3-b3 c4-c3 b3-d3"'
)

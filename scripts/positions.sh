# Each game mid-play, a human to move: the positions CI photographs (test.sh) and the client's
# measurements are taken in (scripts/measure-client.sh). Sourced; defines POSITIONS (name →
# client arguments).
declare -A POSITIONS=(
  [kansho]='--game kansho --moves "9,-6 8,-7 6,-7 4,-6 5,-8 3,-7 2,-5 3,-4"'
  [konane]='--game konane --moves "xh1 xh2 f1-h1 g3-g1 e2-g2 h4-h2 d1-f1 h6-h4"'
  [conhex]='--game conhex --moves "J9 swap J7 C6 H2 C2 B3 D2"'
  [qyshinsu]='--game qyshinsu --moves "1@10 o@9 4@8 1@12 3@1 3@4 o@7 5@6"'
  [soldiers]='--game soldiers --options "variant=board3" --moves "b5-a5 c5-e5 b1-a1 e5-e4 d6-d5 e4-e5 b6-b5 e5-c5"'
)
GAME_ORDER=(kansho konane conhex qyshinsu soldiers)

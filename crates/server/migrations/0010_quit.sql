-- Which seat left a lobby game (issue 75's abandonment): the seat whose game was claimed after
-- it went quiet, or that did not make its first move in time (an abort). The lobby shows each
-- player's share of games finished from it, and a player who leaves again and again waits
-- before the next seek.
ALTER TABLE game_players ADD COLUMN quit TEXT;

-- to_char() of a time of day, as opening hours and schedules are written: it failed as
-- "function year(time without time zone) does not exist", Postgres' words for a call
-- Postgres answers, until 2026-11-29. A time's own patterns (hours, minutes, seconds,
-- AM/PM, FM) answer as Postgres writes them; a date's patterns are refused in the demo's
-- words (test_pg_refusals.py). Every answer is PGlite's.
-- setup
CREATE TABLE opening (day text PRIMARY KEY, opens time NOT NULL, closes time);
INSERT INTO opening VALUES ('mon', '08:30', '17:45:30'), ('sat', '00:05', '12:00'), ('sun', '10:00', NULL);
-- probe
SELECT count(*) FROM opening;
-- case: hours on a twelve-hour clock
SELECT day, to_char(opens, 'HH12:MI AM') AS opens, to_char(closes, 'FMHH12:MI pm') AS closes FROM opening ORDER BY day;
-- case: hours on a 24-hour clock
SELECT day, to_char(opens, 'HH24:MI:SS') AS o, to_char(closes, 'HH24.MI') AS c FROM opening ORDER BY day;
-- case: a time literal
SELECT to_char(time '13:00', 'HH12 AM') AS a, to_char('23:59:59'::time, 'HH:MI:SS PM') AS b;

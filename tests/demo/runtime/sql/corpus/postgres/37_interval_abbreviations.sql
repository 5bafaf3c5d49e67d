-- Intervals written with Postgres' unit abbreviations, as Postgres itself writes them
-- (`1 mon`, `3 mons`, `2 yrs`, `5 hrs`, `3 mins`, `2 secs`): the demo refused each as a
-- syntax error that Postgres does not raise (DuckDB's grammar has no such units after
-- `INTERVAL '1'`, and read `MON` alone as an alias of one second). Found on 2026-11-29
-- by a probe of interval arithmetic; every answer is PGlite's.
-- setup
CREATE TABLE events (id int PRIMARY KEY, at date, took interval);
INSERT INTO events VALUES (1, '2024-01-31', '1 mon'), (2, '2024-05-15', '2 hrs 30 mins'), (3, '2024-06-30', '3 mons 2 days');
-- probe
SELECT id FROM events ORDER BY id;
-- case: months and years abbreviated
SELECT interval '1 mon' AS a, interval '3 mons' AS b, interval '1 yr' AS c, interval '2 yrs 3 mons' AS d, interval '1.5 mon' AS e;
-- case: hours, minutes and seconds abbreviated
SELECT interval '5 hrs' AS a, interval '3 mins 2 secs' AS b, interval '10 msec' AS c, interval '1 h' AS d, interval '1 m' AS e, interval '2 w' AS f, interval '1 hr' AS g;
-- case: date arithmetic with an abbreviated month
SELECT date '2024-01-31' + interval '1 mon' AS a, timestamp '2024-03-31 10:00' - interval '1 mon' AS b, date '2024-01-31' + interval '2 mons' AS c;
-- case: an abbreviated interval in WHERE
SELECT id FROM events WHERE at > date '2024-06-30' - interval '3 mons' ORDER BY id;
-- case: abbreviated intervals compared and multiplied
SELECT interval '1 mon' = interval '30 days' AS eq, interval '1 mon' * 0.5 AS half, interval '2 hrs' < interval '1 day' AS lt;
-- case: a column of intervals written abbreviated
SELECT id, took, at + took AS until FROM events ORDER BY id;
-- case: an abbreviated interval in a subquery and a CTE
WITH w AS (SELECT interval '6 mons' AS span) SELECT span, (SELECT interval '1 yr') AS year FROM w;

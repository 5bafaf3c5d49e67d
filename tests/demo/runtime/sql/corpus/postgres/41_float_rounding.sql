-- A float rounded or truncated to places by way of numeric, `round(x::numeric, 2)`, the
-- way Postgres users round a double precision or a real (Postgres has no
-- round(double precision, integer)); refused until 2026-11-29 (`x::numeric` of a float
-- shows each value's own scale, which the demo cannot tell). Postgres makes the numeric
-- from 15 significant digits of a double precision, 6 of a real, so a double just below
-- 2.675 rounds to 2.68 (transforms/float_numeric.py). Every answer is PGlite's.
-- setup
CREATE TABLE readings (id int PRIMARY KEY, w real, d float8);
INSERT INTO readings VALUES (1, 1.25, 2.675), (2, 0.5, 0.1), (3, NULL, 1e-20), (4, 1.1, 12345.678901234567), (5, -2.5, -0.125), (6, 3.3333333, 1e15);
-- probe
SELECT id FROM readings ORDER BY id;
-- case: round a double to places
SELECT id, round(d::numeric, 2) AS r2, round(d::numeric, 0) AS r0, round(d::numeric) AS r FROM readings ORDER BY id;
-- case: round a real to places
SELECT id, round(w::numeric, 2) AS r2, round(w::numeric, 1) AS r1, trunc(w::numeric, 1) AS t1 FROM readings ORDER BY id;
-- case: truncate a double
SELECT id, trunc(d::numeric, 3) AS t3, trunc(d::numeric) AS t FROM readings ORDER BY id;
-- case: round an average of floats
SELECT round(avg(d)::numeric, 2) AS avg_d, round(avg(w)::numeric, 3) AS avg_w, round(sum(d)::numeric, 1) AS sum_d FROM readings;
-- case: round a float expression
SELECT id, round((d * 100)::numeric, 1) AS pct, round((w / 3)::numeric, 4) AS third FROM readings ORDER BY id;
-- case: rounded floats in a report
SELECT id > 3 AS late, round(avg(d)::numeric, 2) AS a FROM readings GROUP BY 1 ORDER BY 1;
-- case: the float cast alone stays refused
SELECT d::numeric FROM readings;

-- Arithmetic around a numeric division, as reports write it: `round(bytes / 1024.0 /
-- 1024.0, 2)`, `sum(x) / count(*) * 100`, `b / c + 1`, `avg(x) * 2`. Postgres computes
-- each step as numeric (a division to its select_div_scale) and answers numeric text;
-- DuckDB computed the whole as a double (5.26 for '5.26', 372344466.6666666 for
-- '372344466.66666667'). The leaves now come back as text and each step runs with
-- Postgres' rules (numeric.py, `_program`). Written after a report probe over a
-- Chinook-like schema found those silent answers.
-- setup
CREATE TABLE t (a int, b numeric(10,2), c int);
INSERT INTO t VALUES (11170334, 10.50, 3), (5510424, 0.99, 7);
-- probe
SELECT count(*) AS n FROM t;
-- case: chain in round
SELECT round(a / 1024.0 / 1024.0, 2) AS mb FROM t ORDER BY a;
-- case: quotient times 100
SELECT a / 3.0 * 100 AS p FROM t ORDER BY a;
-- case: quotient cast
SELECT (b / c)::numeric(10,2) AS q FROM t ORDER BY a;
-- case: aggregate quotient times
SELECT sum(b) / count(*) * 100 AS x FROM t;
-- case: quotient in where
SELECT a FROM t WHERE b / c > 0.5 ORDER BY a;
-- case: quotient plus
SELECT b / c + 1 AS y FROM t ORDER BY a;
-- case: chain with negation and subtraction
SELECT -(b / c) - 1.5 AS y, (a - 1) / 2.0 / c AS z FROM t ORDER BY a;
-- case: avg inside arithmetic
SELECT avg(b) * 2 AS a2, avg(a) / 1000.0 AS k, round(avg(b) * 100 / sum(b), 3) AS r FROM t;
-- case: division by a zero the expression computes
SELECT b / (c - c) * 2 AS z FROM t;
-- case: numeric over int in order by alias
SELECT a, a / 7.0 * 100 AS pct FROM t ORDER BY pct DESC;
-- case: chain with a float stays float
SELECT a / 1024.0 / 2.5::float8 AS f FROM t ORDER BY a;
-- case: trunc of a chain
SELECT trunc(a / 1024.0 / 1024.0, 1) AS mb FROM t ORDER BY a;
-- case: bare numeric cast leaf refused back to double
SELECT a::numeric / 3 * 2 AS x FROM t ORDER BY a;
-- case: coalesce leaf
SELECT coalesce(b, 0) / c * 2 AS x FROM t ORDER BY a;
-- case: big values
SELECT 12345678901234567890.123 / 7 * 3 AS big, 1 / 3.0 * 3 AS third;

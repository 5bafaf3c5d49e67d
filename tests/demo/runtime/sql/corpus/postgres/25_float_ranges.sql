-- sum() and avg() of float8 values whose sum leaves the float8 range: Postgres' running
-- sum checks each step and fails with "value out of range: overflow" (float8.sql tests
-- the arithmetic; the aggregates share its check). When written, DuckDB answered
-- Infinity, which a client reads as null, in six of these cases (plain, avg, grouped,
-- FILTER, a running window, HAVING). A sum with Infinity or NaN among its values is that
-- value, as Postgres answers. And a numeric literal past DuckDB's 38 DECIMAL digits
-- written into a float8 column (`INSERT ... VALUES (1e300)`): refused when written,
-- it is the column's cast alone in Postgres.
-- setup
CREATE TABLE f (g int, x float8, r real);
INSERT INTO f VALUES (1, '1e308', 1), (1, '1e308', 2), (2, 1, 3), (2, NULL, NULL), (3, 'Infinity', 4), (3, 5, 5), (4, 'NaN', 1);
-- probe
SELECT count(*) FROM f;
-- case: a sum out of range
SELECT sum(x) FROM f WHERE g = 1;
-- case: an average whose sum is out of range
SELECT avg(x) FROM f WHERE g = 1;
-- case: sums of groups in range
SELECT g, sum(x) FROM f WHERE g > 1 GROUP BY g ORDER BY g;
-- case: one group's sum out of range
SELECT g, sum(x) FROM f GROUP BY g ORDER BY g;
-- case: a sum with Infinity among its values
SELECT sum(x), avg(x) FROM f WHERE g = 3;
-- case: a sum of NaN
SELECT sum(x) FROM f WHERE g = 4;
-- case: a filtered sum out of range
SELECT sum(x) FILTER (WHERE g = 2), sum(x) FILTER (WHERE g = 1) FROM f;
-- case: a filtered sum in range
SELECT sum(x) FILTER (WHERE g = 2) FROM f;
-- case: a sum over partitions
SELECT g, sum(x) OVER (PARTITION BY g) FROM f WHERE g <> 1 ORDER BY g, x;
-- case: a running sum that leaves the range
SELECT g, sum(x) OVER (ORDER BY g) FROM f ORDER BY g, x;
-- case: a sum of distinct values
SELECT sum(DISTINCT x) FROM f WHERE g = 1;
-- case: a sum of an expression
SELECT sum(x * 2) FROM f WHERE g = 2;
-- case: a sum out of range in HAVING
SELECT g FROM f GROUP BY g HAVING sum(x) > 3 ORDER BY g;
-- case: a sum of no rows
SELECT sum(x), avg(x) FROM f WHERE g = 99;
-- case: a sum of integers is not checked
SELECT sum(g), avg(g) FROM f;
-- case: a float8 column given literals past 38 digits
INSERT INTO f (g, x) VALUES (9, 1e300), (9, -1e300), (9, 1e-300); SELECT x FROM f WHERE g = 9 ORDER BY x;
-- case: a float8 column set to a literal past 38 digits
UPDATE f SET x = 1.5e308 WHERE g = 2 RETURNING g, x;
-- case: a float8 column given a literal past its range
INSERT INTO f (g, x) VALUES (9, 1e309);
-- case: a float8 column given every column's literal in order
INSERT INTO f VALUES (9, 1e300, 1) RETURNING x;
-- case: a float8 column given a negative literal past its range
INSERT INTO f (g, x) VALUES (9, -1.5e309);
-- case: a float8 column given a literal that rounds to zero
INSERT INTO f (g, x) VALUES (9, 1e-400);
-- case: a float8 column given a subnormal literal
INSERT INTO f (g, x) VALUES (9, 1e-310) RETURNING x;

-- Floating-point arithmetic that Postgres refuses (the issue's "float overflow and
-- ln(-1) -> null"; float8.sql and float4.sql test these messages). When written, each
-- error case answered: Infinity or NaN, which a client reads as null, or 0 for an
-- underflow; `'1e-50'::float8::float4` gave 0. With them, typed literals followed by a
-- cast (`date '2024-01-02'::text`), which sqlglot read as a cast of the string inside
-- the typed literal: a date where Postgres answers text. And a float8 written into a real
-- column that rounds to 0 (stored as 0), an exponent literal past DuckDB's DECIMAL cast
-- to float8 (refused), `localtime` and `localtimestamp` (DuckDB's binder error).
-- setup
CREATE TABLE fl (id int, d float8, f real, i int);
INSERT INTO fl VALUES (1, '1e300', '3e38', 2), (2, '1e-300', '1e-30', 0), (3, -1, -1, 5), (4, 'Infinity', 'Infinity', 1), (5, NULL, NULL, NULL);
-- probe
SELECT count(*) AS fl FROM fl;
-- case: float8 product overflow
SELECT d * d FROM fl WHERE id = 1;
-- case: float8 product underflow
SELECT d * d FROM fl WHERE id = 2;
-- case: float8 literal overflow
SELECT '1e300'::float8 * '1e300'::float8;
-- case: float8 sum overflow
SELECT '1.7e308'::float8 + '1.7e308'::float8;
-- case: float8 quotient overflow
SELECT '1e300'::float8 / '1e-300'::float8;
-- case: float8 quotient underflow
SELECT '1e-300'::float8 / '1e300'::float8;
-- case: infinity stays
SELECT d * 2, d + 1, -d FROM fl WHERE id = 4;
-- case: nulls stay
SELECT d * 2 AS x FROM fl WHERE id = 5;
-- case: ordinary
SELECT id, d * i AS x, d / 2 AS y, d - 1 AS z FROM fl WHERE id IN (1, 3) ORDER BY id;
-- case: real overflow
SELECT f * f FROM fl WHERE id = 1;
-- case: real underflow
SELECT f * f FROM fl WHERE id = 2;
-- case: ln of zero
SELECT ln(0::float8);
-- case: ln of negative
SELECT ln(d) FROM fl WHERE id = 3;
-- case: ln of negative literal
SELECT ln(-1);
-- case: log10 of negative
SELECT log10(-1::float8), 1;
-- case: log of zero
SELECT log(i) FROM fl WHERE id = 2;
-- case: sqrt of negative
SELECT sqrt(d) FROM fl WHERE id = 3;
-- case: sqrt ok
SELECT sqrt(d) FROM fl WHERE id = 1;
-- case: exp overflow
SELECT exp(1000::float8);
-- case: exp underflow
SELECT exp(-1000::float8);
-- case: exp of infinity
SELECT exp(d) FROM fl WHERE id = 4;
-- case: power zero negative
SELECT power(0::float8, -1);
-- case: power negative fraction
SELECT power(-8::float8, 0.5::float8);
-- case: power overflow
SELECT power(10::float8, 400::float8);
-- case: power underflow
SELECT power(10::float8, -400::float8);
-- case: power ok
SELECT power(-8::float8, 3::float8), power(2, 10);
-- case: acos out of range
SELECT acos(2::float8);
-- case: asin ok
SELECT asin(0.5::float8) AS a;
-- case: ln in where
SELECT id FROM fl WHERE ln(d) > 0 ORDER BY id;
-- case: group by arithmetic
SELECT d * 2 AS x, count(*) FROM fl GROUP BY d * 2 ORDER BY 1;
-- case: sum of products
SELECT sum(d * i) FROM fl WHERE id IN (2, 3);
-- case: random stays
SELECT random() * 0 AS x;
-- case: update overflow
UPDATE fl SET d = d * '1e10' WHERE id = 1;
-- case: nested chain overflow
SELECT (d * '1e10'::float8) / '1e10'::float8 FROM fl WHERE id = 1;
-- case: a float8 that rounds to 0 as a real
SELECT '1e-50'::float8::float4;
-- case: a float8 below float4's normal range as a real
SELECT '1e-40'::float8::float4;
-- case: real sums out of range
SELECT '3.4e38'::float4 + '3.4e38'::float4;
-- case: a typed literal cast to text
SELECT date '2024-01-02'::text AS d, time '10:00'::text AS t;
-- case: a timestamp literal cast to date
SELECT timestamp '2024-01-02 10:00'::date AS d, timestamp with time zone '2024-01-02 10:00+00'::date AS z;
-- case: a float8 inserted into a real column that rounds to 0
INSERT INTO fl (id, f) VALUES (6, '1e-70'::float8);
-- case: a real column set to a float8 that rounds to 0
UPDATE fl SET f = d WHERE id = 2;
-- case: a float8 written into a real column in range
INSERT INTO fl (id, f) VALUES (7, '1.5'::float8) RETURNING f;
-- case: exponent literals cast to float8
SELECT 1e300::float8 AS a, -1e300::float8 AS b, 1e-50::float8 AS c;
-- case: localtime and localtimestamp
SELECT pg_typeof(localtime) AS a, pg_typeof(localtimestamp) AS b, localtime < '24:00' AS c, localtimestamp > '2000-01-01' AS d;

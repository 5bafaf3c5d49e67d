-- Arithmetic on the columns a WITH query, a subquery or a VALUES list computes: Postgres
-- types `a + b` of integers as the wider integer (smallint with smallint stays
-- smallint), a date less a date as an integer and a date plus days as a date, so `sum()`
-- of a computed bigint is numeric, a computed smallint divided by 4 an int4 and a
-- difference of computed dates an int4. DuckDB's types differed (bigint sums, smallint
-- quotients, bigint day counts): derived_columns.py types that arithmetic. Written after
-- probes against PGlite found those silent answers (docs/demo-runtime.md, "Known
-- differences outside the corpora", before this group).
-- setup
CREATE TABLE prices (id integer PRIMARY KEY, amount numeric(8,2) NOT NULL, stock smallint NOT NULL, views bigint NOT NULL, sold date);
INSERT INTO prices VALUES (1, 19.99, 10, 1000000, '2024-03-01'), (2, 5.00, 0, 9007199254740993, '2024-02-28'), (3, 0.10, -3, 7, NULL);
-- probe
SELECT id FROM prices ORDER BY id;
-- case: sum of a WITH query's bigint product
WITH w AS (SELECT views * 2 AS y FROM prices) SELECT sum(y) AS s FROM w;
-- case: sum of a subquery's bigint sum of columns
SELECT sum(y) AS s FROM (SELECT views + id AS y FROM prices) AS q;
-- case: a WITH query's smallint sum divided by a constant
WITH w AS (SELECT stock + stock AS y FROM prices) SELECT y / 4 AS q FROM w ORDER BY q;
-- case: a WITH query's negated smallint divided by a constant
WITH w AS (SELECT -stock AS y FROM prices) SELECT y / 2 AS q FROM w ORDER BY q;
-- case: the difference of a WITH query's dates
WITH w AS (SELECT sold + 30 AS due, sold FROM prices) SELECT due - sold AS days FROM w ORDER BY 1;
-- case: a WITH query's date plus days, then less a date
WITH w AS (SELECT sold - 1 AS before FROM prices) SELECT before - DATE '2024-01-01' AS days FROM w ORDER BY 1;
-- case: round and sign of a WITH query's integer product
WITH w AS (SELECT id * 3 AS y FROM prices) SELECT round(y) AS r, sign(y) AS s FROM w ORDER BY r;
-- case: avg of a subquery's integer difference
SELECT avg(y) AS a, sum(y) AS s FROM (SELECT id - stock AS y FROM prices) AS q;
-- case: a VALUES list's integer products summed
SELECT sum(a * b) AS s, sum(a) / 2 AS h FROM (VALUES (1, 2), (3, 4)) AS v(a, b);
-- case: a WITH query's integer modulo divided
WITH w AS (SELECT views % 5 AS m, stock % 4 AS k FROM prices) SELECT m / 2 AS a, k / 2 AS b FROM w ORDER BY 1, 2;
-- case: a WITH query's bigint and smallint mixed
WITH w AS (SELECT stock * views AS y FROM prices) SELECT sum(y) AS s, y / 3 AS q FROM w GROUP BY y ORDER BY y;
-- case: a WITH query's numeric product summed (not integer arithmetic)
WITH w AS (SELECT amount * stock AS y FROM prices) SELECT sum(y) AS s, max(y) / 2 AS h FROM w;
-- case: a WITH query's date plus a bigint refused as Postgres refuses it
WITH w AS (SELECT sold + views AS d FROM prices) SELECT d FROM w;
-- case: a WITH query's smallint product overflowing
WITH w AS (SELECT stock * stock * stock * stock * stock AS y FROM prices) SELECT y / 2 AS q FROM w ORDER BY q;
-- case: avg of a VALUES list's integer sums, and rounded
SELECT avg(x) AS a, round(avg(x), 2) AS r FROM (VALUES (1 + 0), (2 + 0)) v(x);
-- case: stddev of a VALUES list's integer sums, refused as of a table's integers
SELECT stddev(x) AS s FROM (VALUES (1 + 0), (2 + 0)) v(x);
-- case: avg of a VALUES list's integer sums over no rows
SELECT avg(x) AS a FROM (VALUES (1 + 0)) v(x) WHERE x > 5;
-- case: a recursive WITH query's numeric cast grown by the recursion is refused (DuckDB rounded every row to the first part's scale: 1, 1, 1 for 1.1, 1.21)
WITH RECURSIVE n(i, total) AS (SELECT 1, 1::numeric UNION ALL SELECT i + 1, total * 1.1 FROM n WHERE i < 4) SELECT i, round(total, 4) AS t FROM n;
-- case: a recursive WITH query's decimal literal grown by the recursion is refused
WITH RECURSIVE n(i, total) AS (SELECT 1, 1.0 UNION ALL SELECT i + 1, total * 1.5 FROM n WHERE i < 3) SELECT i, total FROM n;
-- case: a recursive WITH query's numeric column is refused (Postgres refuses its typmod)
WITH RECURSIVE n(i, v) AS (SELECT 1, amount FROM prices WHERE id = 1 UNION ALL SELECT i + 1, v * 2 FROM n WHERE i < 3) SELECT i, v FROM n;
-- case: a recursive WITH query's integers and floats still answer
WITH RECURSIVE n(i, f, x) AS (SELECT 1, 1, 1::float8 UNION ALL SELECT i + 1, f * (i + 1), x * 1.5 FROM n WHERE i < 5) SELECT i, f, x, i * 1.5 AS h FROM n;

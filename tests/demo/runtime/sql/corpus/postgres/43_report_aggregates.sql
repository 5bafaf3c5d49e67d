-- Everyday report statements a probe found answered differently, until 2026-11-29: a
-- median of a numeric column interpolated in its DECIMAL (89.99 for Postgres' 89.995),
-- unaliased ordered-set aggregates named `?column?` (three of them collapsed into one
-- key of each row), string_agg(DISTINCT ...) and array_agg(DISTINCT ...) listing values
-- as they came where Postgres lists them sorted, coalesce(nullif(smallint, 0), -1)
-- typed smallint, and CREATE INDEX without a name refused in DuckDB's words. Every
-- answer is PGlite's.
-- setup
CREATE TABLE sales (id int PRIMARY KEY, rep text, channel text, amount numeric(10,2) NOT NULL, qty smallint NOT NULL);
INSERT INTO sales VALUES (1, 'ann', 'web', 120.50, 3), (2, 'ann', 'store', 80.00, 1), (3, 'bob', 'web', 200.00, 5), (4, 'cy', 'web', 55.25, 2), (5, 'cy', 'store', 310.00, 7), (6, 'dee', NULL, 42.10, 1), (7, 'eve', 'web', 99.99, 4), (8, 'bob', 'store', 150.00, 0);
-- probe
SELECT count(*) FROM sales;
-- case: median of a numeric column
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS median FROM sales;
-- case: quartiles of a numeric column
SELECT percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY amount) AS quartiles FROM sales;
-- case: median per rep, descending
SELECT rep, percentile_cont(0.25) WITHIN GROUP (ORDER BY amount DESC) AS p FROM sales GROUP BY rep ORDER BY rep;
-- case: ordered-set aggregates without aliases
SELECT mode() WITHIN GROUP (ORDER BY rep), percentile_cont(0.5) WITHIN GROUP (ORDER BY qty), percentile_disc(0.5) WITHIN GROUP (ORDER BY amount) FROM sales;
-- case: string_agg distinct
SELECT string_agg(DISTINCT rep, ', ') AS reps, string_agg(DISTINCT channel, '/') AS channels FROM sales;
-- case: array_agg distinct with a null
SELECT array_agg(DISTINCT channel) AS channels, array_agg(DISTINCT qty) AS qtys FROM sales;
-- case: distinct aggregates per group, and one with its own order
SELECT channel, array_agg(DISTINCT rep) AS reps, array_agg(DISTINCT rep ORDER BY rep DESC) AS backwards FROM sales GROUP BY channel ORDER BY channel NULLS LAST;
-- case: coalesce of nullif of a smallint
SELECT id, coalesce(nullif(qty, 0), -1) AS q, pg_typeof(coalesce(nullif(qty, 0), -1)) AS t FROM sales ORDER BY id;
-- case: an index without a name, dropped by the name Postgres gives it
CREATE INDEX ON sales (lower(rep)); DROP INDEX sales_lower_idx; SELECT 'dropped' AS r;
-- case: a second index of the same columns gets the next name
CREATE UNIQUE INDEX ON sales (id); CREATE INDEX ON sales (id); DROP INDEX sales_id_idx1; DROP INDEX sales_id_idx; SELECT 'both dropped' AS r;
-- case: an expression among the columns is expr in the name
CREATE INDEX ON sales (rep, (qty + 1), channel); DROP INDEX sales_rep_expr_channel_idx; SELECT 'dropped' AS r;
-- case: the name is not guessed from another name
CREATE INDEX ON sales (channel); DROP INDEX sales_channel_key;
-- case: IF NOT EXISTS needs a name
CREATE INDEX IF NOT EXISTS ON sales (rep);

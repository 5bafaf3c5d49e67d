-- setup
CREATE TABLE visits (id integer PRIMARY KEY, day date NOT NULL, hits integer NOT NULL);
INSERT INTO visits VALUES (1, '2024-01-01', 5), (2, '2024-01-03', 2);
-- probe
SELECT count(*) AS n FROM visits;
-- case: generate_series with alias
SELECT g FROM generate_series(1, 3) AS g;
-- case: generate_series column name
SELECT * FROM generate_series(1, 3);
-- case: generate_series with step
SELECT n FROM generate_series(0, 10, 5) AS n;
-- case: generate_series descending
SELECT n FROM generate_series(3, 1, -1) AS n;
-- case: generate_series in select list
SELECT generate_series(1, 2) AS n;
-- case: generate_series of timestamps
SELECT d FROM generate_series(TIMESTAMP '2024-01-01', TIMESTAMP '2024-01-03', INTERVAL '1 day') AS d;
-- case: fill gaps with generate_series
SELECT d::date AS day, coalesce(v.hits, 0) AS hits
FROM generate_series(DATE '2024-01-01', DATE '2024-01-04', INTERVAL '1 day') AS d
LEFT JOIN visits v ON v.day = d::date ORDER BY 1;
-- case: generate_series table alias with column
SELECT t.x FROM generate_series(1, 3) AS t(x) WHERE t.x > 1;
-- case: sum over series
SELECT sum(g) AS s FROM generate_series(1, 100) AS g;
-- case: sum of a subquery's integer column
SELECT sum(n) AS s FROM (SELECT hits AS n FROM visits) AS v;
-- case: series cross join
SELECT a, b FROM generate_series(1, 2) AS a, generate_series(1, 2) AS b ORDER BY a, b;
-- case: insert from series
INSERT INTO visits SELECT g + 10, DATE '2024-02-01' + g, g FROM generate_series(1, 3) AS g;
-- case: range
SELECT count(*) AS n FROM generate_series(1, 0) AS g;
-- case: generate_series of a bigint bound counts in bigint
SELECT x, x / 2 AS h, pg_typeof(x) AS t FROM generate_series(1::bigint, 3) AS x;
-- case: generate_series of a bigint bound in the select list
SELECT generate_series(2::int8, 4) AS g;

-- Result types of a varchar column through aggregates and window functions, and casts of
-- booleans Postgres has no rule for: lag()/lead()/first_value() of a varchar are varchar
-- (the demo said text), max()/min() of one are text (the demo said varchar), array_agg()
-- of one is varchar[] (the demo said text[]); smallint and bigint do not cast to or from
-- boolean (the demo answered; transforms/boolean_casts.py). Written after probes of the
-- leftovers the last closing notes listed, against PGlite.
-- setup
CREATE TABLE v (id int PRIMARY KEY, name varchar(20), code char(3), small smallint, big bigint, flag boolean);
INSERT INTO v VALUES (1, 'ann', 'abc', 1, 0, true), (2, 'bob', 'de', 0, 5, false), (3, NULL, NULL, NULL, NULL, NULL);
-- probe
SELECT id FROM v ORDER BY id;
-- case: smallint to boolean
SELECT small::boolean AS b FROM v ORDER BY id;
-- case: bigint to boolean
SELECT big::boolean AS b FROM v ORDER BY id;
-- case: int to boolean
SELECT id::boolean AS b, 0::boolean AS z FROM v ORDER BY id;
-- case: boolean to int and smallint
SELECT flag::int AS i FROM v ORDER BY id;
-- case: boolean to smallint
SELECT flag::smallint AS s FROM v ORDER BY id;
-- case: lag lead of varchar
SELECT id, lag(name) OVER (ORDER BY id) AS p, lead(name) OVER (ORDER BY id) AS n FROM v ORDER BY id;
-- case: first_value max of varchar
SELECT max(name) AS m, min(name) AS n FROM v;
-- case: first_value of varchar
SELECT id, first_value(name) OVER (ORDER BY id) AS f FROM v ORDER BY id;
-- case: array_agg of varchar
SELECT array_agg(name ORDER BY id) AS a FROM v;
-- case: string_agg of varchar
SELECT string_agg(name, ',' ORDER BY id) AS a FROM v;
-- case: coalesce of varchar and literal
SELECT coalesce(name, 'x') AS c FROM v ORDER BY id;
-- case: upper of varchar
SELECT upper(name) AS u, name || '!' AS e FROM v ORDER BY id;
-- case: case of varchar
SELECT CASE WHEN id > 1 THEN name ELSE 'z' END AS c FROM v ORDER BY id;
-- case: varchar in subquery
SELECT n FROM (SELECT name AS n FROM v) s ORDER BY n;
-- case: distinct varchar
SELECT DISTINCT name FROM v ORDER BY name;
-- case: bigint sum avg
SELECT sum(big) AS s, avg(big) AS a, sum(small) AS ss FROM v;
-- case: smallint arithmetic types
SELECT small + small AS a, small * 2 AS b, -small AS c, abs(small) AS d FROM v ORDER BY id;

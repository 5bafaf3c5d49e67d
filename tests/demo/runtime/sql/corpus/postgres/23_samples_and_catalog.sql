-- Forms from a probe of 20 more PostgreSQL 17 regression files (copydml, create_table_like,
-- drop_if_exists, fast_default, inherit, equivclass, memoize, partition_aggregate,
-- partition_join, select_parallel, select_views, tablesample, unicode, misc,
-- create_schema, portals, combocid, indexing, hash_part, create_type: 290 cases by
-- regress_pick.py's rule, judged by PGlite). When written, TABLESAMPLE of a WITH query or
-- of a subquery (tablesample.sql:99, :102) was answered with a sample where Postgres
-- refuses, and so were DuckDB's own method (reservoir) and other engines' forms
-- (`TABLESAMPLE (10)`, `(10 ROWS)`, `(10 PERCENT)`); a plain sample of every row, or of
-- none, is the same in both. pg_class.relkind was typed text where Postgres reports its
-- one-byte "char" (indexing.sql:97), as a front end listing tables and views reads it.
-- A sample of a view was answered too (Postgres samples stored rows only): found by a
-- scratch run against PGlite, refused since by the engine (`_samples_a_view`).
-- setup
CREATE TABLE reading (id int PRIMARY KEY, sensor text, value numeric(6,2));
INSERT INTO reading SELECT g, 's' || (g % 3), g * 1.5 FROM generate_series(1, 60) g;
CREATE VIEW reading_sensors AS SELECT DISTINCT sensor FROM reading;
-- probe
SELECT count(*) AS reading FROM reading;
-- case: a sample of a WITH query is refused
WITH recent AS (SELECT * FROM reading WHERE id > 30) SELECT count(*) FROM recent TABLESAMPLE BERNOULLI (50);
-- case: a sample of a subquery is a syntax error
SELECT count(*) FROM (SELECT * FROM reading) r TABLESAMPLE SYSTEM (10);
-- case: a sample of every row
SELECT count(*), sum(value) FROM reading TABLESAMPLE BERNOULLI (100);
-- case: a sample of no row
SELECT count(*) FROM reading AS r TABLESAMPLE SYSTEM (0);
-- case: a sample joined to its table
SELECT count(*) FROM reading a TABLESAMPLE SYSTEM (100) JOIN reading b USING (id) WHERE b.sensor = 's1';
-- case: a sample size out of range
SELECT count(*) FROM reading TABLESAMPLE BERNOULLI (101);
-- case: a sample without a method is another engine's syntax
SELECT count(*) FROM reading TABLESAMPLE (10);
-- case: a sample of rows is another engine's syntax
SELECT count(*) FROM reading TABLESAMPLE BERNOULLI (10 ROWS);
-- case: a sample size with PERCENT is another engine's syntax
SELECT count(*) FROM reading TABLESAMPLE SYSTEM (10 PERCENT);
-- case: a method Postgres does not have
SELECT count(*) FROM reading TABLESAMPLE reservoir (10);
-- case: tables and views by kind, as a front end lists them
SELECT relname, relkind FROM pg_catalog.pg_class WHERE relname LIKE 'reading%' AND relkind IN ('r', 'v') ORDER BY relname;
-- case: relations counted by kind
SELECT relkind, count(*) FROM pg_class WHERE relname LIKE 'reading%' AND relkind IN ('r', 'v') GROUP BY relkind ORDER BY relkind;
-- case: a sample of a view is refused
SELECT count(*) FROM reading_sensors TABLESAMPLE BERNOULLI (100);
-- case: a sample of no row of a view is refused
SELECT count(*) FROM reading_sensors TABLESAMPLE SYSTEM (0);
-- case: a sample of a view joined to a table is refused
SELECT count(*) FROM reading r JOIN reading_sensors s TABLESAMPLE BERNOULLI (50) USING (sensor);
-- case: a sample of a view written into a table is refused
INSERT INTO reading SELECT 1000, sensor, 0 FROM reading_sensors TABLESAMPLE BERNOULLI (100) LIMIT 1;
-- case: a sample of a table beside a view answers
SELECT count(*) FROM reading TABLESAMPLE BERNOULLI (100) WHERE sensor IN (SELECT sensor FROM reading_sensors);

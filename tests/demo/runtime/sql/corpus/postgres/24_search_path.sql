-- Forms from a probe of 19 more PostgreSQL 17 regression files (triggers, rules,
-- rowsecurity, create_procedure, guc, explain, lock, advisory_lock, txid, copy,
-- create_cast, tstypes, xml, rangetypes, point, plpgsql, dependency, comments, tid: 323
-- cases by regress_pick.py's rule, judged by PGlite), and the search path an application
-- of several schemas sets. When written, `current_schemas(true)` answered DuckDB's own
-- schemas (`main, public, main, main, pg_catalog`) typed text[] where Postgres answers
-- `{pg_catalog,public}` typed name[] (guc.sql:216), and a search path of two schemas was
-- refused in DuckDB's words ("SET can only contain a single value").
-- setup
CREATE SCHEMA app;
CREATE TABLE app.note (id int PRIMARY KEY, body text);
INSERT INTO app.note VALUES (1, 'first'), (2, 'second');
CREATE TABLE public.setting (k text PRIMARY KEY, v text);
INSERT INTO public.setting VALUES ('theme', 'dark');
-- probe
SELECT (SELECT count(*) FROM app.note) AS note, (SELECT count(*) FROM public.setting) AS setting;
-- case: the search path without the implicit schemas
SELECT current_schemas(false);
-- case: the search path with them
SELECT current_schemas(true);
-- case: the search path of a null flag
SELECT current_schemas(NULL);
-- case: the search path read as an array
SELECT 'pg_catalog' = ANY (current_schemas(true)) AS catalog_searched, array_length(current_schemas(false), 1) AS schemas;
-- case: a search path of two schemas finds a table in each
SET search_path = app, public; SELECT n.body, s.v FROM note n, setting s WHERE n.id = 1;
-- case: a search path with $user
SET search_path TO "$user", public; SELECT current_schemas(false);
-- case: a search path of quoted names
SET search_path TO 'app', 'public'; SELECT current_schemas(true);

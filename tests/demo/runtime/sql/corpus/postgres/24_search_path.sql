-- Forms from a probe of 19 more PostgreSQL 17 regression files (triggers, rules,
-- rowsecurity, create_procedure, guc, explain, lock, advisory_lock, txid, copy,
-- create_cast, tstypes, xml, rangetypes, point, plpgsql, dependency, comments, tid: 323
-- cases by regress_pick.py's rule, judged by PGlite), and the search path an application
-- of several schemas sets. When written, `current_schemas(true)` answered DuckDB's own
-- schemas (`main, public, main, main, pg_catalog`) typed text[] where Postgres answers
-- `{pg_catalog,public}` typed name[] (guc.sql:216), and a search path of two schemas was
-- refused in DuckDB's words ("SET can only contain a single value"). The last cases came
-- later: RESET search_path, `TO DEFAULT` and RESET ALL left DuckDB's empty path (its
-- `main` schema, where no table of the demo is), `current_setting('search_path')`
-- answered `public` whatever the path, and a SET in a request that failed or a ROLLBACK
-- outlived it (DuckDB's SET is not undone by a rollback; the probe after each case
-- reads the path).
-- setup
CREATE SCHEMA app;
CREATE TABLE app.note (id int PRIMARY KEY, body text);
INSERT INTO app.note VALUES (1, 'first'), (2, 'second');
CREATE TABLE public.setting (k text PRIMARY KEY, v text);
INSERT INTO public.setting VALUES ('theme', 'dark');
-- probe
SELECT (SELECT count(*) FROM app.note) AS note, (SELECT count(*) FROM public.setting) AS setting, current_setting('search_path') AS path;
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
-- case: a search path reset
SET search_path = app; RESET search_path; SELECT current_schemas(false), (SELECT v FROM setting);
-- case: a search path set to its default
SET search_path = app; SET search_path TO DEFAULT; SELECT current_schemas(false), (SELECT v FROM setting);
-- case: a search path reset with every setting
SET search_path = app; RESET ALL; SELECT current_schemas(true), (SELECT v FROM setting);
-- case: a table created where the search path says
SET search_path = app, public; CREATE TABLE extra (x int); SELECT table_schema, table_name FROM information_schema.tables WHERE table_name = 'extra';
-- case: a search path of a quoted name
SET search_path = "app"; SELECT body FROM note ORDER BY id;
-- case: a search path of a zero-length name
SET search_path = ""; SELECT 1;
-- case: the search path as current_setting shows it, before any SET
SELECT current_setting('search_path');
-- case: the search path as current_setting shows it, after a SET
SET search_path = app, public; SELECT current_setting('search_path');
-- case: the search path as current_setting shows it, with $user
SET search_path TO "$user", public; SELECT current_setting('search_path');
-- case: the search path as current_setting shows it, after a RESET
SET search_path = app; RESET search_path; SELECT current_setting('search_path');
-- case: a search path undone with the request that failed
SET search_path = app; SELECT body FROM nowhere;
-- case: a search path undone by ROLLBACK
BEGIN; SET search_path = app; ROLLBACK; SELECT current_setting('search_path'), current_schemas(false);
-- case: a search path kept by COMMIT
BEGIN; SET search_path = app, public; COMMIT; SELECT current_setting('search_path'), current_schemas(false);
-- case: a search path set before a transaction that failed
SET search_path = app, public; BEGIN; SELECT body FROM nowhere; COMMIT;
-- case: the search path as current_setting shows it, with a schema named after a reserved word
CREATE SCHEMA "user"; SET search_path = "user", public; SELECT current_setting('search_path');

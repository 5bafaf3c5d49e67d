-- setup
CREATE TABLE accounts (id serial PRIMARY KEY, name varchar(50) NOT NULL, balance numeric(12,2) DEFAULT 0);
CREATE TABLE ledger (id bigserial PRIMARY KEY, account_id integer REFERENCES accounts(id), note text);
CREATE VIEW rich AS SELECT * FROM accounts WHERE balance > 1000;
-- probe
SELECT count(*) AS n FROM accounts;
-- case: tables in public
SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name;
-- case: base tables only
SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name;
-- case: columns of a table
SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'accounts' ORDER BY ordinal_position;
-- case: column data types
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ledger' ORDER BY ordinal_position;
-- case: column udt names
SELECT column_name, data_type, udt_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'accounts' ORDER BY ordinal_position;
-- case: table exists check
SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'accounts') AS present;
-- case: views
SELECT table_name FROM information_schema.views WHERE table_schema = 'public';
-- case: schemata
SELECT schema_name FROM information_schema.schemata WHERE schema_name = 'public';
-- case: current_schema
SELECT current_schema() AS s;
-- case: current_database
SELECT current_database() AS d;
-- case: version mentions PostgreSQL
SELECT version() LIKE 'PostgreSQL%' AS is_pg;
-- case: pg_tables
SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename;
-- case: pg_class relkind
SELECT relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY relname;
-- case: pg_namespace
SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname = 'public';
-- case: table_constraints primary keys
SELECT table_name, constraint_type FROM information_schema.table_constraints WHERE table_schema = 'public' AND constraint_type = 'PRIMARY KEY' ORDER BY table_name;
-- case: key_column_usage
SELECT kcu.table_name, kcu.column_name FROM information_schema.table_constraints tc
JOIN information_schema.key_column_usage kcu ON tc.constraint_name = kcu.constraint_name AND tc.table_schema = kcu.table_schema
WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = 'public' ORDER BY 1;
-- case: show server_version style setting
SELECT current_setting('search_path') AS p;
-- case: count tables
SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema');
-- case: set statement
SET search_path TO public;
-- case: schema-qualified table
SELECT count(*) AS n FROM public.accounts;
-- case: create table in public schema
CREATE TABLE public.extra (id integer); SELECT table_schema FROM information_schema.tables WHERE table_name = 'extra';
-- case: current_user
SELECT current_user AS u;
-- case: current_catalog and session_user
SELECT current_catalog AS c, session_user AS s;
-- case: pg_typeof
SELECT pg_typeof(1) AS a, pg_typeof(1.5) AS b, pg_typeof('x'::text) AS c;
-- case: pg_typeof of columns
INSERT INTO accounts (name) VALUES ('a'); SELECT pg_typeof(id) AS a, pg_typeof(name) AS b, pg_typeof(balance) AS c, pg_typeof(now()) AS d, pg_typeof(ARRAY[1, 2]) AS e FROM accounts LIMIT 1;
-- case: pg_typeof in RETURNING is a regtype too
INSERT INTO accounts (name) VALUES ('b') RETURNING pg_typeof(id), pg_typeof(name) AS n, pg_typeof(balance * 2) AS b;

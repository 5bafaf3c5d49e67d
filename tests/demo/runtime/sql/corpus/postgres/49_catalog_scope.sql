-- The database's name where the catalog views give one, as schema tools read it (Prisma's
-- and Rails' introspection filter on table_catalog): DuckDB's name of its catalog
-- (`memory` natively, `helio_db_1` in the browser) came back until 2026-11-29. A second
-- database open beside this one is test_catalog_scope.py's part. Every answer is PGlite's.
-- setup
CREATE TABLE accounts (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE transfers (id serial PRIMARY KEY, account_id int REFERENCES accounts (id), amount numeric(10,2));
CREATE VIEW named AS SELECT name FROM accounts;
-- probe
SELECT count(*) AS n FROM accounts;
-- case: tables with their catalog
SELECT table_catalog, table_schema, table_name, table_type FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name;
-- case: the catalog of the public schema
SELECT catalog_name, schema_name FROM information_schema.schemata WHERE schema_name = 'public';
-- case: columns of one catalog
SELECT DISTINCT table_catalog FROM information_schema.columns WHERE table_schema = 'public';
-- case: a table looked up by catalog, schema and name
SELECT count(*) AS n FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = 'public' AND table_name = 'transfers';
-- case: primary keys with their catalogs
SELECT constraint_catalog, table_catalog, table_name FROM information_schema.table_constraints WHERE table_schema = 'public' AND constraint_type = 'PRIMARY KEY' ORDER BY table_name;
-- case: key columns with their catalogs
SELECT kcu.table_catalog, kcu.table_name, kcu.column_name FROM information_schema.key_column_usage kcu JOIN information_schema.table_constraints tc ON tc.constraint_name = kcu.constraint_name AND tc.table_schema = kcu.table_schema WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = 'public' ORDER BY 2;
-- case: views with their catalog
SELECT table_catalog, table_name FROM information_schema.views WHERE table_schema = 'public';

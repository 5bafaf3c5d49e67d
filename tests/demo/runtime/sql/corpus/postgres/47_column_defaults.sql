-- information_schema.columns.column_default, which ORMs and schema tools read: DuckDB's
-- own text came back, silently, until 2026-11-29 (`nextval('public.Post_id_seq')` for
-- Postgres' `nextval('"Post_id_seq"'::regclass)`, `'USER'` for `'USER'::text`). Defaults
-- Postgres writes as DuckDB does, serial sequences and string literals answer as
-- Postgres writes them; another (now(), kept by DuckDB as a cast) is refused where it is
-- read (test_pg_refusals.py). Every answer is PGlite's.
-- setup
CREATE TABLE items (id serial PRIMARY KEY, big bigserial, qty int DEFAULT 0, price numeric(6,2) DEFAULT 9.50, active boolean DEFAULT true, label text DEFAULT 'new', code varchar(8) DEFAULT 'it''s', meta jsonb DEFAULT '{}', note text);
CREATE TABLE "public"."Post" ("id" SERIAL NOT NULL, "title" TEXT NOT NULL, "published" BOOLEAN NOT NULL DEFAULT false);
CREATE SCHEMA shop;
CREATE TABLE shop.orders (id serial PRIMARY KEY, total numeric(8,2) DEFAULT 0);
-- probe
SELECT count(*) FROM items;
-- case: serial and literal defaults
SELECT column_name, column_default, is_nullable FROM information_schema.columns WHERE table_name = 'items' ORDER BY ordinal_position;
-- case: a quoted table's serial
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 'Post' ORDER BY ordinal_position;
-- case: a serial in another schema
SELECT table_schema, column_name, column_default FROM information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position;
-- case: columns with a default, as an ORM lists them
SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_default IS NOT NULL ORDER BY table_name, ordinal_position;

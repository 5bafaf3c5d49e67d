-- INSERT ... ON CONFLICT as applications and ORMs write it: rows from VALUES and from
-- queries, DO NOTHING and DO UPDATE, RETURNING. Postgres refuses a key proposed twice to
-- DO UPDATE, inserts every row whose unique key holds a NULL (a NULL never conflicts) and
-- returns rows in the order it proposes them; DuckDB updated a key twice when a query
-- proposed it, kept one of two rows with NULL keys alike, and returned an upsert's rows
-- in an order of its own (transforms/upserts.py). Written after scratch runs against
-- PGlite found those silent answers.
-- setup
CREATE TABLE up (id int PRIMARY KEY, n int DEFAULT 0, v text);
INSERT INTO up VALUES (1, 1, 'a'), (2, 2, 'b');
CREATE TABLE uq (id serial PRIMARY KEY, email text UNIQUE, hits int DEFAULT 0);
INSERT INTO uq (email) VALUES ('a@x'), ('b@x');
-- probe
SELECT 'up' AS t, id::text AS k, n, v FROM up UNION ALL SELECT 'uq', id || ':' || coalesce(email, '-'), hits, NULL FROM uq ORDER BY 1, 2;
-- case: upsert one new row and one existing row
INSERT INTO up VALUES (1, 10, 'x'), (3, 30, 'z') ON CONFLICT (id) DO UPDATE SET n = up.n + excluded.n RETURNING id, n;
-- case: upsert returning, inserted rows before an updated one
INSERT INTO up VALUES (5, 5, 'x'), (4, 4, 'y'), (1, 10, 'z') ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id, n;
-- case: upsert proposing one key twice
INSERT INTO up VALUES (1, 10, 'x'), (1, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: insert proposing one new key twice, do nothing
INSERT INTO up VALUES (5, 10, 'x'), (5, 20, 'y') ON CONFLICT (id) DO NOTHING RETURNING id, n;
-- case: upsert with a WHERE on the update
INSERT INTO up VALUES (1, 10, 'x'), (2, 20, 'y') ON CONFLICT (id) DO UPDATE SET v = excluded.v WHERE up.n > 1 RETURNING id, v;
-- case: upsert on a unique column by constraint name
INSERT INTO uq (email) VALUES ('a@x') ON CONFLICT ON CONSTRAINT uq_email_key DO UPDATE SET hits = uq.hits + 1 RETURNING id, hits;
-- case: upsert on a unique column, serial not consumed twice
INSERT INTO uq (email) VALUES ('a@x') ON CONFLICT (email) DO UPDATE SET hits = uq.hits + 1; INSERT INTO uq (email) VALUES ('c@x') RETURNING id;
-- case: do nothing without a target
INSERT INTO uq (email) VALUES ('b@x'), ('d@x') ON CONFLICT DO NOTHING RETURNING email;
-- case: upsert setting the key itself
INSERT INTO up VALUES (1, 10, 'x') ON CONFLICT (id) DO UPDATE SET id = 2;
-- case: upsert updating with excluded and the old row in RETURNING
INSERT INTO up AS u VALUES (2, 7, 'w') ON CONFLICT (id) DO UPDATE SET n = u.n * excluded.n, v = u.v || excluded.v RETURNING u.*;
-- case: insert many values returning, do nothing
INSERT INTO up VALUES (20, 0, 'a'), (19, 0, 'a'), (18, 0, 'a'), (17, 0, 'a'), (16, 0, 'a'), (15, 0, 'a'), (14, 0, 'a'), (13, 0, 'a'), (12, 0, 'a'), (11, 0, 'a'), (10, 0, 'a'), (9, 0, 'a') ON CONFLICT DO NOTHING RETURNING id;
-- case: insert many from a query returning, do nothing
INSERT INTO up SELECT i, i, 'r' FROM generate_series(30, 10, -1) AS g(i) ON CONFLICT DO NOTHING RETURNING id;
-- case: upsert from a WITH query returning
WITH src(i) AS (VALUES (1), (60)) INSERT INTO up (id, n) SELECT i, i * 2 FROM src ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id, n;
-- case: upsert from a query of one row returning
INSERT INTO up SELECT 1, 99, 'one' ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id, n, v;
-- case: insert if absent returning, a query of one row
INSERT INTO up (id, v) SELECT 50, 'new' WHERE NOT EXISTS (SELECT 1 FROM up WHERE v = 'new') ON CONFLICT DO NOTHING RETURNING id, n;
-- case: upsert from a query proposing an existing key twice
INSERT INTO up SELECT id, n * 100, v FROM up UNION ALL SELECT 1, 5, 'q' ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert from a query proposing one new key twice
INSERT INTO up SELECT 7, 1, 'a' UNION ALL SELECT 7, 2, 'b' ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert from a query proposing one key twice, written as text and as a number
INSERT INTO up (id, n) SELECT '1', 1 UNION ALL SELECT 1, 2 ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert from a WITH query proposing one key twice
WITH src(i) AS (VALUES (60), (60)) INSERT INTO up (id, n) SELECT i, i * 2 FROM src ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert from a query without duplicates
INSERT INTO up SELECT id + 100, n, v FROM up ON CONFLICT (id) DO UPDATE SET n = excluded.n; SELECT count(*) FROM up;
-- case: upsert on a two-column key from a query proposing one key twice
CREATE TABLE k2 (a int, b int, n int, PRIMARY KEY (a, b)); INSERT INTO k2 SELECT 1, 1, 1 UNION ALL SELECT 1, 2, 2 UNION ALL SELECT 1, 1, 3 ON CONFLICT (a, b) DO UPDATE SET n = excluded.n;
-- case: upsert on a two-column key from a query without duplicates
CREATE TABLE k2 (a int, b int, n int, PRIMARY KEY (a, b)); INSERT INTO k2 SELECT 1, 1, 1 UNION ALL SELECT 1, 2, 2 ON CONFLICT (a, b) DO UPDATE SET n = excluded.n; SELECT * FROM k2 ORDER BY a, b;
-- case: insert values with NULL unique keys twice, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq VALUES (1, NULL), (2, NULL) ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert values with NULL unique keys twice, do nothing on the primary key
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq VALUES (1, NULL), (2, NULL) ON CONFLICT (id) DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert values with NULL unique keys twice, do nothing on that key
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq VALUES (1, NULL), (2, NULL) ON CONFLICT (email) DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert values with NULL unique keys twice, returning
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq VALUES (1, NULL), (2, NULL) ON CONFLICT DO NOTHING RETURNING id;
-- case: insert from a query with NULL unique keys, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq SELECT g, NULL FROM generate_series(1, 3) AS g ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert values with distinct two-column keys holding NULL
CREATE TABLE k3 (a int, b int, UNIQUE (a, b)); INSERT INTO k3 VALUES (1, NULL), (2, NULL) ON CONFLICT DO NOTHING; SELECT * FROM k3 ORDER BY a;
-- case: insert values with equal two-column keys holding NULL
CREATE TABLE k3 (a int, b int, UNIQUE (a, b)); INSERT INTO k3 VALUES (1, NULL), (1, NULL) ON CONFLICT DO NOTHING; SELECT * FROM k3 ORDER BY a;
-- case: upsert from a query with NULL keys twice
CREATE TABLE nk (id int UNIQUE, n int); INSERT INTO nk SELECT NULL::int, 1 UNION ALL SELECT NULL::int, 2 ON CONFLICT (id) DO UPDATE SET n = excluded.n; SELECT * FROM nk ORDER BY n;
-- case: insert values leaving a unique column to its NULL default, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq (id) VALUES (1), (2) ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert values with constant keys, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq VALUES (1, 'a'), (2, 'b'), (1, 'c') ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert from a query leaving a unique column to its NULL default, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq (id) SELECT g FROM generate_series(1, 3) AS g ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: insert from a query of one row leaving a unique column to its default, do nothing
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE); INSERT INTO cq (id) SELECT 7 ON CONFLICT DO NOTHING; SELECT * FROM cq ORDER BY id;
-- case: upsert from a query on the primary key, a unique column left to its default
CREATE TABLE cq (id int PRIMARY KEY, email text UNIQUE, n int); INSERT INTO cq VALUES (1, 'a', 0); INSERT INTO cq (id, n) SELECT g, g FROM generate_series(1, 3) AS g ON CONFLICT (id) DO UPDATE SET n = excluded.n; SELECT * FROM cq ORDER BY id;
-- case: insert from a query into a table with a serial key and a unique column, do nothing
INSERT INTO uq (email) SELECT 'n' || g || '@x' FROM generate_series(1, 3) AS g ON CONFLICT DO NOTHING; SELECT id, email FROM uq ORDER BY id;
-- case: insert from a query leaving a unique column of a unique index to its default
CREATE TABLE ci (id int PRIMARY KEY, code text); CREATE UNIQUE INDEX ci_code ON ci (code); INSERT INTO ci (id) SELECT g FROM generate_series(1, 2) AS g ON CONFLICT DO NOTHING; SELECT * FROM ci ORDER BY id;
-- case: upsert values proposing one computed key twice
INSERT INTO up VALUES (1 + 0, 10, 'x'), (1, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert values proposing one computed new key twice
INSERT INTO up VALUES (3 + 4, 10, 'x'), (7, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert values proposing one computed key twice, returning
INSERT INTO up VALUES (1 + 0, 10, 'x'), (1, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id;
-- case: upsert values with computed keys apart
INSERT INTO up VALUES (3 + 4, 10, 'x'), (8, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n; SELECT * FROM up ORDER BY id;
-- case: upsert values proposing one key as text and as a number
INSERT INTO up VALUES ('9', 10, 'x'), (9, 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: upsert values proposing one computed text key twice
INSERT INTO uq (email) VALUES (lower('A@x')), ('a@x') ON CONFLICT (email) DO UPDATE SET hits = uq.hits + 1;
-- case: upsert values with keys a sequence draws
INSERT INTO uq (id, email) VALUES (nextval('uq_id_seq'), 'q@x'), (nextval('uq_id_seq'), 'r@x') ON CONFLICT (id) DO UPDATE SET hits = 5; SELECT id, email FROM uq ORDER BY id;
-- case: upsert values whose keys a subquery of the table computes alike
INSERT INTO up VALUES ((SELECT max(id) + 1 FROM up), 10, 'x'), ((SELECT max(id) + 1 FROM up), 20, 'y') ON CONFLICT (id) DO UPDATE SET n = excluded.n;
-- case: insert values reading the table in a subquery, returning
INSERT INTO up VALUES (20, (SELECT count(*) FROM up), 'x'), (21, (SELECT count(*) FROM up), 'y') ON CONFLICT DO NOTHING RETURNING id, n;

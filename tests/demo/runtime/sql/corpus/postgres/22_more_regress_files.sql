-- Forms from a probe of 24 more PostgreSQL 17 regression files (transactions, prepare,
-- updatable_views, matview, create_index, btree_index, collate, bit, oid, conversion,
-- sqljson, json_encoding, random, rangefuncs, polymorphism, create_table, alter_table,
-- numeric_big, temp, create_misc, tuplesort, errors, money, incremental_sort: 558
-- cases by regress_pick.py's rule, judged by PGlite), with a row locked for update as
-- applications write it. When written, each was answered where Postgres refuses or
-- answers otherwise: FOR UPDATE of a grouped, DISTINCT or aggregate query (errors.sql:41)
-- answered as a plain read; `setseed()` typed text and NULL where Postgres answers void;
-- `json '...' -> 'a'` typed jsonb; an upsert proposing one key twice (constraints.sql:303)
-- updated the row it had just inserted; an upsert of several rows with RETURNING
-- answered them in an order of DuckDB's own (ids 2, 1, 3 for VALUES 1, 2, 3).
-- setup
CREATE TABLE account (id int PRIMARY KEY, owner text, balance numeric(10,2));
INSERT INTO account VALUES (1, 'ada', 100.00), (2, 'bob', 50.00), (3, 'ada', 25.00);
-- probe
SELECT count(*) AS account FROM account;
-- case: a row read for update
SELECT id, balance FROM account WHERE id = 1 FOR UPDATE;
-- case: rows read for share, in order
SELECT id FROM account WHERE owner = 'ada' ORDER BY id FOR SHARE;
-- case: a grouped query for update
SELECT owner, sum(balance) FROM account GROUP BY owner FOR UPDATE;
-- case: a DISTINCT query for share
SELECT DISTINCT owner FROM account FOR SHARE;
-- case: an aggregate for no key update
SELECT count(*) FROM account FOR NO KEY UPDATE;
-- case: an aggregate in a subquery does not count
SELECT id FROM account WHERE balance = (SELECT max(balance) FROM account) FOR UPDATE;
-- case: setseed answers void
SELECT setseed(0.5);
-- case: an arrow on a json literal is json
SELECT json '{"a": {"b": 1}}' -> 'a' AS a;
-- case: an upsert proposing one key twice (constraints.sql:303)
INSERT INTO account VALUES (4, 'cy', 1), (5, 'dee', 2), (5, 'dee', 3) ON CONFLICT (id) DO UPDATE SET balance = 0;
-- case: an upsert proposing each key once
INSERT INTO account VALUES (1, 'ada', 1) ON CONFLICT (id) DO UPDATE SET balance = account.balance + excluded.balance RETURNING id, balance;
-- case: an upsert of several rows returns them in the order written
INSERT INTO account VALUES (9, 'eve', 9), (2, 'bob', 7), (6, 'fay', 6), (8, 'gus', 8) ON CONFLICT (id) DO UPDATE SET balance = excluded.balance RETURNING id, owner, balance;
-- case: rows skipped on conflict leave the others in order
INSERT INTO account (id, owner) VALUES (12, 'hal'), (1, 'ada'), (11, 'ivy'), (10, 'jo') ON CONFLICT DO NOTHING RETURNING id;

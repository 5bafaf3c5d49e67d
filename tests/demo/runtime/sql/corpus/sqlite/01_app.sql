-- setup
PRAGMA foreign_keys = ON;
CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, karma INTEGER DEFAULT 0, avatar BLOB, joined TEXT DEFAULT '2024-01-01');
CREATE TABLE notes (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), body TEXT NOT NULL, score REAL);
INSERT INTO users (email, name, karma, avatar) VALUES ('ada@x.org', 'Ada', 10, x'DEADBEEF'), ('bob@x.org', 'Bob', 3, NULL), ('cy@x.org', 'Cy', 7, x'00');
INSERT INTO notes (user_id, body, score) VALUES (1, 'first', 1.5), (1, 'second', NULL), (2, 'hello', 4.25);
-- probe
SELECT u.id, u.email, u.name, u.karma, count(n.id) AS notes FROM users u LEFT JOIN notes n ON n.user_id = u.id GROUP BY u.id ORDER BY u.id;
-- case: select all users
SELECT id, email, name, karma FROM users ORDER BY id;
-- case: blob column
SELECT id, avatar FROM users ORDER BY id;
-- case: blob functions
SELECT hex(avatar) AS h, length(avatar) AS n FROM users WHERE id = 1;
-- case: insert returning
INSERT INTO users (email, name) VALUES ('dee@x.org', 'Dee') RETURNING id, karma, joined;
-- case: insert without returning gives nothing
INSERT INTO users (email, name) VALUES ('eve@x.org', 'Eve');
-- case: update returning
UPDATE users SET karma = karma + 1 WHERE karma > 5 RETURNING id, karma;
-- case: delete returning
DELETE FROM notes WHERE score IS NULL RETURNING id;
-- case: upsert do update
INSERT INTO users (email, name) VALUES ('ada@x.org', 'Ada L') ON CONFLICT (email) DO UPDATE SET name = excluded.name RETURNING id, name;
-- case: upsert do nothing
INSERT INTO users (email, name) VALUES ('bob@x.org', 'B') ON CONFLICT DO NOTHING;
-- case: insert or replace
INSERT OR REPLACE INTO notes (id, user_id, body) VALUES (3, 2, 'replaced'); SELECT id, body FROM notes ORDER BY id;
-- case: zero-row select
SELECT * FROM users WHERE id = 999;
-- case: integer division
SELECT 7 / 2 AS q, 7 / 2.0 AS r, 7 % 3 AS m;
-- case: division by zero is null
SELECT 1 / 0 AS d;
-- case: count and sum
SELECT count(*) AS n, sum(karma) AS s, avg(karma) AS a, total(karma) AS t FROM users;
-- case: group by having
SELECT user_id, count(*) AS n FROM notes GROUP BY user_id HAVING count(*) > 1;
-- case: window functions
SELECT id, row_number() OVER (ORDER BY karma DESC) AS rn, sum(karma) OVER (ORDER BY id) AS running FROM users ORDER BY id;
-- case: cte
WITH top AS (SELECT * FROM users WHERE karma > 5) SELECT name FROM top ORDER BY name;
-- case: recursive cte
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 4) SELECT group_concat(n, ',') AS s FROM c;
-- case: json functions
SELECT json_extract('{"a": {"b": [1, 2]}}', '$.a.b[1]') AS v, json_object('k', 1) AS o, json_array(1, 'x') AS a;
-- case: json arrow operators
SELECT '{"a": {"b": 3}}' -> '$.a' AS j, '{"a": {"b": 3}}' ->> '$.a.b' AS v;
-- case: json_each
SELECT key, value FROM json_each('{"x": 1, "y": "two"}') ORDER BY key;
-- case: date functions
SELECT date('2024-01-31', '+1 month') AS d, strftime('%Y-%m', '2024-03-05') AS m, julianday('2024-01-02') - julianday('2024-01-01') AS days;
-- case: string functions
SELECT upper(name) AS u, substr(email, 1, 3) AS s, instr(email, '@') AS at, replace(email, 'x.org', 'y.org') AS r, length(name) AS n FROM users ORDER BY id;
-- case: like and glob
SELECT name FROM users WHERE email LIKE 'A%' OR name GLOB 'C*' ORDER BY id;
-- case: typeof
SELECT typeof(1) AS a, typeof(1.5) AS b, typeof('x') AS c, typeof(x'00') AS d, typeof(NULL) AS e;
-- case: cast
SELECT CAST('42' AS INTEGER) AS i, CAST(3.9 AS INTEGER) AS t, CAST(5 AS TEXT) AS s, CAST('1.5' AS REAL) AS r;
-- case: real values
SELECT score FROM notes ORDER BY id;
-- case: large integer
SELECT 9007199254740991 AS big, -5 AS neg;
-- case: coalesce ifnull iif
SELECT coalesce(score, 0) AS c, ifnull(score, -1) AS i, iif(score > 2, 'hi', 'lo') AS f FROM notes ORDER BY id;
-- case: unique violation
INSERT INTO users (email, name) VALUES ('ada@x.org', 'Dup');
-- case: foreign key violation
INSERT INTO notes (user_id, body) VALUES (99, 'orphan');
-- case: not null violation
INSERT INTO notes (user_id, body) VALUES (1, NULL);
-- case: unknown table
SELECT * FROM nope;
-- case: syntax error
SELEC 1;
-- case: failure rolls back earlier statements
INSERT INTO users (email, name) VALUES ('new@x.org', 'New'); INSERT INTO users (email, name) VALUES ('ada@x.org', 'Dup');
-- case: explicit transaction commit
BEGIN; UPDATE users SET karma = 0; COMMIT;
-- case: explicit transaction rollback
BEGIN; DELETE FROM notes; ROLLBACK;
-- case: several results
SELECT 1 AS a; SELECT 2 AS b, 3 AS c;
-- case: create table and use it
CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO tags (label) VALUES ('x'), ('y'); SELECT * FROM tags;
-- case: alter table
ALTER TABLE users ADD COLUMN bio TEXT DEFAULT ''; SELECT id, bio FROM users ORDER BY id;
-- case: create index and view
CREATE INDEX notes_user ON notes(user_id); CREATE VIEW busy AS SELECT user_id FROM notes GROUP BY user_id; SELECT * FROM busy ORDER BY 1;
-- case: trigger
CREATE TRIGGER bump AFTER INSERT ON notes BEGIN UPDATE users SET karma = karma + 1 WHERE id = NEW.user_id; END; INSERT INTO notes (user_id, body) VALUES (3, 'x'); SELECT karma FROM users WHERE id = 3;
-- case: sqlite_master lookup
SELECT name, type FROM sqlite_master WHERE type = 'table' ORDER BY name;
-- case: pragma table_info
PRAGMA table_info(notes);
-- case: last_insert_rowid and changes
INSERT INTO notes (user_id, body) VALUES (2, 'z'); SELECT last_insert_rowid() AS id, changes() AS n;
-- case: distinct and order
SELECT DISTINCT user_id FROM notes ORDER BY user_id DESC;
-- case: limit offset
SELECT name FROM users ORDER BY id LIMIT 1 OFFSET 1;
-- case: blob literal and comparison
SELECT x'0102' = x'0102' AS same, zeroblob(2) AS z;
-- case: null handling
SELECT NULL AS n, NULL IS NULL AS t, 1 + NULL AS s;
-- case: float formatting
SELECT 0.1 + 0.2 AS f, 1e300 * 10 AS inf, 2.0 AS two;
-- case: aggregate with empty
SELECT max(karma) AS m FROM users WHERE id > 99;
-- case: string with quotes and unicode
SELECT 'it''s' AS q, 'héllo ✓' AS u, length('héllo') AS n;
-- case: generate numbers with values
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) ORDER BY 1;
-- case: upsert on row referenced by foreign key
INSERT INTO users (id, email, name) VALUES (1, 'ada@x.org', 'Ada R') ON CONFLICT (id) DO UPDATE SET name = excluded.name; SELECT name FROM users WHERE id = 1;
-- case: check constraint table
CREATE TABLE c (v INTEGER CHECK (v > 0)); INSERT INTO c VALUES (0);
-- case: strict mode mismatch
CREATE TABLE s (v INTEGER) STRICT; INSERT INTO s VALUES ('abc');
-- case: datetime now shape
SELECT length(datetime('now')) AS n;
-- case: printf
SELECT printf('%05.2f|%s', 3.14159, 'x') AS p;

-- setup
CREATE TABLE users (
  id serial PRIMARY KEY,
  email varchar(120) NOT NULL UNIQUE,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  karma integer NOT NULL DEFAULT 0
);
CREATE TABLE posts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  title text NOT NULL,
  score integer
);
INSERT INTO users (email, name, karma) VALUES
  ('ada@example.com', 'Ada', 10),
  ('bob@example.com', 'Bob', 3),
  ('cy@example.com', 'Cy', 7);
INSERT INTO posts (user_id, title, score) VALUES
  (1, 'Engines', 5), (1, 'Notes', NULL), (2, 'Hello', 1);
-- probe
SELECT u.id, u.email, u.name, u.active, u.karma, (SELECT count(*) FROM posts p WHERE p.user_id = u.id) AS posts
FROM users u ORDER BY u.id;
-- case: insert returning id
INSERT INTO users (email, name) VALUES ('dee@example.com', 'Dee') RETURNING id;
-- case: insert returning star
INSERT INTO users (email, name, karma) VALUES ('eve@example.com', 'Eve', 2) RETURNING *;
-- case: insert several rows without returning
INSERT INTO users (email, name) VALUES ('f@example.com', 'F'), ('g@example.com', 'G');
-- case: insert returning expression
INSERT INTO users (email, name) VALUES ('h@example.com', 'H') RETURNING id, upper(name) AS shout;
-- case: insert select
INSERT INTO posts (user_id, title) SELECT id, name || '''s first post' FROM users WHERE karma > 5;
-- case: update without returning
UPDATE users SET karma = karma + 1 WHERE karma > 5;
-- case: update returning
UPDATE users SET active = false WHERE name = 'Bob' RETURNING id, active;
-- case: update no match
UPDATE users SET karma = 0 WHERE id = 999;
-- case: update from another table
UPDATE posts SET score = coalesce(score, 0) + u.karma FROM users u WHERE u.id = posts.user_id AND u.name = 'Ada';
-- case: delete returning
DELETE FROM posts WHERE score IS NULL RETURNING id, title;
-- case: delete all rows of a table
DELETE FROM posts;
-- case: upsert do nothing
INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada 2') ON CONFLICT DO NOTHING;
-- case: upsert do nothing returning
INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada 2') ON CONFLICT (email) DO NOTHING RETURNING id;
-- case: upsert do update on a row referenced by a foreign key
INSERT INTO users (email, name) VALUES ('ada@example.com', 'Ada Lovelace')
ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name RETURNING id, name;
-- case: upsert do update new row
INSERT INTO users (email, name) VALUES ('zed@example.com', 'Zed')
ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name RETURNING id, name;
-- case: upsert increments a counter
INSERT INTO users (email, name, karma) VALUES ('bob@example.com', 'Bob', 1)
ON CONFLICT (email) DO UPDATE SET karma = users.karma + EXCLUDED.karma;
-- case: upsert with where
INSERT INTO users (email, name) VALUES ('cy@example.com', 'Cyrus')
ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name WHERE users.karma > 100 RETURNING id;
-- case: default values
INSERT INTO posts (user_id, title) VALUES (3, 'Defaults') RETURNING id, score;
-- case: select by id
SELECT id, email, name FROM users WHERE id = 2;
-- case: select ordered with limit offset
SELECT name FROM users ORDER BY karma DESC LIMIT 2 OFFSET 1;
-- case: group by primary key
SELECT u.id, u.name, count(p.id) AS n FROM users u LEFT JOIN posts p ON p.user_id = u.id GROUP BY u.id ORDER BY u.id;
-- case: group by primary key with having and order by a dependent column
SELECT u.name, u.karma, count(*) AS n FROM users u JOIN posts p ON p.user_id = u.id GROUP BY u.id HAVING count(*) >= 1 ORDER BY u.karma DESC;
-- case: group by primary key by position
SELECT id, email, count(*) AS n FROM users GROUP BY 1 ORDER BY email;
-- case: serial values drawn after a savepoint stay drawn
BEGIN; SAVEPOINT s; INSERT INTO users (email, name) VALUES ('x@example.com', 'X') RETURNING id; ROLLBACK TO SAVEPOINT s; INSERT INTO users (email, name) VALUES ('y@example.com', 'Y') RETURNING id; COMMIT;
-- case: select star
SELECT * FROM posts ORDER BY id;
-- case: select with in list
SELECT name FROM users WHERE id IN (1, 3) ORDER BY name;
-- case: select with ilike
SELECT email FROM users WHERE name ILIKE 'a%';
-- case: select boolean column
SELECT name, active FROM users WHERE active ORDER BY id;
-- case: count rows
SELECT count(*) FROM users;
-- case: insert then select in one request
INSERT INTO users (email, name) VALUES ('i@example.com', 'I'); SELECT count(*) AS n FROM users;
-- case: truncate
TRUNCATE posts;
-- case: update returning old values in expression
UPDATE users SET karma = karma * 2 WHERE id = 1 RETURNING karma, karma / 4 AS quarter;
-- case: delete using subquery
DELETE FROM posts WHERE user_id IN (SELECT id FROM users WHERE name = 'Bob');
-- case: insert returning generated and default
INSERT INTO users (email, name) VALUES ('j@example.com', 'J') RETURNING id, active, karma;
-- case: insert without a column list and fewer values than columns
INSERT INTO users VALUES (9, 'z@example.com', 'Zed'), (10, 'y@example.com', 'Yan') RETURNING active, karma;

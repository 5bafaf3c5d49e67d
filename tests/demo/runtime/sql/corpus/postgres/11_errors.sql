-- setup
CREATE TABLE teams (id integer PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE members (
  id integer PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams(id),
  email text NOT NULL,
  age integer CHECK (age > 0)
);
INSERT INTO teams VALUES (1, 'red'), (2, 'blue');
INSERT INTO members VALUES (1, 1, 'a@x.org', 30), (2, 2, 'b@x.org', 40);
-- probe
SELECT m.id, m.team_id, m.email, m.age, t.name FROM members m JOIN teams t ON t.id = m.team_id ORDER BY m.id;
-- case: primary key violation
INSERT INTO teams VALUES (1, 'green');
-- case: unique violation
INSERT INTO teams VALUES (3, 'red');
-- case: foreign key violation on insert
INSERT INTO members VALUES (3, 99, 'c@x.org', 20);
-- case: foreign key violation on delete
DELETE FROM teams WHERE id = 1;
-- case: foreign key violation by update
UPDATE members SET team_id = 5 WHERE id = 1;
-- case: update of a referenced row keeping its key
UPDATE teams SET name = 'crimson' WHERE id = 1; SELECT id, name FROM teams ORDER BY id;
-- case: upsert of a referenced row
INSERT INTO teams VALUES (1, 'rouge') ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING id, name;
-- case: foreign key violation rolls back earlier statements
INSERT INTO teams VALUES (3, 'green'); INSERT INTO members VALUES (3, 3, 'c@x.org', 20); INSERT INTO members VALUES (4, 42, 'd@x.org', 20);
-- case: delete parent after moving its children
UPDATE members SET team_id = 2 WHERE team_id = 1; DELETE FROM teams WHERE id = 1; SELECT count(*) AS n FROM teams;
-- case: named foreign key to a primary key with a null column
CREATE TABLE notes (id integer, member_id integer, CONSTRAINT notes_member FOREIGN KEY (member_id) REFERENCES members); INSERT INTO notes VALUES (1, NULL); INSERT INTO notes VALUES (2, 77);
-- case: named foreign key accepts a present key
CREATE TABLE notes (id integer, member_id integer, CONSTRAINT notes_member FOREIGN KEY (member_id) REFERENCES members); INSERT INTO notes VALUES (1, NULL), (2, 2); SELECT * FROM notes ORDER BY id;
-- case: on delete cascade and set null
CREATE TABLE badges (id integer PRIMARY KEY, member_id integer REFERENCES members ON DELETE CASCADE); CREATE TABLE stamps (id integer, badge_id integer REFERENCES badges ON DELETE SET NULL); INSERT INTO badges VALUES (1, 1), (2, 2); INSERT INTO stamps VALUES (1, 1), (2, 2); DELETE FROM members WHERE id = 1 RETURNING id; SELECT * FROM badges ORDER BY id; SELECT * FROM stamps ORDER BY id;
-- case: cascade undone by rollback to savepoint
BEGIN; CREATE TABLE badges (id integer PRIMARY KEY, member_id integer REFERENCES members ON DELETE CASCADE); INSERT INTO badges VALUES (1, 1), (2, 2); SAVEPOINT s; DELETE FROM members WHERE id = 1; ROLLBACK TO s; DELETE FROM members WHERE id = 2; COMMIT; SELECT * FROM badges ORDER BY id;
-- case: changing a key with on delete cascade still violates
CREATE TABLE badges (id integer PRIMARY KEY, member_id integer REFERENCES members ON DELETE CASCADE); INSERT INTO badges VALUES (1, 1); UPDATE members SET id = 9 WHERE id = 1;
-- case: truncate a referenced table
TRUNCATE teams;
-- case: truncate both tables of a key
TRUNCATE teams, members; SELECT count(*) AS n FROM teams;
-- case: truncate undone by rollback to savepoint
BEGIN; SAVEPOINT s; TRUNCATE members; ROLLBACK TO s; DELETE FROM members WHERE id = 2; COMMIT;
-- case: drop a referenced table
DROP TABLE teams;
-- case: drop the referencing table first
DROP TABLE members; DROP TABLE teams; SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public';
-- case: not null violation
INSERT INTO members (id, team_id, email) VALUES (3, 1, NULL);
-- case: check violation
INSERT INTO members VALUES (3, 1, 'c@x.org', -1);
-- case: unknown table
SELECT * FROM nothing_here;
-- case: unknown column
SELECT shoe_size FROM members;
-- case: unknown function
SELECT no_such_function(1);
-- case: syntax error
SELECT FROM WHERE;
-- case: type mismatch comparison
SELECT * FROM members WHERE email = 5;
-- case: invalid date
SELECT '2024-02-30'::date AS d;
-- case: wrong number of values
INSERT INTO teams VALUES (5);
-- case: ambiguous column
SELECT id FROM members JOIN teams ON teams.id = members.team_id;
-- case: delete child then parent
DELETE FROM members WHERE team_id = 2; DELETE FROM teams WHERE id = 2;
-- case: update key to existing
UPDATE teams SET name = 'red' WHERE id = 2;
-- case: create existing table
CREATE TABLE teams (id integer);
-- case: create if not exists
CREATE TABLE IF NOT EXISTS teams (id integer);
-- case: drop missing table
DROP TABLE ghosts;
-- case: drop if exists
DROP TABLE IF EXISTS ghosts;
-- case: alter table add column
ALTER TABLE teams ADD COLUMN color text DEFAULT 'none'; SELECT * FROM teams ORDER BY id;
-- case: create index
CREATE INDEX members_email_idx ON members (email); SELECT count(*) AS n FROM members WHERE email = 'a@x.org';
-- case: subquery returns more than one row
SELECT (SELECT id FROM teams) AS one;
-- case: unterminated string
SELECT 'oops;
-- case: a VALUES column of NULLs is text, which a UNION cannot match with integer
VALUES (NULL) UNION VALUES (1);
-- case: a VALUES column of NULLs is text, which has no = with integer
SELECT * FROM (VALUES (NULL)) v(v) WHERE v = 1;
-- case: a VALUES column of NULLs is text, compared with a string literal
SELECT * FROM (VALUES (NULL)) v(v) WHERE v = '1';
-- case: a select-list NULL in a UNION takes the other branch's type
SELECT NULL AS v UNION SELECT 1 ORDER BY 1;
-- case: a text column compared with an integer
SELECT id FROM members WHERE email = 1;
-- case: an integer column compared with text
SELECT id FROM members WHERE age = '30'::text;
-- case: an integer column compared with a string literal
SELECT id FROM members WHERE age = '30';
-- case: a UNION of a text column and an integer column
SELECT email FROM members UNION SELECT age FROM members;
-- case: a string literal in a UNION takes the integer type of the other branch
SELECT 1 AS v UNION SELECT '2' ORDER BY 1;
-- case: a string literal in a UNION with an integer column must read as an integer
SELECT age FROM members UNION SELECT 'many';
-- case: two string literals in a UNION are text, which a third integer branch cannot match
SELECT 'a' UNION SELECT 'b' UNION SELECT 1;
-- case: string literals in a UNION with a star take the table's column types
SELECT * FROM teams UNION SELECT '3', 'green' ORDER BY 1;
-- case: a string literal in a UNION with a boolean takes boolean
SELECT (age > 35) AS old FROM members UNION SELECT 't' ORDER BY 1;
-- case: a string literal in a UNION ALL with a numeric takes numeric
SELECT '1.5' AS v UNION ALL SELECT 2.5 ORDER BY 1;
-- case: a string literal in an INTERSECT with an integer column
SELECT '30' AS v INTERSECT SELECT age FROM members;
-- case: a string literal takes the type of a nested UNION already resolved to integer
SELECT '7' AS v UNION (SELECT '8' UNION SELECT 9) ORDER BY 1;
-- case: a string literal opening a recursive CTE is text, whatever the recursive branch
WITH RECURSIVE t(n) AS (SELECT '7' UNION ALL SELECT n || 'x' FROM t WHERE length(n) < 3) SELECT n FROM t;
-- case: a boolean compared with an integer
SELECT id FROM members WHERE (age > 35) = 1;
-- case: an UPDATE whose WHERE compares a text column with an integer
UPDATE members SET age = 31 WHERE email = 1;
-- case: a DELETE whose WHERE compares a text column with an integer
DELETE FROM members WHERE email > 1;
-- case: an UPDATE assigning an integer to a text column
UPDATE members SET email = 5 WHERE id = 2; SELECT id, email FROM members ORDER BY id;
-- case: an UPDATE ... FROM comparing across tables of text and integer
UPDATE members SET age = 32 FROM teams WHERE teams.name = members.team_id;
-- case: a subquery's untyped NULL is text, so comparing it with a number fails
SELECT * FROM (SELECT NULL) v(v) WHERE v = 1;
-- case: a CTE's untyped NULL is text, so comparing it with a number fails
WITH c AS (SELECT NULL AS v) SELECT * FROM c WHERE v = 1;
-- case: a scalar subquery's untyped NULL is text, so comparing it with a number fails
SELECT (SELECT NULL) = 1 AS same;
-- case: a subquery's untyped NULL is a text column
SELECT * FROM (SELECT NULL AS v) s WHERE v IS NULL;

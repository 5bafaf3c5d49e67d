-- UPDATEs of a column under a unique index (CREATE UNIQUE INDEX) from the row's own values:
-- the key moves of 26_key_updates, for the unique indexes DuckDB does not list as
-- constraints (a plain index's columns, two columns, an expression). Before, DuckDB's
-- whole-statement check answered where Postgres, checking each row as it writes it,
-- fails. Written after a scratch run against PGlite found the silent answers.
-- setup
CREATE TABLE ix (id int, code int, name text, v text);
CREATE UNIQUE INDEX ix_id ON ix (id);
CREATE UNIQUE INDEX ix_code_name ON ix (code, name);
INSERT INTO ix VALUES (1, 10, 'a', 'p'), (2, 11, 'b', 'q'), (3, 12, 'c', 'r'), (4, NULL, 'd', 's');
CREATE TABLE lx (id int PRIMARY KEY, email text);
CREATE UNIQUE INDEX lx_email ON lx (lower(email));
INSERT INTO lx VALUES (1, 'A@x'), (2, 'b@x'), (3, 'C@x');
CREATE TABLE px (id int, v text);
CREATE INDEX px_id ON px (id);
INSERT INTO px VALUES (1, 'a'), (2, 'b');
-- probe
SELECT 'ix' AS t, id || ',' || coalesce(code::text, '-') || ',' || name AS key, v FROM ix UNION ALL SELECT 'lx', id::text, email FROM lx UNION ALL SELECT 'px', id::text, v FROM px ORDER BY 1, 2;
-- case: a unique index's column moved onto the next row's value
UPDATE ix SET id = id + 1;
-- case: a unique index's column moved past every other value
UPDATE ix SET id = id + 100 RETURNING id;
-- case: a unique index's column moved onto a row the UPDATE does not write
UPDATE ix SET id = id + 1 WHERE id = 3;
-- case: a two-column unique index moved onto another updated row's
UPDATE ix SET code = code + 1, name = chr(ascii(name) + 1) WHERE id < 4;
-- case: one column of a two-column unique index moved where the other keeps rows apart
UPDATE ix SET code = code + 1 WHERE id < 4;
-- case: NULLs of a unique index moved stay apart
UPDATE ix SET code = code WHERE code IS NULL;
-- case: a unique index on an expression moved onto another updated row's value
UPDATE lx SET email = CASE id WHEN 1 THEN 'B@x' WHEN 2 THEN 'c@x' ELSE 'd@x' END;
-- case: a unique index on an expression moved onto the same value in other letters
UPDATE lx SET email = upper(email) RETURNING email;
-- case: a unique index on an expression moved onto a row the UPDATE does not write
UPDATE lx SET email = 'a@X' WHERE id = 2;
-- case: a plain index's column moved
UPDATE px SET id = id + 1 RETURNING id;

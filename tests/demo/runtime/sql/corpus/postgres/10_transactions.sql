-- setup
CREATE TABLE wallet (id integer PRIMARY KEY, owner text NOT NULL UNIQUE, cents integer NOT NULL CHECK (cents >= 0));
INSERT INTO wallet VALUES (1, 'ada', 500), (2, 'bob', 100);
-- probe
SELECT id, owner, cents FROM wallet ORDER BY id;
-- case: transfer in one request
UPDATE wallet SET cents = cents - 50 WHERE owner = 'ada'; UPDATE wallet SET cents = cents + 50 WHERE owner = 'bob';
-- case: explicit begin commit
BEGIN; UPDATE wallet SET cents = 0 WHERE id = 1; COMMIT;
-- case: explicit begin rollback
BEGIN; DELETE FROM wallet; ROLLBACK;
-- case: start transaction and end
START TRANSACTION; INSERT INTO wallet VALUES (3, 'cy', 1); END;
-- case: failed check rolls back the whole request
UPDATE wallet SET cents = cents + 100 WHERE id = 2; UPDATE wallet SET cents = cents - 1000 WHERE id = 1;
-- case: division by zero rolls back earlier statements
INSERT INTO wallet VALUES (3, 'cy', 1); SELECT 1 / 0;
-- case: unique violation rolls back earlier statements
UPDATE wallet SET cents = 1; INSERT INTO wallet VALUES (9, 'ada', 1);
-- case: bad cast rolls back earlier statements
DELETE FROM wallet WHERE id = 2; SELECT 'x'::int;
-- case: unknown column rolls back earlier statements
INSERT INTO wallet VALUES (4, 'dee', 4); SELECT nope FROM wallet;
-- case: unknown table rolls back earlier statements
INSERT INTO wallet VALUES (4, 'dee', 4); SELECT * FROM missing_table;
-- case: syntax error runs nothing
INSERT INTO wallet VALUES (4, 'dee', 4); SELEC 1;
-- case: not null violation rolls back earlier statements
UPDATE wallet SET cents = 7; INSERT INTO wallet (id, owner, cents) VALUES (5, NULL, 1);
-- case: committed part survives a later failure
BEGIN; INSERT INTO wallet VALUES (5, 'eve', 5); COMMIT; INSERT INTO wallet VALUES (6, 'ada', 6);
-- case: transaction left open is rolled back
BEGIN; INSERT INTO wallet VALUES (7, 'fay', 7);
-- case: rollback after error inside explicit transaction
BEGIN; INSERT INTO wallet VALUES (8, 'gil', 8); SELECT 1 / 0; COMMIT;
-- case: savepoint
BEGIN; INSERT INTO wallet VALUES (8, 'gil', 8); SAVEPOINT s1; DELETE FROM wallet; ROLLBACK TO SAVEPOINT s1; COMMIT;
-- case: release then rollback to an earlier savepoint
BEGIN; INSERT INTO wallet VALUES (3, 'cy', 3); SAVEPOINT a; UPDATE wallet SET cents = 0 WHERE id = 1; SAVEPOINT b; DELETE FROM wallet WHERE id = 2; RELEASE b; ROLLBACK TO a; INSERT INTO wallet VALUES (4, 'dee', 4); COMMIT;
-- case: rollback to a savepoint keeps it
BEGIN; SAVEPOINT a; DELETE FROM wallet WHERE id = 1; ROLLBACK TO a; DELETE FROM wallet WHERE id = 2; ROLLBACK TO SAVEPOINT a; UPDATE wallet SET cents = 1 WHERE id = 2; COMMIT;
-- case: savepoint results and reads after rollback to
BEGIN; SAVEPOINT s; UPDATE wallet SET cents = cents * 2 RETURNING id, cents; ROLLBACK TO s; SELECT sum(cents) AS total FROM wallet; COMMIT;
-- case: quoted savepoint name and rollback work to
BEGIN; SAVEPOINT "Mixed"; DELETE FROM wallet; ROLLBACK WORK TO "Mixed"; COMMIT;
-- case: savepoint outside a transaction block
INSERT INTO wallet VALUES (3, 'cy', 3); SAVEPOINT a;
-- case: rollback to an unknown savepoint
BEGIN; INSERT INTO wallet VALUES (3, 'cy', 3); ROLLBACK TO SAVEPOINT nope; COMMIT;
-- case: error after a savepoint fails the request
BEGIN; INSERT INTO wallet VALUES (3, 'cy', 3); SAVEPOINT a; INSERT INTO wallet VALUES (9, 'ada', 1); ROLLBACK TO a; COMMIT;
-- case: results of several statements
SELECT count(*) AS n FROM wallet; UPDATE wallet SET cents = cents + 1; SELECT sum(cents) AS total FROM wallet;
-- case: ddl and dml together
CREATE TABLE audit (id integer, note text); INSERT INTO audit VALUES (1, 'x'); SELECT * FROM audit;
-- case: ddl rolled back by failure
CREATE TABLE audit2 (id integer); INSERT INTO audit2 VALUES ('x');
-- case: empty statements between
SELECT 1 AS a;; SELECT 2 AS b;
-- case: comment only around statement
-- leading comment
SELECT 3 AS c; -- trailing
-- case: statements before a BEGIN join its block and its failure
-- (Postgres turns the request's implicit transaction into the block; they autocommitted)
UPDATE wallet SET cents = 1 WHERE id = 1; BEGIN; UPDATE wallet SET cents = 2 WHERE id = 2; SELECT 1 / 0; COMMIT;
-- case: statements before a BEGIN undone by its ROLLBACK
DELETE FROM wallet WHERE id = 2; BEGIN; UPDATE wallet SET cents = 7 WHERE id = 1; ROLLBACK; SELECT count(*) FROM wallet;
-- case: statements after a COMMIT undone by a later failure
BEGIN; UPDATE wallet SET cents = 3 WHERE id = 1; COMMIT; UPDATE wallet SET cents = 4 WHERE id = 2; SELECT 1 / 0;
-- case: a BEGIN inside a block changes nothing
BEGIN; UPDATE wallet SET cents = 5 WHERE id = 1; BEGIN; UPDATE wallet SET cents = 6 WHERE id = 2; COMMIT;
-- case: a COMMIT without a BEGIN ends the request's transaction
UPDATE wallet SET cents = 8 WHERE id = 1; COMMIT; SELECT 1 / 0;

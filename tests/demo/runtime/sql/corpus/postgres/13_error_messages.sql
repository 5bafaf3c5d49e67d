-- setup
CREATE TABLE t (id integer PRIMARY KEY, a integer CHECK (a > 0), b text UNIQUE, c integer NOT NULL, d date);
CREATE TABLE u (id integer, x integer, y integer, CHECK (x < y), UNIQUE (x, y));
INSERT INTO t VALUES (1, 1, 'x', 1, '2024-01-01'), (2, 2, 'y', 2, '2024-01-02');
INSERT INTO u VALUES (1, 1, 2);
CREATE VIEW v AS SELECT 1 AS one;
-- probe
SELECT (SELECT count(*) FROM t) AS t, (SELECT count(*) FROM u) AS u;
-- case: unknown column
SELECT nope FROM t;
-- case: unknown qualified column
SELECT t.nope FROM t;
-- case: unknown table qualifier
SELECT z.id FROM t;
-- case: table read under another name
SELECT t.id FROM t AS q;
-- case: unknown column of an insert
INSERT INTO t (nope) VALUES (1);
-- case: unknown column of an update
UPDATE t SET nope = 1;
-- case: unknown relation written in mixed case
SELECT * FROM Missing_Table;
-- case: drop of a missing table
DROP TABLE missing;
-- case: drop of a missing view
DROP VIEW missing;
-- case: drop of a missing index
DROP INDEX missing;
-- case: create of an existing table
CREATE TABLE t (x integer);
-- case: create of a view named as an existing one
CREATE VIEW v AS SELECT 2;
-- case: unknown sequence
SELECT nextval('nosuchseq');
-- case: unknown type
SELECT 'x'::nosuchtype;
-- case: unknown function of literals
SELECT f(1, 'a', 2.5, NULL, true);
-- case: unknown function of typed arguments
SELECT f(-1, 3000000000, 1::bigint, 'a'::text, now());
-- case: function without a form for the argument type
SELECT length(1);
-- case: aggregate without a form for the argument type
SELECT sum(b) FROM t;
-- case: operator without a form for the operand types
SELECT 1 + 'a'::text;
-- case: prefix operator without a form for the operand type
SELECT -'a'::text;
-- case: ambiguous column
SELECT id FROM t, u;
-- case: duplicate primary key
INSERT INTO t VALUES (1, 1, 'z', 1);
-- case: duplicate unique value
INSERT INTO t VALUES (3, 1, 'x', 1);
-- case: duplicate unique value by update
UPDATE t SET b = 'x' WHERE id = 2;
-- case: duplicate unique pair
INSERT INTO u VALUES (2, 1, 2);
-- case: failed column check
INSERT INTO t VALUES (3, -1, 'z', 1);
-- case: failed column check by update
UPDATE t SET a = 0 WHERE id = 1;
-- case: failed table check
INSERT INTO u VALUES (2, 5, 3);
-- case: null into a not-null column
INSERT INTO t VALUES (4, 1, 'w', NULL);
-- case: not-null column left out
INSERT INTO t (id, a) VALUES (5, 1);
-- case: more values than columns
INSERT INTO t (id, a) VALUES (8, 1, 2);
-- case: impossible date
INSERT INTO t VALUES (6, 1, 'q', 1, '2024-02-30');
-- case: integer overflow
SELECT 2147483647::integer + 1;
-- case: bigint overflow
SELECT 9223372036854775807::bigint * 2;
-- case: smallint overflow
SELECT 32767::smallint + 1::smallint;
-- case: cast out of integer range
SELECT 3000000000::bigint::integer;
-- case: bad numeric input
SELECT 'abc'::numeric;
-- case: bad interval input
SELECT 'abc'::interval;
-- case: bad uuid input
SELECT 'abc'::uuid;
-- case: bad array input
SELECT '{1,2'::integer[];
-- case: subquery of more than one row
SELECT (SELECT id FROM t);
-- case: aggregate in WHERE
SELECT count(*) FROM t WHERE count(*) > 1;
-- case: negative limit
SELECT * FROM t LIMIT -1;
-- case: array concatenated with text
SELECT ARRAY[1, 2] || 'x'::text;
-- case: order by position past the select list
SELECT id FROM t ORDER BY 5;
-- case: ungrouped column
SELECT id FROM t GROUP BY a;
-- case: one alias twice
SELECT * FROM t t1 JOIN t t1 ON true;
-- case: more column aliases than columns
SELECT * FROM t AS f(a, b, c, d, e, g);
-- case: a column twice in a create
CREATE TABLE w (a integer, a integer);
-- case: add of an existing column
ALTER TABLE t ADD COLUMN a integer;
-- case: drop of a missing column
ALTER TABLE t DROP COLUMN nope;
-- case: a comma before FROM
SELECT id, FROM t;
-- case: a comma before a closing parenthesis
SELECT count(*) FROM t WHERE id IN (1, 2,);
-- case: an unterminated string
SELECT 'oops;
-- case: an interval of more days than an int32 holds
SELECT '2147483648 days'::interval;
-- case: an interval of more weeks than its days hold
SELECT '306783379 weeks'::interval;
-- case: an interval of more years than its months hold
SELECT '178956971 years'::interval;
-- case: an interval of more hours than its microseconds hold
SELECT '2562048000 hours'::interval;
-- case: an interval unit Postgres does not know
SELECT '@ 30 eons ago'::interval;
-- case: an interval written into a column, too large
CREATE TABLE spans (s interval); INSERT INTO spans VALUES ('-2147483649 days');
-- case: a numeric divided by a string literal zero
SELECT 'inf'::numeric / '0';
-- case: a multiple-column update of too few values
UPDATE u SET (x, y) = ROW(1);
-- case: a multiple-column update of too many values
UPDATE u SET (x, y) = (1, 2, 3);
-- case: an integer divided by a string literal takes the literal as an integer
SELECT 5 / '2', 7 % '2', '10' / 4;
-- case: a float divided by a string literal takes the literal as a float
SELECT 5::float8 / '2';
-- case: an integer divided by a string literal zero
SELECT 5 / '0';
-- case: a string literal that is no integer beside an integer
SELECT 5 / '2.5';
-- case: an interval form DuckDB does not read is refused, not called invalid
SELECT '1-2'::interval;
-- case: a non-decimal numeric is refused, not called invalid
SELECT '0x1A'::numeric;
-- case: numeric NaN is refused, not called invalid
SELECT 'nan'::numeric / 0;
-- case: a function of DuckDB's that Postgres does not have is refused as Postgres does
SELECT range(3);
-- case: a table function of DuckDB's that Postgres does not have
SELECT * FROM range(3);
-- case: a DuckDB list function of literals
SELECT list_value(1, 2);
-- case: DuckDB's CSV reader, which would read the machine's files
SELECT * FROM read_csv('x.csv');
-- case: DuckDB's Parquet reader
SELECT * FROM read_parquet('x.parquet');
-- case: DuckDB's PRAGMA statement
PRAGMA version;
-- case: DuckDB's USE statement
USE memory;
-- case: DuckDB's DESCRIBE statement
DESCRIBE t;
-- case: DuckDB's INSTALL statement
INSTALL httpfs;
-- case: DuckDB's ATTACH statement
ATTACH 'x.db';
-- case: another engine's equality operator
SELECT 1 == 2;
-- case: MySQL's null-safe equality operator
SELECT 1 <=> 2;
-- case: SQLite's GLOB
SELECT 'a' GLOB 'b';
-- case: MySQL's REGEXP
SELECT 'a' REGEXP 'b';
-- case: a prefix operator Postgres dropped
SELECT !! 3;
-- case: Postgres' own operators that start with an exclamation mark still answer
SELECT 'a' !~ 'b' AS no_match, 'a' !~~ 'b' AS not_like, 'a' !~* 'B' AS no_match_ci, 1 != 2 AS differ;
-- case: another engine's type name in a cast
SELECT '1.5'::double;
-- case: another engine's string type in CAST
SELECT CAST('x' AS string);
-- case: another engine's integer type in a column definition
CREATE TABLE tiny (a tinyint);
-- case: another engine's datetime type
SELECT '2020-01-01'::datetime;
-- case: the same words as names and Postgres' own spellings still answer
SELECT 1 AS string, '1.5'::double precision AS d, CAST('2' AS integer) AS i;
-- case: a number where a condition goes
SELECT id FROM t WHERE a;
-- case: text where a condition goes
SELECT id FROM t WHERE b;
-- case: a number in AND, OR and NOT
SELECT 1 AND 2;
-- case: a column of numbers in AND beside a boolean
SELECT id FROM t WHERE a > 0 AND c;
-- case: a number negated
SELECT NOT c FROM t;
-- case: a number as a join condition
SELECT t.id FROM t JOIN u ON 1;
-- case: a number as HAVING
SELECT count(*) FROM t HAVING 1;
-- case: a number in CASE WHEN
SELECT CASE WHEN a THEN 'yes' END FROM t;
-- case: a number in an aggregate's FILTER
SELECT count(*) FILTER (WHERE c) FROM t;
-- case: a number tested IS NOT TRUE
SELECT id FROM t WHERE a IS NOT TRUE;
-- case: a number as an UPDATE's condition changes nothing
UPDATE t SET c = 9 WHERE c;
-- case: conditions Postgres reads as boolean still answer
SELECT id, CASE a WHEN 1 THEN 'one' END AS simple_case, NOT 'f' AS not_f, true AND 't' AS and_t,
  a > 0 IS TRUE AS is_true FROM t WHERE 't' AND (b = 'x' OR NULL) AND NOT (a = 5);
-- case: two booleans joined with ||
SELECT true || false;
-- case: a number and a boolean joined with ||
SELECT a || true FROM t;
-- case: text joined with a boolean or a number still answers
SELECT b || true AS bt, 'n' || a AS na, a || 'n' AS an FROM t ORDER BY id;
-- case: two arrays added
SELECT ARRAY[1, 2] + ARRAY[3];
-- case: IN followed by a string, not a list
SELECT 'a' IN 'b';
-- case: IN followed by an array, not a list
SELECT id FROM t WHERE id IN ARRAY[1, 2];
-- case: POSITION's IN and IN lists still answer
SELECT position('b' IN 'abc') AS p, 1 IN (1, 2) AS listed, 2 IN (SELECT id FROM t) AS found;
-- case: other engines' type names as column aliases of CREATE TABLE AS and CREATE VIEW still answer
CREATE TABLE named AS SELECT id string FROM t;
CREATE VIEW named_view AS SELECT id double, b tinyint FROM t;
SELECT n.string, w.double, w.tinyint FROM named n JOIN named_view w ON w.double = n.string ORDER BY 1;
-- case: a CHECK of a number column that is not a condition
CREATE TABLE checked (a integer CHECK (a));
-- case: a named table CHECK of text that is not a condition
CREATE TABLE checked (a integer, b text, CONSTRAINT b_set CHECK (b));
-- case: CHECKs that are conditions still create the table
CREATE TABLE checked (a integer CHECK (a > 0), b boolean CHECK (b), c numeric(4, 1) CHECK (c IS NOT NULL));
INSERT INTO checked VALUES (1, true, 2.5);
SELECT * FROM checked;
-- case: a cast Postgres has no rule for (DuckDB: "Unimplemented type for cast")
SELECT 1::date;
-- case: a cast of a date to an integer
SELECT current_date::int;
-- case: a column with a CHECK constraint changes type in Postgres; DuckDB cannot, said in the demo's words
CREATE TABLE checked (n int CHECK (n > 0)); ALTER TABLE checked ALTER COLUMN n TYPE bigint;
-- case: arrays of two element types concatenated (DuckDB: "Cannot concatenate lists")
SELECT ARRAY[1] || ARRAY['a']::text[] AS a;

-- Forms from PostgreSQL 17 regression files outside the 28 of the second part
-- (numerology.sql, time.sql, rowtypes.sql, tsrf.sql, select_into.sql, char.sql: a probe
-- of 30 more files picked by regress_pick.py's rule, judged by PGlite), with keyset
-- pagination and EXTRACT over columns added. When written, each was answered silently
-- wrong: `0x42F` as bytes, `0o273` as `0 AS o273`, `1_000` as `1 AS _000`, `123abc` as
-- `123 AS abc`; EXTRACT(SECOND ...) without the second's fraction, EXTRACT(HOUR FROM
-- date) 0, a date's epoch with six decimals; `SELECT user` DuckDB's own user name;
-- `(1, 2) < (1, NULL)` true (rows with NULLs after the key); CASE over generate_series
-- one row per element;
-- CREATE TABLE AS ... WITH NO DATA filled; '\101'::"char" the text itself; '11:59 PM'
-- as 11:59; information_schema.columns.is_identity NULL for an identity column; a uuid
-- with misplaced hyphens stored; `INSERT INTO t AS x ... RETURNING x.a` refused. On the
-- browser path, `SELECT 1, true` reported two boolean columns.
-- setup
CREATE TABLE k (a int, b int);
INSERT INTO k VALUES (1, 1), (1, 2), (2, 1), (2, NULL), (NULL, 1), (3, 3);
CREATE TABLE moments (id int PRIMARY KEY, at timestamp, t time);
INSERT INTO moments VALUES (1, '2020-05-26 13:30:25.575401', '13:30:25.575401'), (2, '2021-01-01 00:00:00', '00:00:00.5');
-- probe
SELECT (SELECT count(*) FROM k) AS k, (SELECT count(*) FROM moments) AS m;
-- case: other bases
SELECT 0x42F AS a, 0o273 AS b, 0b100101 AS c, 0X7FFFFFFF AS d, 0x80000000 AS e, 0o_1_755 AS f;
-- case: other bases, widths
SELECT 0o17777777777 AS a, 0o20000000000 AS b, 0x7FFFFFFFFFFFFFFF AS c, 0x8000000000000000 AS d, -0o20000000000 AS e, -0x8000000000000001 AS f;
-- case: integers past bigint
SELECT 9223372036854775807 AS a, 9223372036854775808 AS b, -9223372036854775808 AS c, -9223372036854775809 AS d, 99999999999999999999 + 1 AS e, -2147483648 AS f, - 2147483648 AS g;
-- case: underscores between digits
SELECT 1_000_000 AS a, 1_000.000_1 AS b, 1_0e1_0 AS c, 0xFFFF_FFFF AS d;
-- case: trailing junk
SELECT 123abc;
-- case: trailing junk after a fraction
SELECT 0.a;
-- case: trailing underscore
SELECT 100_;
-- case: unnamed columns of several types
SELECT 1, 'a', 2.5, true, 9223372036854775808, 1.5;
-- case: names with digits are no numbers
SELECT a AS a1_2, b AS "3x" FROM k WHERE a = 3;
-- case: extract second
SELECT id, EXTRACT(SECOND FROM at) AS s, EXTRACT(MILLISECOND FROM at) AS ms, EXTRACT(MICROSECOND FROM at) AS us, EXTRACT(SECOND FROM t) AS ts FROM moments ORDER BY id;
-- case: date_part second
SELECT id, date_part('second', at) AS s, date_part('milliseconds', t) AS ms FROM moments ORDER BY id;
-- case: extract second of literals
SELECT EXTRACT(SECOND FROM TIME '2020-05-26 13:30:25.575401') AS a, EXTRACT(MILLISECOND FROM TIMESTAMP '2020-05-26 13:30:25.575401') AS b;
-- case: extract second of an interval
SELECT EXTRACT(SECOND FROM INTERVAL '1 minute 2.5 seconds') AS a, EXTRACT(MILLISECONDS FROM INTERVAL '3 days 1 minute 2.5 seconds') AS b;
-- case: extract of a date
SELECT EXTRACT(EPOCH FROM DATE '2020-01-01') AS a, EXTRACT(DAY FROM DATE '2020-01-01') AS b, EXTRACT(JULIAN FROM DATE '2020-01-01') AS c, EXTRACT(EPOCH FROM TIME '01:00:00.5') AS d;
-- case: extract an hour of a date
SELECT EXTRACT(HOUR FROM DATE '2020-01-01');
-- case: extract seconds of a date column
SELECT EXTRACT(SECONDS FROM at::date) FROM moments;
-- case: date_part takes a date as a timestamp
SELECT date_part('hour', DATE '2020-01-01') AS h, date_part('epoch', at::date) AS e FROM moments ORDER BY id;
-- case: extract a year of a time
SELECT EXTRACT(YEAR FROM t) FROM moments;
-- case: extract the zone of a time
SELECT EXTRACT(TIMEZONE FROM TIME '2020-05-26 13:30:25.575401');
-- case: extract the zone of a timestamp
SELECT EXTRACT(TIMEZONE_HOUR FROM at) FROM moments;
-- case: user and current_role
SELECT user, current_role, current_user, current_schema;
-- case: a column named user
CREATE TABLE acct ("user" text, id int);
INSERT INTO acct VALUES ('bob', 1);
SELECT "user", acct.user, upper(user) AS me FROM acct WHERE "user" <> user;
-- case: insert through an alias, returning through it
CREATE TABLE counters (id int PRIMARY KEY, n int);
INSERT INTO counters AS c VALUES (2, 5) RETURNING c.id, c.*;
-- case: upsert through an alias
CREATE TABLE counters (id int PRIMARY KEY, n int);
INSERT INTO counters VALUES (2, 5);
INSERT INTO counters AS c VALUES (2, 1) ON CONFLICT (id) DO UPDATE SET n = c.n + excluded.n RETURNING c.n, id;
-- case: insert through an alias, returning the name it hides
CREATE TABLE counters (id int PRIMARY KEY, n int);
INSERT INTO counters AS c VALUES (4, 5) RETURNING counters.id;
-- case: row comparison with a null
SELECT ROW(1, 2) < ROW(1, NULL) AS lt, ROW(1, 2, 3) < ROW(1, NULL, 4) AS lt3, (1, 2) = (1, NULL) AS eq, (1, 2) = (2, NULL) AS eq2, (1, 2) <> (1, NULL) AS ne, (2, NULL) > (1, 5) AS gt;
-- case: row comparison equal rows
SELECT (1, 2, 3) <= (1, 2, 3) AS le, (1, 2, 3) >= (1, 2, 4) AS ge, (1, 2, 3) < (1, 2, 3) AS lt;
-- case: keyset pagination
SELECT a, b FROM k WHERE (a, b) > (1, 1) ORDER BY a, b;
-- case: keyset pagination backwards
SELECT a, b FROM k WHERE (a, b) <= (2, 1) ORDER BY a DESC, b DESC;
-- case: set-returning call in CASE
SELECT a, CASE WHEN a > 1 THEN generate_series(1, 3) ELSE 0 END FROM k;
-- case: set-returning call in COALESCE
SELECT coalesce(generate_series(1, 3), 0);
-- case: set-returning call in a subquery in COALESCE
SELECT coalesce((SELECT max(x) FROM generate_series(1, 3) AS x), 0);
-- case: create table as with no data
CREATE TABLE empty_copy AS SELECT a AS ii, b + 0.5 AS jj FROM k WITH NO DATA;
SELECT * FROM empty_copy;
-- case: create table as with data
CREATE TABLE full_copy AS SELECT a, b FROM k WHERE a = 1 WITH DATA;
SELECT a, b FROM full_copy ORDER BY b;
-- case: time of day with AM and PM
SELECT '11:59:59.99 PM'::time AS a, '12:00 am'::time AS b, '12:30 PM'::time AS c, TIME '1:02' AS d, ' 1:02 '::time AS e;
-- case: time of day 24:00
SELECT '24:00:00'::time;
-- case: time of day written with PM
INSERT INTO moments VALUES (3, '2022-01-01 00:00', '11:59 PM');
SELECT id, t FROM moments WHERE t > '05:06:07' ORDER BY t;
-- case: time of day with a zone name
SELECT '15:36:39 America/New_York'::time;
-- case: time of day past noon with PM
SELECT '13:00 pm'::time;
-- case: identity facts of information_schema.columns
CREATE TABLE ids (id int GENERATED ALWAYS AS IDENTITY, v text);
SELECT column_name, is_identity, identity_generation FROM information_schema.columns WHERE table_name = 'ids' ORDER BY column_name;
-- case: uuid forms
CREATE TABLE g (u uuid);
INSERT INTO g VALUES ('{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}'), ('A0EEBC999C0B4EF8BB6D6BB9BD380A11'), ('a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11');
SELECT u FROM g ORDER BY u;
-- case: uuid with misplaced hyphens
CREATE TABLE g (u uuid);
INSERT INTO g VALUES ('111-11111-1111-1111-1111-111111111111');
-- case: uuid cast with one brace
SELECT '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid;
-- case: single-byte char
SELECT '\101'::"char";
-- case: single-byte char column
CREATE TABLE flags (f "char");

-- PostgreSQL regression suite, update.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/update.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/update.sql, PostgreSQL 17).
-- PostgreSQL Licence: Portions Copyright (c) 1996-2024, The PostgreSQL Global Development
-- Group; Portions Copyright (c) 1994, The Regents of the University of California.
-- setup
CREATE TABLE CHAR_TBL(f1 char(4));
INSERT INTO CHAR_TBL (f1) VALUES
  ('a'),
  ('ab'),
  ('abcd'),
  ('abcd    ');
CREATE TABLE FLOAT8_TBL(f1 float8);
INSERT INTO FLOAT8_TBL(f1) VALUES
  ('0.0'),
  ('-34.84'),
  ('-1004.30'),
  ('-1.2345678901234e+200'),
  ('-1.2345678901234e-200');
CREATE TABLE INT2_TBL(f1 int2);
INSERT INTO INT2_TBL(f1) VALUES
  ('0   '),
  ('  1234 '),
  ('    -1234'),
  ('32767'),  
  ('-32767');
CREATE TABLE INT4_TBL(f1 int4);
INSERT INTO INT4_TBL(f1) VALUES
  ('   0  '),
  ('123456     '),
  ('    -123456'),
  ('2147483647'),  
  ('-2147483647');
CREATE TABLE INT8_TBL(q1 int8, q2 int8);
INSERT INTO INT8_TBL VALUES
  ('  123   ','  456'),
  ('123   ','4567890123456789'),
  ('4567890123456789','123'),
  (+4567890123456789,'4567890123456789'),
  ('+4567890123456789','-4567890123456789');
CREATE TABLE TEXT_TBL (f1 text);
INSERT INTO TEXT_TBL VALUES
  ('doh!'),
  ('hi de ho neighbor');
CREATE TABLE VARCHAR_TBL(f1 varchar(4));
INSERT INTO VARCHAR_TBL (f1) VALUES
  ('a'),
  ('ab'),
  ('abcd'),
  ('abcd    ');
CREATE TABLE update_test (
    a   INT DEFAULT 10,
    b   INT,
    c   TEXT
);
CREATE TABLE upsert_test (
    a   INT PRIMARY KEY,
    b   TEXT
);
INSERT INTO update_test VALUES (5, 10, 'foo');
INSERT INTO update_test(b, a) VALUES (15, 10);
INSERT INTO upsert_test VALUES(1, 'Boo'), (3, 'Zoo');
CREATE TABLE upsert_test_2 (b TEXT, a INT PRIMARY KEY);
CREATE TABLE range_parted (
	a text,
	b bigint,
	c numeric,
	d int,
	e varchar
) PARTITION BY RANGE (a, b);
CREATE TABLE part_b_20_b_30 (e varchar, c numeric, a text, b bigint, d int);
CREATE TABLE part_b_10_b_20 (e varchar, c numeric, a text, b bigint, d int) PARTITION BY RANGE (c);
CREATE TABLE part_c_100_200 (e varchar, c numeric, a text, b bigint, d int) PARTITION BY range (abs(d));
CREATE TABLE part_c_1_100 (e varchar, d int, c numeric, b bigint, a text);
CREATE TABLE mintab(c1 int);
INSERT into mintab VALUES (120);
CREATE TABLE list_parted (
	a text,
	b int
) PARTITION BY list (a);
create table utrtest (a int, b text) partition by list (a);
create table utr1 (a int check (a in (1)), q text, b text);
create table utr2 (a int check (a in (2)), b text);
CREATE TABLE sub_part1(b int, c int8, a numeric);
CREATE TABLE sub_part2(b int, c int8, a numeric);
CREATE TABLE list_part1(a numeric, b int, c int8);
CREATE TABLE non_parted (id int);
INSERT into non_parted VALUES (1), (1), (1), (2), (2), (2), (3), (3), (3);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM update_test) AS update_test, (SELECT count(*) FROM upsert_test) AS upsert_test, (SELECT count(*) FROM upsert_test_2) AS upsert_test_2, (SELECT count(*) FROM range_parted) AS range_parted, (SELECT count(*) FROM part_b_20_b_30) AS part_b_20_b_30, (SELECT count(*) FROM part_b_10_b_20) AS part_b_10_b_20, (SELECT count(*) FROM part_c_100_200) AS part_c_100_200, (SELECT count(*) FROM part_c_1_100) AS part_c_1_100, (SELECT count(*) FROM mintab) AS mintab, (SELECT count(*) FROM list_parted) AS list_parted, (SELECT count(*) FROM utrtest) AS utrtest, (SELECT count(*) FROM utr1) AS utr1, (SELECT count(*) FROM utr2) AS utr2, (SELECT count(*) FROM sub_part1) AS sub_part1, (SELECT count(*) FROM sub_part2) AS sub_part2, (SELECT count(*) FROM list_part1) AS list_part1, (SELECT count(*) FROM non_parted) AS non_parted;
-- case: update.sql:19
SELECT * FROM update_test;
-- case: update.sql:21
UPDATE update_test SET a = DEFAULT, b = DEFAULT;
-- case: update.sql:26
UPDATE update_test AS t SET b = 10 WHERE t.a = 10;
-- case: update.sql:30
UPDATE update_test t SET b = t.b + 10 WHERE t.a = 10;
-- case: update.sql:38
UPDATE update_test SET a=v.i FROM (VALUES(100, 20)) AS v(i, j)
  WHERE update_test.b = v.j;
-- case: update.sql:44
UPDATE update_test SET a = v.* FROM (VALUES(100, 20)) AS v(i, j)
  WHERE update_test.b = v.j;
-- case: update.sql:51
INSERT INTO update_test SELECT a,b+1,c FROM update_test;
-- case: update.sql:54
UPDATE update_test SET (c,b,a) = ('bugle', b+11, DEFAULT) WHERE c = 'foo';
-- case: update.sql:56
UPDATE update_test SET (c,b) = ('car', a+b), a = a + 1 WHERE a = 10;
-- case: update.sql:59
UPDATE update_test SET (c,b) = ('car', a+b), b = a + 1 WHERE a = 10;
-- case: update.sql:62
UPDATE update_test
  SET (b,a) = (select a,b from update_test where b = 41 and c = 'car')
  WHERE a = 100 AND b = 20;
-- case: update.sql:67
UPDATE update_test o
  SET (b,a) = (select a+1,b from update_test i
               where i.a=o.a and i.b=o.b and i.c is not distinct from o.c);
-- case: update.sql:72
UPDATE update_test SET (b,a) = (select a+1,b from update_test);
-- case: update.sql:74
UPDATE update_test SET (b,a) = (select a+1,b from update_test where a = 1000)
  WHERE a = 11;
-- case: update.sql:78
UPDATE update_test SET (a,b) = ROW(v.*) FROM (VALUES(21, 100)) AS v(i, j)
  WHERE update_test.a = v.i;
-- case: update.sql:81
UPDATE update_test SET (a,b) = (v.*) FROM (VALUES(21, 101)) AS v(i, j)
  WHERE update_test.a = v.i;
-- case: update.sql:86
UPDATE update_test AS t SET b = update_test.b + 10 WHERE t.a = 10;
-- case: update.sql:89
UPDATE update_test SET c = repeat('x', 10000) WHERE c = 'car';
-- case: update.sql:90
SELECT a, b, char_length(c) FROM update_test;
-- case: update.sql:97
UPDATE update_test t
  SET (a, b) = (SELECT b, a FROM update_test s WHERE s.a = t.a)
  WHERE CURRENT_USER = SESSION_USER;
-- case: update.sql:106
WITH aaa AS (SELECT 1 AS a, 'Foo' AS b) INSERT INTO upsert_test
  VALUES (1, 'Bar') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT b, a FROM aaa) RETURNING *;
-- case: update.sql:110
INSERT INTO upsert_test VALUES (1, 'Baz'), (3, 'Zaz') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT b || ', Correlated', a from upsert_test i WHERE i.a = upsert_test.a)
  RETURNING *;
-- case: update.sql:114
INSERT INTO upsert_test VALUES (1, 'Bat'), (3, 'Zot') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT b || ', Excluded', a from upsert_test i WHERE i.a = excluded.a)
  RETURNING *;
-- case: update.sql:121
INSERT INTO upsert_test VALUES (2, 'Beeble') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT b || ', Excluded', a from upsert_test i WHERE i.a = excluded.a)
  RETURNING tableoid::regclass, xmin = pg_current_xact_id()::xid AS xmin_correct, xmax = 0 AS xmax_correct;
-- case: update.sql:126
INSERT INTO upsert_test VALUES (2, 'Brox') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT b || ', Excluded', a from upsert_test i WHERE i.a = excluded.a)
  RETURNING tableoid::regclass, xmin = pg_current_xact_id()::xid AS xmin_correct, xmax = pg_current_xact_id()::xid AS xmax_correct;
-- case: update.sql:144
INSERT INTO upsert_test VALUES(1, 'Boo'), (2, 'Zoo');
-- case: update.sql:150
WITH aaa AS (SELECT 1 AS ctea, ' Foo' AS cteb) INSERT INTO upsert_test
  VALUES (1, 'Bar'), (2, 'Baz') ON CONFLICT(a)
  DO UPDATE SET (b, a) = (SELECT upsert_test.b||cteb, upsert_test.a FROM aaa) RETURNING *;
-- case: update.sql:189
UPDATE part_b_10_b_20 set b = b - 6;
-- case: update.sql:216
UPDATE part_c_100_200 set c = c - 20, d = c WHERE c = 105;
-- case: update.sql:219
UPDATE part_b_10_b_20 set a = 'a';

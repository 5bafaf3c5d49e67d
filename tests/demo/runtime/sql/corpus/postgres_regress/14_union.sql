-- PostgreSQL regression suite, union.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/union.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/union.sql, PostgreSQL 17).
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
CREATE TABLE t1 (a text, b text);
CREATE TABLE t2 (ab text primary key);
INSERT INTO t1 VALUES ('a', 'b'), ('x', 'y');
INSERT INTO t2 VALUES ('ab'), ('xy');
CREATE TABLE t1c (b text, a text);
CREATE TABLE t2c (primary key (ab)) INHERITS (t2);
INSERT INTO t1c VALUES ('v', 'w'), ('c', 'd'), ('m', 'n'), ('e', 'f');
INSERT INTO t2c VALUES ('vw'), ('cd'), ('mn'), ('ef');
create table events (event_id int primary key);
create table other_events (event_id int primary key);
create table events_child () inherits (events);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM t1) AS t1, (SELECT count(*) FROM t2) AS t2, (SELECT count(*) FROM t1c) AS t1c, (SELECT count(*) FROM t2c) AS t2c, (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM other_events) AS other_events, (SELECT count(*) FROM events_child) AS events_child;
-- case: union.sql:7
SELECT 1 AS two UNION SELECT 2 ORDER BY 1;
-- case: union.sql:9
SELECT 1 AS one UNION SELECT 1 ORDER BY 1;
-- case: union.sql:11
SELECT 1 AS two UNION ALL SELECT 2;
-- case: union.sql:13
SELECT 1 AS two UNION ALL SELECT 1;
-- case: union.sql:15
SELECT 1 AS three UNION SELECT 2 UNION SELECT 3 ORDER BY 1;
-- case: union.sql:17
SELECT 1 AS two UNION SELECT 2 UNION SELECT 2 ORDER BY 1;
-- case: union.sql:19
SELECT 1 AS three UNION SELECT 2 UNION ALL SELECT 2 ORDER BY 1;
-- case: union.sql:21
SELECT 1.1 AS two UNION SELECT 2.2 ORDER BY 1;
-- case: union.sql:25
SELECT 1.1 AS two UNION SELECT 2 ORDER BY 1;
-- case: union.sql:27
SELECT 1 AS two UNION SELECT 2.2 ORDER BY 1;
-- case: union.sql:29
SELECT 1 AS one UNION SELECT 1.0::float8 ORDER BY 1;
-- case: union.sql:31
SELECT 1.1 AS two UNION ALL SELECT 2 ORDER BY 1;
-- case: union.sql:33
SELECT 1.0::float8 AS two UNION ALL SELECT 1 ORDER BY 1;
-- case: union.sql:35
SELECT 1.1 AS three UNION SELECT 2 UNION SELECT 3 ORDER BY 1;
-- case: union.sql:37
SELECT 1.1::float8 AS two UNION SELECT 2 UNION SELECT 2.0::float8 ORDER BY 1;
-- case: union.sql:39
SELECT 1.1 AS three UNION SELECT 2 UNION ALL SELECT 2 ORDER BY 1;
-- case: union.sql:41
SELECT 1.1 AS two UNION (SELECT 2 UNION ALL SELECT 2) ORDER BY 1;
-- case: union.sql:47
SELECT f1 AS five FROM FLOAT8_TBL
UNION
SELECT f1 FROM FLOAT8_TBL
ORDER BY 1;
-- case: union.sql:52
SELECT f1 AS ten FROM FLOAT8_TBL
UNION ALL
SELECT f1 FROM FLOAT8_TBL;
-- case: union.sql:56
SELECT f1 AS nine FROM FLOAT8_TBL
UNION
SELECT f1 FROM INT4_TBL
ORDER BY 1;
-- case: union.sql:61
SELECT f1 AS ten FROM FLOAT8_TBL
UNION ALL
SELECT f1 FROM INT4_TBL;
-- case: union.sql:65
SELECT f1 AS five FROM FLOAT8_TBL
  WHERE f1 BETWEEN -1e6 AND 1e6
UNION
SELECT f1 FROM INT4_TBL
  WHERE f1 BETWEEN 0 AND 1000000
ORDER BY 1;
-- case: union.sql:72
SELECT CAST(f1 AS char(4)) AS three FROM VARCHAR_TBL
UNION
SELECT f1 FROM CHAR_TBL
ORDER BY 1;
-- case: union.sql:77
SELECT f1 AS three FROM VARCHAR_TBL
UNION
SELECT CAST(f1 AS varchar) FROM CHAR_TBL
ORDER BY 1;
-- case: union.sql:82
SELECT f1 AS eight FROM VARCHAR_TBL
UNION ALL
SELECT f1 FROM CHAR_TBL;
-- case: union.sql:86
SELECT f1 AS five FROM TEXT_TBL
UNION
SELECT f1 FROM VARCHAR_TBL
UNION
SELECT TRIM(TRAILING FROM f1) FROM CHAR_TBL
ORDER BY 1;
-- case: union.sql:97
SELECT q2 FROM int8_tbl INTERSECT SELECT q1 FROM int8_tbl ORDER BY 1;
-- case: union.sql:99
SELECT q2 FROM int8_tbl INTERSECT ALL SELECT q1 FROM int8_tbl ORDER BY 1;
-- case: union.sql:101
SELECT q2 FROM int8_tbl EXCEPT SELECT q1 FROM int8_tbl ORDER BY 1;
-- case: union.sql:103
SELECT q2 FROM int8_tbl EXCEPT ALL SELECT q1 FROM int8_tbl ORDER BY 1;

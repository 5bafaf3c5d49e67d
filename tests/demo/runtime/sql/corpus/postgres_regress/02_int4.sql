-- PostgreSQL regression suite, int4.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/int4.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/int4.sql, PostgreSQL 17).
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
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl;
-- case: int4.sql:8
INSERT INTO INT4_TBL(f1) VALUES ('34.5');
-- case: int4.sql:9
INSERT INTO INT4_TBL(f1) VALUES ('1000000000000');
-- case: int4.sql:10
INSERT INTO INT4_TBL(f1) VALUES ('asdf');
-- case: int4.sql:11
INSERT INTO INT4_TBL(f1) VALUES ('     ');
-- case: int4.sql:12
INSERT INTO INT4_TBL(f1) VALUES ('   asdf   ');
-- case: int4.sql:13
INSERT INTO INT4_TBL(f1) VALUES ('- 1234');
-- case: int4.sql:14
INSERT INTO INT4_TBL(f1) VALUES ('123       5');
-- case: int4.sql:15
INSERT INTO INT4_TBL(f1) VALUES ('');
-- case: int4.sql:18
SELECT * FROM INT4_TBL;
-- case: int4.sql:21
SELECT pg_input_is_valid('34', 'int4');
-- case: int4.sql:22
SELECT pg_input_is_valid('asdf', 'int4');
-- case: int4.sql:23
SELECT pg_input_is_valid('1000000000000', 'int4');
-- case: int4.sql:24
SELECT * FROM pg_input_error_info('1000000000000', 'int4');
-- case: int4.sql:26
SELECT i.* FROM INT4_TBL i WHERE i.f1 <> int2 '0';
-- case: int4.sql:28
SELECT i.* FROM INT4_TBL i WHERE i.f1 <> int4 '0';
-- case: int4.sql:30
SELECT i.* FROM INT4_TBL i WHERE i.f1 = int2 '0';
-- case: int4.sql:32
SELECT i.* FROM INT4_TBL i WHERE i.f1 = int4 '0';
-- case: int4.sql:34
SELECT i.* FROM INT4_TBL i WHERE i.f1 < int2 '0';
-- case: int4.sql:36
SELECT i.* FROM INT4_TBL i WHERE i.f1 < int4 '0';
-- case: int4.sql:38
SELECT i.* FROM INT4_TBL i WHERE i.f1 <= int2 '0';
-- case: int4.sql:40
SELECT i.* FROM INT4_TBL i WHERE i.f1 <= int4 '0';
-- case: int4.sql:42
SELECT i.* FROM INT4_TBL i WHERE i.f1 > int2 '0';
-- case: int4.sql:44
SELECT i.* FROM INT4_TBL i WHERE i.f1 > int4 '0';
-- case: int4.sql:46
SELECT i.* FROM INT4_TBL i WHERE i.f1 >= int2 '0';
-- case: int4.sql:48
SELECT i.* FROM INT4_TBL i WHERE i.f1 >= int4 '0';
-- case: int4.sql:51
SELECT i.* FROM INT4_TBL i WHERE (i.f1 % int2 '2') = int2 '1';
-- case: int4.sql:54
SELECT i.* FROM INT4_TBL i WHERE (i.f1 % int4 '2') = int2 '0';
-- case: int4.sql:56
SELECT i.f1, i.f1 * int2 '2' AS x FROM INT4_TBL i;
-- case: int4.sql:58
SELECT i.f1, i.f1 * int2 '2' AS x FROM INT4_TBL i
WHERE abs(f1) < 1073741824;
-- case: int4.sql:61
SELECT i.f1, i.f1 * int4 '2' AS x FROM INT4_TBL i;

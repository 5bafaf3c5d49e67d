-- PostgreSQL regression suite, float8.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/float8.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/float8.sql, PostgreSQL 17).
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
INSERT INTO FLOAT8_TBL(f1) VALUES ('    0.0   ');
INSERT INTO FLOAT8_TBL(f1) VALUES ('1004.30  ');
INSERT INTO FLOAT8_TBL(f1) VALUES ('   -34.84');
INSERT INTO FLOAT8_TBL(f1) VALUES ('1.2345678901234e+200');
INSERT INTO FLOAT8_TBL(f1) VALUES ('1.2345678901234e-200');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl;
-- case: float8.sql:19
SELECT '10e400'::float8;
-- case: float8.sql:20
SELECT '-10e400'::float8;
-- case: float8.sql:21
SELECT '10e-400'::float8;
-- case: float8.sql:22
SELECT '-10e-400'::float8;
-- case: float8.sql:25
SELECT float8send('2.2250738585072014E-308'::float8);
-- case: float8.sql:28
INSERT INTO FLOAT8_TBL(f1) VALUES ('');
-- case: float8.sql:29
INSERT INTO FLOAT8_TBL(f1) VALUES ('     ');
-- case: float8.sql:30
INSERT INTO FLOAT8_TBL(f1) VALUES ('xyz');
-- case: float8.sql:31
INSERT INTO FLOAT8_TBL(f1) VALUES ('5.0.0');
-- case: float8.sql:32
INSERT INTO FLOAT8_TBL(f1) VALUES ('5 . 0');
-- case: float8.sql:33
INSERT INTO FLOAT8_TBL(f1) VALUES ('5.   0');
-- case: float8.sql:34
INSERT INTO FLOAT8_TBL(f1) VALUES ('    - 3');
-- case: float8.sql:35
INSERT INTO FLOAT8_TBL(f1) VALUES ('123           5');
-- case: float8.sql:38
SELECT pg_input_is_valid('34.5', 'float8');
-- case: float8.sql:39
SELECT pg_input_is_valid('xyz', 'float8');
-- case: float8.sql:40
SELECT pg_input_is_valid('1e4000', 'float8');
-- case: float8.sql:41
SELECT * FROM pg_input_error_info('1e4000', 'float8');
-- case: float8.sql:44
SELECT 'NaN'::float8;
-- case: float8.sql:46
SELECT '   NAN  '::float8;
-- case: float8.sql:47
SELECT 'infinity'::float8;
-- case: float8.sql:48
SELECT '          -INFINiTY   '::float8;
-- case: float8.sql:50
SELECT 'N A N'::float8;
-- case: float8.sql:51
SELECT 'NaN x'::float8;
-- case: float8.sql:52
SELECT ' INFINITY    x'::float8;
-- case: float8.sql:54
SELECT 'Infinity'::float8 + 100.0;
-- case: float8.sql:55
SELECT 'Infinity'::float8 / 'Infinity'::float8;
-- case: float8.sql:56
SELECT '42'::float8 / 'Infinity'::float8;
-- case: float8.sql:57
SELECT 'nan'::float8 / 'nan'::float8;
-- case: float8.sql:58
SELECT 'nan'::float8 / '0'::float8;
-- case: float8.sql:59
SELECT 'nan'::numeric::float8;

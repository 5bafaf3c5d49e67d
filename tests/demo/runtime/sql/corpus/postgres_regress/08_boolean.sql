-- PostgreSQL regression suite, boolean.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/boolean.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/boolean.sql, PostgreSQL 17).
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
CREATE TABLE BOOLTBL1 (f1 bool);
INSERT INTO BOOLTBL1 (f1) VALUES (bool 't');
INSERT INTO BOOLTBL1 (f1) VALUES (bool 'True');
INSERT INTO BOOLTBL1 (f1) VALUES (bool 'true');
INSERT INTO BOOLTBL1 (f1) VALUES (bool 'f');
CREATE TABLE BOOLTBL2 (f1 bool);
INSERT INTO BOOLTBL2 (f1) VALUES (bool 'f');
INSERT INTO BOOLTBL2 (f1) VALUES (bool 'false');
INSERT INTO BOOLTBL2 (f1) VALUES (bool 'False');
INSERT INTO BOOLTBL2 (f1) VALUES (bool 'FALSE');
CREATE TABLE BOOLTBL3 (d text, b bool, o int);
INSERT INTO BOOLTBL3 (d, b, o) VALUES ('true', true, 1);
INSERT INTO BOOLTBL3 (d, b, o) VALUES ('false', false, 2);
INSERT INTO BOOLTBL3 (d, b, o) VALUES ('null', null, 3);
CREATE TABLE booltbl4(isfalse bool, istrue bool, isnul bool);
INSERT INTO booltbl4 VALUES (false, true, null);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM BOOLTBL1) AS booltbl1, (SELECT count(*) FROM BOOLTBL2) AS booltbl2, (SELECT count(*) FROM BOOLTBL3) AS booltbl3, (SELECT count(*) FROM booltbl4) AS booltbl4;
-- case: boolean.sql:8
SELECT 1 AS one;
-- case: boolean.sql:15
SELECT true AS true;
-- case: boolean.sql:17
SELECT false AS false;
-- case: boolean.sql:19
SELECT bool 't' AS true;
-- case: boolean.sql:21
SELECT bool '   f           ' AS false;
-- case: boolean.sql:23
SELECT bool 'true' AS true;
-- case: boolean.sql:25
SELECT bool 'test' AS error;
-- case: boolean.sql:27
SELECT bool 'false' AS false;
-- case: boolean.sql:29
SELECT bool 'foo' AS error;
-- case: boolean.sql:31
SELECT bool 'y' AS true;
-- case: boolean.sql:33
SELECT bool 'yes' AS true;
-- case: boolean.sql:35
SELECT bool 'yeah' AS error;
-- case: boolean.sql:37
SELECT bool 'n' AS false;
-- case: boolean.sql:39
SELECT bool 'no' AS false;
-- case: boolean.sql:41
SELECT bool 'nay' AS error;
-- case: boolean.sql:43
SELECT bool 'on' AS true;
-- case: boolean.sql:45
SELECT bool 'off' AS false;
-- case: boolean.sql:47
SELECT bool 'of' AS false;
-- case: boolean.sql:49
SELECT bool 'o' AS error;
-- case: boolean.sql:51
SELECT bool 'on_' AS error;
-- case: boolean.sql:53
SELECT bool 'off_' AS error;
-- case: boolean.sql:55
SELECT bool '1' AS true;
-- case: boolean.sql:57
SELECT bool '11' AS error;
-- case: boolean.sql:59
SELECT bool '0' AS false;
-- case: boolean.sql:61
SELECT bool '000' AS error;
-- case: boolean.sql:63
SELECT bool '' AS error;
-- case: boolean.sql:66
SELECT pg_input_is_valid('true', 'bool');
-- case: boolean.sql:67
SELECT pg_input_is_valid('asdf', 'bool');
-- case: boolean.sql:68
SELECT * FROM pg_input_error_info('junk', 'bool');
-- case: boolean.sql:72
SELECT bool 't' or bool 'f' AS true;

-- PostgreSQL regression suite, date.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/date.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/date.sql, PostgreSQL 17).
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
CREATE TABLE DATE_TBL (f1 date);
INSERT INTO DATE_TBL VALUES ('1957-04-09');
INSERT INTO DATE_TBL VALUES ('1957-06-13');
INSERT INTO DATE_TBL VALUES ('1996-02-28');
INSERT INTO DATE_TBL VALUES ('1996-02-29');
INSERT INTO DATE_TBL VALUES ('1996-03-01');
INSERT INTO DATE_TBL VALUES ('1996-03-02');
INSERT INTO DATE_TBL VALUES ('1997-02-28');
INSERT INTO DATE_TBL VALUES ('1997-03-01');
INSERT INTO DATE_TBL VALUES ('1997-03-02');
INSERT INTO DATE_TBL VALUES ('2000-04-01');
INSERT INTO DATE_TBL VALUES ('2000-04-02');
INSERT INTO DATE_TBL VALUES ('2000-04-03');
INSERT INTO DATE_TBL VALUES ('2038-04-08');
INSERT INTO DATE_TBL VALUES ('2039-04-09');
INSERT INTO DATE_TBL VALUES ('2040-04-10');
INSERT INTO DATE_TBL VALUES ('2040-04-10 BC');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM DATE_TBL) AS date_tbl;
-- case: date.sql:14
INSERT INTO DATE_TBL VALUES ('1997-02-29');
-- case: date.sql:25
SELECT f1 FROM DATE_TBL;
-- case: date.sql:27
SELECT f1 FROM DATE_TBL WHERE f1 < '2000-01-01';
-- case: date.sql:29
SELECT f1 FROM DATE_TBL
  WHERE f1 BETWEEN '2000-01-01' AND '2001-01-01';
-- case: date.sql:39
SELECT date 'January 8, 1999';
-- case: date.sql:40
SELECT date '1999-01-08';
-- case: date.sql:41
SELECT date '1999-01-18';
-- case: date.sql:42
SELECT date '1/8/1999';
-- case: date.sql:43
SELECT date '1/18/1999';
-- case: date.sql:44
SELECT date '18/1/1999';
-- case: date.sql:45
SELECT date '01/02/03';
-- case: date.sql:46
SELECT date '19990108';
-- case: date.sql:47
SELECT date '990108';
-- case: date.sql:48
SELECT date '1999.008';
-- case: date.sql:49
SELECT date 'J2451187';
-- case: date.sql:50
SELECT date 'January 8, 99 BC';
-- case: date.sql:52
SELECT date '99-Jan-08';
-- case: date.sql:53
SELECT date '1999-Jan-08';
-- case: date.sql:54
SELECT date '08-Jan-99';
-- case: date.sql:55
SELECT date '08-Jan-1999';
-- case: date.sql:56
SELECT date 'Jan-08-99';
-- case: date.sql:57
SELECT date 'Jan-08-1999';
-- case: date.sql:58
SELECT date '99-08-Jan';
-- case: date.sql:59
SELECT date '1999-08-Jan';
-- case: date.sql:61
SELECT date '99 Jan 08';
-- case: date.sql:62
SELECT date '1999 Jan 08';
-- case: date.sql:63
SELECT date '08 Jan 99';
-- case: date.sql:64
SELECT date '08 Jan 1999';
-- case: date.sql:65
SELECT date 'Jan 08 99';
-- case: date.sql:66
SELECT date 'Jan 08 1999';

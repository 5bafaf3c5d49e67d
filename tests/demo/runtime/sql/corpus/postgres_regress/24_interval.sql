-- PostgreSQL regression suite, interval.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/interval.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/interval.sql, PostgreSQL 17).
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
CREATE TABLE INTERVAL_TBL (f1 interval);
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 1 minute');
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 5 hour');
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 10 day');
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 34 year');
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 3 months');
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 14 seconds ago');
INSERT INTO INTERVAL_TBL (f1) VALUES ('1 day 2 hours 3 minutes 4 seconds');
INSERT INTO INTERVAL_TBL (f1) VALUES ('6 years');
INSERT INTO INTERVAL_TBL (f1) VALUES ('5 months');
INSERT INTO INTERVAL_TBL (f1) VALUES ('5 months 12 hours');
CREATE TABLE INTERVAL_TBL_OF (f1 interval);
INSERT INTO INTERVAL_TBL_OF (f1) VALUES
  ('2147483647 days 2147483647 months'),
  ('2147483647 days -2147483648 months'),
  ('1 year'),
  ('-2147483648 days 2147483647 months'),
  ('-2147483648 days -2147483648 months');
CREATE TABLE INTERVAL_MULDIV_TBL (span interval);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM INTERVAL_TBL) AS interval_tbl, (SELECT count(*) FROM INTERVAL_TBL_OF) AS interval_tbl_of, (SELECT count(*) FROM INTERVAL_MULDIV_TBL) AS interval_muldiv_tbl;
-- case: interval.sql:9
SELECT INTERVAL '01:00' AS "One hour";
-- case: interval.sql:10
SELECT INTERVAL '+02:00' AS "Two hours";
-- case: interval.sql:11
SELECT INTERVAL '-08:00' AS "Eight hours";
-- case: interval.sql:12
SELECT INTERVAL '-1 +02:03' AS "22 hours ago...";
-- case: interval.sql:13
SELECT INTERVAL '-1 days +02:03' AS "22 hours ago...";
-- case: interval.sql:14
SELECT INTERVAL '1.5 weeks' AS "Ten days twelve hours";
-- case: interval.sql:15
SELECT INTERVAL '1.5 months' AS "One month 15 days";
-- case: interval.sql:16
SELECT INTERVAL '10 years -11 month -12 days +13:14' AS "9 years...";
-- case: interval.sql:32
INSERT INTO INTERVAL_TBL (f1) VALUES ('badly formatted interval');
-- case: interval.sql:33
INSERT INTO INTERVAL_TBL (f1) VALUES ('@ 30 eons ago');
-- case: interval.sql:36
SELECT pg_input_is_valid('1.5 weeks', 'interval');
-- case: interval.sql:37
SELECT pg_input_is_valid('garbage', 'interval');
-- case: interval.sql:38
SELECT pg_input_is_valid('@ 30 eons ago', 'interval');
-- case: interval.sql:39
SELECT * FROM pg_input_error_info('garbage', 'interval');
-- case: interval.sql:40
SELECT * FROM pg_input_error_info('@ 30 eons ago', 'interval');
-- case: interval.sql:44
SELECT * FROM INTERVAL_TBL;
-- case: interval.sql:46
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 <> interval '@ 10 days';
-- case: interval.sql:49
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 <= interval '@ 5 hours';
-- case: interval.sql:52
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 < interval '@ 1 day';
-- case: interval.sql:55
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 = interval '@ 34 years';
-- case: interval.sql:58
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 >= interval '@ 1 month';
-- case: interval.sql:61
SELECT * FROM INTERVAL_TBL
   WHERE INTERVAL_TBL.f1 > interval '@ 3 seconds ago';
-- case: interval.sql:64
SELECT r1.*, r2.*
   FROM INTERVAL_TBL r1, INTERVAL_TBL r2
   WHERE r1.f1 > r2.f1
   ORDER BY r1.f1, r2.f1;
-- case: interval.sql:78
INSERT INTO INTERVAL_TBL_OF (f1) VALUES ('2147483648 days');
-- case: interval.sql:79
INSERT INTO INTERVAL_TBL_OF (f1) VALUES ('-2147483649 days');
-- case: interval.sql:80
INSERT INTO INTERVAL_TBL_OF (f1) VALUES ('2147483647 years');
-- case: interval.sql:81
INSERT INTO INTERVAL_TBL_OF (f1) VALUES ('-2147483648 years');
-- case: interval.sql:84
select extract(epoch from '256 microseconds'::interval * (2^55)::float8);
-- case: interval.sql:86
SELECT r1.*, r2.*
   FROM INTERVAL_TBL_OF r1, INTERVAL_TBL_OF r2
   WHERE r1.f1 > r2.f1
   ORDER BY r1.f1, r2.f1;
-- case: interval.sql:95
SELECT f1 FROM INTERVAL_TBL_OF r1 ORDER BY f1;

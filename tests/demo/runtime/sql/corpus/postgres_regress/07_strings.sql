-- PostgreSQL regression suite, strings.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/strings.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/strings.sql, PostgreSQL 17).
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
CREATE TABLE texttest (a text PRIMARY KEY, b int);
CREATE TABLE byteatest (a bytea PRIMARY KEY, b int);
CREATE TABLE toasttest(f1 text);
insert into toasttest values(repeat('1234567890',10000));
insert into toasttest values(repeat('1234567890',10000));
insert into toasttest values(repeat('1234567890',10000));
insert into toasttest values(repeat('1234567890',10000));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
INSERT INTO toasttest values (repeat('1234567890',300));
insert into toasttest values(decode(repeat('1234567890',10000),'escape'));
insert into toasttest values(decode(repeat('1234567890',10000),'escape'));
insert into toasttest values(decode(repeat('1234567890',10000),'escape'));
insert into toasttest values(decode(repeat('1234567890',10000),'escape'));
INSERT INTO toasttest VALUES('x');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM texttest) AS texttest, (SELECT count(*) FROM byteatest) AS byteatest, (SELECT count(*) FROM toasttest) AS toasttest;
-- case: strings.sql:8
SELECT 'first line'
' - next line'
	' - third line'
	AS "Three lines to one";
-- case: strings.sql:14
SELECT 'first line'
' - next line'  
' - third line'
	AS "Illegal comment within continuation";
-- case: strings.sql:22
SELECT U&'d\0061t\+000061' AS U&"d\0061t\+000061";
-- case: strings.sql:23
SELECT U&'d!0061t\+000061' UESCAPE '!' AS U&"d*0061t\+000061" UESCAPE '*';
-- case: strings.sql:24
SELECT U&'a\\b' AS "a\b";
-- case: strings.sql:26
SELECT U&' \' UESCAPE '!' AS "tricky";
-- case: strings.sql:27
SELECT 'tricky' AS U&"\" UESCAPE '!';
-- case: strings.sql:29
SELECT U&'wrong: \061';
-- case: strings.sql:30
SELECT U&'wrong: \+0061';
-- case: strings.sql:31
SELECT U&'wrong: +0061' UESCAPE +;
-- case: strings.sql:32
SELECT U&'wrong: +0061' UESCAPE '+';
-- case: strings.sql:34
SELECT U&'wrong: \db99';
-- case: strings.sql:35
SELECT U&'wrong: \db99xy';
-- case: strings.sql:36
SELECT U&'wrong: \db99\\';
-- case: strings.sql:37
SELECT U&'wrong: \db99\0061';
-- case: strings.sql:38
SELECT U&'wrong: \+00db99\+000061';
-- case: strings.sql:39
SELECT U&'wrong: \+2FFFFF';
-- case: strings.sql:42
SELECT E'd\u0061t\U00000061' AS "data";
-- case: strings.sql:43
SELECT E'a\\b' AS "a\b";
-- case: strings.sql:44
SELECT E'wrong: \u061';
-- case: strings.sql:45
SELECT E'wrong: \U0061';
-- case: strings.sql:46
SELECT E'wrong: \udb99';
-- case: strings.sql:47
SELECT E'wrong: \udb99xy';
-- case: strings.sql:48
SELECT E'wrong: \udb99\\';
-- case: strings.sql:49
SELECT E'wrong: \udb99\u0061';
-- case: strings.sql:50
SELECT E'wrong: \U0000db99\U00000061';
-- case: strings.sql:51
SELECT E'wrong: \U002FFFFF';
-- case: strings.sql:69
SELECT E'\\xDeAdBeEf'::bytea;
-- case: strings.sql:70
SELECT E'\\x De Ad Be Ef '::bytea;
-- case: strings.sql:71
SELECT E'\\xDeAdBeE'::bytea;

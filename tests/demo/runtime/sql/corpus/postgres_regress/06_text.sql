-- PostgreSQL regression suite, text.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/text.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/text.sql, PostgreSQL 17).
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
-- case: text.sql:5
SELECT text 'this is a text string' = text 'this is a text string' AS true;
-- case: text.sql:7
SELECT text 'this is a text string' = text 'this is a text strin' AS false;
-- case: text.sql:10
SELECT * FROM TEXT_TBL;
-- case: text.sql:15
select length(42);
-- case: text.sql:21
select 'four: '::text || 2+2;
-- case: text.sql:22
select 'four: ' || 2+2;
-- case: text.sql:26
select 3 || 4.0;
-- case: text.sql:31
select concat('one');
-- case: text.sql:32
select concat(1,2,3,'hello',true, false, to_date('20100309','YYYYMMDD'));
-- case: text.sql:33
select concat_ws('#','one');
-- case: text.sql:34
select concat_ws('#',1,2,3,'hello',true, false, to_date('20100309','YYYYMMDD'));
-- case: text.sql:35
select concat_ws(',',10,20,null,30);
-- case: text.sql:36
select concat_ws('',10,20,null,30);
-- case: text.sql:37
select concat_ws(NULL,10,20,null,30) is null;
-- case: text.sql:38
select reverse('abcde');
-- case: text.sql:39
select i, left('ahoj', i), right('ahoj', i) from generate_series(-5, 5) t(i) order by i;
-- case: text.sql:40
select quote_literal('');
-- case: text.sql:41
select quote_literal('abc''');
-- case: text.sql:42
select quote_literal(e'\\');
-- case: text.sql:44
select concat(variadic array[1,2,3]);
-- case: text.sql:45
select concat_ws(',', variadic array[1,2,3]);
-- case: text.sql:46
select concat_ws(',', variadic NULL::int[]);
-- case: text.sql:47
select concat(variadic NULL::int[]) is NULL;
-- case: text.sql:48
select concat(variadic '{}'::int[]) = '';
-- case: text.sql:50
select concat_ws(',', variadic 10);
-- case: text.sql:55
select format(NULL);
-- case: text.sql:56
select format('Hello');
-- case: text.sql:57
select format('Hello %s', 'World');
-- case: text.sql:58
select format('Hello %%');
-- case: text.sql:59
select format('Hello %%%%');

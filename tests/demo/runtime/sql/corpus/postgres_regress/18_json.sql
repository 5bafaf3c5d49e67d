-- PostgreSQL regression suite, json.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/json.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/json.sql, PostgreSQL 17).
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
CREATE TABLE test_json (
       json_type text,
       test_json json
);
INSERT INTO test_json VALUES
('scalar','"a scalar"'),
('array','["zero", "one","two",null,"four","five", [1,2,3],{"f1":9}]'),
('object','{"field1":"val1","field2":"val2","field3":null, "field4": 4, "field5": [1,2,3], "field6": {"f1":9}}');
CREATE TABLE jspoptest (js json);
CREATE TABLE foo (serial_num int, name text, type text);
INSERT INTO foo VALUES (847001,'t15','GE1043');
INSERT INTO foo VALUES (847002,'t16','GE1043');
INSERT INTO foo VALUES (847003,'sub-alpha','GESS90');
INSERT INTO foo VALUES (999999, NULL, 'bar');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM test_json) AS test_json, (SELECT count(*) FROM jspoptest) AS jspoptest, (SELECT count(*) FROM foo) AS foo;
-- case: json.sql:2
SELECT '""'::json;
-- case: json.sql:3
SELECT $$''$$::json;
-- case: json.sql:4
SELECT '"abc"'::json;
-- case: json.sql:5
SELECT '"abc'::json;
-- case: json.sql:6
SELECT '"abc
def"'::json;
-- case: json.sql:8
SELECT '"\n\"\\"'::json;
-- case: json.sql:9
SELECT '"\v"'::json;
-- case: json.sql:12
SELECT ('"'||repeat('.', 12)||'abc"')::json;
-- case: json.sql:13
SELECT ('"'||repeat('.', 12)||'abc\n"')::json;
-- case: json.sql:18
SELECT '1'::json;
-- case: json.sql:19
SELECT '0'::json;
-- case: json.sql:20
SELECT '01'::json;
-- case: json.sql:21
SELECT '0.1'::json;
-- case: json.sql:22
SELECT '9223372036854775808'::json;
-- case: json.sql:23
SELECT '1e100'::json;
-- case: json.sql:24
SELECT '1.3e100'::json;
-- case: json.sql:25
SELECT '1f2'::json;
-- case: json.sql:26
SELECT '0.x1'::json;
-- case: json.sql:27
SELECT '1.3ex100'::json;
-- case: json.sql:30
SELECT '[]'::json;
-- case: json.sql:31
SELECT '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'::json;
-- case: json.sql:32
SELECT '[1,2]'::json;
-- case: json.sql:33
SELECT '[1,2,]'::json;
-- case: json.sql:34
SELECT '[1,2'::json;
-- case: json.sql:35
SELECT '[1,[2]'::json;
-- case: json.sql:38
SELECT '{}'::json;
-- case: json.sql:39
SELECT '{"abc"}'::json;
-- case: json.sql:40
SELECT '{"abc":1}'::json;
-- case: json.sql:41
SELECT '{1:"abc"}'::json;
-- case: json.sql:42
SELECT '{"abc",1}'::json;

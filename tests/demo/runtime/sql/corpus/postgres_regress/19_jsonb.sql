-- PostgreSQL regression suite, jsonb.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/jsonb.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/jsonb.sql, PostgreSQL 17).
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
CREATE TABLE testjsonb (
       j jsonb
);
CREATE TABLE test_jsonb (
       json_type text,
       test_json jsonb
);
INSERT INTO test_jsonb VALUES
('scalar','"a scalar"'),
('array','["zero", "one","two",null,"four","five", [1,2,3],{"f1":9}]'),
('object','{"field1":"val1","field2":"val2","field3":null, "field4": 4, "field5": [1,2,3], "field6": {"f1":9}}');
CREATE TABLE foo (serial_num int, name text, type text);
INSERT INTO foo VALUES (847001,'t15','GE1043');
INSERT INTO foo VALUES (847002,'t16','GE1043');
INSERT INTO foo VALUES (847003,'sub-alpha','GESS90');
INSERT INTO foo VALUES (999999, NULL, 'bar');
CREATE TABLE jsbpoptest (js jsonb);
CREATE table nestjsonb (j jsonb);
insert into nestjsonb (j) values ('{"a":[["b",{"x":1}],["b",{"x":2}]],"c":3}');
insert into nestjsonb (j) values ('[[14,2,3]]');
insert into nestjsonb (j) values ('[1,[14,2,3]]');
CREATE TABLE test_jsonb_subscript (
       id int,
       test_json jsonb
);
insert into test_jsonb_subscript values
(1, '{}'), 
(2, '{"key": "value"}');
insert into test_jsonb_subscript values (3, NULL);
insert into test_jsonb_subscript values (1, '[0]');
insert into test_jsonb_subscript values (1, '[]');
insert into test_jsonb_subscript values (1, '{}');
insert into test_jsonb_subscript values (1, '{}');
insert into test_jsonb_subscript values (1, '{"b": 1}');
insert into test_jsonb_subscript values (1, '{}');
insert into test_jsonb_subscript values (1, '[]');
insert into test_jsonb_subscript values (1, '{}');
insert into test_jsonb_subscript values (1, '[]');
insert into test_jsonb_subscript values (1, '{}');
insert into test_jsonb_subscript values (1, '{"a": {}}');
insert into test_jsonb_subscript values (1, '{"a": []}');
insert into test_jsonb_subscript values (1, '{"a": 1}');
insert into test_jsonb_subscript values (1, 'null');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM testjsonb) AS testjsonb, (SELECT count(*) FROM test_jsonb) AS test_jsonb, (SELECT count(*) FROM foo) AS foo, (SELECT count(*) FROM jsbpoptest) AS jsbpoptest, (SELECT count(*) FROM nestjsonb) AS nestjsonb, (SELECT count(*) FROM test_jsonb_subscript) AS test_jsonb_subscript;
-- case: jsonb.sql:12
SELECT '""'::jsonb;
-- case: jsonb.sql:13
SELECT $$''$$::jsonb;
-- case: jsonb.sql:14
SELECT '"abc"'::jsonb;
-- case: jsonb.sql:15
SELECT '"abc'::jsonb;
-- case: jsonb.sql:16
SELECT '"abc
def"'::jsonb;
-- case: jsonb.sql:18
SELECT '"\n\"\\"'::jsonb;
-- case: jsonb.sql:19
SELECT '"\v"'::jsonb;
-- case: jsonb.sql:23
SELECT '1'::jsonb;
-- case: jsonb.sql:24
SELECT '0'::jsonb;
-- case: jsonb.sql:25
SELECT '01'::jsonb;
-- case: jsonb.sql:26
SELECT '0.1'::jsonb;
-- case: jsonb.sql:27
SELECT '9223372036854775808'::jsonb;
-- case: jsonb.sql:28
SELECT '1e100'::jsonb;
-- case: jsonb.sql:29
SELECT '1.3e100'::jsonb;
-- case: jsonb.sql:30
SELECT '1f2'::jsonb;
-- case: jsonb.sql:31
SELECT '0.x1'::jsonb;
-- case: jsonb.sql:32
SELECT '1.3ex100'::jsonb;
-- case: jsonb.sql:35
SELECT '[]'::jsonb;
-- case: jsonb.sql:36
SELECT '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'::jsonb;
-- case: jsonb.sql:37
SELECT '[1,2]'::jsonb;
-- case: jsonb.sql:38
SELECT '[1,2,]'::jsonb;
-- case: jsonb.sql:39
SELECT '[1,2'::jsonb;
-- case: jsonb.sql:40
SELECT '[1,[2]'::jsonb;
-- case: jsonb.sql:43
SELECT '{}'::jsonb;
-- case: jsonb.sql:44
SELECT '{"abc"}'::jsonb;
-- case: jsonb.sql:45
SELECT '{"abc":1}'::jsonb;
-- case: jsonb.sql:46
SELECT '{1:"abc"}'::jsonb;
-- case: jsonb.sql:47
SELECT '{"abc",1}'::jsonb;
-- case: jsonb.sql:48
SELECT '{"abc"=1}'::jsonb;
-- case: jsonb.sql:49
SELECT '{"abc"::1}'::jsonb;

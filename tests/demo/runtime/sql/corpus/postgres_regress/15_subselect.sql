-- PostgreSQL regression suite, subselect.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/subselect.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/subselect.sql, PostgreSQL 17).
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
CREATE TABLE SUBSELECT_TBL (
  f1 integer,
  f2 integer,
  f3 float
);
INSERT INTO SUBSELECT_TBL VALUES (1, 2, 3);
INSERT INTO SUBSELECT_TBL VALUES (2, 3, 4);
INSERT INTO SUBSELECT_TBL VALUES (3, 4, 5);
INSERT INTO SUBSELECT_TBL VALUES (1, 1, 1);
INSERT INTO SUBSELECT_TBL VALUES (2, 2, 2);
INSERT INTO SUBSELECT_TBL VALUES (3, 3, 3);
INSERT INTO SUBSELECT_TBL VALUES (6, 7, 8);
INSERT INTO SUBSELECT_TBL VALUES (8, 9, NULL);
CREATE TABLE foo (id integer);
CREATE TABLE bar (id1 integer, id2 integer);
INSERT INTO foo VALUES (1);
INSERT INTO bar VALUES (1, 1);
INSERT INTO bar VALUES (2, 2);
INSERT INTO bar VALUES (3, 1);
CREATE TABLE orderstest (
    approver_ref integer,
    po_ref integer,
    ordercanceled boolean
);
INSERT INTO orderstest VALUES (1, 1, false);
INSERT INTO orderstest VALUES (66, 5, false);
INSERT INTO orderstest VALUES (66, 6, false);
INSERT INTO orderstest VALUES (66, 7, false);
INSERT INTO orderstest VALUES (66, 1, true);
INSERT INTO orderstest VALUES (66, 8, false);
INSERT INTO orderstest VALUES (66, 1, false);
INSERT INTO orderstest VALUES (77, 1, false);
INSERT INTO orderstest VALUES (1, 1, false);
INSERT INTO orderstest VALUES (66, 1, false);
INSERT INTO orderstest VALUES (1, 1, false);
CREATE table parts (
    partnum     text,
    cost        float8
);
CREATE table shipped (
    ttype       char(2),
    ordnum      int4,
    partnum     text,
    value       float8
);
insert into parts (partnum, cost) values (1, 1234.56);
CREATE table numeric_table (num_col numeric);
insert into numeric_table values (1), (1.000000000000000000001), (2), (3);
CREATE table float_table (float_col float8);
insert into float_table values (1), (2), (3);
CREATE table ta (id int primary key, val int);
insert into ta values(1,1);
insert into ta values(2,2);
CREATE table tb (id int primary key, aval int);
insert into tb values(1,1);
insert into tb values(2,1);
insert into tb values(3,2);
insert into tb values(4,2);
CREATE table tc (id int primary key, aid int);
insert into tc values(1,1);
insert into tc values(2,2);
CREATE table t1 (f1 numeric(14,0), f2 varchar(30));
CREATE table table_a(id integer);
insert into table_a values (42);
CREATE table upsert(key int4 primary key, val text);
insert into upsert values(1, 'val') on conflict (key) do update set val = 'not seen';
insert into upsert values(1, 'val') on conflict (key) do update set val = 'seen with subselect ' || (select f1 from int4_tbl where f1 != 0 limit 1)::text;
CREATE table outer_7597 (f1 int4, f2 int4);
insert into outer_7597 values (0, 0);
insert into outer_7597 values (1, 0);
insert into outer_7597 values (0, null);
insert into outer_7597 values (1, null);
CREATE table inner_7597(c1 int8, c2 int8);
insert into inner_7597 values(0, null);
CREATE table outer_text (f1 text, f2 text);
insert into outer_text values ('a', 'a');
insert into outer_text values ('b', 'a');
insert into outer_text values ('a', null);
insert into outer_text values ('b', null);
CREATE table inner_text (c1 text, c2 text);
insert into inner_text values ('a', null);
insert into inner_text values ('123', '456');
CREATE table exists_tbl (c1 int, c2 int, c3 int) partition by list (c1);
CREATE table notinouter (a int);
CREATE table notininner (b int not null);
insert into notinouter values (null), (1);
CREATE table nocolumns();
create table sq_limit (pk int primary key, c1 int, c2 int);
insert into sq_limit values
    (1, 1, 1),
    (2, 2, 2),
    (3, 3, 3),
    (4, 4, 4),
    (5, 1, 1),
    (6, 2, 2),
    (7, 3, 3),
    (8, 4, 4);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM SUBSELECT_TBL) AS subselect_tbl, (SELECT count(*) FROM foo) AS foo, (SELECT count(*) FROM bar) AS bar, (SELECT count(*) FROM orderstest) AS orderstest, (SELECT count(*) FROM parts) AS parts, (SELECT count(*) FROM shipped) AS shipped, (SELECT count(*) FROM numeric_table) AS numeric_table, (SELECT count(*) FROM float_table) AS float_table, (SELECT count(*) FROM ta) AS ta, (SELECT count(*) FROM tb) AS tb, (SELECT count(*) FROM tc) AS tc, (SELECT count(*) FROM t1) AS t1, (SELECT count(*) FROM table_a) AS table_a, (SELECT count(*) FROM upsert) AS upsert, (SELECT count(*) FROM outer_7597) AS outer_7597, (SELECT count(*) FROM inner_7597) AS inner_7597, (SELECT count(*) FROM outer_text) AS outer_text, (SELECT count(*) FROM inner_text) AS inner_text, (SELECT count(*) FROM exists_tbl) AS exists_tbl, (SELECT count(*) FROM notinouter) AS notinouter, (SELECT count(*) FROM notininner) AS notininner, (SELECT count(*) FROM nocolumns) AS nocolumns, (SELECT count(*) FROM sq_limit) AS sq_limit;
-- case: subselect.sql:5
SELECT 1 AS one WHERE 1 IN (SELECT 1);
-- case: subselect.sql:7
SELECT 1 AS zero WHERE 1 NOT IN (SELECT 1);
-- case: subselect.sql:9
SELECT 1 AS zero WHERE 1 IN (SELECT 2);
-- case: subselect.sql:13
SELECT * FROM (SELECT 1 AS x) ss;
-- case: subselect.sql:14
SELECT * FROM ((SELECT 1 AS x)) ss;
-- case: subselect.sql:16
SELECT * FROM ((SELECT 1 AS x)), ((SELECT * FROM ((SELECT 2 AS y))));
-- case: subselect.sql:18
(SELECT 2) UNION SELECT 2;
-- case: subselect.sql:21
SELECT ((SELECT 2) UNION SELECT 2);
-- case: subselect.sql:22
SELECT (((SELECT 2)) UNION SELECT 2);
-- case: subselect.sql:24
SELECT (SELECT ARRAY[1,2,3])[1];
-- case: subselect.sql:25
SELECT ((SELECT ARRAY[1,2,3]))[2];
-- case: subselect.sql:26
SELECT (((SELECT ARRAY[1,2,3])))[3];
-- case: subselect.sql:45
SELECT * FROM SUBSELECT_TBL;
-- case: subselect.sql:49
SELECT f1 AS "Constant Select" FROM SUBSELECT_TBL
  WHERE f1 IN (SELECT 1);
-- case: subselect.sql:52
SELECT f1 AS "Uncorrelated Field" FROM SUBSELECT_TBL
  WHERE f1 IN (SELECT f2 FROM SUBSELECT_TBL);
-- case: subselect.sql:55
SELECT f1 AS "Uncorrelated Field" FROM SUBSELECT_TBL
  WHERE f1 IN (SELECT f2 FROM SUBSELECT_TBL WHERE
    f2 IN (SELECT f1 FROM SUBSELECT_TBL));
-- case: subselect.sql:59
SELECT f1, f2
  FROM SUBSELECT_TBL
  WHERE (f1, f2) NOT IN (SELECT f2, CAST(f3 AS int4) FROM SUBSELECT_TBL
                         WHERE f3 IS NOT NULL);
-- case: subselect.sql:66
SELECT f1 AS "Correlated Field", f2 AS "Second Field"
  FROM SUBSELECT_TBL upper
  WHERE f1 IN (SELECT f2 FROM SUBSELECT_TBL WHERE f1 = upper.f1);
-- case: subselect.sql:70
SELECT f1 AS "Correlated Field", f3 AS "Second Field"
  FROM SUBSELECT_TBL upper
  WHERE f1 IN
    (SELECT f2 FROM SUBSELECT_TBL WHERE CAST(upper.f2 AS float) = f3);
-- case: subselect.sql:75
SELECT f1 AS "Correlated Field", f3 AS "Second Field"
  FROM SUBSELECT_TBL upper
  WHERE f3 IN (SELECT upper.f1 + f2 FROM SUBSELECT_TBL
               WHERE f2 = CAST(f3 AS integer));
-- case: subselect.sql:80
SELECT f1 AS "Correlated Field"
  FROM SUBSELECT_TBL
  WHERE (f1, f2) IN (SELECT f2, CAST(f3 AS int4) FROM SUBSELECT_TBL
                     WHERE f3 IS NOT NULL);
-- case: subselect.sql:90
SELECT * FROM (SELECT * FROM int4_tbl), (VALUES (123456)) WHERE f1 = column1;
-- case: subselect.sql:118
SELECT ss.f1 AS "Correlated Field", ss.f3 AS "Second Field"
  FROM SUBSELECT_TBL ss
  WHERE f1 NOT IN (SELECT f1+1 FROM INT4_TBL
                   WHERE f1 != ss.f1 AND f1 < 2147483647);
-- case: subselect.sql:123
select q1, float8(count(*)) / (select count(*) from int8_tbl)
from int8_tbl group by q1 order by q1;
-- case: subselect.sql:128
SELECT *, pg_typeof(f1) FROM
  (SELECT 'foo' AS f1 FROM generate_series(1,3)) ss ORDER BY 1;
-- case: subselect.sql:139
select 1 = all (select (select 1));
-- case: subselect.sql:188
SELECT * FROM foo WHERE id IN
    (SELECT id2 FROM (SELECT DISTINCT id1, id2 FROM bar) AS s);
-- case: subselect.sql:190
SELECT * FROM foo WHERE id IN
    (SELECT id2 FROM (SELECT id1,id2 FROM bar GROUP BY id1,id2) AS s);
-- case: subselect.sql:192
SELECT * FROM foo WHERE id IN
    (SELECT id2 FROM (SELECT id1, id2 FROM bar UNION
                      SELECT id1, id2 FROM bar) AS s);
-- case: subselect.sql:197
SELECT * FROM foo WHERE id IN
    (SELECT id2 FROM (SELECT DISTINCT ON (id2) id1, id2 FROM bar) AS s);

-- PostgreSQL regression suite, join.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/join.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/join.sql, PostgreSQL 17).
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
CREATE TABLE J1_TBL (
  i integer,
  j integer,
  t text
);
CREATE TABLE J2_TBL (
  i integer,
  k integer
);
INSERT INTO J1_TBL VALUES (1, 4, 'one');
INSERT INTO J1_TBL VALUES (2, 3, 'two');
INSERT INTO J1_TBL VALUES (3, 2, 'three');
INSERT INTO J1_TBL VALUES (4, 1, 'four');
INSERT INTO J1_TBL VALUES (5, 0, 'five');
INSERT INTO J1_TBL VALUES (6, 6, 'six');
INSERT INTO J1_TBL VALUES (7, 7, 'seven');
INSERT INTO J1_TBL VALUES (8, 8, 'eight');
INSERT INTO J1_TBL VALUES (0, NULL, 'zero');
INSERT INTO J1_TBL VALUES (NULL, NULL, 'null');
INSERT INTO J1_TBL VALUES (NULL, 0, 'zero');
INSERT INTO J2_TBL VALUES (1, -1);
INSERT INTO J2_TBL VALUES (2, 2);
INSERT INTO J2_TBL VALUES (3, -3);
INSERT INTO J2_TBL VALUES (2, 4);
INSERT INTO J2_TBL VALUES (5, -5);
INSERT INTO J2_TBL VALUES (5, -5);
INSERT INTO J2_TBL VALUES (0, NULL);
INSERT INTO J2_TBL VALUES (NULL, NULL);
INSERT INTO J2_TBL VALUES (NULL, 0);
CREATE table onerow();
insert into onerow default values;
CREATE TABLE t1 (name TEXT, n INTEGER);
CREATE TABLE t2 (name TEXT, n INTEGER);
CREATE TABLE t3 (name TEXT, n INTEGER);
INSERT INTO t1 VALUES ( 'bb', 11 );
INSERT INTO t2 VALUES ( 'bb', 12 );
INSERT INTO t2 VALUES ( 'cc', 22 );
INSERT INTO t2 VALUES ( 'ee', 42 );
INSERT INTO t3 VALUES ( 'bb', 13 );
INSERT INTO t3 VALUES ( 'cc', 23 );
INSERT INTO t3 VALUES ( 'dd', 33 );
CREATE table x (x1 int, x2 int);
insert into x values (1,11);
insert into x values (2,22);
insert into x values (3,null);
insert into x values (4,44);
insert into x values (5,null);
CREATE table y (y1 int, y2 int);
insert into y values (1,111);
insert into y values (2,222);
insert into y values (3,333);
insert into y values (4,null);
INSERT INTO t1 VALUES (5, 10);
INSERT INTO t1 VALUES (15, 20);
INSERT INTO t1 VALUES (100, 100);
INSERT INTO t1 VALUES (200, 1000);
INSERT INTO t2 VALUES (200, 2000);
INSERT INTO t3 VALUES (5, 20);
INSERT INTO t3 VALUES (6, 7);
INSERT INTO t3 VALUES (7, 8);
INSERT INTO t3 VALUES (500, 100);
CREATE table t2a () inherits (t2);
insert into t2a values (200, 2001);
CREATE TABLE tt1 ( tt1_id int4, joincol int4 );
INSERT INTO tt1 VALUES (1, 11);
INSERT INTO tt1 VALUES (2, NULL);
CREATE TABLE tt2 ( tt2_id int4, joincol int4 );
INSERT INTO tt2 VALUES (21, 11);
INSERT INTO tt2 VALUES (22, 11);
CREATE table tt3(f1 int, f2 text);
CREATE table tt4(f1 int);
insert into tt4 values (0),(1),(9999);
CREATE table tt4x(c1 int, c2 int, c3 int);
CREATE table tt5(f1 int, f2 int);
CREATE table tt6(f1 int, f2 int);
insert into tt5 values(1, 10);
insert into tt5 values(1, 11);
insert into tt6 values(1, 9);
insert into tt6 values(1, 2);
insert into tt6 values(2, 9);
CREATE table xx (pkxx int);
CREATE table yy (pkyy int, pkxx int);
insert into xx values (1);
insert into xx values (2);
insert into xx values (3);
insert into yy values (101, 1);
insert into yy values (201, 2);
insert into yy values (301, NULL);
CREATE table zt1 (f1 int primary key);
CREATE table zt2 (f2 int primary key);
CREATE table zt3 (f3 int primary key);
insert into zt1 values(53);
insert into zt2 values(53);
CREATE table a (i integer);
CREATE table b (x integer, y integer);
CREATE table c (
     name char not null,
     a char,
     constraint c_pk primary key (name)
);
insert into c (name, a) values ('A', 'p');
insert into c (name, a) values ('B', 'q');
insert into c (name, a) values ('C', null);
CREATE table nt1 (
  id int primary key,
  a1 boolean,
  a2 boolean
);
CREATE table nt2 (
  id int primary key,
  nt1_id int,
  b1 boolean,
  b2 boolean,
  foreign key (nt1_id) references nt1(id)
);
CREATE table nt3 (
  id int primary key,
  nt2_id int,
  c1 boolean,
  foreign key (nt2_id) references nt2(id)
);
insert into nt1 values (1,true,true);
insert into nt1 values (2,true,false);
insert into nt1 values (3,false,false);
insert into nt2 values (1,1,true,true);
insert into nt2 values (2,2,true,false);
insert into nt2 values (3,3,false,false);
insert into nt3 values (1,1,true);
insert into nt3 values (2,2,false);
insert into nt3 values (3,3,true);
CREATE table t (a int unique);
CREATE TABLE d (a int, b int);
INSERT INTO b VALUES (0, 0), (1, NULL);
INSERT INTO c VALUES (0), (1);
INSERT INTO d VALUES (1,3), (2,2), (3,1);
CREATE TABLE parted_b (id int PRIMARY KEY) partition by range(id);
CREATE table parent (k int primary key, pd int);
CREATE table child (k int unique, cd int);
insert into parent values (1, 10), (2, 20), (3, 30);
insert into child values (1, 100), (4, 400);
INSERT INTO a VALUES (0), (1);
INSERT INTO b VALUES (0, 0), (1, NULL);
CREATE table innertab (id int8 primary key, dat1 int8);
insert into innertab values(123, 42);
CREATE table uniquetbl (f1 text unique);
insert into t values (1);
CREATE table parttbl (a integer primary key) partition by range (a);
create table join_pt1 (a int, b int, c varchar) partition by range(a);
create table join_ut1 (a int, b int, c varchar);
insert into join_ut1 values (101, 101, 'y'), (2, 2, 'z');
create table fkest (x integer, x10 integer, x10b integer, x100 integer);
create table fkest1 (a int, b int, primary key(a,b));
create table j1 (id int primary key);
create table j2 (id int primary key);
create table j3 (id int);
insert into j1 values(1),(2),(3);
insert into j2 values(1),(2),(3);
insert into j3 values(1),(1);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM J1_TBL) AS j1_tbl, (SELECT count(*) FROM J2_TBL) AS j2_tbl, (SELECT count(*) FROM onerow) AS onerow, (SELECT count(*) FROM t1) AS t1, (SELECT count(*) FROM t2) AS t2, (SELECT count(*) FROM t3) AS t3, (SELECT count(*) FROM x) AS x, (SELECT count(*) FROM y) AS y, (SELECT count(*) FROM t2a) AS t2a, (SELECT count(*) FROM tt1) AS tt1, (SELECT count(*) FROM tt2) AS tt2, (SELECT count(*) FROM tt3) AS tt3, (SELECT count(*) FROM tt4) AS tt4, (SELECT count(*) FROM tt4x) AS tt4x, (SELECT count(*) FROM tt5) AS tt5, (SELECT count(*) FROM tt6) AS tt6, (SELECT count(*) FROM xx) AS xx, (SELECT count(*) FROM yy) AS yy, (SELECT count(*) FROM zt1) AS zt1, (SELECT count(*) FROM zt2) AS zt2, (SELECT count(*) FROM zt3) AS zt3, (SELECT count(*) FROM a) AS a, (SELECT count(*) FROM b) AS b, (SELECT count(*) FROM c) AS c, (SELECT count(*) FROM nt1) AS nt1, (SELECT count(*) FROM nt2) AS nt2, (SELECT count(*) FROM nt3) AS nt3, (SELECT count(*) FROM t) AS t, (SELECT count(*) FROM d) AS d, (SELECT count(*) FROM parted_b) AS parted_b, (SELECT count(*) FROM parent) AS parent, (SELECT count(*) FROM child) AS child, (SELECT count(*) FROM innertab) AS innertab, (SELECT count(*) FROM uniquetbl) AS uniquetbl, (SELECT count(*) FROM parttbl) AS parttbl, (SELECT count(*) FROM join_pt1) AS join_pt1, (SELECT count(*) FROM join_ut1) AS join_ut1, (SELECT count(*) FROM fkest) AS fkest, (SELECT count(*) FROM fkest1) AS fkest1, (SELECT count(*) FROM j1) AS j1, (SELECT count(*) FROM j2) AS j2, (SELECT count(*) FROM j3) AS j3;
-- case: join.sql:52
SELECT *
  FROM J1_TBL AS tx;
-- case: join.sql:55
SELECT *
  FROM J1_TBL tx;
-- case: join.sql:58
SELECT *
  FROM J1_TBL AS t1 (a, b, c);
-- case: join.sql:61
SELECT *
  FROM J1_TBL t1 (a, b, c);
-- case: join.sql:64
SELECT *
  FROM J1_TBL t1 (a, b, c), J2_TBL t2 (d, e);
-- case: join.sql:67
SELECT t1.a, t2.e
  FROM J1_TBL t1 (a, b, c), J2_TBL t2 (d, e)
  WHERE t1.a = t2.d;
-- case: join.sql:78
SELECT *
  FROM J1_TBL CROSS JOIN J2_TBL;
-- case: join.sql:82
SELECT i, k, t
  FROM J1_TBL CROSS JOIN J2_TBL;
-- case: join.sql:86
SELECT t1.i, k, t
  FROM J1_TBL t1 CROSS JOIN J2_TBL t2;
-- case: join.sql:89
SELECT ii, tt, kk
  FROM (J1_TBL CROSS JOIN J2_TBL)
    AS tx (ii, jj, tt, ii2, kk);
-- case: join.sql:93
SELECT tx.ii, tx.jj, tx.kk
  FROM (J1_TBL t1 (a, b, c) CROSS JOIN J2_TBL t2 (d, e))
    AS tx (ii, jj, tt, ii2, kk);
-- case: join.sql:97
SELECT *
  FROM J1_TBL CROSS JOIN J2_TBL a CROSS JOIN J2_TBL b;
-- case: join.sql:114
SELECT *
  FROM J1_TBL INNER JOIN J2_TBL USING (i);
-- case: join.sql:118
SELECT *
  FROM J1_TBL JOIN J2_TBL USING (i);
-- case: join.sql:121
SELECT *
  FROM J1_TBL t1 (a, b, c) JOIN J2_TBL t2 (a, d) USING (a)
  ORDER BY a, d;
-- case: join.sql:125
SELECT *
  FROM J1_TBL t1 (a, b, c) JOIN J2_TBL t2 (a, b) USING (b)
  ORDER BY b, t1.a;
-- case: join.sql:130
SELECT * FROM J1_TBL JOIN J2_TBL USING (i) WHERE J1_TBL.t = 'one';
-- case: join.sql:131
SELECT * FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE J1_TBL.t = 'one';
-- case: join.sql:132
SELECT * FROM (J1_TBL JOIN J2_TBL USING (i)) AS x WHERE J1_TBL.t = 'one';
-- case: join.sql:133
SELECT * FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE x.i = 1;
-- case: join.sql:134
SELECT * FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE x.t = 'one';
-- case: join.sql:135
SELECT * FROM (J1_TBL JOIN J2_TBL USING (i) AS x) AS xx WHERE x.i = 1;
-- case: join.sql:136
SELECT * FROM J1_TBL a1 JOIN J2_TBL a2 USING (i) AS a1;
-- case: join.sql:137
SELECT x.* FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE J1_TBL.t = 'one';
-- case: join.sql:138
SELECT ROW(x.*) FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE J1_TBL.t = 'one';
-- case: join.sql:139
SELECT row_to_json(x.*) FROM J1_TBL JOIN J2_TBL USING (i) AS x WHERE J1_TBL.t = 'one';
-- case: join.sql:146
SELECT *
  FROM J1_TBL NATURAL JOIN J2_TBL;
-- case: join.sql:149
SELECT *
  FROM J1_TBL t1 (a, b, c) NATURAL JOIN J2_TBL t2 (a, d);
-- case: join.sql:152
SELECT *
  FROM J1_TBL t1 (a, b, c) NATURAL JOIN J2_TBL t2 (d, a);
-- case: join.sql:157
SELECT *
  FROM J1_TBL t1 (a, b) NATURAL JOIN J2_TBL t2 (a);

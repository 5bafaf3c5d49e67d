// The names of Postgres' own functions and types, as PGlite (real Postgres, npm lock) lists
// them: what demo/runtime/sql/postgres/postgres_functions.txt and postgres_types.txt hold
// (test_name_lists.py compares them).
//
//   node tests/demo/runtime/sql/catalog_names.mjs REPO > names.json
//
// stdout: {"version": "PostgreSQL ...", "functions": [...], "types": [...], "signatures":
// [...], "operators": [...], "implicitCasts": [...]}, each sorted.
// Types: pg_catalog's base, domain, enum, multirange, pseudo and range types, less the
// array types (`_int4`, written `integer[]`, and `_record`).

import path from "node:path";
import { createRequire } from "node:module";

const repo = path.resolve(process.argv[2] || ".");
const require = createRequire(path.join(repo, "package.json"));
const { PGlite } = await import(require.resolve("@electric-sql/pglite"));

const db = new PGlite();
// Sorted here, by code point: the same order as Python's sorted().
const column = async (sql) => (await db.query(sql)).rows.map((row) => Object.values(row)[0]).sort();
const [version] = await column("SELECT version()");
const functions = await column(`
  SELECT DISTINCT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'pg_catalog'`);
const types = await column(`
  SELECT DISTINCT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = 'pg_catalog' AND t.typtype IN ('b', 'd', 'e', 'm', 'p', 'r')
    AND t.typcategory <> 'A' AND left(t.typname, 1) <> '_'`);
// Each function's argument types (format_type's names), how many of the last ones have
// defaults, and whether the last is VARIADIC: "name<TAB>types<TAB>defaults<TAB>variadic".
const signatures = await column(`
  SELECT DISTINCT p.proname || E'\t' || coalesce((
      SELECT string_agg(format_type(a.t, NULL), ', ' ORDER BY a.i)
      FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY AS a(t, i)), '')
    || E'\t' || p.pronargdefaults || E'\t' || (p.provariadic <> 0)::int
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'pg_catalog'`);
// Each operator's operand types, as a function's arguments (a prefix operator has one):
// "name<TAB>types<TAB>0<TAB>0".
const operators = await column(`
  SELECT DISTINCT o.oprname || E'\t' || concat_ws(', ',
      CASE WHEN o.oprleft <> 0 THEN format_type(o.oprleft, NULL) END,
      format_type(o.oprright, NULL)) || E'\t0\t0'
  FROM pg_operator o JOIN pg_namespace n ON n.oid = o.oprnamespace
  WHERE n.nspname = 'pg_catalog'`);
// The casts Postgres applies to a function's argument unasked: "from<TAB>to".
const implicitCasts = await column(`
  SELECT DISTINCT format_type(castsource, NULL) || E'\t' || format_type(casttarget, NULL)
  FROM pg_cast WHERE castcontext = 'i'`);
await db.close();
console.log(JSON.stringify({ version, functions, types, signatures, operators, implicitCasts }));

// One database inside a started duckdb-wasm instance, and its answers as plain data.
//
// Kept apart from duck.js (which loads the browser bundle) so the differential SQL
// suite runs this same code under Node with duckdb-wasm's Node bundle
// (tests/demo/runtime/sql/browser_runner.mjs). Each `newDatabase` is a connection
// with its own attached in-memory catalog. Results go to Python as raw column values
// plus a structural description of each Arrow type (arrow-columns.js reads the common
// types; apache-arrow the rest); demo.browser.duck turns them into DuckDB type names and
// Python values.
//
// A statement the caller says it runs again (`repeated`: a read it has run before) is
// kept prepared, which saves DuckDB parsing, binding and planning it each time. DuckDB
// re-binds a prepared statement whose tables changed; at most MAX_PREPARED are kept.

import { Utf8, tableFromIPC } from "apache-arrow";
import { decimalDigits, readColumns } from "./arrow-columns.js";

let opened = 0;
const functions = new WeakMap(); // duckdb-wasm instance -> Map(SQL name -> function)
const MAX_PREPARED = 64;

export function newDatabase(db) {
  passVarcharResults();
  const conn = db.connect();
  // Answers are read from the Arrow bytes duckdb-wasm's bindings return (arrow-columns.js);
  // its Connection and PreparedStatement would first build apache-arrow Tables of them.
  let bindings, connection;
  conn.useUnsafe((b, id) => {
    bindings = b;
    connection = id;
  });
  // Never fetch extensions (the demo is offline, and the native path has none of
  // them either): a query that needs json or icu fails at once with DuckDB's message.
  conn.query("SET autoinstall_known_extensions = false");
  conn.query("SET autoload_known_extensions = false");
  const catalog = `helio_db_${++opened}`;
  conn.query(`ATTACH ':memory:' AS ${catalog}`);
  conn.query(`USE ${catalog}`);
  const prepared = new Map(); // SQL -> prepared statement id, least recently used first
  const preparedFor = (sql) => {
    let statement = prepared.get(sql);
    if (statement !== undefined) {
      prepared.delete(sql);
    } else {
      statement = bindings.createPrepared(connection, sql);
      if (prepared.size >= MAX_PREPARED) {
        const [oldest, old] = prepared.entries().next().value;
        prepared.delete(oldest);
        bindings.closePrepared(connection, old);
      }
    }
    prepared.set(sql, statement);
    return statement;
  };
  return {
    query(sql, repeated = false) {
      const bytes = repeated
        ? bindings.runPrepared(connection, preparedFor(sql), [])
        : bindings.runQuery(connection, sql);
      return readColumns(bytes) ?? columnsViaApacheArrow(bytes);
    },
    // A scalar SQL function of text arguments returning text (see passVarcharResults).
    // `fn` returns a string, null, or {error} to fail the statement with that message.
    // duckdb-wasm keeps functions in the instance's system catalog, shared by every
    // connection and refusing a second registration: the latest `fn` answers.
    createFunction(name, fn) {
      let registered = functions.get(db);
      if (!registered) functions.set(db, (registered = new Map()));
      if (!registered.has(name)) {
        conn.createScalarFunction(name, new Utf8(), (...args) => {
          if (args.some((a) => a === null || a === undefined)) return null;
          const out = registered.get(name)(...args);
          if (out !== null && typeof out === "object") throw new Error(out.error);
          return out ?? null;
        });
      }
      registered.set(name, fn);
    },
    close() {
      try {
        for (const statement of prepared.values()) bindings.closePrepared(connection, statement);
        prepared.clear();
        conn.query("USE memory");
        conn.query(`DETACH ${catalog}`);
      } finally {
        conn.close();
      }
    },
  };
}

// duckdb-wasm 1.32's JS UDF bridge writes VARCHAR results as offsets into the
// string buffer it allocates, but DuckDB reads them as addresses, so every string a
// JS function returns arrives as bytes from near address 0 (NULs). Its allocations
// come in a fixed order (values, validity, lengths, string data, result); adding
// the string buffer's address to each offset makes them the addresses DuckDB reads.
let udfResultsFixed = false;

function passVarcharResults() {
  const runtime = globalThis.DUCKDB_RUNTIME;
  if (udfResultsFixed || !runtime?.callScalarUDF) return;
  udfResultsFixed = true;
  const call = runtime.callScalarUDF;
  runtime.callScalarUDF = (mod, response, id, descPtr, descSize, bufPtr, bufSize) => {
    const allocated = [];
    const malloc = mod._malloc;
    mod._malloc = (size) => {
      const ptr = malloc(size);
      allocated.push(ptr);
      return ptr;
    };
    try {
      call(mod, response, id, descPtr, descSize, bufPtr, bufSize);
    } finally {
      mod._malloc = malloc;
    }
    const failed = mod.HEAPF64[response >> 3] !== 0;
    const desc = JSON.parse(new TextDecoder().decode(mod.HEAPU8.slice(descPtr, descPtr + descSize)));
    if (failed || desc.ret.physicalType !== "VARCHAR" || allocated.length < 4) return;
    const [values, , , data] = allocated;
    const offsets = new Float64Array(mod.HEAPU8.buffer, values, desc.rows);
    for (let i = 0; i < desc.rows; i++) offsets[i] += data;
  };
}

// Any answer, through apache-arrow: what arrow-columns.js does not read.
export function columnsViaApacheArrow(bytes) {
  return tableToColumns(tableFromIPC(bytes));
}

function tableToColumns(table) {
  const names = [];
  const types = [];
  const columns = [];
  table.schema.fields.forEach((field, i) => {
    // The column's own type: the schema's field repeats another's type where names
    // repeat (`SELECT 1, true` gives two boolean `?column?` fields).
    const column = table.getChildAt(i);
    names.push(field.name);
    types.push(describe(column.type));
    columns.push(columnValues(column, column.type));
  });
  return { names, types, columns, numRows: table.numRows };
}

// Arrow type -> plain object; Python maps it to the DuckDB type name.
function describe(type) {
  // ENUM columns arrive dictionary-encoded: their labels' type, marked as an enum's.
  if (type.typeId === -1) return { ...describe(type.dictionary), enum: true };
  const d = { id: type.typeId };
  if ("bitWidth" in type) d.bitWidth = type.bitWidth;
  if ("isSigned" in type) d.signed = type.isSigned;
  if ("precision" in type) d.precision = type.precision;
  if ("scale" in type) d.scale = type.scale;
  if ("unit" in type) d.unit = type.unit;
  if ("listSize" in type) d.listSize = type.listSize;
  if (type.timezone) d.timezone = type.timezone;
  if (type.children?.length) {
    d.children = type.children.map((f) => ({ name: f.name, type: describe(f.type) }));
  }
  return d;
}

// Raw, lossless values per Arrow type id (apache-arrow's Type enum).
const DECIMAL = 7, DATE = 8, TIME = 9, TIMESTAMP = 10, INTERVAL = 11, LIST = 12, FIXED_LIST = 16;
const MONTH_DAY_NANO = 2; // IntervalUnit of DuckDB's intervals

function columnValues(vector, type) {
  const out = new Array(vector.length);
  let row = 0;
  for (const data of vector.data) {
    for (let i = 0; i < data.length; i++, row++) {
      out[row] = data.getValid(i) ? rawValue(data, i, type, vector, row) : undefined; // undefined -> None
    }
  }
  return out;
}

// Types whose values apache-arrow's own accessors would change or misread.
function needsRaw(type) {
  switch (type.typeId) {
    case TIMESTAMP:
    case TIME:
    case DATE:
    case DECIMAL:
    case INTERVAL:
      return true;
    case LIST:
    case FIXED_LIST:
      return needsRaw(type.children[0].type);
    default:
      return false;
  }
}

// Value `i` of `data` (a Data of `type`); `vector`/`row` reach it through apache-arrow.
function rawValue(data, i, type, vector, row) {
  switch (type.typeId) {
    case TIMESTAMP:
    case TIME:
    case DATE:
      return data.values[i]; // epoch units as int32 or BigInt; Python applies the unit
    case DECIMAL:
      return decimalDigits(data.values, i, type.bitWidth / 32); // unscaled integer digits
    case INTERVAL:
      return type.unit === MONTH_DAY_NANO ? monthDayNano(data.values, i) : plain(vector.get(row));
    case LIST:
    case FIXED_LIST:
      if (needsRaw(type)) return listValues(data, i, type);
      return plain(vector.get(row));
    default:
      return plain(vector.get(row));
  }
}

// The elements of list `i`, read from the child data by offset (apache-arrow's sliced
// child vectors misread intervals).
function listValues(data, i, type) {
  const child = data.children[0];
  const childType = type.children[0].type;
  const [start, end] =
    type.typeId === LIST
      ? [data.valueOffsets[i], data.valueOffsets[i + 1]]
      : [i * type.listSize, (i + 1) * type.listSize];
  const out = [];
  for (let j = start; j < end; j++) {
    out.push(child.getValid(j) ? rawValue(child, j, childType, null, j) : undefined);
  }
  return out;
}

// apache-arrow reads MONTH_DAY_NANO as two int32s; it is int32 months, int32 days and
// int64 nanoseconds: [months, days, nanoseconds (BigInt)].
function monthDayNano(words, i) {
  const at = i * 4;
  const nanos = (BigInt(words[at + 3]) << 32n) | BigInt(words[at + 2] >>> 0);
  return [words[at], words[at + 1], nanos];
}

function plain(value) {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "object") return value;
  if (value instanceof Uint8Array) return value;
  if (typeof value.toJSON === "function") return plain(value.toJSON());
  if (Array.isArray(value)) return value.map(plain);
  if (ArrayBuffer.isView(value)) return Array.from(value, plain);
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = plain(v);
  return out;
}

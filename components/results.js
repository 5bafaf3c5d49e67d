// Query results as tables: both engine shapes to one model, cell kinds, CSV and JSON.
//
// sqlite answers like sql.js `exec`: one `{columns, values}` per statement that
// returned rows (a write adds nothing). postgres answers like PGlite `exec`:
// `{rows, fields: [{name, dataTypeID}], affectedRows}` per statement. Pure: no DOM,
// tested in Node (tests/demo/components/test_results.py).

// Postgres type OIDs whose values are numbers (numeric arrives as text, still a number).
const NUMERIC_OIDS = new Set([20, 21, 23, 26, 700, 701, 1700]);
const BYTEA_OID = 17;
const HEX_BLOB = /^\\x(?:[0-9a-fA-F]{2})*$/;
// date, timestamp, timestamptz: PGlite's JS Dates, which reach the panel as
// `Date.toJSON()` text (UTC, milliseconds; a date is its UTC midnight).
const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;
const TIMESTAMPTZ_OID = 1184;
const TEMPORAL_OIDS = new Set([DATE_OID, TIMESTAMP_OID, TIMESTAMPTZ_OID]);
const JS_DATE = /^([+-]?\d{4,6})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z$/;
// sqlite has no date type: a text column whose values all start like an ISO date.
const TEXT_DATE = /^\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d(?::?\d\d)?)?)?$/;

// The engines' result shapes, declared for the runtime in demo/runtime/sql/results.py
// (same names, same fields).

/**
 * sql.js `exec`: one per statement that returned rows.
 * @typedef {Object} SqlJsResult
 * @property {string[]} columns
 * @property {Array<Array<unknown>>} values rows as lists, in column order
 */

/**
 * A result column as PGlite describes it.
 * @typedef {Object} PgliteField
 * @property {string} name
 * @property {number} dataTypeID the Postgres type OID
 */

/**
 * PGlite `exec`: one per statement.
 * @typedef {Object} PgliteResult
 * @property {Array<Object<string, unknown>>} rows rows as objects keyed by column name
 * @property {PgliteField[]} fields
 * @property {number} affectedRows the request's running total of rows written
 */

/** @typedef {SqlJsResult | PgliteResult} SqlResult what one statement of a query answers */

/**
 * @typedef {Object} Table
 * @property {string[]} columns
 * @property {Array<Array<unknown>>} rows
 * @property {boolean[]} numeric per column: right-aligned
 * @property {boolean[]} binary per column: BLOB/bytea (see asBytes)
 * @property {boolean[]} temporal per column: dates and timestamps (kept on one line)
 * @property {Array<number | null>} pgTypes per column: the Postgres type OID, null for sqlite
 * @property {number | null} affectedRows a write's count, when the engine reports it
 * @property {boolean} hasRows whether the statement returned a row set (even empty)
 */

/**
 * @param {SqlResult[]} result the query document's `result`
 * @returns {Table[]} one table per statement the engine reported
 */
export function toTables(result) {
  if (!Array.isArray(result)) return [];
  return result.map((item) => ("fields" in item || "rows" in item ? fromPglite(item) : fromSqljs(item)));
}

/** @param {SqlJsResult} result */
function fromSqljs({ columns = [], values = [] }) {
  const numeric = columns.map((_, i) => values.length > 0 && values.every((row) => row[i] === null || typeof row[i] === "number") && values.some((row) => row[i] !== null));
  const binary = columns.map((_, i) => values.some((row) => isBlob(row[i])) && values.every((row) => row[i] === null || isBlob(row[i])));
  const temporal = columns.map((_, i) => values.some((row) => row[i] !== null) && values.every((row) => row[i] === null || (typeof row[i] === "string" && TEXT_DATE.test(row[i]))));
  const pgTypes = columns.map(() => null);
  return { columns, rows: values, numeric, binary, temporal, pgTypes, affectedRows: null, hasRows: true };
}

/** @param {PgliteResult} result */
function fromPglite({ rows = [], fields = [], affectedRows }) {
  const columns = fields.map((f) => f.name);
  const numeric = fields.map((f) => NUMERIC_OIDS.has(f.dataTypeID));
  const binary = fields.map((f) => f.dataTypeID === BYTEA_OID);
  const temporal = fields.map((f) => TEMPORAL_OIDS.has(f.dataTypeID));
  const pgTypes = fields.map((f) => f.dataTypeID);
  const tableRows = rows.map((row) => columns.map((name) => (name in row ? row[name] : null)));
  const affected = typeof affectedRows === "number" ? affectedRows : null;
  return { columns, rows: tableRows, numeric, binary, temporal, pgTypes, affectedRows: affected, hasRows: fields.length > 0 };
}

/**
 * A BLOB/bytea value as bytes, or null when it is not one. The runtime sends bytes as a list
 * of byte values (sql.js's Uint8Array in JSON); an engine in the page gives a Uint8Array;
 * `\x…` hex text is PGlite's text form.
 */
export function asBytes(value) {
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(value);
  if (typeof value === "string" && value.length >= 2 && HEX_BLOB.test(value)) {
    return Uint8Array.from(value.slice(2).match(/../g) ?? [], (pair) => parseInt(pair, 16));
  }
  return null;
}

export function isBlob(value) {
  return asBytes(value) !== null;
}

/** "BLOB · 12 bytes" for any form `asBytes` reads. */
export function blobSummary(value) {
  const bytes = asBytes(value)?.length ?? 0;
  return `BLOB · ${bytes} byte${bytes === 1 ? "" : "s"}`;
}

/** Bytes as `\x…` hex, the form Postgres and sqlite print them in. */
export function bytesText(value) {
  const bytes = asBytes(value);
  return bytes === null ? cellText(value) : `\\x${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** How a cell reads as text (export, the full value): NULL stays null. */
export function cellText(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return bytesText(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A Postgres date/timestamp[tz] value as psql prints it in a UTC session:
 * `2024-01-01`, `2024-01-01 10:00:00.25`, `2024-01-01 08:00:00+00`; other text unchanged.
 */
export function postgresTemporalText(oid, value) {
  const parts = typeof value === "string" ? JS_DATE.exec(value) : null;
  if (!parts || parts[1].startsWith("-")) return cellText(value); // BC years: as sent
  const [, year, month, day, hour, minute, second, ms] = parts;
  const date = `${String(Number(year)).padStart(4, "0")}-${month}-${day}`;
  if (oid === DATE_OID) return date;
  const fraction = ms === "000" ? "" : `.${ms.replace(/0+$/, "")}`;
  return `${date} ${hour}:${minute}:${second}${fraction}${oid === TIMESTAMPTZ_OID ? "+00" : ""}`;
}

/** A cell's text in its column: BLOB columns print their bytes as hex, Postgres dates as psql does. */
export function columnText(table, column, value) {
  if (value === null || value === undefined) return cellText(value);
  if (table.binary[column]) return bytesText(value);
  const oid = table.pgTypes?.[column];
  return TEMPORAL_OIDS.has(oid) ? postgresTemporalText(oid, value) : cellText(value);
}

function csvField(text) {
  if (text === null) return "";
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row; NULL is an empty field. */
export function toCSV(table) {
  const lines = [table.columns.map(csvField).join(",")];
  for (const row of table.rows) lines.push(row.map((v, i) => csvField(columnText(table, i, v))).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** A JSON array of row objects (values as the engine sent them). */
export function toJSON(table) {
  const value = (v) => (v instanceof Uint8Array ? cellText(v) : v ?? null);
  const rows = table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, value(row[i])])));
  return JSON.stringify(rows, null, 2) + "\n";
}

/**
 * Where the failing statement sits in the SQL that was sent: [start, end] or null.
 * The runtime names it as it ran it (trimmed, maybe without its semicolon).
 */
export function statementRange(sql, statement) {
  if (!statement) return null;
  const wanted = statement.trim().replace(/;\s*$/, "");
  if (!wanted) return null;
  const start = sql.indexOf(wanted);
  if (start >= 0) return [start, start + wanted.length];
  // Whitespace may differ: match token by token.
  const pattern = wanted
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  const found = new RegExp(pattern).exec(sql);
  return found ? [found.index, found.index + found[0].length] : null;
}

/** A history entry's label: the SQL's leading comment, else its first line. */
export function queryLabel(sql, max = 70) {
  const lines = sql.trim().split("\n");
  const comment = lines[0].match(/^--\s*(.+)$/);
  const text = comment ? comment[1] : lines.find((l) => l.trim() && !l.trim().startsWith("--")) ?? lines[0];
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

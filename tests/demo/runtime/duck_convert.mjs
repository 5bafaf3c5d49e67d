// Converts a duckdb-wasm (Apache Arrow) result into the plain values the Python
// runtime's DuckConnection port promises (demo/runtime/ports.py): for each column
// DuckDB's type name, and values as numbers, BigInts (64-bit integers), strings,
// booleans, null, Uint8Array (BLOB), arrays (LIST) and objects (STRUCT/MAP).
// Decimals, dates, times, timestamps and intervals become the text DuckDB's own
// CAST(... AS VARCHAR) prints, so native (demo/native/duck.py) and browser answers match.
//
// Used by pyodide_runner.mjs (the service worker converts in demo/browser/duck.py).
// Known gaps (Arrow does not carry them): UUID and JSON columns arrive as VARCHAR,
// ENUM as VARCHAR, HUGEINT as DECIMAL(38,0).

const pad = (n, width = 2) => String(n).padStart(width, "0");

// "." + microseconds without trailing zeros, or "" (DuckDB's style).
function fraction(micros) {
  if (!micros) return "";
  return "." + pad(micros, 6).replace(/0+$/, "");
}

function clock(totalMicros) {
  const micros = Number(totalMicros % 1000000n);
  let seconds = Number(totalMicros / 1000000n);
  const h = Math.floor(seconds / 3600);
  seconds -= h * 3600;
  const m = Math.floor(seconds / 60);
  return `${pad(h)}:${pad(m)}:${pad(seconds - m * 60)}${fraction(micros)}`;
}

function dateText(ms) {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4);
  return `${y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

// Timestamps arrive as milliseconds (a float carrying microseconds in its fraction).
function timestampText(ms, withZone) {
  const micros = BigInt(Math.round(ms * 1000));
  const dayMicros = 86400000000n;
  let day = micros / dayMicros;
  let rest = micros % dayMicros;
  if (rest < 0n) {
    rest += dayMicros;
    day -= 1n;
  }
  const text = `${dateText(Number(day) * 86400000)} ${clock(rest)}`;
  return withZone ? text + "+00" : text;
}

function decimalText(value, scale) {
  let digits = BigInt(String(value));
  const negative = digits < 0n;
  if (negative) digits = -digits;
  let text = digits.toString();
  if (scale > 0) {
    text = text.padStart(scale + 1, "0");
    text = text.slice(0, -scale) + "." + text.slice(-scale);
  }
  return negative ? "-" + text : text;
}

function intervalText(parts) {
  // MONTH_DAY_NANO: [months, days, nanoseconds as two 32-bit halves].
  const months = parts[0];
  const days = parts[1];
  const nanos = (BigInt(parts[3] ?? 0) << 32n) | BigInt((parts[2] ?? 0) >>> 0);
  const out = [];
  const years = Math.trunc(months / 12);
  const restMonths = months % 12;
  if (years) out.push(`${years} year${Math.abs(years) === 1 ? "" : "s"}`);
  if (restMonths) out.push(`${restMonths} month${Math.abs(restMonths) === 1 ? "" : "s"}`);
  if (days) out.push(`${days} day${Math.abs(days) === 1 ? "" : "s"}`);
  if (nanos !== 0n || out.length === 0) {
    const micros = nanos / 1000n;
    out.push((micros < 0n ? "-" : "") + clock(micros < 0n ? -micros : micros));
  }
  return out.join(" ");
}

// DuckDB's name for an Arrow type (as far as Arrow tells).
export function duckTypeName(type) {
  const t = String(type);
  const id = type.typeId;
  if (t.startsWith("Int8")) return "TINYINT";
  if (t.startsWith("Int16")) return "SMALLINT";
  if (t.startsWith("Int32")) return "INTEGER";
  if (t.startsWith("Int64")) return "BIGINT";
  if (t.startsWith("Uint8")) return "UTINYINT";
  if (t.startsWith("Uint16")) return "USMALLINT";
  if (t.startsWith("Uint32")) return "UINTEGER";
  if (t.startsWith("Uint64")) return "UBIGINT";
  if (t.startsWith("Float16") || t.startsWith("Float32")) return "FLOAT";
  if (t.startsWith("Float64")) return "DOUBLE";
  if (t.startsWith("Decimal")) return `DECIMAL(${type.precision},${type.scale})`;
  if (t.startsWith("Utf8") || t.startsWith("LargeUtf8") || t.startsWith("Dictionary")) return "VARCHAR";
  if (t.startsWith("Binary") || t.startsWith("LargeBinary") || t.startsWith("FixedSizeBinary")) return "BLOB";
  if (t.startsWith("Bool")) return "BOOLEAN";
  if (t.startsWith("Date")) return "DATE";
  if (t.startsWith("Time") && !t.startsWith("Timestamp")) return "TIME";
  if (t.startsWith("Timestamp")) return type.timezone ? "TIMESTAMP WITH TIME ZONE" : "TIMESTAMP";
  if (t.startsWith("Interval") || t.startsWith("Duration")) return "INTERVAL";
  if (t.startsWith("List") || t.startsWith("FixedSizeList") || t.startsWith("LargeList")) {
    return duckTypeName(type.children[0].type) + "[]";
  }
  if (t.startsWith("Map")) {
    const entry = type.children[0].type.children;
    return `MAP(${duckTypeName(entry[0].type)}, ${duckTypeName(entry[1].type)})`;
  }
  if (t.startsWith("Struct")) {
    return `STRUCT(${type.children.map((c) => `${c.name} ${duckTypeName(c.type)}`).join(", ")})`;
  }
  if (t.startsWith("Null") || id === 1) return "NULL";
  return "VARCHAR";
}

// One Arrow value of `type` as a plain value.
export function plainValue(value, type) {
  if (value === null || value === undefined) return null;
  const t = String(type);
  if (t.startsWith("Decimal")) return decimalText(value, type.scale);
  if (t.startsWith("Date")) return dateText(value);
  if (t.startsWith("Timestamp")) return timestampText(value, !!type.timezone);
  if (t.startsWith("Time")) {
    const unit = type.unit; // 0 s, 1 ms, 2 us, 3 ns
    const v = BigInt(value);
    const micros = unit === 3 ? v / 1000n : unit === 2 ? v : unit === 1 ? v * 1000n : v * 1000000n;
    return clock(micros);
  }
  if (t.startsWith("Interval")) return intervalText(Array.from(value));
  if (t.startsWith("Dictionary")) return String(value);
  if (t.startsWith("Binary") || t.startsWith("LargeBinary") || t.startsWith("FixedSizeBinary")) {
    return new Uint8Array(value);
  }
  if (t.startsWith("List") || t.startsWith("FixedSizeList") || t.startsWith("LargeList")) {
    const child = type.children[0].type;
    return Array.from(value, (v) => plainValue(v, child));
  }
  if (t.startsWith("Map")) {
    const entry = type.children[0].type.children;
    const out = {};
    for (const [k, v] of value) out[String(plainValue(k, entry[0].type))] = plainValue(v, entry[1].type);
    return out;
  }
  if (t.startsWith("Struct")) {
    const out = {};
    for (const child of type.children) out[child.name] = plainValue(value[child.name], child.type);
    return out;
  }
  if (typeof value === "bigint") {
    // Keep exact 64-bit integers; small ones become plain numbers.
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value;
  }
  return value;
}

// {columns, types, rows} from an Arrow Table returned by conn.query(sql).
export function duckResultFromArrow(table) {
  const fields = table.schema.fields;
  const vectors = fields.map((_, i) => table.getChildAt(i));
  const rows = [];
  for (let r = 0; r < table.numRows; r++) {
    rows.push(fields.map((f, i) => plainValue(vectors[i].get(r), f.type)));
  }
  return { columns: fields.map((f) => f.name), types: fields.map((f) => duckTypeName(f.type)), rows };
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return btoa(text);
}

// JSON text for crossing into Python: BigInts as exact integer literals, bytes as
// {"$bytes": base64}. Python's json.loads reads the integers exactly.
export function toJsonText(result) {
  const marks = [];
  const text = JSON.stringify(result, (_key, value) => {
    if (typeof value === "bigint") {
      marks.push(value.toString());
      return `\u0000big${marks.length - 1}\u0000`;
    }
    if (value instanceof Uint8Array) return { $bytes: base64(value) };
    if (typeof value === "number" && !Number.isFinite(value)) return { $float: String(value) };
    return value;
  });
  return text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i) => marks[Number(i)]);
}

// duckdb-wasm's answers (Arrow IPC file bytes) read straight into plain columns, for the
// column types most answers hold: integers, floats, text, booleans, decimals, dates,
// times and timestamps. apache-arrow reads any answer, but building its Table took
// 0.15-0.25 ms of a warm one-row query in the worker; reading only the flatbuffers and
// buffers needed takes about 0.02 ms.
//
// `readColumns` gives exactly what duck-database.js's apache-arrow path gives for those
// types ({names, types, columns, numRows}: the same type descriptions and raw values),
// or null for an answer it does not read (another type, a dictionary, compression),
// which then goes through apache-arrow. Columns are read by position: names may repeat.
// tests/demo/runtime/sql/test_arrow_columns.py holds the two paths to the same answers.

// Arrow's Type union (Schema.fbs); apache-arrow's type ids are the same numbers.
const INT = 2, FLOAT = 3, UTF8 = 5, BOOL = 6, DECIMAL = 7, DATE = 8, TIME = 9, TIMESTAMP = 10;
const RECORD_BATCH = 3; // MessageHeader union
const DAY = 0; // DateUnit
const LITTLE_ENDIAN = 0;
const DOUBLE = 2, SINGLE = 1; // Precision
const utf8 = new TextDecoder("utf-8");

export function readColumns(bytes) {
  const fb = new Flatbuffer(bytes);
  const footer = fb.root(bytes.length - 10 - fb.int32(bytes.length - 10));
  if (footer.vectorLength(2) > 0) return null; // dictionaries (ENUM columns)
  const schema = footer.table(1);
  if (schema.int16(0, 0) !== LITTLE_ENDIAN) return null;
  const fields = [];
  let buffers = 0; // each field's first buffer in a record batch
  for (let i = 0, n = schema.vectorLength(1); i < n; i++) {
    const field = readField(schema.vectorTable(1, i));
    if (field === null) return null;
    field.firstBuffer = buffers;
    buffers += field.buffers;
    fields.push(field);
  }
  const columns = fields.map(() => []);
  let numRows = 0;
  for (let b = 0, n = footer.vectorLength(3); b < n; b++) {
    const block = footer.vectorStruct(3, b, 24);
    const at = Number(fb.int64(block));
    const metaLength = fb.int32(block + 8);
    const message = fb.root(fb.int32(at) === -1 ? at + 8 : at + 4);
    if (message.uint8(1) !== RECORD_BATCH) return null;
    const batch = message.table(2);
    if (batch.has(3)) return null; // compressed buffers
    const rows = batch.has(0) ? Number(fb.int64(batch.offset(0))) : 0;
    const body = at + metaLength;
    for (let f = 0; f < fields.length; f++) {
      const node = batch.vectorStruct(1, f, 16);
      const nulls = Number(fb.int64(node + 8));
      const buffer = (k) => {
        const at = batch.vectorStruct(2, fields[f].firstBuffer + k, 16);
        return [body + Number(fb.int64(at)), Number(fb.int64(at + 8))];
      };
      readValues(bytes, fields[f], rows, nulls, buffer, columns[f]);
    }
    numRows += rows;
  }
  return { names: fields.map((f) => f.name), types: fields.map((f) => f.type), columns, numRows };
}

// A schema Field as {name, type (duck-database.js's description), buffers}, or null.
function readField(field) {
  if (field.has(4) || field.vectorLength(5) > 0) return null; // dictionary-encoded, nested
  const name = field.string(0) ?? "";
  const type = field.table(3);
  switch (field.uint8(2)) {
    case INT: {
      const bitWidth = type.int32(0, 0);
      return { name, type: { id: INT, bitWidth, signed: type.bool(1) }, buffers: 2 };
    }
    case FLOAT: {
      const precision = type.int16(0, 0);
      if (precision !== SINGLE && precision !== DOUBLE) return null;
      return { name, type: { id: FLOAT, precision }, buffers: 2 };
    }
    case UTF8:
      return { name, type: { id: UTF8 }, buffers: 3 };
    case BOOL:
      return { name, type: { id: BOOL }, buffers: 2 };
    case DECIMAL: {
      const [precision, scale, bitWidth] = [type.int32(0, 0), type.int32(1, 0), type.int32(2, 128)];
      return { name, type: { id: DECIMAL, bitWidth, precision, scale }, buffers: 2 };
    }
    case DATE:
      if (type.int16(0, 1) !== DAY) return null;
      return { name, type: { id: DATE, unit: DAY }, buffers: 2 };
    case TIME: {
      const [unit, bitWidth] = [type.int16(0, 1), type.int32(1, 32)];
      return { name, type: { id: TIME, bitWidth, unit }, buffers: 2 };
    }
    case TIMESTAMP: {
      const timezone = type.string(1);
      const description = { id: TIMESTAMP, unit: type.int16(0, 0) };
      if (timezone) description.timezone = timezone;
      return { name, type: description, buffers: 2 };
    }
    default:
      return null;
  }
}

// Appends one batch's `rows` values of `field` to `out` (null -> undefined, as columnValues).
function readValues(bytes, field, rows, nulls, buffer, out) {
  const [validAt, validLength] = buffer(0);
  const valid = nulls > 0 && validLength > 0 ? bytes.subarray(validAt, validAt + validLength) : null;
  const [at, length] = buffer(1);
  const type = field.type;
  let value;
  switch (type.id) {
    case INT:
      value = intReader(bytes, at, length, type);
      break;
    case FLOAT: {
      const values = view(type.precision === DOUBLE ? Float64Array : Float32Array, bytes, at, length);
      value = (i) => values[i];
      break;
    }
    case UTF8: {
      const offsets = view(Int32Array, bytes, at, length);
      const [dataAt] = buffer(2);
      value = (i) => utf8.decode(bytes.subarray(dataAt + offsets[i], dataAt + offsets[i + 1]));
      break;
    }
    case BOOL:
      value = (i) => ((bytes[at + (i >> 3)] >> (i & 7)) & 1) === 1;
      break;
    case DECIMAL: {
      const words = view(Uint32Array, bytes, at, length);
      value = (i) => decimalDigits(words, i, type.bitWidth / 32);
      break;
    }
    case DATE:
      value = intReader(bytes, at, length, { bitWidth: 32, signed: true });
      break;
    case TIME:
      value = intReader(bytes, at, length, { bitWidth: type.bitWidth, signed: true });
      break;
    case TIMESTAMP:
      value = intReader(bytes, at, length, { bitWidth: 64, signed: true });
      break;
  }
  for (let i = 0; i < rows; i++) {
    out.push(valid === null || (valid[i >> 3] >> (i & 7)) & 1 ? value(i) : undefined);
  }
}

// 64-bit values are BigInts, as apache-arrow gives them; narrower ones numbers.
const INT_ARRAYS = {
  8: [Int8Array, Uint8Array],
  16: [Int16Array, Uint16Array],
  32: [Int32Array, Uint32Array],
  64: [BigInt64Array, BigUint64Array],
};

function intReader(bytes, at, length, { bitWidth, signed }) {
  const values = view(INT_ARRAYS[bitWidth][signed ? 0 : 1], bytes, at, length);
  return (i) => values[i];
}

function view(ArrayType, bytes, at, length) {
  return new ArrayType(bytes.buffer, bytes.byteOffset + at, length / ArrayType.BYTES_PER_ELEMENT);
}

// A little-endian two's complement integer of `words` 32-bit words, as decimal digits.
export function decimalDigits(values, i, words) {
  let value = 0n;
  for (let k = words - 1; k >= 0; k--) value = (value << 32n) | BigInt(values[i * words + k] >>> 0);
  if (values[i * words + words - 1] & 0x80000000) value -= 1n << BigInt(32 * words);
  return value.toString();
}

// The few flatbuffer reads Arrow's metadata needs (little-endian, as Arrow writes it).
class Flatbuffer {
  constructor(bytes) {
    this.bytes = bytes;
    this.data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  int32(at) {
    return this.data.getInt32(at, true);
  }
  int64(at) {
    return this.data.getBigInt64(at, true);
  }
  root(at) {
    return new Table(this, at + this.data.getUint32(at, true));
  }
}

class Table {
  constructor(fb, at) {
    this.fb = fb;
    this.at = at;
    this.vtable = at - fb.data.getInt32(at, true);
    this.vtableSize = fb.data.getUint16(this.vtable, true);
  }
  // Where field `index` is, or 0 when it is absent (its default applies).
  offset(index) {
    const slot = 4 + 2 * index;
    const relative = slot < this.vtableSize ? this.fb.data.getUint16(this.vtable + slot, true) : 0;
    return relative === 0 ? 0 : this.at + relative;
  }
  has(index) {
    return this.offset(index) !== 0;
  }
  uint8(index, otherwise = 0) {
    const at = this.offset(index);
    return at ? this.fb.data.getUint8(at) : otherwise;
  }
  bool(index) {
    return this.uint8(index) !== 0;
  }
  int16(index, otherwise) {
    const at = this.offset(index);
    return at ? this.fb.data.getInt16(at, true) : otherwise;
  }
  int32(index, otherwise) {
    const at = this.offset(index);
    return at ? this.fb.data.getInt32(at, true) : otherwise;
  }
  // The target of the offset stored at `at`.
  follow(at) {
    return at + this.fb.data.getUint32(at, true);
  }
  table(index) {
    const at = this.offset(index);
    return at ? new Table(this.fb, this.follow(at)) : null;
  }
  string(index) {
    const at = this.offset(index);
    if (!at) return null;
    const start = this.follow(at);
    const length = this.fb.data.getUint32(start, true);
    return utf8.decode(this.fb.bytes.subarray(start + 4, start + 4 + length));
  }
  vectorLength(index) {
    const at = this.offset(index);
    return at ? this.fb.data.getUint32(this.follow(at), true) : 0;
  }
  vectorTable(index, i) {
    const element = this.follow(this.offset(index)) + 4 + 4 * i;
    return new Table(this.fb, this.follow(element));
  }
  // Where struct `i` (of `size` bytes) of vector field `index` starts.
  vectorStruct(index, i, size) {
    return this.follow(this.offset(index)) + 4 + size * i;
  }
}

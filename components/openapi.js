// What the fixture explorer reads from a mock-http service: its routes (OpenAPI
// operations grouped by tag, plus fixture-only routes), each route's parameters,
// a request body example, the responses and named examples one can ask for with
// `Prefer`, and the `X-Demo-Source` header that says what answered. Pure: tested in
// Node (tests/demo/components/test_openapi.py).

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const MAX_DEPTH = 8;

export function resolve(document, value, seen = 0) {
  if (!value || typeof value !== "object" || typeof value.$ref !== "string" || seen > 20) return value;
  const parts = value.$ref.replace(/^#\//, "").split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let target = document;
  for (const part of parts) target = target?.[part];
  return resolve(document, target, seen + 1);
}

/**
 * @typedef {Object} Route
 * @property {string} method upper case ("*" for a fixture answering any method)
 * @property {string} path as written ("/pet/{petId}")
 * @property {string} summary
 * @property {string} tag the group it is listed under
 * @property {Object[]} parameters resolved OpenAPI parameters (path and query)
 * @property {Object | null} requestBody the JSON media object of the request body
 * @property {Object} responses code -> resolved response
 * @property {number | null} fixture the index in fixtures.json when a fixture answers it
 */

/** Routes of the document and the fixtures, grouped: [[tag, Route[]], ...]. */
export function routeGroups(document, fixtures) {
  const groups = new Map();
  const add = (tag, route) => {
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag).push(route);
  };
  const known = new Set();
  for (const [path, rawItem] of Object.entries(document?.paths ?? {})) {
    const item = resolve(document, rawItem) ?? {};
    const shared = item.parameters ?? [];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = mergeParameters(document, shared, op.parameters ?? []);
      const body = resolve(document, op.requestBody);
      const content = body?.content ?? {};
      const media = Object.keys(content).find((k) => /json/i.test(k));
      const responses = Object.fromEntries(Object.entries(op.responses ?? {}).map(([code, r]) => [code, resolve(document, r) ?? {}]));
      known.add(`${method.toUpperCase()} ${path}`);
      add(op.tags?.[0] ?? "Other routes", {
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? op.operationId ?? "",
        tag: op.tags?.[0] ?? "Other routes",
        parameters,
        requestBody: media ? resolve(document, content[media]) : null,
        responses,
        fixture: null,
      });
    }
  }
  (fixtures ?? []).forEach((fixture, index) => {
    const method = String(fixture.method ?? "GET").toUpperCase();
    if (known.has(`${method} ${fixture.path}`)) return;
    known.add(`${method} ${fixture.path}`);
    const names = [...fixture.path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]);
    add("Fixtures", {
      method,
      path: fixture.path,
      summary: `Recorded answer ${fixture.status ?? 200}`,
      tag: "Fixtures",
      parameters: names.map((name) => ({ name, in: "path", required: true })),
      requestBody: null,
      responses: {},
      fixture: index,
    });
  });
  return [...groups.entries()];
}

function mergeParameters(document, shared, own) {
  const out = new Map();
  for (const raw of [...shared, ...own]) {
    const p = resolve(document, raw);
    if (p && (p.in === "path" || p.in === "query")) out.set(`${p.in}:${p.name}`, p);
  }
  return [...out.values()];
}

/** The route's path parameters: the declared ones, plus any `{name}` left undeclared. */
export function pathParameters(route) {
  const declared = route.parameters.filter((p) => p.in === "path");
  const names = new Set(declared.map((p) => p.name));
  const extra = [...route.path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]).filter((n) => !names.has(n));
  return [...declared, ...extra.map((name) => ({ name, in: "path", required: true }))];
}

export function queryParameters(route) {
  return route.parameters.filter((p) => p.in === "query");
}

/** A value to pre-fill a parameter with: its example, default or first enum value. */
export function parameterExample(document, parameter) {
  const schema = resolve(document, parameter.schema) ?? {};
  const examples = parameter.examples ? Object.values(parameter.examples) : [];
  const value =
    parameter.example ?? resolve(document, examples[0])?.value ?? schema.example ?? schema.default ?? schema.enum?.[0];
  if (value === undefined || value === null) return "";
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** The URL below the service: path parameters filled (encoded), query appended. */
export function buildPath(template, pathValues, queryValues) {
  const path = template.replace(/\{([^{}/]+)\}/g, (_, name) => encodeURIComponent(pathValues[name] ?? ""));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(queryValues)) if (value !== "") query.append(name, value);
  const search = query.toString();
  return path.replace(/^\/+/, "") + (search ? `?${search}` : "");
}

/** The request body example, as pretty JSON text ("" when the route takes no body). */
export function bodyExample(document, media) {
  if (!media) return "";
  let value;
  if ("example" in media) value = media.example;
  else if (media.examples && Object.keys(media.examples).length) value = resolve(document, Object.values(media.examples)[0])?.value;
  else value = sampleSchema(document, media.schema, 0, true);
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

/** A deterministic value for a schema, in the spirit of the mock router (examples first). */
export function sampleSchema(document, rawSchema, depth = 0, request = false) {
  const schema = resolve(document, rawSchema);
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH) return null;
  for (const key of ["example", "default", "const"]) if (key in schema) return schema[key];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleSchema(document, s, depth + 1, request)).filter((v) => v && typeof v === "object"));
  }
  for (const key of ["oneOf", "anyOf"]) if (Array.isArray(schema[key]) && schema[key].length) return sampleSchema(document, schema[key][0], depth + 1, request);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || (!type && schema.properties)) {
    const out = {};
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const resolved = resolve(document, prop);
      if (resolved?.[request ? "readOnly" : "writeOnly"]) continue;
      out[name] = sampleSchema(document, prop, depth + 1, request);
    }
    return out;
  }
  if (type === "array") return [sampleSchema(document, schema.items, depth + 1, request)];
  if (type === "integer" || type === "number") return schema.minimum ?? 0;
  if (type === "boolean") return true;
  if (type === "string") return schema.format === "date-time" ? "2024-01-01T00:00:00Z" : "string";
  return null;
}

/** Response codes one can ask for with `Prefer: code=`, numeric ones in order. */
export function responseCodes(route) {
  return Object.keys(route.responses).sort((a, b) => (/^\d+$/.test(a) ? Number(a) : 999) - (/^\d+$/.test(b) ? Number(b) : 999));
}

/** Named examples of a response (its JSON media type first), for `Prefer: example=`. */
export function exampleNames(route, code) {
  const content = route.responses[code]?.content ?? {};
  const media = Object.keys(content).find((k) => /json/i.test(k)) ?? Object.keys(content)[0];
  return Object.keys(content[media]?.examples ?? {});
}

/** The `Prefer` header for a choice, or "" for the router's default. */
export function preferHeader(code, example) {
  return [code && /^\d{3}$/.test(code) ? `code=${code}` : "", example ? `example=${example}` : ""].filter(Boolean).join(", ");
}

/** `X-Demo-Source: fixture=3; method=GET; path=/pet/1` -> {fixture: "3", method: "GET", path: "/pet/1"}. */
export function parseSource(header) {
  if (!header) return null;
  const out = {};
  for (const part of header.split(";")) {
    const [key, ...rest] = part.split("=");
    if (key.trim()) out[key.trim()] = decode(rest.join("=").trim());
  }
  return out;
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** One sentence saying what answered. */
export function describeSource(source) {
  if (!source) return "";
  if ("fixture" in source) return `Fixture #${source.fixture} of fixtures.json (${source.method} ${source.path})`;
  const parts = [`OpenAPI ${source.method} ${source.path}`, `response ${source.response}`];
  if (source.media) parts.push(source.media);
  const examples = { schema: "generated from the schema", example: "its example" };
  if (source.example) parts.push(examples[source.example] ?? `example “${source.example}”`);
  return parts.join(", ");
}

// Checks a setting's value against its JSON-schema fragment in the browser, so most
// mistakes show at once; the host checks again and its 400 is shown the same way.

/** A problem sentence (like the host's), or null when the value fits. */
export function validateValue(schema, value) {
  if (!schema) return null;
  const type = schema.type;
  if (type === "integer" || type === "number") {
    if (value === null || value === undefined || Number.isNaN(value)) return "must be a number";
    if (type === "integer" && !Number.isInteger(value)) return "must be a whole number";
    const low = schema.minimum;
    const high = schema.maximum;
    if (low !== undefined && high !== undefined && (value < low || value > high)) return `must be between ${low} and ${high}`;
    if (low !== undefined && value < low) return `must be at least ${low}`;
    if (high !== undefined && value > high) return `must be at most ${high}`;
  }
  if (type === "string") {
    if (typeof value !== "string") return "must be text";
    if (schema.minLength && value.length < schema.minLength) return `must be at least ${schema.minLength} characters`;
    if (schema.maxLength && value.length > schema.maxLength) return `must be at most ${schema.maxLength} characters`;
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return `must be one of ${schema.enum.join(", ")}`;
  }
  return null;
}

/** A default or value as a person reads it. */
export function describeValue(value) {
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (value === "") return "empty";
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

// Checks a setting's value against its JSON-schema fragment in the browser, so most
// mistakes show at once; the host checks again and its 400 is shown the same way.
import { t } from "../i18n.js";

/** A problem sentence (like the host's), or null when the value fits. */
export function validateValue(schema, value) {
  if (!schema) return null;
  const type = schema.type;
  if (type === "integer" || type === "number") {
    if (value === null || value === undefined || Number.isNaN(value)) return t("check.number");
    if (type === "integer" && !Number.isInteger(value)) return t("check.whole");
    const low = schema.minimum;
    const high = schema.maximum;
    if (low !== undefined && high !== undefined && (value < low || value > high)) return t("check.between", { low: String(low), high: String(high) });
    if (low !== undefined && value < low) return t("check.atLeast", { low: String(low) });
    if (high !== undefined && value > high) return t("check.atMost", { high: String(high) });
  }
  if (type === "string") {
    if (typeof value !== "string") return t("check.text");
    if (schema.minLength && value.length < schema.minLength) return t("check.minLength", { count: String(schema.minLength) });
    if (schema.maxLength && value.length > schema.maxLength) return t("check.maxLength", { count: String(schema.maxLength) });
    if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return t("check.oneOf", { list: schema.enum.join(", ") });
  }
  return null;
}

/** A default or value as a person reads it. */
export function describeValue(value) {
  if (Array.isArray(value)) return value.length ? value.join(", ") : t("settings.none");
  if (value === "") return t("settings.empty");
  if (typeof value === "boolean") return t(value ? "settings.on" : "settings.off");
  return String(value);
}

// How the data layer writes a path segment that comes from data (a uuid, a hash, a key).

/** One path segment, escaped so a "/" or "?" in the value cannot change the route. */
export const seg = (value) => encodeURIComponent(value);

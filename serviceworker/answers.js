// Mock answers the build recorded (demo/build/answers.py), sent while Python starts.
//
// Python decided each of them: the build ran the app for a plain GET of every mock
// route written without a path template and noted which request headers the answer
// depends on. A GET of such a path, without a query, whose noted headers have the
// noted values, gets that answer at once instead of waiting for Python to restore;
// every other request waits for Python, as before. Mocks keep no state, so an
// answer sent from here is the one Python would send. A noted value may be a list
// (Accept: `*/*` or `application/json`, which Python answered alike): any of them will do.

const ANSWERS_FILE = "__demo-answers.json";

// Resolves with the table for this build: a Map from path to answer (empty when the
// site has none, or one of another build).
export async function loadAnswers(root, checksum) {
  const table = new Map();
  try {
    const response = await fetch(new URL(ANSWERS_FILE, root));
    if (!response.ok) return table;
    const document = await response.json();
    if (document.checksum !== checksum) return table;
    for (const answer of document.answers) table.set(answer.path, answer);
  } catch (err) {
    console.warn(`[helio-demo] cannot read ${ANSWERS_FILE}:`, err);
  }
  return table;
}

// The recorded Response for this request, or null when Python must answer it.
export function recordedAnswer(table, request, path, query) {
  if (request.method !== "GET" || query !== "") return null;
  const answer = table.get(path);
  if (!answer) return null;
  for (const [name, value] of Object.entries(answer.headers)) {
    const sent = request.headers.get(name);
    if (Array.isArray(value) ? !value.includes(sent) : sent !== value) return null;
  }
  const empty = [204, 205, 304].includes(answer.status);
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.response });
}

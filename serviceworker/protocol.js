// The one message the page and the worker exchange (besides fetches).
// page -> worker: { type: BUILD_QUERY }; worker -> page: { type: BUILD_QUERY, build: <checksum> }.
export const BUILD_QUERY = "helio-demo:build";

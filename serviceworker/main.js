// Worker bundle entry (esbuild: serviceworker/main.js -> <site>/__demo-sw.js).
import { openDuckDB, precompileDuckDB } from "./duck-loader.js";
import { startWorker } from "./worker.js";

startWorker({ openDuckDB, precompileDuckDB });

// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/web, so the
// server sends the smallest encoding the browser accepts without compressing per request (app.ts, serveStatic's
// `precompressed`). A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = new URL("../dist/web", import.meta.url).pathname;
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".txt",
  ".map",
  ".webmanifest",
]);
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

let plain = 0;
let brotli = 0;
for (const path of files(ROOT)) {
  const size = statSync(path).size;
  if (size < MIN_BYTES) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < size) writeFileSync(`${path}.br`, br);
  if (gz.length < size) writeFileSync(`${path}.gz`, gz);
  if (!path.endsWith(".map")) {
    plain += size;
    brotli += Math.min(br.length, size);
  }
}
console.log(
  `compressed dist/web: ${(plain / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with brotli`,
);

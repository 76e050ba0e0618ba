// Imported into a spawned server (`node --import`): on SIGUSR2 it prints every module the process has loaded
// so far, as one line "LOADED-MODULES [...]" on stderr. ES modules are seen by a resolve hook (it runs on the
// loader's thread and posts each URL here), CommonJS ones are in require's cache.
import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const loaded = new Set();
const { port1, port2 } = new MessageChannel();
port1.on("message", (url) => loaded.add(url));
port1.unref();
const hook = [
  "let port;",
  "export function initialize(data) { port = data.port; }",
  "export async function resolve(specifier, context, next) {",
  "  const resolved = await next(specifier, context);",
  "  port.postMessage(resolved.url);",
  "  return resolved;",
  "}",
].join("\n");
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url, {
  data: { port: port2 },
  transferList: [port2],
});

process.on("SIGUSR2", () => {
  const all = [...loaded, ...Object.keys(createRequire(import.meta.url).cache)];
  process.stderr.write(`LOADED-MODULES ${JSON.stringify(all)}\n`);
});

// `npm start`: build what is missing or stale, then serve. Migrations run inside the server before it listens.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const outputs = ["dist/web/index.html", "dist/server/main.js"];
const stale =
  outputs.some((f) => !existsSync(f)) || newest("src") > Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (stale) {
  process.stdout.write("Building Gatehouse (first start or sources changed)…\n");
  execSync("npm run build", { stdio: "inherit" });
}
await import(new URL("../dist/server/main.js", import.meta.url).href);

// `npm run dev`: the server with reload on change, and Vite with hot module replacement on :5173.
import { spawn } from "node:child_process";

// The browser talks to Vite (which proxies /api), so mail links and trusted origins point there.
const env = {
  ...process.env,
  BETTER_AUTH_URL: process.env.BETTER_AUTH_URL ?? "http://localhost:5173",
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? "http://localhost:5173",
};
const children = [
  spawn("npx", ["tsx", "watch", "src/server/boot/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite"], { stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);

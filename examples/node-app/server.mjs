// Runs the example app with its settings from the environment: `node server.mjs` (see README.md).
import { startExampleApp } from "./app.mjs";

const env = process.env;
for (const name of ["GATEHOUSE_ISSUER", "CLIENT_ID"]) {
  if (!env[name]) {
    console.error(`${name} is required (see README.md)`);
    process.exit(1);
  }
}
const port = Number(env.PORT ?? 4000);
const app = await startExampleApp({
  issuer: env.GATEHOUSE_ISSUER,
  clientId: env.CLIENT_ID,
  clientSecret: env.CLIENT_SECRET || undefined,
  port,
  host: env.HOST ?? "127.0.0.1",
  appUrl: env.APP_URL ?? (env.REDIRECT_URI ? new URL(env.REDIRECT_URI).origin : undefined),
  redirectUri: env.REDIRECT_URI || undefined,
  postLogoutRedirectUri: env.POST_LOGOUT_REDIRECT_URI || undefined,
  audience: env.API_AUDIENCE || undefined,
});
console.log(`Example app running at ${app.url}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => app.close().then(() => process.exit(0)));
}

// The framework ceiling: a bare Hono JSON route on @hono/node-server.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("*", (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`running at http://127.0.0.1:${info.port}\n`);
});

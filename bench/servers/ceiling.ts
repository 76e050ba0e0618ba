// The ceiling: a bare `node:http` server answering a small JSON body, in its own process. No framework, no
// routing, no headers beyond what a JSON answer needs — what Node itself costs per request on this machine.
import { createServer } from "node:http";

const body = '{"ok":true}';
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => {
  process.stdout.write(`running at http://127.0.0.1:${process.env.PORT}\n`);
});
// Exit (rather than die of the signal) so `node --cpu-prof` writes its profile.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));

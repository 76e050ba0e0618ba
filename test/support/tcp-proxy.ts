import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A loopback TCP proxy in front of PostgreSQL or Redis. `down()` cuts every connection and refuses new
 * ones, which is what a server process sees when the service stops, without stopping the shared service
 * other suites use; the service keeps its data, as a Redis that was only unreachable would.
 */
export interface TcpProxy {
  port: number;
  /** The target URL with its host and port replaced by the proxy's. */
  url(target: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const address = s.address();
        port = typeof address === "object" && address ? address.port : port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await listen();
  return {
    port,
    url(t) {
      const u = new URL(t);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    down: stop,
    up: listen,
    close: stop,
  };
}

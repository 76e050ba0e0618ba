import dns2 from "dns2";

export interface TestDnsServer {
  /** host:port, as DNS_SERVERS takes it. */
  address: string;
  /** Publishes (or replaces) the TXT values at a name. */
  setTxt(name: string, values: string[]): void;
  /** Removes the name: it answers NXDOMAIN again. */
  remove(name: string): void;
  /** How many questions it answered. */
  queries(): number;
  close(): Promise<void>;
}

/**
 * A real DNS server on a loopback UDP port (dns2), answering TXT questions from a table the test fills; any
 * other name is NXDOMAIN. The server under test reaches it through DNS_SERVERS, never a mocked lookup.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  let count = 0;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      count += 1;
      const response = dns2.Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const values = question ? records.get(question.name.toLowerCase()) : undefined;
      if (!question || !values) response.header.rcode = dns2.Packet.RCODE.NXDOMAIN;
      else if (question.type === dns2.Packet.TYPE.TXT) {
        for (const value of values) {
          response.answers.push({
            name: question.name,
            type: dns2.Packet.TYPE.TXT,
            class: dns2.Packet.CLASS.IN,
            ttl: 1,
            data: value,
          } as unknown as (typeof response.answers)[number]);
        }
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  return {
    address: `127.0.0.1:${addresses.udp?.port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    remove: (name) => records.delete(name.toLowerCase()),
    queries: () => count,
    close: () => server.close(),
  };
}

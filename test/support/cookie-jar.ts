/**
 * The cookies of one browser on one site: what each answer sets is kept, what it expires (an empty
 * value, Max-Age 0 or below) is dropped, and `header` is what the browser would send next.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Starts from a Cookie header, e.g. a signed-in user's `name=value; name=value`. */
  constructor(initial = "") {
    for (const pair of initial.split(";")) {
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (eq > 0 && name) this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  /** Takes in the answer's Set-Cookie headers; returns the answer. */
  take(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-)/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  has(part: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(part));
  }

  /** The cookie whose name contains `part`, as `name=value`, e.g. to replay it from elsewhere. */
  get(part: string): string | undefined {
    const entry = [...this.cookies.entries()].find(([name]) => name.includes(part));
    return entry ? `${entry[0]}=${entry[1]}` : undefined;
  }

  drop(part: string): void {
    for (const name of [...this.cookies.keys()]) if (name.includes(part)) this.cookies.delete(name);
  }

  get header(): string {
    return [...this.cookies.entries()].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

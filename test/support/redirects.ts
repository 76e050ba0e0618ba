/**
 * Where an answer sends the browser: a 3xx Location, or better-auth's `{ redirect, url }` to a fetch()
 * (the consent step's answer names the app's `redirect_uri`).
 */
export async function redirectOf(res: Response): Promise<string | undefined> {
  if (res.status >= 300 && res.status < 400) return res.headers.get("location") ?? undefined;
  if (res.status !== 200 || !res.headers.get("content-type")?.includes("json")) return undefined;
  const body = (await res.json()) as { redirect?: boolean; url?: string; redirect_uri?: string };
  return body.redirect ? body.url : body.redirect_uri;
}

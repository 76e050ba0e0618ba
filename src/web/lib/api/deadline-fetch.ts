/** How long a call waits for the server's answer before it counts as a network failure. */
export const CALL_TIMEOUT_MS = 15_000;

/** The `DOMException` name a call past its deadline fails with (the name `AbortSignal.timeout` uses). */
export const TIMEOUT_ERROR = "TimeoutError";

/**
 * `fetch` with a deadline: a server that never answers (a hung proxy, a dropped connection the browser
 * has not noticed) would otherwise keep a form spinning for ever. The deadline ends when the answer's
 * headers arrive, so a long download is not cut; a signal the caller passes still aborts as before.
 * Every call of the web app goes through it: better-auth's client and the product API client.
 */
export function deadlineFetch(timeoutMs = CALL_TIMEOUT_MS): typeof fetch {
  return async (input, init) => {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException(`No answer within ${timeoutMs / 1000} s`, TIMEOUT_ERROR)),
      timeoutMs,
    );
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
    try {
      return await fetch(input, { ...init, signal });
    } finally {
      clearTimeout(timer);
    }
  };
}

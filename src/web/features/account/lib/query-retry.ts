import { AuthCallError } from "./auth-call.ts";

/** Asks again only for network and server faults; a refusal (4xx) will not change by asking again. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (
    error instanceof AuthCallError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  )
    return false;
  return failureCount < 2;
}

import { useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { PageLoader } from "./page-loader.tsx";

/** Accepts only same-site paths as post-sign-in targets, so `?redirect=` cannot send users away. */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return "/";
  }
  if (/^\/(sign-in|sign-up)(\/|\?|#|$)/.test(value)) return "/";
  return value;
}

/**
 * Navigates once, on mount. Unlike <Navigate>, it does not navigate again
 * when a re-render during the pending navigation hands it new props.
 */
function RedirectOnce({ href }: { href: string }) {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    router.history.replace(href);
  });
  return <PageLoader label="Redirecting" />;
}

/** Renders children only for a signed-in user; others go to /sign-in and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data, isPending } = authClient.useSession();
  const router = useRouter();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (!data) {
    const here = router.state.location.href;
    return (
      <RedirectOnce href={here === "/" ? "/sign-in" : `/sign-in?redirect=${encodeURIComponent(here)}`} />
    );
  }
  return <>{children}</>;
}

/** Renders children only when nobody is signed in; a signed-in user goes to `to`. */
export function RequireGuest({ children, to = "/" }: { children: ReactNode; to?: string }) {
  const { data, isPending } = authClient.useSession();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (data) return <RedirectOnce href={safeRedirectTarget(to)} />;
  return <>{children}</>;
}

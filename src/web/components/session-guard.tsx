import { Navigate, useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { PageLoader } from "./page-loader.tsx";

/** Accepts only same-site paths as post-sign-in targets, so `?redirect=` cannot send users away. */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return "/";
  }
  if (/^\/(sign-in|sign-up)(\/|\?|$)/.test(value)) return "/";
  return value;
}

/** Renders children only for a signed-in user; others go to /sign-in and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data, isPending } = authClient.useSession();
  const location = useLocation();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (!data) {
    const back = location.href === "/" ? undefined : location.href;
    return <Navigate to="/sign-in" search={back ? { redirect: back } : {}} replace />;
  }
  return <>{children}</>;
}

/** Renders children only when nobody is signed in; a signed-in user goes to `to`. */
export function RequireGuest({ children, to = "/" }: { children: ReactNode; to?: string }) {
  const { data, isPending } = authClient.useSession();
  if (isPending) return <PageLoader label="Checking your session" />;
  if (data) return <Navigate to={safeRedirectTarget(to)} replace />;
  return <>{children}</>;
}

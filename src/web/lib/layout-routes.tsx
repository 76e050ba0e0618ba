import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  Outlet,
  type RouteComponent,
  redirect,
  useRouter,
} from "@tanstack/react-router";
import { useEffect } from "react";
import { authClient, type Session } from "./auth-client.ts";
import { isAuthorizationQuery } from "./oauth-authorization.ts";
import { safeRedirectTarget, signInHref } from "./safe-redirect.ts";

/**
 * The routes every feature hangs its screens on. The root's component (the app shell) is set by
 * router.tsx, the assembly, so nothing here imports a feature.
 */
export const rootRoute = createRootRoute();

/** Whether the session atom is held mounted for the page's life (knownSession). */
let sessionHeld = false;

/**
 * The session once the client knows it (it is asked for at most once; later calls share it). The first call
 * also holds better-auth's session atom mounted for good. Otherwise, while a screen's code is still on its way,
 * nothing listens to the atom once this has its answer: nanostores unmounts it a second later, and the shell's
 * useSession then mounts it again, which asks the server a second time (a load whose screen chunk came over a
 * second late did; the layout journey delays it).
 */
export function knownSession(): Promise<Session | null> {
  const atom = authClient.$store.atoms.session;
  if (!atom) return authClient.getSession().then(({ data }) => data);
  if (!sessionHeld) {
    sessionHeld = true;
    atom.listen(() => {});
  }
  return new Promise((resolve) => {
    let settled = false;
    const unsubscribe = atom.subscribe((value: { isPending: boolean; data: Session | null }) => {
      if (settled || value.isPending) return;
      settled = true;
      resolve(value.data);
      queueMicrotask(() => unsubscribe());
    });
  });
}

/** Sends a signed-in screen back to sign-in the moment the session ends (sign-out, revoked elsewhere). */
function SignedInLayout() {
  const { data, isPending } = authClient.useSession();
  const router = useRouter();
  const signedOut = !isPending && !data;
  useEffect(() => {
    if (signedOut) router.history.replace(signInHref(router.state.location.href));
  }, [signedOut, router]);
  return signedOut ? null : <Outlet />;
}

/** Screens for signed-in people only: others go to /sign-in and come back after. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_signed-in",
  beforeLoad: async ({ location }) => {
    if (!(await knownSession())) throw redirect({ href: signInHref(location.href), replace: true });
  },
  component: SignedInLayout,
});

/**
 * Screens for signed-out people only (sign-in, sign-up): a signed-in visitor goes on to `?redirect=`.
 * Except when an app asks its user to sign in again (`prompt=login`): the provider sends them here with
 * its signed request, and they sign in whether or not they already are.
 */
export const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_guest",
  beforeLoad: async ({ location }) => {
    if (isAuthorizationQuery(location.searchStr)) return;
    const target = (location.search as { redirect?: unknown }).redirect;
    if (await knownSession()) throw redirect({ href: safeRedirectTarget(target), replace: true });
  },
});

/**
 * A screen on a parent route: its path, its component and, optionally, how it reads its URL search.
 * One line per screen in each feature's routes.tsx, with the path types TanStack Router infers intact.
 */
export function screenRoute<
  TParent extends AnyRoute,
  const TPath extends string,
  TSearch extends object = Record<never, never>,
>(
  parent: TParent,
  path: TPath,
  component: RouteComponent,
  validateSearch?: (search: Record<string, unknown>) => TSearch,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    component,
    validateSearch: validateSearch ?? ((): TSearch => ({}) as TSearch),
  });
}

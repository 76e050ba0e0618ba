import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import { loadAppMessages } from "#web/i18n/i18n.ts";
import { networkError } from "./api/api-error.ts";

/** How to load again each screen whose code could not load (offline), for the error screen's "Try again". */
const failedScreens = new Set<() => void>();

/** The screens that could not load are asked again on their next render ("Try again" after a lost network). */
export function retryFailedScreens(): void {
  for (const again of failedScreens) again();
  failedScreens.clear();
}

/**
 * A component left out of the sign-in page: a screen behind sign-in, or a
 * widget only signed-in users see. It loads on first render, together with the
 * Mantine styles of such components (mantine-styles-lazy.ts) and the words of those screens (i18n.ts). Render it inside
 * a Suspense boundary (the router gives every route one).
 *
 * Opened offline, its code cannot load: that fails as the one network ApiError (the route's error screen
 * says "Can't reach Gatehouse"). React.lazy keeps a failure for good, so `retryFailedScreens` puts a fresh
 * attempt in its place; not at once, or React's own re-render after the error would retry in a loop.
 */
export function lazyLoad<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  // One load shared by the router's preload and React.lazy: the code is asked for once.
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () => {
    loading ??= Promise.all([import("#web/mantine-styles-lazy.ts"), loadAppMessages(), load()]).then(
      ([, , component]) => component,
    );
    return loading;
  };
  const attempt = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => {
      try {
        return { default: await start() };
      } catch (cause) {
        loading = undefined;
        failedScreens.add(() => {
          Screen = attempt();
        });
        throw networkError(cause);
      }
    });
  let Screen = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, as React.lazy is
  function LazyScreen(props: Props) {
    return createElement(Screen as ComponentType<Props>, props);
  }
  /**
   * TanStack Router calls a route component's `preload` for every route a URL matches, at once: a nested
   * screen's code (the members page inside the organization frame) loads beside its parent's instead of after
   * it renders. A failure is left for the render, which shows it.
   */
  LazyScreen.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return LazyScreen;
}

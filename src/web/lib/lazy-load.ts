import { type ComponentType, lazy } from "react";

/**
 * A component left out of the sign-in page: a screen behind sign-in, or a
 * widget only signed-in users see. It loads on first render, together with the
 * Mantine styles of such components (mantine-styles-lazy.ts). Render it inside
 * a Suspense boundary (the router gives every route one).
 */
export function lazyLoad<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [, component] = await Promise.all([import("#web/mantine-styles-lazy.ts"), load()]);
    return { default: component };
  });
}

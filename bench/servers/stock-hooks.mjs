// Module resolution hooks for the stock server (registered by stock-register.mjs): @better-auth/oauth-provider
// imports `better-auth/...`, which would otherwise resolve to Gatehouse's patched copy. Here it gets the
// unpatched `better-auth-stock` the stock server itself runs on, so the stock side is better-auth as published.
const PLUGIN = "/node_modules/@better-auth/oauth-provider/";

export async function resolve(specifier, context, nextResolve) {
  const fromPlugin = context.parentURL?.includes(PLUGIN);
  if (fromPlugin && (specifier === "better-auth" || specifier.startsWith("better-auth/"))) {
    const resolved = await nextResolve(`better-auth-stock${specifier.slice("better-auth".length)}`, context);
    if (process.env.STOCK_RESOLVE_TRACE) process.stderr.write(`stock: ${specifier} -> ${resolved.url}\n`);
    return resolved;
  }
  return nextResolve(specifier, context);
}

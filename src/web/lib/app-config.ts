import { useQuery } from "@tanstack/react-query";
import type { ConfigAnswer } from "#shared/contracts/config.ts";
import type { PasswordLimits } from "#shared/fields.ts";
import { LOCALES } from "#shared/i18n/locales.ts";
import { LIMITS } from "#shared/limits.ts";
import { apiCall, productApi } from "./api/call.ts";

/** Public settings the server exposes at GET /api/config. */
export type AppConfig = ConfigAnswer;

export const appConfigQuery = {
  queryKey: ["config"] as const,
  queryFn: () => apiCall(productApi.config.$get()),
  staleTime: Number.POSITIVE_INFINITY,
};

const FALLBACK: AppConfig = {
  appName: "Gatehouse",
  outbox: false,
  socialProviders: [],
  socialProviderNames: {},
  passwordMinLength: LIMITS.passwordMin,
  passwordMaxLength: LIMITS.passwordMax,
  emailCodeSignIn: false,
  magicLinkSignIn: false,
  locales: [...LOCALES],
  defaultLocale: "en",
};

/** The server config, with safe defaults while it loads or if it cannot be read. */
export function useAppConfig(): AppConfig & { isLoaded: boolean } {
  const query = useQuery(appConfigQuery);
  return { ...FALLBACK, ...query.data, isLoaded: query.isSuccess };
}

/** The shortest and longest password the server accepts, for new-password fields and their hint. */
export function usePasswordLimits(): PasswordLimits {
  const config = useAppConfig();
  return { min: config.passwordMinLength, max: config.passwordMaxLength };
}

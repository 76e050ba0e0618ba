import { I18nProvider, Trans } from "@lingui/react";
import { Fragment, type ReactNode, useSyncExternalStore } from "react";
import { i18n } from "./i18n.ts";
import type { MessageId } from "./message-id.ts";

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const locale = () => i18n.locale;

/**
 * Renders the app in the current language, and again from scratch when it changes: every `t()` call, in a
 * component or in a helper it calls, then speaks the new language.
 */
export function LocaleRoot({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, locale);
  return (
    <I18nProvider i18n={i18n}>
      <Fragment key={current}>{children}</Fragment>
    </I18nProvider>
  );
}

/**
 * A message with elements inside it: `<link>…</link>` in the catalogue becomes `components.link` with that
 * text as its children ("Already have an account? <link>Sign in</link>").
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: Record<string, unknown>;
  components?: Record<string, ReactNode>;
}) {
  return <Trans id={id} values={values} components={components} />;
}

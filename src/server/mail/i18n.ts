import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import de from "#server/mail/catalogues/de/mail.json" with { type: "json" };
import en from "#server/mail/catalogues/en/mail.json" with { type: "json" };
import es from "#server/mail/catalogues/es/mail.json" with { type: "json" };
import fr from "#server/mail/catalogues/fr/mail.json" with { type: "json" };
import ja from "#server/mail/catalogues/ja/mail.json" with { type: "json" };
import ptBR from "#server/mail/catalogues/pt-BR/mail.json" with { type: "json" };
import { LOCALES, type Locale, negotiateLocale } from "#shared/i18n/locales.ts";
import { parseRoles } from "#shared/roles.ts";

/**
 * The server's words (issue 21): mails in the recipient's language. Catalogues are ICU MessageFormat, one flat
 * file per namespace and locale (src/server/mail/catalogues/<locale>/<namespace>.json, checked by
 * test/unit/i18n-catalogues.test.ts); a message's id is `<namespace>.<key>`. Compiled once, at start.
 */
const CATALOGUES: Record<Locale, Record<string, Record<string, string>>> = {
  en: { mail: en },
  de: { mail: de },
  fr: { mail: fr },
  es: { mail: es },
  "pt-BR": { mail: ptBR },
  ja: { mail: ja },
};

/** Every message id, typed from the English catalogue: a wrong id fails the type check. */
export type MailMessageId = `mail.${keyof typeof en & string}`;

export type MailValues = Record<string, string | number>;

/** Translates one message in one language. */
export type MailTranslate = (id: MailMessageId, values?: MailValues) => string;

function compiled(locale: Locale): Messages {
  const messages: Messages = {};
  for (const [namespace, catalogue] of Object.entries(CATALOGUES[locale])) {
    for (const [key, message] of Object.entries(catalogue))
      messages[`${namespace}.${key}`] = compileMessageOrThrow(message);
  }
  return messages;
}

/** One activated Lingui instance per language, so that translating never switches a shared one. */
const translators = new Map<Locale, I18n>(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: compiled(locale) } })]),
);

/** The translator of a language: `t("mail.verify.subject", { appName })`. */
export function mailTranslator(locale: Locale): MailTranslate {
  const i18n = translators.get(locale) ?? (translators.get("en") as I18n);
  return (id, values) => i18n._(id, values);
}

/** The languages a server offers and its default (LOCALES, DEFAULT_LOCALE: boot/config.ts). */
export interface MailLanguages {
  locales: readonly Locale[];
  defaultLocale: Locale;
}

/**
 * The one decision of a mail's language: the recipient's saved `locale` when they have an account and it is
 * offered, else the language of the request that caused the mail (its Accept-Language negotiated against
 * LOCALES: an invitation to an address without an account goes in the inviter's language), else DEFAULT_LOCALE.
 */
export function mailLocale(
  languages: MailLanguages,
  {
    user,
    request,
  }: {
    /** The recipient's account (any row or better-auth user: its `locale` is read), if they have one. */
    user?: object | null;
    request?: Request | Headers | null;
  },
): Locale {
  const saved = user && "locale" in user ? user.locale : undefined;
  const offered = languages.locales.find((locale) => locale === saved);
  if (offered) return offered;
  return negotiateLocale(acceptLanguageOf(request), languages.locales, languages.defaultLocale);
}

/** The Accept-Language of a request or its headers (better-auth hands either, from more than one fetch implementation). */
function acceptLanguageOf(request: Request | Headers | null | undefined): string | null | undefined {
  const headers: unknown = request && "headers" in request ? request.headers : request;
  if (!headers || typeof (headers as Headers).get !== "function") return undefined;
  return (headers as Headers).get("accept-language");
}

/** A moment as people of the language read it, in UTC (the mail does not know the reader's time zone). */
export function mailDateTime(locale: Locale, when: Date): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "long",
    timeZone: "UTC",
  }).format(when);
}

/** A role value as a sentence in the language reads it: "admin,member" → "Admin and Member"; custom names as they are. */
export function mailRolesText(locale: Locale, value: string | readonly string[] | null | undefined): string {
  const t = mailTranslator(locale);
  const labels = parseRoles(value).map((name) => {
    if (name === "owner") return t("mail.role.owner");
    if (name === "admin") return t("mail.role.admin");
    if (name === "member") return t("mail.role.member");
    return name;
  });
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(labels);
}

import { escapeHtml } from "#server/mail/escape.ts";
import { type MailTranslate, mailDateTime, mailRolesText, mailTranslator } from "#server/mail/i18n.ts";
import { quotedName } from "#server/mail/names.ts";
import type { Locale } from "#shared/i18n/locales.ts";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Layout {
  /** The recipient's language (mail/i18n.ts mailLocale): the mail's own words are in it. */
  locale: Locale;
  appName: string;
  heading: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

export function render(
  { locale, appName, heading, paragraphs, action, footer }: Layout,
  subject: string,
): MailContent {
  const t = mailTranslator(locale);
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer,
    `— ${appName}`,
  ].join("\n");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t("mail.layout.pasteLink"))}<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;padding:24px;color:#1a1b1e">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${button}
<p style="font-size:13px;color:#555;margin-top:24px">${escapeHtml(footer)}</p>
<p style="font-size:13px;color:#555">— ${escapeHtml(appName)}</p>
</div></body></html>`;
  return { subject, text, html };
}

/** What every mail template is given: the language it is written in and the product's name. */
export interface MailBase {
  locale: Locale;
  appName: string;
}

export function verificationMail(p: MailBase & { name: string; url: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.verify.heading", { name: quotedName(p.name) }),
      paragraphs: [t("mail.verify.body")],
      action: { label: t("mail.verify.action"), url: p.url },
      footer: t("mail.ignore"),
    },
    t("mail.verify.subject", { appName: p.appName }),
  );
}

export function passwordResetMail(p: MailBase & { name: string; url: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.reset.heading"),
      paragraphs: [t("mail.reset.greeting", { name: quotedName(p.name) }), t("mail.reset.validity")],
      action: { label: t("mail.reset.action"), url: p.url },
      footer: t("mail.ignore"),
    },
    t("mail.reset.subject", { appName: p.appName }),
  );
}

export function changeEmailMail(p: MailBase & { name: string; newEmail: string; url: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.changeEmail.heading"),
      paragraphs: [
        t("mail.changeEmail.greeting", { name: quotedName(p.name), newEmail: p.newEmail }),
        t("mail.changeEmail.steps"),
      ],
      action: { label: t("mail.changeEmail.action"), url: p.url },
      footer: t("mail.changeEmail.footer"),
    },
    t("mail.changeEmail.subject", { appName: p.appName }),
  );
}

/** The last step of an email change, mailed to the new address. */
export function confirmNewEmailMail(p: MailBase & { name: string; url: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.confirmNewEmail.heading"),
      paragraphs: [
        t("mail.confirmNewEmail.greeting", { name: quotedName(p.name), appName: p.appName }),
        t("mail.confirmNewEmail.steps"),
      ],
      action: { label: t("mail.confirmNewEmail.action"), url: p.url },
      footer: t("mail.ignore"),
    },
    t("mail.confirmNewEmail.subject", { appName: p.appName }),
  );
}

export function deleteAccountMail(p: MailBase & { name: string; url: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.deleteAccount.heading"),
      paragraphs: [
        t("mail.deleteAccount.greeting", { name: quotedName(p.name) }),
        t("mail.deleteAccount.validity"),
      ],
      action: { label: t("mail.deleteAccount.action"), url: p.url },
      footer: t("mail.deleteAccount.footer"),
    },
    t("mail.deleteAccount.subject", { appName: p.appName }),
  );
}

export function invitationMail(
  p: MailBase & {
    inviterName: string;
    organizationName: string;
    role: string;
    url: string;
    /** The organization requires two-factor or a passkey of its members (issue 16's policies). */
    requiresTwoFactor?: boolean;
  },
): MailContent {
  const t = mailTranslator(p.locale);
  const inviter = quotedName(p.inviterName);
  const organization = quotedName(p.organizationName);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.invitation.heading", { organization }),
      paragraphs: [
        t("mail.invitation.body", { inviter, organization, roles: mailRolesText(p.locale, p.role) }),
        ...(p.requiresTwoFactor ? [t("mail.invitation.twoFactor", { organization })] : []),
        t("mail.invitation.validity"),
      ],
      action: { label: t("mail.invitation.action"), url: p.url },
      footer: t("mail.invitation.footer"),
    },
    t("mail.invitation.subject", { inviter, organization, appName: p.appName }),
  );
}

export function existingAccountMail(
  p: MailBase & { name: string; signInUrl: string; resetUrl: string },
): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.existingAccount.heading"),
      paragraphs: [
        t("mail.existingAccount.greeting", { name: quotedName(p.name) }),
        t("mail.existingAccount.signIn", { url: p.signInUrl }),
        t("mail.existingAccount.reset", { url: p.resetUrl }),
      ],
      footer: t("mail.existingAccount.footer"),
    },
    t("mail.existingAccount.subject", { appName: p.appName }),
  );
}

/**
 * To the owner of an address someone else asked to move their account to: the requester is shown the
 * same steps as for a free address, and this owner is told instead of being sent a link.
 */
export function emailInUseMail(p: MailBase & { name: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.emailInUse.heading"),
      paragraphs: [
        t("mail.emailInUse.greeting", { name: p.name, appName: p.appName }),
        t("mail.emailInUse.unchanged"),
      ],
      footer: t("mail.emailInUse.footer"),
    },
    t("mail.emailInUse.subject", { appName: p.appName }),
  );
}

/** An admin turned the user's two-factor off (issue 16): they learn it, and where to turn it on again. */
export function twoFactorResetMail(p: MailBase & { name: string; securityUrl: string }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.twoFactorReset.heading", { name: quotedName(p.name) }),
      paragraphs: [t("mail.twoFactorReset.body"), t("mail.twoFactorReset.again")],
      action: { label: t("mail.twoFactorReset.action"), url: p.securityUrl },
      footer: t("mail.twoFactorReset.footer"),
    },
    t("mail.twoFactorReset.subject", { appName: p.appName }),
  );
}

/** A one-time sign-in code (email-sign-in.ts): the code is the subject's first word, for inbox previews. */
export function signInCodeMail(p: MailBase & { name: string; code: string; minutes: number }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.signInCode.heading", { code: p.code }),
      paragraphs: [
        t("mail.signInCode.greeting", { name: quotedName(p.name), appName: p.appName }),
        p.code,
        t("mail.signInCode.validity", { minutes: p.minutes, appName: p.appName }),
      ],
      footer: t("mail.signInCode.footer"),
    },
    t("mail.signInCode.subject", { code: p.code, appName: p.appName }),
  );
}

/** A one-time sign-in link (email-sign-in.ts). */
export function signInLinkMail(p: MailBase & { name: string; url: string; minutes: number }): MailContent {
  const t = mailTranslator(p.locale);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.signInLink.heading", { appName: p.appName }),
      paragraphs: [
        t("mail.signInLink.greeting", { name: quotedName(p.name) }),
        t("mail.signInLink.validity", { minutes: p.minutes }),
      ],
      action: { label: t("mail.signInLink.action"), url: p.url },
      footer: t("mail.signInLink.footer"),
    },
    t("mail.signInLink.subject", { appName: p.appName }),
  );
}

/** Where and from what a security event came, as far as it is known (security-mails.ts). */
export interface SecurityFacts {
  /** When it happened (shown in UTC, as the recipient's language writes dates). */
  when: Date;
  /** The browser ("Firefox 128") and system ("Windows 10") the user agent named, when it did. */
  device: { browser?: string; system?: string };
  /** The client address, when known. */
  ip?: string;
  /** The approximate place a trusted proxy reported, when it did: a city, and a country code. */
  place?: { city?: string; country?: string };
}

/** What a security mail reports (security-mails.ts decides when). */
export type SecurityEvent =
  | "new-sign-in"
  | "password-changed"
  | "password-reset"
  | "email-changed"
  | "two-factor-disabled"
  | "passkey-added"
  | "backup-codes-regenerated";

/** Each event's subject and first sentence, in the recipient's language. */
function securityWording(
  t: MailTranslate,
  event: SecurityEvent,
  name: string,
  newEmail?: string,
): { subject: string; what: string } {
  switch (event) {
    case "new-sign-in":
      return {
        subject: t("mail.security.newSignIn.subject"),
        what: t("mail.security.newSignIn.body", { name }),
      };
    case "password-changed":
      return {
        subject: t("mail.security.passwordChanged.subject"),
        what: t("mail.security.passwordChanged.body", { name }),
      };
    case "password-reset":
      return {
        subject: t("mail.security.passwordReset.subject"),
        what: t("mail.security.passwordReset.body", { name }),
      };
    case "email-changed":
      return {
        subject: t("mail.security.emailChanged.subject"),
        what:
          newEmail === undefined
            ? t("mail.security.emailChanged.body", { name })
            : t("mail.security.emailChanged.bodyWithAddress", { name, email: newEmail }),
      };
    case "two-factor-disabled":
      return {
        subject: t("mail.security.twoFactorDisabled.subject"),
        what: t("mail.security.twoFactorDisabled.body", { name }),
      };
    case "passkey-added":
      return {
        subject: t("mail.security.passkeyAdded.subject"),
        what: t("mail.security.passkeyAdded.body", { name }),
      };
    case "backup-codes-regenerated":
      return {
        subject: t("mail.security.backupCodes.subject"),
        what: t("mail.security.backupCodes.body", { name }),
      };
  }
}

/** "Firefox 128 on Windows 10", or what is known, in the language. */
function deviceText(t: MailTranslate, { browser, system }: SecurityFacts["device"]): string {
  if (browser && system) return t("mail.security.deviceOnSystem", { browser, system });
  return browser ?? system ?? t("mail.security.unknownDevice");
}

/** "München, Germany" with the country named in the language. */
function placeText(locale: Locale, place: SecurityFacts["place"]): string | undefined {
  const country = place?.country ? new Intl.DisplayNames([locale], { type: "region" }).of(place.country) : "";
  const text = [place?.city, country].filter(Boolean).join(", ");
  return text || undefined;
}

function whereText(t: MailTranslate, place: string | undefined, ip: string | undefined): string {
  if (place && ip) return t("mail.security.wherePlaceAndIp", { place, ip });
  if (place) return t("mail.security.wherePlace", { place });
  if (ip) return t("mail.security.whereIp", { ip });
  return t("mail.security.whereUnknown");
}

/**
 * A security notice (security-mails.ts): what happened, when, from which device and place, and a
 * "this wasn't me" link that signs out every session and leads to a new password.
 */
export function securityMail(
  p: MailBase & {
    name: string;
    event: SecurityEvent;
    /** An email change's new address, named in the mail to the old one. */
    newEmail?: string;
    facts: SecurityFacts;
    notMeUrl: string;
    notMeDays: number;
  },
): MailContent {
  const t = mailTranslator(p.locale);
  const { subject, what } = securityWording(t, p.event, quotedName(p.name), p.newEmail);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: subject,
      paragraphs: [
        what,
        t("mail.security.when", { when: mailDateTime(p.locale, p.facts.when) }),
        t("mail.security.device", { device: deviceText(t, p.facts.device) }),
        whereText(t, placeText(p.locale, p.facts.place), p.facts.ip),
        t("mail.security.advice", { days: p.notMeDays }),
      ],
      action: { label: t("mail.security.action"), url: p.notMeUrl },
      footer: t("mail.security.footer", { appName: p.appName }),
    },
    subject,
  );
}

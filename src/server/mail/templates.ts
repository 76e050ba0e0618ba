import { escapeHtml } from "#server/mail/escape.ts";
import { quotedName } from "#server/mail/names.ts";
import { rolesText } from "#shared/roles.ts";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Layout {
  appName: string;
  heading: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

export function render(
  { appName, heading, paragraphs, action, footer }: Layout,
  subject: string,
): MailContent {
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
<p style="font-size:13px;color:#555">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;padding:24px;color:#1a1b1e">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${button}
<p style="font-size:13px;color:#555;margin-top:24px">${escapeHtml(footer)}</p>
<p style="font-size:13px;color:#555">— ${escapeHtml(appName)}</p>
</div></body></html>`;
  return { subject, text, html };
}

const IGNORE = "If you did not ask for this, you can ignore this mail.";

export function verificationMail(p: { appName: string; name: string; url: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: `Verify your email, ${quotedName(p.name)}`,
      paragraphs: ["Confirm this address to finish setting up your account. The link is valid for 1 hour."],
      action: { label: "Verify email", url: p.url },
      footer: IGNORE,
    },
    `Verify your email for ${p.appName}`,
  );
}

export function passwordResetMail(p: { appName: string; name: string; url: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Reset your password",
      paragraphs: [
        `Hi ${quotedName(p.name)}, someone asked to reset the password of your account.`,
        "The link is valid for 1 hour and works once. Resetting signs you out everywhere.",
      ],
      action: { label: "Choose a new password", url: p.url },
      footer: IGNORE,
    },
    `Reset your ${p.appName} password`,
  );
}

export function changeEmailMail(p: {
  appName: string;
  name: string;
  newEmail: string;
  url: string;
}): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Approve the change of your email address",
      paragraphs: [
        `Hi ${quotedName(p.name)}, you asked to change your account's email from this address to ${p.newEmail}.`,
        "Approve it here first; we then send the new address a link to confirm itself. Your address changes only after both. The link is valid for 1 hour.",
      ],
      action: { label: "Approve email change", url: p.url },
      footer: "If you did not ask for this, ignore this mail: nothing changes without your approval.",
    },
    `Approve your email change on ${p.appName}`,
  );
}

/** The last step of an email change, mailed to the new address. */
export function confirmNewEmailMail(p: { appName: string; name: string; url: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Confirm your new email address",
      paragraphs: [
        `Hi ${quotedName(p.name)}, your ${p.appName} account is moving to this address.`,
        "Confirm it to finish the change; from then on you sign in with this address. The link is valid for 1 hour.",
      ],
      action: { label: "Confirm new address", url: p.url },
      footer: IGNORE,
    },
    `Confirm your new email address on ${p.appName}`,
  );
}

export function deleteAccountMail(p: { appName: string; name: string; url: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Confirm account deletion",
      paragraphs: [
        `Hi ${quotedName(p.name)}, you asked to delete your account. This cannot be undone.`,
        "The link is valid for 24 hours.",
      ],
      action: { label: "Delete my account", url: p.url },
      footer: "If you did not ask for this, ignore this mail and consider changing your password.",
    },
    `Confirm deleting your ${p.appName} account`,
  );
}

export function invitationMail(p: {
  appName: string;
  inviterName: string;
  organizationName: string;
  role: string;
  url: string;
  /** The organization requires two-factor or a passkey of its members (issue 16's policies). */
  requiresTwoFactor?: boolean;
}): MailContent {
  const inviter = quotedName(p.inviterName);
  const organization = quotedName(p.organizationName);
  return render(
    {
      appName: p.appName,
      heading: `Join ${organization}`,
      paragraphs: [
        `${inviter} invited you to join ${organization} as ${rolesText(p.role)}.`,
        ...(p.requiresTwoFactor
          ? [
              `${organization} requires two-factor authentication: to join, turn on an authenticator app or add a passkey in your account's Security section.`,
            ]
          : []),
        "The invitation is valid for 2 days.",
      ],
      action: { label: "View invitation", url: p.url },
      footer: "If you were not expecting this invitation, you can ignore it.",
    },
    `${inviter} invited you to ${organization} on ${p.appName}`,
  );
}

export function existingAccountMail(p: {
  appName: string;
  name: string;
  signInUrl: string;
  resetUrl: string;
}): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Someone tried to sign up with your email",
      paragraphs: [
        `Hi ${quotedName(p.name)}, there is already an account for this address, so no new account was made.`,
        `If it was you, sign in instead: ${p.signInUrl}`,
        `Forgot your password? Reset it here: ${p.resetUrl}`,
      ],
      footer: "If it was not you, no action is needed: your account is unchanged.",
    },
    `Sign-up attempt on ${p.appName}`,
  );
}

/**
 * To the owner of an address someone else asked to move their account to: the requester is shown the
 * same steps as for a free address, and this owner is told instead of being sent a link.
 */
export function emailInUseMail(p: { appName: string; name: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Someone asked to use your email address",
      paragraphs: [
        `Hi ${p.name}, someone asked to move another ${p.appName} account to this address.`,
        "This address already belongs to your account, so nothing was changed.",
      ],
      footer: "If it was you, sign in with this address instead. Otherwise no action is needed.",
    },
    `Request to use your email on ${p.appName}`,
  );
}

/** An admin turned the user's two-factor off (issue 16): they learn it, and where to turn it on again. */
export function twoFactorResetMail(p: { appName: string; name: string; securityUrl: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: `Your two-factor authentication was reset, ${quotedName(p.name)}`,
      paragraphs: [
        "An administrator turned off two-factor authentication for your account: your authenticator app, backup codes and trusted devices no longer work. Your password and passkeys are unchanged.",
        "Turn two-factor on again from your account's Security section.",
      ],
      action: { label: "Open Security", url: p.securityUrl },
      footer: "If you did not ask an administrator for this, contact them and change your password.",
    },
    `Two-factor authentication was reset on your ${p.appName} account`,
  );
}

/** A one-time sign-in code (email-sign-in.ts): the code is the subject's first word, for inbox previews. */
export function signInCodeMail(p: {
  appName: string;
  name: string;
  code: string;
  minutes: number;
}): MailContent {
  return render(
    {
      appName: p.appName,
      heading: `Your sign-in code: ${p.code}`,
      paragraphs: [
        `Hi ${quotedName(p.name)}, enter this code on the sign-in page to sign in to ${p.appName}:`,
        p.code,
        `The code is valid for ${p.minutes} minutes and works once. Never share it: ${p.appName} will never ask you for it.`,
      ],
      footer: "If you did not try to sign in, you can ignore this mail: nobody can sign in without the code.",
    },
    `${p.code} is your ${p.appName} sign-in code`,
  );
}

/** A one-time sign-in link (email-sign-in.ts). */
export function signInLinkMail(p: {
  appName: string;
  name: string;
  url: string;
  minutes: number;
}): MailContent {
  return render(
    {
      appName: p.appName,
      heading: `Sign in to ${p.appName}`,
      paragraphs: [
        `Hi ${quotedName(p.name)}, use this link to sign in.`,
        `The link is valid for ${p.minutes} minutes and works once.`,
      ],
      action: { label: "Sign in", url: p.url },
      footer: "If you did not ask for this, you can ignore this mail: nobody can sign in without the link.",
    },
    `Your ${p.appName} sign-in link`,
  );
}

/** Where and from what a security event came, as far as it is known (security-mails.ts). */
export interface SecurityFacts {
  /** When it happened, as people read it (UTC). */
  when: string;
  /** "Firefox on Windows", or a stand-in when the browser said nothing. */
  device: string;
  /** The client address, when known. */
  ip?: string;
  /** The approximate place (city, country) a trusted proxy reported, when it did. */
  place?: string;
}

/**
 * A security notice (security-mails.ts): what happened, when, from which device and place, and a
 * "this wasn't me" link that signs out every session and leads to a new password.
 */
export function securityMail(p: {
  appName: string;
  name: string;
  /** What happened, one sentence ("Your password was changed."). */
  what: string;
  subject: string;
  facts: SecurityFacts;
  notMeUrl: string;
  notMeDays: number;
}): MailContent {
  const where = [p.facts.place, p.facts.ip ? `IP address ${p.facts.ip}` : undefined].filter(Boolean);
  return render(
    {
      appName: p.appName,
      heading: p.subject,
      paragraphs: [
        `Hi ${quotedName(p.name)}, ${p.what}`,
        `When: ${p.facts.when}`,
        `Device: ${p.facts.device}`,
        `Where: ${where.length > 0 ? where.join(", ") : "unknown"}`,
        `If this was you, no action is needed. If it was not, use the button below (valid for ${p.notMeDays} days, once): it signs you out everywhere and lets you choose a new password.`,
      ],
      action: { label: "This wasn't me", url: p.notMeUrl },
      footer: `${p.appName} sends this notice to your account's address after every such change.`,
    },
    p.subject,
  );
}

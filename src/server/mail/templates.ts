import { escapeHtml } from "#server/mail/escape.ts";
import { quotedName } from "#server/mail/names.ts";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  appName: string;
  heading: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

function render({ appName, heading, paragraphs, action, footer }: Layout, subject: string): MailContent {
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
      heading: "Confirm your new email address",
      paragraphs: [
        `Hi ${quotedName(p.name)}, you asked to change your account's email to ${p.newEmail}.`,
        "Approve the change from this address first; then we will ask the new address to confirm itself.",
      ],
      action: { label: "Approve email change", url: p.url },
      footer: IGNORE,
    },
    `Approve your email change on ${p.appName}`,
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
}): MailContent {
  const inviter = quotedName(p.inviterName);
  const organization = quotedName(p.organizationName);
  return render(
    {
      appName: p.appName,
      heading: `Join ${organization}`,
      paragraphs: [
        `${inviter} invited you to join ${organization} as ${p.role}.`,
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

export function emailChangedMail(p: { appName: string; name: string; newEmail: string }): MailContent {
  return render(
    {
      appName: p.appName,
      heading: "Your email address was changed",
      paragraphs: [
        `Hi ${quotedName(p.name)}, your ${p.appName} account now uses ${p.newEmail}; mail will no longer come to this address.`,
        "If you did not make this change, someone else may control your account: contact your administrator at once.",
      ],
      footer: "This notice is sent to your previous address after every email change.",
    },
    `Your ${p.appName} email was changed`,
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

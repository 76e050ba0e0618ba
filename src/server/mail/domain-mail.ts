import { quotedName } from "#server/mail/names.ts";
import { type MailContent, render } from "#server/mail/templates.ts";
import { rolesText } from "#shared/roles.ts";

/** To someone whose request to join an organization (through their address's domain) was approved. */
export function joinApprovedMail(p: {
  appName: string;
  name: string;
  organizationName: string;
  role: string;
  url: string;
}): MailContent {
  const organization = quotedName(p.organizationName);
  return render(
    {
      appName: p.appName,
      heading: `You joined ${organization}`,
      paragraphs: [
        `Hi ${quotedName(p.name)}, your request to join ${organization} was approved: you are now a member, as ${rolesText(p.role)}.`,
      ],
      action: { label: "Open Gatehouse", url: p.url },
      footer: "You receive this because you asked to join through your work address.",
    },
    `Your request to join ${organization} on ${p.appName} was approved`,
  );
}

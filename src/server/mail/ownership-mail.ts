import { quotedName } from "#server/mail/names.ts";
import { type MailContent, render } from "#server/mail/templates.ts";

/** To a member an owner offered the organization's ownership (issue 18: ownership transfer). */
export function ownershipOfferMail(p: {
  appName: string;
  ownerName: string;
  organizationName: string;
  /** The offering owner stays an owner (true) or becomes an admin on acceptance. */
  keepOwner: boolean;
  url: string;
}): MailContent {
  const owner = quotedName(p.ownerName);
  const organization = quotedName(p.organizationName);
  return render(
    {
      appName: p.appName,
      heading: `Become an owner of ${organization}`,
      paragraphs: [
        `${owner} offers you ownership of ${organization}.`,
        p.keepOwner
          ? `If you accept, you become an owner beside ${owner}.`
          : `If you accept, you become an owner and ${owner} becomes an admin.`,
        "Nothing changes until you accept. The offer is valid for 7 days and the link works once.",
      ],
      action: { label: "Review the offer", url: p.url },
      footer: "If you do not want to own this organization, ignore this mail; the offer expires by itself.",
    },
    `${owner} offers you ownership of ${organization} on ${p.appName}`,
  );
}

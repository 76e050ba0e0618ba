import { mailTranslator } from "#server/mail/i18n.ts";
import { quotedName } from "#server/mail/names.ts";
import { type MailBase, type MailContent, render } from "#server/mail/templates.ts";

/** To a member an owner offered the organization's ownership (issue 18: ownership transfer). */
export function ownershipOfferMail(
  p: MailBase & {
    ownerName: string;
    organizationName: string;
    /** The offering owner stays an owner (true) or becomes an admin on acceptance. */
    keepOwner: boolean;
    url: string;
  },
): MailContent {
  const t = mailTranslator(p.locale);
  const owner = quotedName(p.ownerName);
  const organization = quotedName(p.organizationName);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.ownershipOffer.heading", { organization }),
      paragraphs: [
        t("mail.ownershipOffer.body", { owner, organization }),
        p.keepOwner
          ? t("mail.ownershipOffer.keepOwner", { owner })
          : t("mail.ownershipOffer.ownerBecomesAdmin", { owner }),
        t("mail.ownershipOffer.validity"),
      ],
      action: { label: t("mail.ownershipOffer.action"), url: p.url },
      footer: t("mail.ownershipOffer.footer"),
    },
    t("mail.ownershipOffer.subject", { owner, organization, appName: p.appName }),
  );
}

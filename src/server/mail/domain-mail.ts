import { mailRolesText, mailTranslator } from "#server/mail/i18n.ts";
import { quotedName } from "#server/mail/names.ts";
import { type MailBase, type MailContent, render } from "#server/mail/templates.ts";

/** To someone whose request to join an organization (through their address's domain) was approved. */
export function joinApprovedMail(
  p: MailBase & { name: string; organizationName: string; role: string; url: string },
): MailContent {
  const t = mailTranslator(p.locale);
  const organization = quotedName(p.organizationName);
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.joinApproved.heading", { organization }),
      paragraphs: [
        t("mail.joinApproved.body", {
          name: quotedName(p.name),
          organization,
          roles: mailRolesText(p.locale, p.role),
        }),
      ],
      action: { label: t("mail.joinApproved.action", { appName: p.appName }), url: p.url },
      footer: t("mail.joinApproved.footer"),
    },
    t("mail.joinApproved.subject", { organization, appName: p.appName }),
  );
}

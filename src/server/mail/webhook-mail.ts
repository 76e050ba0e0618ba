import { mailTranslator } from "#server/mail/i18n.ts";
import { quotedName } from "#server/mail/names.ts";
import { type MailBase, type MailContent, render } from "#server/mail/templates.ts";

/**
 * To an organization's owners (an installation-wide endpoint: the admins) when the webhook worker turned an
 * endpoint off after three days of failed deliveries (features/webhooks/worker.ts). The URL is shown as a name:
 * not a link.
 */
export function webhookDisabledMail(
  p: MailBase & {
    url: string;
    /** The organization's name; undefined for an installation-wide endpoint. */
    organizationName?: string;
  },
): MailContent {
  const t = mailTranslator(p.locale);
  const url = quotedName(p.url);
  const organization = p.organizationName ? quotedName(p.organizationName) : undefined;
  return render(
    {
      locale: p.locale,
      appName: p.appName,
      heading: t("mail.webhookDisabled.heading"),
      paragraphs: [
        organization === undefined
          ? t("mail.webhookDisabled.body.installation", { url, appName: p.appName })
          : t("mail.webhookDisabled.body.organization", { url, organization, appName: p.appName }),
        t("mail.webhookDisabled.fix"),
      ],
      footer: t("mail.webhookDisabled.footer"),
    },
    organization === undefined
      ? t("mail.webhookDisabled.subject.installation")
      : t("mail.webhookDisabled.subject.organization", { organization }),
  );
}

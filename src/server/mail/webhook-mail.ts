import { quotedName } from "#server/mail/names.ts";
import { type MailContent, render } from "#server/mail/templates.ts";

/**
 * To an organization's owners (an installation-wide endpoint: the admins) when the webhook worker turned an
 * endpoint off after three days of failed deliveries (features/webhooks/worker.ts). The URL is shown as a name:
 * not a link.
 */
export function webhookDisabledMail(p: {
  appName: string;
  url: string;
  /** The organization's name; undefined for an installation-wide endpoint. */
  organizationName?: string;
}): MailContent {
  const whose = p.organizationName ? `of ${quotedName(p.organizationName)}` : "of this installation";
  return render(
    {
      appName: p.appName,
      heading: "A webhook endpoint was turned off",
      paragraphs: [
        `The webhook endpoint ${quotedName(p.url)} ${whose} has failed every delivery for three days, so ${p.appName} stopped sending to it. Events that were waiting for it were marked failed.`,
        "Fix the receiver, then turn the endpoint on again from the webhook settings and resend the deliveries you need.",
      ],
      footer: "You receive this because you own the organization or administer this installation.",
    },
    `A webhook endpoint ${whose} was turned off`,
  );
}

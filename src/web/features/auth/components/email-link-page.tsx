import { schemaResolver, useForm } from "@mantine/form";
import { IconLink } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSendSignInLink } from "../api/use-email-sign-in.ts";
import { AuthForm } from "./auth-form.tsx";
import { CheckInboxCard, mailRequestFailed, SentLinkNotes } from "./check-inbox.tsx";
import { EmailAddress } from "./email-address.tsx";
import { EmailField } from "./email-field.tsx";

const route = getRouteApi("/_guest/sign-in/email-link");

/** Sign-in with a mailed link: the address, then "check your inbox". */
export function EmailLinkPage() {
  usePageTitle(t("auth.emailLink.title"));
  const search = route.useSearch();
  const send = useSendSignInLink();

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema(t("auth.field.emailRequired")) }), { sync: true }),
  });

  // Only throttling and faults are reported: the answer never tells whether the account exists.
  const failed = mailRequestFailed(send.error);
  const sentTo = send.isSuccess || (send.isError && !failed) ? send.variables?.email : null;

  if (sentTo) {
    return (
      <CheckInboxCard
        subtitle={
          <T
            id="auth.emailLink.sent"
            values={{ email: sentTo }}
            components={{ email: <EmailAddress email={sentTo} /> }}
          />
        }
        footer={<TextLink to="/sign-in">{t("auth.backToPasswordSignIn")}</TextLink>}
      >
        <SentLinkNotes hint={t("auth.emailLink.hint")} onDifferentEmail={() => send.reset()} />
      </CheckInboxCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.emailLink.title")}
      icon={<IconLink size={26} stroke={1.6} />}
      subtitle={t("auth.emailLink.subtitle")}
      footer={
        <TextLink to="/sign-in" search={search}>
          {t("auth.backToPasswordSignIn")}
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit((values) =>
          send.mutate({ email: values.email.trim(), callbackURL: safeRedirectTarget(search.redirect) }),
        )}
        error={failed ? send.error : null}
        submitLabel={t("auth.emailLink.submit")}
        loading={send.isPending}
      >
        <EmailField {...form.getInputProps("email")} />
      </AuthForm>
    </AuthCard>
  );
}

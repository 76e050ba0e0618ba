import { schemaResolver, useForm } from "@mantine/form";
import { IconKey } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useRequestPasswordReset } from "../api/use-auth-mutations.ts";
import { AuthForm } from "./auth-form.tsx";
import { CheckInboxCard, mailRequestFailed, SentLinkNotes } from "./check-inbox.tsx";
import { EmailAddress } from "./email-address.tsx";
import { EmailField } from "./email-field.tsx";

const route = getRouteApi("/forgot-password");

export function ForgotPasswordPage() {
  usePageTitle(t("auth.forgot.pageTitle"));
  const search = route.useSearch();
  const request = useRequestPasswordReset();

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema(t("auth.field.emailRequired")) }), { sync: true }),
  });

  function handleSubmit(values: typeof form.values) {
    request.mutate(values.email.trim());
  }

  // Only throttling and faults are worth reporting: any other answer must not reveal whether the
  // account exists, so it reads as sent.
  const failed = mailRequestFailed(request.error);
  const sentTo = request.isSuccess || (request.isError && !failed) ? request.variables : null;

  if (sentTo) {
    return (
      <CheckInboxCard
        subtitle={
          <T
            id="auth.forgot.sent"
            values={{ email: sentTo }}
            components={{ email: <EmailAddress email={sentTo} /> }}
          />
        }
        footer={<TextLink to="/sign-in">{t("auth.backToSignIn")}</TextLink>}
      >
        <SentLinkNotes hint={t("auth.forgot.hint")} onDifferentEmail={() => request.reset()} />
      </CheckInboxCard>
    );
  }

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      icon={<IconKey size={26} stroke={1.6} />}
      subtitle={t("auth.forgot.subtitle")}
      footer={<T id="auth.forgot.remembered" components={{ link: <TextLink to="/sign-in" fw={600} /> }} />}
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={failed ? request.error : null}
        submitLabel={t("auth.forgot.submit")}
        loading={request.isPending}
      >
        <EmailField {...form.getInputProps("email")} />
      </AuthForm>
    </AuthCard>
  );
}

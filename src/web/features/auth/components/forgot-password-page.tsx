import { schemaResolver, useForm } from "@mantine/form";
import { IconKey } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useRequestPasswordReset } from "../api/use-auth-mutations.ts";
import { AuthForm } from "./auth-form.tsx";
import { CheckInboxCard, mailRequestFailed, SentLinkNotes } from "./check-inbox.tsx";
import { EmailAddress } from "./email-address.tsx";
import { EmailField } from "./email-field.tsx";

const route = getRouteApi("/forgot-password");

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const search = route.useSearch();
  const request = useRequestPasswordReset();

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema("Enter your email address") }), { sync: true }),
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
          <>
            {"If an account exists for "}
            <EmailAddress email={sentTo} />
            {", we sent a link to reset your password."}
          </>
        }
        footer={<TextLink to="/sign-in">Back to sign in</TextLink>}
      >
        <SentLinkNotes
          hint="The link works once and expires soon. Didn't get it? Check your spam folder or try again."
          onDifferentEmail={() => request.reset()}
        />
      </CheckInboxCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      icon={<IconKey size={26} stroke={1.6} />}
      subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <>
          {"Remembered it? "}
          <TextLink to="/sign-in" fw={600}>
            Sign in
          </TextLink>
        </>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit(handleSubmit)}
        error={failed ? request.error : null}
        submitLabel="Send reset link"
        loading={request.isPending}
      >
        <EmailField {...form.getInputProps("email")} />
      </AuthForm>
    </AuthCard>
  );
}

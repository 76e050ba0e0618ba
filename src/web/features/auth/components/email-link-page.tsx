import { schemaResolver, useForm } from "@mantine/form";
import { IconLink } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
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
  usePageTitle("Sign in with a link");
  const search = route.useSearch();
  const send = useSendSignInLink();

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema("Enter your email address") }), { sync: true }),
  });

  // Only throttling and faults are reported: the answer never tells whether the account exists.
  const failed = mailRequestFailed(send.error);
  const sentTo = send.isSuccess || (send.isError && !failed) ? send.variables?.email : null;

  if (sentTo) {
    return (
      <CheckInboxCard
        subtitle={
          <>
            {"If an account uses "}
            <EmailAddress email={sentTo} />
            {", we sent it a sign-in link."}
          </>
        }
        footer={<TextLink to="/sign-in">Back to sign in with a password</TextLink>}
      >
        <SentLinkNotes
          hint="Open it in this browser to sign in. It works once, for 10 minutes. Didn't get it? Check your spam folder or try again."
          onDifferentEmail={() => send.reset()}
        />
      </CheckInboxCard>
    );
  }

  return (
    <AuthCard
      title="Sign in with a link"
      icon={<IconLink size={26} stroke={1.6} />}
      subtitle="Enter the email address of your account and we'll send you a link that signs you in."
      footer={
        <TextLink to="/sign-in" search={search}>
          Back to sign in with a password
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit((values) =>
          send.mutate({ email: values.email.trim(), callbackURL: safeRedirectTarget(search.redirect) }),
        )}
        error={failed ? send.error : null}
        submitLabel="Email me a link"
        loading={send.isPending}
      >
        <EmailField {...form.getInputProps("email")} />
      </AuthForm>
    </AuthCard>
  );
}

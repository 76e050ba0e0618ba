import { schemaResolver, useForm } from "@mantine/form";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { ApiError } from "#web/lib/api/api-error.ts";
import { authorizationResumeTarget } from "#web/lib/oauth-authorization.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSsoSignIn } from "../api/use-sso-sign-in.ts";
import { AuthForm } from "./auth-form.tsx";
import { EmailField } from "./email-field.tsx";

const route = getRouteApi("/_guest/sign-in/sso");

/** The part of an address after the @, for "isn't set up for example.com". */
function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** `/sign-in/sso`: the work email, then the company's identity provider (issue 19). */
export function SsoSignInPage() {
  usePageTitle("Sign in with SSO");
  const search = route.useSearch();
  const signIn = useSsoSignIn();
  const target = authorizationResumeTarget(window.location.search) ?? safeRedirectTarget(search.redirect);
  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema("Enter your work email address") }), {
      sync: true,
    }),
  });
  const tried = signIn.variables?.email ?? "";
  const notSetUp = signIn.error instanceof ApiError && signIn.error.status === 404;

  return (
    <AuthCard
      title="Sign in with SSO"
      icon={<IconShieldLock size={26} stroke={1.6} />}
      subtitle="Enter your work email. We'll send you to your company's sign-in page."
      footer={
        <TextLink
          to="/sign-in"
          search={{ redirect: search.redirect, email: form.values.email.trim() || undefined }}
        >
          Sign in another way
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit((values) =>
          signIn.mutate({ email: values.email.trim(), callbackURL: target }),
        )}
        error={
          notSetUp
            ? new Error(
                `Single sign-on isn't set up for ${domainOf(tried)}. Sign in another way, or ask your administrator.`,
              )
            : signIn.error
        }
        submitLabel="Continue"
        loading={signIn.isPending || signIn.isSuccess}
      >
        <EmailField {...form.getInputProps("email")} label="Work email" data-autofocus autoFocus />
      </AuthForm>
    </AuthCard>
  );
}

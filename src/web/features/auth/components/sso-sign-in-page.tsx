import { schemaResolver, useForm } from "@mantine/form";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
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
  usePageTitle(t("auth.sso.title"));
  const search = route.useSearch();
  const signIn = useSsoSignIn();
  const target = authorizationResumeTarget(window.location.search) ?? safeRedirectTarget(search.redirect);
  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema(t("auth.sso.workEmailRequired")) }), {
      sync: true,
    }),
  });
  const tried = signIn.variables?.email ?? "";
  const notSetUp = signIn.error instanceof ApiError && signIn.error.status === 404;

  return (
    <AuthCard
      title={t("auth.sso.title")}
      icon={<IconShieldLock size={26} stroke={1.6} />}
      subtitle={t("auth.sso.subtitle")}
      footer={
        <TextLink
          to="/sign-in"
          search={{ redirect: search.redirect, email: form.values.email.trim() || undefined }}
        >
          {t("auth.sso.anotherWay")}
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit((values) =>
          signIn.mutate({ email: values.email.trim(), callbackURL: target }),
        )}
        error={notSetUp ? new Error(t("auth.sso.notSetUp", { domain: domainOf(tried) })) : signIn.error}
        submitLabel={t("auth.continue")}
        loading={signIn.isPending || signIn.isSuccess}
      >
        <EmailField
          {...form.getInputProps("email")}
          label={t("auth.sso.workEmail")}
          data-autofocus
          autoFocus
        />
      </AuthForm>
    </AuthCard>
  );
}

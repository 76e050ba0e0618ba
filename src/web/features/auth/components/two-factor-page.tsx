import { Anchor, Checkbox, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconShieldLock } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { backupCodeSchema, normalizeTotpCode, totpCodeSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useVerifySecondStep } from "../api/use-auth-mutations.ts";
import { AuthForm } from "./auth-form.tsx";

const route = getRouteApi("/_guest/sign-in/two-factor");

/** Refusals after which this attempt is over: only signing in again helps. */
const ATTEMPT_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

const COPY: Record<"totp" | "backup", { subtitle: MessageId; label: MessageId; switchTo: MessageId }> = {
  totp: {
    subtitle: "auth.twoFactor.totp.subtitle",
    label: "auth.twoFactor.totp.label",
    switchTo: "auth.twoFactor.totp.switch",
  },
  backup: {
    subtitle: "auth.twoFactor.backup.subtitle",
    label: "auth.twoFactor.backup.label",
    switchTo: "auth.twoFactor.backup.switch",
  },
};

/**
 * /sign-in/two-factor: the second step of a sign-in whose account has two-factor on. The first step left
 * a short-lived cookie (no session yet); a right code completes the sign-in and goes on to `?redirect=`.
 */
export function TwoFactorPage() {
  usePageTitle(t("auth.twoFactor.title"));
  const search = route.useSearch();
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const verify = useVerifySecondStep();
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const target = safeRedirectTarget(search.redirect);
  const copy = COPY[method];

  const form = useForm({
    mode: "controlled",
    initialValues: { code: "", trustDevice: false },
    validate: schemaResolver(z.object({ code: method === "totp" ? totpCodeSchema : backupCodeSchema }), {
      sync: true,
    }),
  });

  function switchMethod() {
    setMethod(method === "totp" ? "backup" : "totp");
    form.setFieldValue("code", "");
    form.clearErrors();
    verify.reset();
  }

  function submit({ code, trustDevice }: typeof form.values) {
    verify.mutate(
      { method, code: method === "totp" ? normalizeTotpCode(code) : code.trim(), trustDevice },
      {
        onSuccess: async () => {
          // An app's authorization resumes from its exact query string: a full load keeps it untouched.
          if (target.startsWith("/oauth/")) {
            window.location.assign(target);
            return;
          }
          await refetch();
          await navigate({ to: target, replace: true });
        },
        onError: () => form.setFieldValue("code", ""),
      },
    );
  }

  const over = verify.error instanceof ApiError && ATTEMPT_OVER.has(verify.error.code ?? "");

  return (
    <AuthCard
      title={t("auth.twoFactor.title")}
      icon={<IconShieldLock size={26} stroke={1.6} />}
      subtitle={t(copy.subtitle)}
      footer={
        <TextLink to="/sign-in" search={search.redirect ? { redirect: search.redirect } : {}}>
          {t("auth.backToSignIn")}
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit(submit)}
        error={verify.error}
        errorAction={
          over ? (
            <TextLink to="/sign-in" search={search.redirect ? { redirect: search.redirect } : {}} fw={600}>
              {t("auth.twoFactor.signInAgain")}
            </TextLink>
          ) : null
        }
        submitLabel={t("auth.twoFactor.verify")}
        loading={verify.isPending || verify.isSuccess}
      >
        <TextInput
          key={method}
          label={t(copy.label)}
          size="md"
          autoFocus
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          spellCheck={false}
          maxLength={method === "totp" ? 9 : 64}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.15em" } }}
          {...form.getInputProps("code")}
        />
        <Checkbox
          label={t("auth.twoFactor.trustDevice")}
          description={t("auth.twoFactor.trustDeviceHint")}
          {...form.getInputProps("trustDevice", { type: "checkbox" })}
        />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={switchMethod} size="sm">
            {t(copy.switchTo)}
          </Anchor>
        </Text>
      </AuthForm>
    </AuthCard>
  );
}

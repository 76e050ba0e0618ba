import { Button, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconMail } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { emailSchema } from "#shared/fields.ts";
import { AuthCard } from "#web/components/auth-card.tsx";
import { TextLink } from "#web/components/text-link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { ApiError, isSsoRequired } from "#web/lib/api/api-error.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { safeRedirectTarget } from "#web/lib/safe-redirect.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useSendSignInCode, useSignInWithCode } from "../api/use-email-sign-in.ts";
import { AuthForm } from "./auth-form.tsx";
import { CheckInboxCard, mailRequestFailed, OutboxLink } from "./check-inbox.tsx";
import { EmailAddress } from "./email-address.tsx";
import { EmailField } from "./email-field.tsx";
import { SsoRequiredAlert } from "./sso-required-alert.tsx";

const route = getRouteApi("/_guest/sign-in/code");

/** Seconds before another code may be asked for. */
const RESEND_SECONDS = 30;
/** Codes that end this code: a new one is the way on. */
const DEAD_CODE = new Set(["OTP_EXPIRED", "TOO_MANY_ATTEMPTS"]);

/** Sign-in with a mailed code: the address, then the 6-digit code (resend with a cooldown). */
export function EmailCodePage() {
  usePageTitle(t("auth.emailCode.title"));
  const search = route.useSearch();
  const send = useSendSignInCode();
  const cooldown = useCooldown();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: search.email ?? "" },
    validate: schemaResolver(z.object({ email: emailSchema(t("auth.field.emailRequired")) }), { sync: true }),
  });

  function sendTo(email: string) {
    send.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
        cooldown.start(RESEND_SECONDS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.retryAfter) cooldown.start(error.retryAfter);
      },
    });
  }

  // Only throttling and faults are reported at this step: the answer never tells whether the account exists.
  const sendFailed = mailRequestFailed(send.error);

  if (sentTo) {
    return (
      <CodeStep
        email={sentTo}
        redirect={search.redirect}
        resend={{
          pending: send.isPending,
          error: sendFailed ? send.error : null,
          remaining: cooldown.remaining,
          onResend: () => sendTo(sentTo),
        }}
        onChangeEmail={() => {
          setSentTo(null);
          send.reset();
        }}
      />
    );
  }

  return (
    <AuthCard
      title={t("auth.emailCode.title")}
      icon={<IconMail size={26} stroke={1.6} />}
      subtitle={t("auth.emailCode.subtitle")}
      footer={
        <TextLink to="/sign-in" search={search}>
          {t("auth.backToPasswordSignIn")}
        </TextLink>
      }
    >
      <AuthForm
        onSubmit={form.onSubmit((values) => sendTo(values.email.trim()))}
        error={sendFailed ? send.error : null}
        submitLabel={t("auth.emailCode.submit")}
        loading={send.isPending}
      >
        {isSsoRequired(send.error) ? (
          <SsoRequiredAlert error={send.error} email={send.variables ?? ""} redirect={search.redirect} />
        ) : null}
        <EmailField {...form.getInputProps("email")} />
      </AuthForm>
    </AuthCard>
  );
}

interface CodeStepProps {
  email: string;
  redirect?: string;
  resend: { pending: boolean; error: unknown; remaining: number; onResend: () => void };
  onChangeEmail: () => void;
}

function CodeStep({ email, redirect, resend, onChangeEmail }: CodeStepProps) {
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const signIn = useSignInWithCode();
  const form = useForm({
    mode: "controlled",
    initialValues: { code: "" },
    validate: schemaResolver(
      z.object({ code: z.string().regex(/^\d{6}$/, t("auth.emailCode.codeRequired")) }),
      {
        sync: true,
      },
    ),
  });

  function submit(code: string) {
    signIn.mutate(
      { email, otp: code },
      {
        onSuccess: async (answer) => {
          // A two-factor account goes on to its second step, then to the same target.
          if (answer?.twoFactorRedirect) {
            await navigate({ to: "/sign-in/two-factor", search: { redirect: safeRedirectTarget(redirect) } });
            return;
          }
          await refetch();
          await navigate({ to: safeRedirectTarget(redirect), replace: true });
        },
        onError: () => form.setFieldValue("code", ""),
      },
    );
  }

  const code = signIn.error instanceof ApiError ? signIn.error.code : undefined;
  const dead = code !== undefined && DEAD_CODE.has(code);
  const resendLabel =
    resend.remaining > 0
      ? t("auth.emailCode.resendIn", { seconds: resend.remaining })
      : dead
        ? t("auth.emailCode.sendNew")
        : t("auth.emailCode.sendAgain");

  return (
    <CheckInboxCard
      subtitle={
        <T
          id="auth.emailCode.sent"
          values={{ email }}
          components={{ email: <EmailAddress email={email} /> }}
        />
      }
      footer={<TextLink to="/sign-in">{t("auth.backToPasswordSignIn")}</TextLink>}
    >
      <Stack gap="md">
        <AuthForm
          onSubmit={form.onSubmit((values) => submit(values.code))}
          error={isSsoRequired(signIn.error) ? null : (signIn.error ?? resend.error)}
          submitLabel={t("auth.signIn.action")}
          loading={signIn.isPending || signIn.isSuccess}
        >
          {isSsoRequired(signIn.error) ? (
            <SsoRequiredAlert error={signIn.error} email={email} redirect={redirect} />
          ) : null}
          <TextInput
            label={t("auth.emailCode.codeLabel")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
            data-autofocus
            autoFocus
            styles={{
              input: { fontSize: 24, letterSpacing: "0.4em", textAlign: "center", fontFamily: "monospace" },
            }}
            {...form.getInputProps("code")}
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, "").slice(0, 6);
              form.setFieldValue("code", digits);
              if (digits.length === 6 && !signIn.isPending) submit(digits);
            }}
          />
        </AuthForm>
        <Button
          variant={dead ? "filled" : "default"}
          fullWidth
          disabled={resend.remaining > 0}
          loading={resend.pending}
          onClick={() => {
            signIn.reset();
            resend.onResend();
          }}
        >
          {resendLabel}
        </Button>
        <Button variant="default" fullWidth onClick={onChangeEmail}>
          {t("auth.useDifferentEmail")}
        </Button>
        <OutboxLink />
      </Stack>
    </CheckInboxCard>
  );
}

import { Button, Divider, Stack } from "@mantine/core";
import { WebAuthnAbortService } from "@simplewebauthn/browser";
import { IconKey } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { authCall } from "#web/lib/api/call.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { isBrowserCeremonyError, passkeySupport } from "#web/lib/passkey-support.ts";
import { usePasskeySignIn } from "../api/use-auth-mutations.ts";

/** The browser's answers when the person closes the prompt or another request replaces it: nothing to report. */
const QUIET_CODES = new Set([
  "ERROR_CEREMONY_ABORTED",
  "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY",
  "AUTH_CANCELLED",
]);

function isQuiet(error: unknown): boolean {
  return error instanceof ApiError && error.code !== undefined && QUIET_CODES.has(error.code);
}

async function autofillAvailable(): Promise<boolean> {
  const credential = window.PublicKeyCredential as
    | (typeof PublicKeyCredential & { isConditionalMediationAvailable?: () => Promise<boolean> })
    | undefined;
  return (await credential?.isConditionalMediationAvailable?.()) ?? false;
}

/** True when passkeys can work on this page (else the button is not shown and no autofill starts). */
export function canUsePasskeys(): boolean {
  return passkeySupport() === "ok";
}

interface PasskeySignInProps {
  /** Signed in: refresh the session and go on to where the person was going. */
  onSignedIn: () => Promise<unknown>;
  /** A refusal worth telling (unknown passkey, wrong site…), shown with the form's other errors. */
  onError: (error: unknown) => void;
}

/**
 * "Sign in with a passkey", and the same offered by the browser's autofill of the email field (conditional
 * mediation: the field's autocomplete ends in `webauthn`). The autofill request starts when the screen opens,
 * again after a prompt was closed, and is aborted when the screen goes away.
 */
export function PasskeySignIn({ onSignedIn, onError }: PasskeySignInProps) {
  const button = usePasskeySignIn();
  const [round, setRound] = useState(0);
  const done = useRef(onSignedIn);
  done.current = onSignedIn;
  const failed = useRef(onError);
  failed.current = onError;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round starts one autofill request
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!canUsePasskeys() || !(await autofillAvailable()) || !active) return;
      try {
        await authCall((o) => authClient.signIn.passkey({ autoFill: true }, o));
        if (active) await done.current();
      } catch (error) {
        // Nobody asked for this request: only the server's refusal of a chosen passkey is worth telling.
        const fromBrowser = error instanceof ApiError && isBrowserCeremonyError(error.code);
        if (active && !fromBrowser) failed.current(error);
      }
    })();
    return () => {
      active = false;
      // An SPA navigation does not end the pending request: abort it, or it would outlive the screen.
      WebAuthnAbortService.cancelCeremony();
    };
  }, [round]);

  function start() {
    onError(null);
    // Starting the prompt aborts the pending autofill request; it is asked again afterwards.
    button.mutate(
      { autoFill: false },
      {
        onSuccess: () => onSignedIn(),
        onError: (error) => {
          if (!isQuiet(error)) onError(error);
          setRound((n) => n + 1);
        },
      },
    );
  }

  if (!canUsePasskeys()) return null;
  return (
    <Stack gap="sm">
      <Divider label={t("auth.orWithoutPassword")} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey size={18} aria-hidden />}
        loading={button.isPending || button.isSuccess}
        onClick={start}
      >
        {t("auth.signIn.passkey")}
      </Button>
    </Stack>
  );
}

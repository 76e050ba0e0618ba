import { Alert, Badge, Box, Button, Group, Stack, Text, TextInput, ThemeIcon, Timeline } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconMail,
  IconMailForward,
  IconSend,
} from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LIMITS } from "#shared/limits.ts";
import { authClient, type Session } from "#web/lib/auth-client.ts";
import { authErrorMessage, trackRetryAfter } from "#web/lib/auth-errors.ts";
import { describeRedirectError } from "#web/lib/redirect-errors.ts";
import { useCooldown } from "#web/lib/use-cooldown.ts";
import { unwrap } from "../lib/auth-call.ts";
import { useFreshAction } from "../lib/fresh-action.tsx";
import { notifyError, notifySuccess } from "../lib/notify.ts";
import { validateEmail } from "../lib/password-rules.ts";
import {
  type PendingEmailChange,
  readPendingEmailChange,
  readStoredEmailChange,
  savePendingEmailChange,
} from "../lib/pending-email.ts";
import { SectionCard } from "./section-card.tsx";

const route = getRouteApi("/account");

/** Where both email-change links come back to. */
const RETURN_URL = "/account?section=email&emailChange=returned";

/** Current address, its verification, and the change flow (POST /api/auth/change-email). */
export function EmailSection({ user }: { user: Session["user"] }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const { refetch } = authClient.useSession();
  const [pending, setPending] = useState<PendingEmailChange | null>(() => readPendingEmailChange(user.email));
  const [editing, setEditing] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(
    search.emailChange ? (search.error ?? null) : null,
  );

  // Back from a link: either the old address approved (step 1) or the new one verified (done).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per return from a link
  useEffect(() => {
    if (!search.emailChange) return;
    void (async () => {
      const { data } = await authClient.getSession();
      void refetch();
      const email = data?.user.email ?? user.email;
      const stored = readStoredEmailChange();
      if (!search.error && stored) {
        if (stored.to.toLowerCase() === email.toLowerCase()) {
          savePendingEmailChange(null);
          setPending(null);
          notifySuccess("Email address changed", `You now sign in with ${email}.`);
        } else if (stored.from.toLowerCase() === email.toLowerCase()) {
          const approved = { ...stored, approved: true };
          savePendingEmailChange(approved);
          setPending(approved);
        }
      }
      await navigate({ to: "/account", search: { section: "email" }, replace: true });
    })();
  }, [search.emailChange]);

  useEffect(() => {
    setPending(readPendingEmailChange(user.email));
  }, [user.email]);

  const linkProblem = linkError ? describeRedirectError(linkError) : null;

  return (
    <SectionCard
      id="email"
      title="Email address"
      description="Where we send sign-in links and security notices. You also sign in with it."
    >
      <Stack gap="lg">
        {linkProblem ? (
          <Alert
            color="red"
            variant="light"
            title={linkProblem.title}
            icon={<IconAlertCircle size={18} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setLinkError(null)}
          >
            {`${linkProblem.description} You can start the change again below.`}
          </Alert>
        ) : null}

        <Group gap="md" wrap="wrap" align="center">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden visibleFrom="xs">
            <IconMail size={20} stroke={1.6} />
          </ThemeIcon>
          <Box style={{ minWidth: 0, flex: "1 1 14rem" }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="current-email">
                {user.email}
              </Text>
              {user.emailVerified ? (
                <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
                  Verified
                </Badge>
              ) : (
                <Badge
                  color="yellow"
                  variant="light"
                  leftSection={<IconAlertTriangle size={12} aria-hidden />}
                >
                  Not verified
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Primary address
            </Text>
          </Box>
          {!editing && !pending ? (
            <Button variant="default" size="sm" onClick={() => setEditing(true)}>
              Change
            </Button>
          ) : null}
        </Group>

        {!user.emailVerified ? <VerifyCurrent email={user.email} /> : null}

        {pending ? (
          <PendingChange
            pending={pending}
            onCancel={() => {
              savePendingEmailChange(null);
              setPending(null);
            }}
            onResent={setPending}
          />
        ) : null}

        {editing && !pending ? (
          <ChangeEmailForm
            user={user}
            onCancel={() => setEditing(false)}
            onSent={(change) => {
              setEditing(false);
              setPending(change);
            }}
          />
        ) : null}
      </Stack>
    </SectionCard>
  );
}

/** Sends the change request; the fresh-session rule may ask for the password first. */
function useRequestEmailChange() {
  const fresh = useFreshAction();
  return async (user: Session["user"], newEmail: string): Promise<PendingEmailChange> => {
    await fresh.run(() => unwrap(authClient.changeEmail({ newEmail, callbackURL: RETURN_URL })));
    const change: PendingEmailChange = {
      from: user.email,
      to: newEmail,
      twoStep: Boolean(user.emailVerified),
      approved: false,
      requestedAt: Date.now(),
    };
    savePendingEmailChange(change);
    return change;
  };
}

function ChangeEmailForm({
  user,
  onCancel,
  onSent,
}: {
  user: Session["user"];
  onCancel: () => void;
  onSent: (change: PendingEmailChange) => void;
}) {
  const request = useRequestEmailChange();
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validate: {
      email: (value) =>
        validateEmail(value) ??
        (value.trim().toLowerCase() === user.email.toLowerCase() ? "That is already your address" : null),
    },
  });

  async function submit(values: typeof form.values) {
    const newEmail = values.email.trim().toLowerCase();
    try {
      const change = await request(user, newEmail);
      notifySuccess(
        "Check your inbox",
        change.twoStep ? `We sent a link to ${user.email}.` : `We sent a link to ${newEmail}.`,
      );
      onSent(change);
    } catch (error) {
      notifyError("Could not start the change", error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          data-autofocus
          {...form.getInputProps("email")}
        />
        <Text size="sm" c="dimmed">
          {user.emailVerified
            ? `For your safety we first email ${user.email} to approve the change, then the new address to confirm it. Your address changes only after both.`
            : "We email the new address a link; your address changes, verified, once you open it."}
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={form.submitting} leftSection={<IconSend size={16} aria-hidden />}>
            Send confirmation link
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PendingChange({
  pending,
  onCancel,
  onResent,
}: {
  pending: PendingEmailChange;
  onCancel: () => void;
  onResent: (change: PendingEmailChange) => void;
}) {
  const { data } = authClient.useSession();
  const request = useRequestEmailChange();
  const cooldown = useCooldown();
  const [resending, setResending] = useState(false);
  const step = pending.twoStep ? (pending.approved ? 1 : 0) : 1;
  const waitingFor = pending.twoStep && !pending.approved ? pending.from : pending.to;

  async function resend() {
    if (!data) return;
    setResending(true);
    try {
      const change = await request(data.user, pending.to);
      onResent(change);
      cooldown.start(30);
      notifySuccess("Link sent again", `Check ${change.twoStep ? change.from : change.to}.`);
    } catch (error) {
      notifyError("Could not send the link", error);
    } finally {
      setResending(false);
    }
  }

  return (
    <Alert
      color="indigo"
      variant="light"
      title="Change pending — check your inbox"
      icon={<IconMailForward size={18} aria-hidden />}
      data-testid="pending-email-change"
    >
      <Stack gap="md">
        <Text size="sm">
          {"Open the link we sent to "}
          <Text component="strong" fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
            {waitingFor}
          </Text>
          {". Links are valid for 1 hour."}
        </Text>
        <Timeline active={step} bulletSize={22} lineWidth={2}>
          {pending.twoStep ? (
            <Timeline.Item
              bullet={<IconCircleCheck size={14} aria-hidden />}
              title={
                pending.approved ? "Approved from your current address" : "Approve from your current address"
              }
            >
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {pending.from}
              </Text>
            </Timeline.Item>
          ) : null}
          <Timeline.Item bullet={<IconMail size={14} aria-hidden />} title="Confirm the new address">
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {pending.to}
            </Text>
          </Timeline.Item>
          <Timeline.Item bullet={<IconCircleCheck size={14} aria-hidden />} title="Address changed">
            <Text size="xs" c="dimmed">
              You then sign in with the new address.
            </Text>
          </Timeline.Item>
        </Timeline>
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={resend} loading={resending} disabled={cooldown.active}>
            {cooldown.active ? `Resend in ${cooldown.remaining} s` : "Resend link"}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={onCancel}>
            Change to another address
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "Not verified" comes with a way out: a new verification link. */
function VerifyCurrent({ email }: { email: string }) {
  const cooldown = useCooldown();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    const retry = trackRetryAfter();
    const { error } = await authClient.sendVerificationEmail({
      email,
      callbackURL: "/verified",
      fetchOptions: retry.fetchOptions,
    });
    setSending(false);
    if (error) {
      notifyError("Could not send the email", new Error(authErrorMessage(error, retry.state.seconds)));
      return;
    }
    cooldown.start(30);
    notifySuccess("Verification email sent", `Check ${email} for a new link.`);
  }

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="Verify your address"
    >
      <Stack gap="xs">
        <Text size="sm">
          Until you open the link we sent, some features stay locked, like accepting invitations.
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={send} loading={sending} disabled={cooldown.active}>
            {cooldown.active ? `Resend in ${cooldown.remaining} s` : "Send verification link"}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import { MultiSelect, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import { z } from "zod";
import { ALL_EVENTS } from "#shared/audit.ts";
import { type CreatedWebhook, createWebhookBody, type WebhookEndpoint } from "#shared/contracts/webhooks.ts";
import { t } from "#web/i18n/i18n.ts";
import { useCreateWebhook, useUpdateWebhook, type WebhookScope } from "#web/lib/api/webhooks.ts";
import { type AuditFamily, actionChoices, actionDescription } from "#web/lib/audit-words.ts";
import { AppModal, DialogActions } from "../app-modal.tsx";
import { ErrorAlert } from "../error-alert.tsx";
import { WebhookSecret } from "./webhook-secret.tsx";

const formSchema = z
  .object({
    url: createWebhookBody.shape.url,
    all: z.boolean(),
    events: z.array(z.string()),
    description: z.string().max(500),
  })
  .refine((values) => values.all || values.events.length > 0, {
    path: ["events"],
    error: () => t("webhooks.form.eventsMissing"),
  });
type FormValues = z.infer<typeof formSchema>;

/** The event picker's choices: each action by its name, grouped by family, its description under it. */
function eventChoices(families?: readonly AuditFamily[]) {
  return actionChoices(families).map(({ group, items }) => ({
    group,
    items: items
      .filter((item) => !item.value.endsWith("."))
      .map((item) => ({ value: item.value, label: item.value })),
  }));
}

interface WebhookFormDialogProps {
  scope: WebhookScope;
  /** Open to add an endpoint (`"new"`) or to edit this one; closed when null. */
  target: WebhookEndpoint | "new" | null;
  onClose: () => void;
  /** The event families offered (an organization's events only, for its endpoints). */
  families?: readonly AuditFamily[];
}

/** Adding an endpoint (then its secret, shown once) or changing one: URL, events, description. */
export function WebhookFormDialog({ scope, target, onClose, families }: WebhookFormDialogProps) {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  function close() {
    setCreated(null);
    onClose();
  }
  const editing = target !== null && target !== "new" ? target : null;
  return (
    <AppModal
      opened={target !== null}
      onClose={close}
      title={
        created
          ? t("webhooks.form.copySecretTitle")
          : editing
            ? t("webhooks.form.editTitle")
            : t("webhooks.addEndpoint")
      }
      size="lg"
    >
      {created ? (
        <WebhookSecret secret={created.secret} onDone={close} />
      ) : target !== null ? (
        <WebhookForm
          scope={scope}
          endpoint={editing}
          families={families}
          onCreated={setCreated}
          onClose={close}
        />
      ) : null}
    </AppModal>
  );
}

function WebhookForm({
  scope,
  endpoint,
  families,
  onCreated,
  onClose,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint | null;
  families?: readonly AuditFamily[];
  onCreated: (created: CreatedWebhook) => void;
  onClose: () => void;
}) {
  const all = endpoint ? endpoint.events.includes(ALL_EVENTS) : false;
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: {
      url: endpoint?.url ?? "",
      all,
      events: all ? [] : (endpoint?.events ?? []),
      description: endpoint?.description ?? "",
    },
    validate: schemaResolver(formSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const create = useCreateWebhook(scope, onCreated);
  const update = useUpdateWebhook(onClose);
  const mutation = endpoint ? update : create;

  function submit(values: FormValues) {
    const body = {
      url: values.url.trim(),
      events: values.all ? [ALL_EVENTS] : values.events,
      description: values.description.trim(),
    };
    if (endpoint) update.mutate({ endpoint, body });
    else create.mutate(body);
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <ErrorAlert error={mutation.error} />
        <TextInput
          label={t("webhooks.form.url")}
          description={t("webhooks.form.urlDescription")}
          placeholder="https://example.com/webhooks/gatehouse"
          type="url"
          required
          data-autofocus
          {...form.getInputProps("url")}
        />
        <Switch
          label={t("webhooks.form.all")}
          description={t("webhooks.form.allDescription")}
          {...form.getInputProps("all", { type: "checkbox" })}
        />
        {form.values.all ? null : (
          <MultiSelect
            label={t("webhooks.form.events")}
            description={t("webhooks.form.eventsDescription")}
            placeholder={form.values.events.length ? undefined : t("webhooks.form.eventsPlaceholder")}
            data={eventChoices(families)}
            searchable
            hidePickedOptions
            maxDropdownHeight={300}
            nothingFoundMessage={t("webhooks.form.noEvent")}
            renderOption={({ option }) => (
              <div>
                <Text size="sm" ff="monospace">
                  {option.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {actionDescription(option.value)}
                </Text>
              </div>
            )}
            {...form.getInputProps("events")}
          />
        )}
        <Textarea
          label={t("webhooks.form.description")}
          description={t("webhooks.form.descriptionHelp")}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps("description")}
        />
        <DialogActions
          confirmLabel={endpoint ? t("webhooks.form.save") : t("webhooks.addEndpoint")}
          onCancel={onClose}
          loading={mutation.isPending}
        />
      </Stack>
    </form>
  );
}

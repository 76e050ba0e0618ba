import { Center, Loader, VisuallyHidden } from "@mantine/core";
import { t } from "#web/i18n/i18n.ts";

/** Centered spinner for pending sessions and routes; announced to screen readers. */
export function PageLoader({ label = t("common.loading") }: { label?: string }) {
  return (
    <Center mih="50vh" role="status">
      <Loader />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The warning over a secret shown this one time (a client secret, an API key): Gatehouse keeps only
 * its hash, so what is not copied now is gone.
 */
export function ShownOnceAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}

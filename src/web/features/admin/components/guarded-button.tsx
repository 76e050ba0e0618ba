import { Button, Tooltip, VisuallyHidden } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";

type GuardedButtonProps = {
  /** Why the action is not available here; null when it is. */
  reason: string | null;
  id: string;
  children: ReactNode;
} & ComponentProps<typeof Button<"button">>;

/**
 * A button that stays focusable while unavailable, so its reason (tooltip and
 * description) can be read; Mantine's `data-disabled` styles it as disabled.
 */
export function GuardedButton({ reason, id, children, ...props }: GuardedButtonProps) {
  if (!reason) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      <Button
        {...props}
        data-disabled
        aria-disabled
        aria-describedby={`${id}-reason`}
        onClick={(event) => event.preventDefault()}
        loading={false}
      >
        {children}
        <VisuallyHidden id={`${id}-reason`}>{reason}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}

import { notifications } from "@mantine/notifications";
import { errorText } from "./auth-call.ts";
import { ReauthCancelledError } from "./fresh-action.tsx";

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: "teal", title, message });
}

/** A red notification in plain words; silent when the person closed the re-authentication dialog. */
export function notifyError(title: string, error: unknown): void {
  if (error instanceof ReauthCancelledError) return;
  notifications.show({ color: "red", title, message: errorText(error) });
}

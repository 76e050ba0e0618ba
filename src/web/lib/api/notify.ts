import { notifications } from "@mantine/notifications";
import { type ErrorWording, errorText } from "./error-text.ts";

/**
 * The words of a notification. A success names its subject — who or what changed, and where ("Bob
 * Builder is now in Engineering") — so it still reads right when several pile up (issue 20).
 */
export interface Notice {
  title: string;
  message: string;
}

/** The one success notification; with `keep` it stays until closed (words the person must read). */
export function notifySuccess(notice: Notice, { keep = false } = {}): void {
  notifications.show({ color: "teal", ...notice, ...(keep ? { autoClose: false } : {}) });
}

/** The one failure notification, for an action with no place on screen to say why it failed. */
export function notifyFailure(title: string, error: unknown, wording?: ErrorWording): void {
  notifications.show({ color: "red", title, message: errorText(error, wording) });
}

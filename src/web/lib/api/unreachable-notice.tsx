import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { t } from "#web/i18n/i18n.ts";
import { queryClient } from "../query-client.ts";
import { isNetworkError } from "./api-error.ts";
import { networkText } from "./error-text.ts";

const UNREACHABLE = "unreachable";

function retryFailedLists(): void {
  notifications.hide(UNREACHABLE);
  void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
}

/**
 * For a list that feeds a control rather than a screen (a team or role picker, the switcher, the home page's
 * offers, a filter): it has no place of its own to say it failed, so a lost network shows one notification
 * with the words every call uses, until "Try again" loads every failed list again (or it is closed).
 */
export function useUnreachableNotice(error: unknown): void {
  const unreachable = isNetworkError(error);
  useEffect(() => {
    if (!unreachable) return;
    notifications.show({
      id: UNREACHABLE,
      color: "red",
      title: networkText(),
      autoClose: false,
      message: (
        <Button size="xs" variant="default" mt={6} onClick={retryFailedLists}>
          {t("common.actions.tryAgain")}
        </Button>
      ),
    });
  }, [unreachable]);
}

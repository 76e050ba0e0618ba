import { useEffect } from "react";

/** Sets the browser tab title for the current screen. */
export function usePageTitle(title: string, appName = "Gatehouse") {
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

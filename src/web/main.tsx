import "./mantine-styles.ts";
import "./styles.css";

import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { NotificationsOnDemand } from "./components/notifications-on-demand.tsx";
import { translateFieldWords } from "./i18n/field-words.ts";
import { activateLocale, startingLocale } from "./i18n/i18n.ts";
import { LocaleRoot } from "./i18n/locale-root.tsx";
import { queryClient } from "./lib/query-client.ts";
import { router } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

// The scheme is read from localStorage at start-up instead of by Mantine's ColorSchemeScript; index.html's
// one inline script (allowed by its hash) has already set it on <html> for the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: "gatehouse-color-scheme" });

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");

// The page is shown in the person's language from its first paint: a language other than English waits for
// its first-page words (one small request); if they cannot load, English it is.
translateFieldWords();
activateLocale(startingLocale())
  .catch(() => activateLocale("en"))
  .finally(() => render(rootElement));

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        <QueryClientProvider client={queryClient}>
          <LocaleRoot>
            {/* Bottom left: drawers open from the right and dialogs sit in the middle, so a notification never
                covers the panel being worked in (issue 20); three at most, the rest wait their turn. */}
            <NotificationsOnDemand position="bottom-left" limit={3} className="gh-notifications" />
            <RouterProvider router={router} />
          </LocaleRoot>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

import "./mantine-styles.ts";
import "./styles.css";

import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { NotificationsOnDemand } from "./components/notifications-on-demand.tsx";
import { queryClient } from "./lib/query-client.ts";
import { router } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

// The scheme is read from localStorage at start-up instead of by Mantine's ColorSchemeScript; index.html's
// one inline script (allowed by its hash) has already set it on <html> for the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: "gatehouse-color-scheme" });

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <NotificationsOnDemand position="top-right" />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Shades chosen so white text on filled buttons and links on the page
  // background keep a WCAG AA contrast ratio in both schemes.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: {
    fontFamily:
      "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontWeight: "700",
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: "lg" } },
    // A file input's placeholder is page text, not an attribute (3.5:1 on white in Mantine's gray): the
    // dimmed shade keeps AA (found by axe on the invitations page's CSV picker, issue 18).
    InputPlaceholder: { styles: { placeholder: { color: "var(--mantine-color-dimmed)" } } },
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Close notification" } },
      // Mantine's gray description under a title is 4.0:1 on white; the dimmed shade keeps AA.
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
    // Every field on these short forms is required; asterisks would only add noise.
    TextInput: { defaultProps: { size: "md", withAsterisk: false } },
    // The show-password toggle is a real button on the Tab path, named (Mantine's is tabIndex -1); its
    // aria-pressed says whether the password shows.
    PasswordInput: {
      defaultProps: {
        size: "md",
        withAsterisk: false,
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { "aria-label": "Show password" },
      },
    },
  },
});

/**
 * Mantine's default "dimmed" and "error" text colours fall under 4.5:1 on the
 * page background; darker (light scheme) and lighter (dark scheme) shades
 * keep secondary text and field errors readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
    // Mantine's yellow-9 on the light yellow background is only 2.7:1.
    "--mantine-color-yellow-light-color": "#7c4400",
    "--mantine-color-teal-light-color": "#066649",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
  },
});

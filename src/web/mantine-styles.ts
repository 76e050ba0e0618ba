// Mantine's stylesheets for what loads with the sign-in page (the app shell,
// notifications and the screens router.tsx imports directly), in place of the
// whole of `@mantine/core/styles.css`. Components only the screens and widgets
// loaded on demand render are in mantine-styles-lazy.ts, which loads with them.
//
// Keep Mantine's order (that of `@mantine/core/styles.css`): the global styles,
// then the components others are built on, then the rest. A component needs
// the stylesheets of the components it renders too (Button: UnstyledButton;
// PasswordInput: Input; Notification: Loader, CloseButton). A component whose
// stylesheet is in neither list renders unstyled.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Tooltip.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
// Other Mantine packages come after @mantine/core.
import "@mantine/notifications/styles.css";

// Mantine's stylesheets for the components only the screens and widgets
// loaded on demand render (modals, menus, tables, selects…). lazyLoad
// (lib/lazy-load.ts) loads this module with each of them, so these styles ship
// in a chunk of their own, not with the sign-in page.
//
// Same rules as mantine-styles.ts, which is always loaded before: Mantine's
// order, and the stylesheets of the components a component renders (Menu:
// Popover; Modal and Drawer: ModalBase, Overlay; Select: Combobox, ScrollArea;
// MultiSelect: Pill, PillsInput; Radio: InlineInput). A component that a
// screen loaded up front uses belongs in mantine-styles.ts instead.
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Breadcrumbs.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/EmptyState.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/RadioCard.css";
import "@mantine/core/styles/RadioIndicator.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Timeline.css";

// Its own module so that the tooltip's code lands in a chunk of its own (hint-tooltip.tsx).
export { Tooltip } from "@mantine/core";

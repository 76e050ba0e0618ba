import { Anchor, type AnchorProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import { forwardRef } from "react";

const AnchorForRouter = forwardRef<HTMLAnchorElement, AnchorProps & React.ComponentPropsWithoutRef<"a">>(
  (props, ref) => <Anchor ref={ref} {...props} />,
);
AnchorForRouter.displayName = "AnchorForRouter";

/** A Mantine Anchor that navigates with the router (typed `to`, `search`). */
export const TextLink = createLink(AnchorForRouter);

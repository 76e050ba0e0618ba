import { Button, type ButtonProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import { forwardRef } from "react";

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & React.ComponentPropsWithoutRef<"a">>(
  (props, ref) => <Button component="a" ref={ref} {...props} />,
);
ButtonAnchor.displayName = "ButtonAnchor";

/** A Mantine Button rendered as a router link. */
export const ButtonLink = createLink(ButtonAnchor);

import { lazy, type ReactNode, Suspense, useRef, useState } from "react";

const Tooltip = lazy(() => import("./tooltip.ts").then((m) => ({ default: m.Tooltip })));

/**
 * Mantine's Tooltip for the header's icon buttons, loaded on the first hover: its positioning code
 * (floating-ui) stays off the sign-in page. It points at the button instead of wrapping it, so the button is
 * not remounted when the code arrives. Like Mantine's default, it shows on hover only (the buttons are named).
 */
export function HintTooltip({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const target = box.current?.firstElementChild;
  return (
    <span
      ref={box}
      style={{ display: "contents" }}
      onPointerEnter={() => {
        setWanted(true);
        setOpened(true);
      }}
      onPointerLeave={() => setOpened(false)}
    >
      {children}
      {wanted && target instanceof HTMLElement ? (
        <Suspense fallback={null}>
          <Tooltip label={label} withArrow opened={opened} target={target} />
        </Suspense>
      ) : null}
    </span>
  );
}

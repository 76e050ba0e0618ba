import { type RefObject, useEffect } from "react";

/**
 * A row of sections that scrolls sideways on phones (account, organization) keeps the open one — the element
 * with aria-current="page" inside `container` — in the middle of its scroll area whenever `current` changes,
 * and whenever the row changes size: a window narrowed to a phone's width (or a tablet turned) turns the
 * side list into that row, scrolled to its start.
 */
export function useCurrentInSight(container: RefObject<HTMLElement | null>, current: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open section changes
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const centre = () => {
      const active = element.querySelector<HTMLElement>('[aria-current="page"]');
      const viewport = active?.closest<HTMLElement>(".mantine-ScrollArea-viewport");
      if (!active || !viewport || viewport.scrollWidth <= viewport.clientWidth) return;
      const offset = active.getBoundingClientRect().left - viewport.getBoundingClientRect().left;
      viewport.scrollLeft += offset - (viewport.clientWidth - active.offsetWidth) / 2;
    };
    centre();
    // Only a change of width moves the row; the first report (on observe) is the size it already has.
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      centre();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [current]);
}

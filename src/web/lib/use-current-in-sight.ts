import { type RefObject, useEffect } from "react";

/**
 * A row of sections that scrolls sideways on phones (account, organization) keeps the open one — the element
 * with aria-current="page" inside `container` — in the middle of its scroll area whenever `current` changes.
 */
export function useCurrentInSight(container: RefObject<HTMLElement | null>, current: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open section changes
  useEffect(() => {
    const active = container.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const viewport = active?.closest<HTMLElement>(".mantine-ScrollArea-viewport");
    if (!active || !viewport || viewport.scrollWidth <= viewport.clientWidth) return;
    const offset = active.getBoundingClientRect().left - viewport.getBoundingClientRect().left;
    viewport.scrollLeft += offset - (viewport.clientWidth - active.offsetWidth) / 2;
  }, [current]);
}

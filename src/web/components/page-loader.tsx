import { Center, Loader, VisuallyHidden } from "@mantine/core";

/** Centered spinner for pending sessions and routes; announced to screen readers. */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <Center mih="50vh" role="status">
      <Loader />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

import { Center, Loader } from "@mantine/core";

/** Centered spinner for pending sessions and routes; announced to screen readers. */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}

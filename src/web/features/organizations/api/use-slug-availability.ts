import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { slugSchema } from "#shared/fields.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { slugAlternatives } from "../lib/slug.ts";
import { ORG_KEY } from "./queries.ts";

export type SlugState = "idle" | "invalid" | "checking" | "available" | "taken" | "unchanged" | "error";

/** A slug's availability, and when it is taken a free one to offer instead (null while none is known). */
export interface SlugCheck {
  state: SlugState;
  suggestion: string | null;
}

function wellFormed(slug: string): boolean {
  return slugSchema.safeParse(slug).success;
}

/** POST /organization/check-slug: the server answers a taken slug with 400. */
async function isFree(slug: string): Promise<boolean> {
  try {
    await authRequest<{ status: boolean }>("/organization/check-slug", { method: "POST", body: { slug } });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
}

/**
 * Live availability of a slug, asked 400 ms after typing stops. `current` is the organization's own slug
 * when editing, which counts as unchanged rather than taken. A taken slug brings the first free one of
 * its alternatives (`acme-2`, `acme-3`…), asked one after the other.
 */
export function useSlugAvailability(slug: string, current?: string): SlugCheck {
  const [debounced] = useDebouncedValue(slug, 400);
  const valid = wellFormed(slug);
  const settled = debounced === slug;
  const query = useQuery({
    queryKey: [ORG_KEY, "check-slug", debounced],
    queryFn: async () => ((await isFree(debounced)) ? ("available" as const) : ("taken" as const)),
    enabled: valid && debounced !== current && wellFormed(debounced),
    staleTime: 10_000,
    retry: false,
  });
  const taken = settled && query.data === "taken";
  const suggestion = useQuery({
    queryKey: [ORG_KEY, "slug-suggestion", debounced],
    queryFn: async () => {
      for (const candidate of slugAlternatives(debounced)) {
        if (candidate === current || (await isFree(candidate))) return candidate;
      }
      return null;
    },
    enabled: taken,
    staleTime: 10_000,
    retry: false,
  });

  const state: SlugState = !slug
    ? "idle"
    : !valid
      ? "invalid"
      : slug === current
        ? "unchanged"
        : !settled || query.isFetching
          ? "checking"
          : query.isError
            ? "error"
            : (query.data ?? "checking");
  return { state, suggestion: state === "taken" ? (suggestion.data ?? null) : null };
}

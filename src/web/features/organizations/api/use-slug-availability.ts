import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { slugSchema } from "#shared/fields.ts";
import { ApiError } from "#web/lib/api/api-error.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { ORG_KEY } from "./queries.ts";

export type SlugState = "idle" | "invalid" | "checking" | "available" | "taken" | "unchanged" | "error";

function wellFormed(slug: string): boolean {
  return slugSchema.safeParse(slug).success;
}

/**
 * Live availability of a slug (POST /organization/check-slug), asked 400 ms
 * after typing stops. `current` is the organization's own slug when editing,
 * which counts as unchanged rather than taken.
 */
export function useSlugAvailability(slug: string, current?: string): SlugState {
  const [debounced] = useDebouncedValue(slug, 400);
  const valid = wellFormed(slug);
  const settled = debounced === slug;
  const query = useQuery({
    queryKey: [ORG_KEY, "check-slug", debounced],
    queryFn: async () => {
      try {
        await authRequest<{ status: boolean }>("/organization/check-slug", {
          method: "POST",
          body: { slug: debounced },
        });
        return "available" as const;
      } catch (error) {
        // The server answers a taken slug with 400.
        if (error instanceof ApiError && error.status === 400) return "taken" as const;
        throw error;
      }
    },
    enabled: valid && debounced !== current && wellFormed(debounced),
    staleTime: 10_000,
    retry: false,
  });

  if (!slug) return "idle";
  if (!valid) return "invalid";
  if (slug === current) return "unchanged";
  if (!settled || query.isFetching) return "checking";
  if (query.isError) return "error";
  return query.data ?? "checking";
}

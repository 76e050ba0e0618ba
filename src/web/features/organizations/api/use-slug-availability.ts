import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "#web/lib/api.ts";
import { validateSlug } from "../lib/slug.ts";
import { orgRequest } from "./org-request.ts";
import { ORG_KEY } from "./queries.ts";

export type SlugState = "idle" | "invalid" | "checking" | "available" | "taken" | "unchanged" | "error";

/**
 * Live availability of a slug (POST /organization/check-slug), asked 400 ms
 * after typing stops. `current` is the organization's own slug when editing,
 * which counts as unchanged rather than taken.
 */
export function useSlugAvailability(slug: string, current?: string): SlugState {
  const [debounced] = useDebouncedValue(slug, 400);
  const valid = validateSlug(slug) === null;
  const settled = debounced === slug;
  const query = useQuery({
    queryKey: [ORG_KEY, "check-slug", debounced],
    queryFn: async () => {
      try {
        await orgRequest<{ status: boolean }>("/organization/check-slug", {
          method: "POST",
          body: { slug: debounced },
        });
        return "available" as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return "taken" as const;
        throw error;
      }
    },
    enabled: valid && debounced !== current && validateSlug(debounced) === null,
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

import { z } from "zod";
import { optionalText } from "#shared/fields.ts";
import { rootRoute, screenRoute, signedInRoute } from "#web/lib/layout-routes.tsx";
import { lazyLoad } from "#web/lib/lazy-load.ts";
import { searchParams } from "#web/lib/search-params.ts";
import { ResumePage } from "./components/resume-page.tsx";

const OAuthErrorPage = lazyLoad(() =>
  import("./components/oauth-error-page.tsx").then((m) => m.OAuthErrorPage),
);
const ConsentPage = lazyLoad(() => import("./components/consent-page.tsx").then((m) => m.ConsentPage));

// The provider's consent page (identity-provider.ts: consentPage): for signed-in people; a visitor whose
// session ended signs in first and comes back here with the same signed request.
const consentRoute = screenRoute(signedInRoute, "/oauth/consent", ConsentPage);

const errorRoute = screenRoute(
  rootRoute,
  "/oauth/error",
  OAuthErrorPage,
  searchParams(z.object({ error: optionalText, error_description: optionalText })),
);

const resumeRoute = screenRoute(rootRoute, "/oauth/resume", ResumePage);

export const signedInOAuthRoutes = [consentRoute];
export const publicOAuthRoutes = [errorRoute, resumeRoute];

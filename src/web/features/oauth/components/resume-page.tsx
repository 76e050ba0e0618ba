import { useEffect } from "react";
import { PageLoader } from "#web/components/page-loader.tsx";
import { authorizationEndpoint } from "#web/lib/oauth-authorization.ts";

/**
 * /oauth/resume: after signing in (or confirming a new account's email), back to the authorization
 * endpoint with the app's request; it goes on to consent or straight back to the app.
 */
export function ResumePage() {
  useEffect(() => {
    window.location.replace(authorizationEndpoint(window.location.search));
  }, []);
  return <PageLoader />;
}

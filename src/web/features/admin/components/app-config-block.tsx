import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { CopyField } from "#web/components/copy-field.tsx";
import { t } from "#web/i18n/i18n.ts";

/**
 * The settings an app's developer puts into any OpenID Connect library: issuer (discovery finds the rest
 * from it), client id, scopes, redirect URI. The secret is never shown again; it was copied at
 * registration or after a rotation.
 */
export function appConfigText(app: ApplicationSummary, origin = window.location.origin): string {
  const issuer = `${origin}/api/auth`;
  const scopes = app.scopes?.join(" ") ?? "openid profile email";
  const lines = [
    `OIDC_ISSUER=${issuer}`,
    `OIDC_DISCOVERY_URL=${issuer}/.well-known/openid-configuration`,
    `OIDC_CLIENT_ID=${app.clientId}`,
  ];
  if (app.confidential) lines.push(`OIDC_CLIENT_SECRET=<${t("admin.config.secretPlaceholder")}>`);
  // A service asks the token endpoint for its API scopes itself (client_credentials): no user scopes, no redirect.
  if (app.type === "service") {
    lines.push(`OIDC_TOKEN_URL=${issuer}/oauth2/token`);
    return lines.join("\n");
  }
  lines.push(`OIDC_SCOPES="${scopes}"`);
  lines.push(`OIDC_REDIRECT_URI=${app.redirectUris[0] ?? ""}`);
  if (app.postLogoutRedirectUris[0])
    lines.push(`OIDC_POST_LOGOUT_REDIRECT_URI=${app.postLogoutRedirectUris[0]}`);
  return lines.join("\n");
}

export function AppConfigBlock({ app }: { app: ApplicationSummary }) {
  return <CopyField label={t("admin.config.label")} value={appConfigText(app)} block testId="app-config" />;
}

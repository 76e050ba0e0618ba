import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** Why an app's sign-in request stopped here, in plain words. */
export interface AuthorizationErrorText {
  title: string;
  description: string;
}

/** Each code's title and explanation, as message ids (worded in the current language when asked). */
const ERRORS: Record<string, { title: MessageId; description: MessageId }> = {
  invalid_client: { title: "oauth.error.invalidClient", description: "oauth.error.invalidClientDescription" },
  client_disabled: {
    title: "oauth.error.clientDisabled",
    description: "oauth.error.clientDisabledDescription",
  },
  unauthorized_client: {
    title: "oauth.error.unauthorizedClient",
    description: "oauth.error.unauthorizedClientDescription",
  },
  invalid_redirect: {
    title: "oauth.error.invalidRedirect",
    description: "oauth.error.invalidRedirectDescription",
  },
  invalid_scope: { title: "oauth.error.invalidScope", description: "oauth.error.invalidScopeDescription" },
  unsupported_response_type: {
    title: "oauth.error.unsupported",
    description: "oauth.error.unsupportedResponseTypeDescription",
  },
  invalid_request: {
    title: "oauth.error.invalidRequest",
    description: "oauth.error.invalidRequestDescription",
  },
  request_not_supported: {
    title: "oauth.error.unsupported",
    description: "oauth.error.unsupportedFormDescription",
  },
  request_uri_not_supported: {
    title: "oauth.error.unsupported",
    description: "oauth.error.unsupportedFormDescription",
  },
  invalid_request_uri: {
    title: "oauth.error.expired",
    description: "oauth.error.invalidRequestUriDescription",
  },
  invalid_target: { title: "oauth.error.invalidTarget", description: "oauth.error.invalidTargetDescription" },
  unsupported_prompt_select_account: {
    title: "oauth.error.selectAccount",
    description: "oauth.error.selectAccountDescription",
  },
  invalid_signature: { title: "oauth.error.expired", description: "oauth.error.invalidSignatureDescription" },
};

/** The words for an authorization error code; an unknown one gets a general explanation. */
export function authorizationErrorText(code: string): AuthorizationErrorText {
  const ids = Object.hasOwn(ERRORS, code) ? ERRORS[code] : undefined;
  return ids
    ? { title: t(ids.title), description: t(ids.description) }
    : { title: t("oauth.error.general"), description: t("oauth.error.generalDescription") };
}

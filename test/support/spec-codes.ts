/** SPEC §8: the redirect error codes the server may put in `?error=`, as the SPEC lists them. */
export const SPEC_REDIRECT_CODES = [
  "please_restart_the_process",
  "invalid_callback_request",
  "state_not_found",
  "no_code",
  "oauth_provider_not_found",
  "invalid_code",
  "unable_to_get_user_info",
  "email_not_found",
  "no_callback_url",
  "unable_to_link_account",
  "account_already_linked_to_different_user",
  "token_expired",
  "invalid_token",
  "user_not_found",
  "unauthorized",
  "INVALID_TOKEN",
] as const;

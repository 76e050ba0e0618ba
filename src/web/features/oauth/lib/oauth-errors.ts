/** Why an app's sign-in request stopped here, in plain words. */
export interface AuthorizationErrorText {
  title: string;
  description: string;
}

const BACK = "Go back to the app and try again. If it keeps happening, tell the app's developer.";

const ERRORS: Record<string, AuthorizationErrorText> = {
  invalid_client: {
    title: "Unknown app",
    description: `The app that sent you here is not registered with this server, so we can't sign you in to it. ${BACK}`,
  },
  client_disabled: {
    title: "This app is turned off",
    description:
      "An administrator has disabled this app, so it can't sign anyone in for now. Nothing was shared with it.",
  },
  unauthorized_client: {
    title: "This app can't sign people in",
    description: `This app is registered for server-to-server access only, not for signing people in. ${BACK}`,
  },
  invalid_redirect: {
    title: "Unrecognised return address",
    description:
      "The app asked us to send you back to an address it has not registered. For your safety we did not go there, and nothing was shared.",
  },
  invalid_scope: {
    title: "The app asked for too much",
    description: `The app asked for a permission it is not allowed to request. ${BACK}`,
  },
  unsupported_response_type: {
    title: "Unsupported request",
    description: `The app's sign-in request uses a method this server does not support. ${BACK}`,
  },
  invalid_request: {
    title: "Incomplete request",
    description: `The app's sign-in request is missing something or is malformed. ${BACK}`,
  },
  request_not_supported: {
    title: "Unsupported request",
    description: `The app sent its sign-in request in a form this server does not accept. ${BACK}`,
  },
  request_uri_not_supported: {
    title: "Unsupported request",
    description: `The app sent its sign-in request in a form this server does not accept. ${BACK}`,
  },
  invalid_request_uri: {
    title: "This request has expired",
    description: "The app's sign-in request is no longer valid. Go back to the app and start again.",
  },
  invalid_target: {
    title: "Unknown service",
    description: `The app asked for access to a service this server does not know. ${BACK}`,
  },
  unsupported_prompt_select_account: {
    title: "Account choice not available",
    description: `The app asked to let you choose between accounts, which this server does not offer. ${BACK}`,
  },
  invalid_signature: {
    title: "This request has expired",
    description:
      "The sign-in request is too old or was changed on the way. Go back to the app and start again.",
  },
};

/** The words for an authorization error code; an unknown one gets a general explanation. */
export function authorizationErrorText(code: string): AuthorizationErrorText {
  return Object.hasOwn(ERRORS, code)
    ? (ERRORS[code] as AuthorizationErrorText)
    : {
        title: "We couldn't continue",
        description: `The app's sign-in request could not be completed. ${BACK}`,
      };
}

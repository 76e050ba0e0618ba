import { APIError } from "better-auth/api";

/** A SCIM error object (RFC 7644 §3.12) as `@better-auth/scim` answers its own: status as a string, scimType. */
export function scimError(
  status: "BAD_REQUEST" | "CONFLICT" | "NOT_FOUND",
  detail: string,
  scimType?: "uniqueness" | "invalidValue" | "invalidFilter",
): APIError {
  const code = { BAD_REQUEST: 400, CONFLICT: 409, NOT_FOUND: 404 }[status];
  const error = new APIError(status, {
    schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
    status: String(code),
    detail,
    ...(scimType ? { scimType } : {}),
  });
  error.message = detail;
  return error;
}

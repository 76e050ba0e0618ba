import { linkIn } from "./smtp-sink.ts";
import { cookiesFrom, type TestApp } from "./test-app.ts";

let counter = 0;

export interface UserInput {
  name: string;
  email: string;
  password: string;
}

/** Plain data for a new user; override any field. */
export function createUser(overrides: Partial<UserInput> = {}): UserInput {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `Test User ${counter}`, email: `user-${id}@example.test`, password: "correct horse battery", ...overrides };
}

/** Signs up through the API, follows the mailed verification link, and returns the session cookie. */
export async function signUpVerified(app: TestApp, input: UserInput = createUser()) {
  const res = await app.request("/api/auth/sign-up/email", { json: { ...input, callbackURL: "/verified" } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await app.sink.waitFor(input.email, /verify/i);
  const link = new URL(linkIn(mail, app.config.baseURL));
  const verify = await app.request(link.pathname + link.search);
  const cookie = cookiesFrom(verify);
  if (!cookie.includes("session_token")) throw new Error(`verification did not sign in: ${verify.status}`);
  return { ...input, cookie };
}

import { describe, expect, it } from "vitest";
import { validateTypedOnBlur } from "#web/features/auth/components/auth-form.tsx";

/** What Mantine does with enhanceGetInputProps' answer: assigns it onto the input props it passed in. */
function inputPropsWith(dirty: boolean) {
  let validated = 0;
  const inputProps: { onBlur?: () => void } = { onBlur: () => (validated += 1) };
  Object.assign(
    inputProps,
    validateTypedOnBlur({ inputProps, field: "name", form: { isDirty: () => dirty } }),
  );
  return { blur: () => inputProps.onBlur?.(), validated: () => validated };
}

describe("auth forms: a field is checked on blur once typed in", () => {
  it("leaves an untouched field quiet on blur", () => {
    const field = inputPropsWith(false);
    field.blur();
    expect(field.validated()).toBe(0);
  });

  it("checks a typed field on blur, once, without calling itself", () => {
    const field = inputPropsWith(true);
    field.blur();
    expect(field.validated()).toBe(1);
  });
});

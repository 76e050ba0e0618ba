const WEAK_START = /^(password|12345678|qwerty)/i;
const ONE_CHARACTER_REPEATED = /^(.)\1+$/;
const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** A rough 0–4 strength score from length and variety; advice only, never a rule. */
export function passwordStrength(value: string): number {
  if (!value) return 0;
  let score = [8, 12, 16].filter((length) => value.length >= length).length;
  const classes = CHARACTER_CLASSES.filter((pattern) => pattern.test(value)).length;
  if (classes >= 3) score++;
  if (ONE_CHARACTER_REPEATED.test(value) || WEAK_START.test(value)) score = Math.min(score, 1);
  return Math.min(score, 4);
}

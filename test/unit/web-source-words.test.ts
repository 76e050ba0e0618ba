import type { Messages } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, i18n, receiveSourceWords, t } from "#web/i18n/i18n.ts";

/** What the catalogue plugin puts at the top of a chunk (decision 50), as the browser would run it. */
type Carrier = Parameters<typeof receiveSourceWords>[0];
const carrier = globalThis as Carrier;
function chunkRuns(words: Messages): void {
  // biome-ignore lint/suspicious/noAssignInExpressions: the very line the build writes, `||=` and all
  (carrier.__gatehouseWords ||= []).push(words);
}

describe("English words that come with a chunk of code", () => {
  // The unit project shares modules between files: every test leaves the app in English.
  afterEach(() => activateLocale("en"));

  it("are loaded together, once, a microtask after the chunks that brought them ran", async () => {
    let changes = 0;
    const stop = i18n.on("change", () => {
      changes += 1;
    });
    chunkRuns({ "~test1": ["Members"] });
    chunkRuns({ "~test2": ["Invite ", ["name"]] });
    // Not yet: the import that ran these chunks has not handed its code on.
    expect(i18n._("~test1")).toBe("~test1");
    await Promise.resolve();
    stop();
    expect(changes).toBe(1);
    expect(i18n._("~test1")).toBe("Members");
    expect(i18n._("~test2", { name: "Ann" })).toBe("Invite Ann");
    // Entry words are still there beside them.
    expect(t("auth.signIn.action")).toBe("Sign in");
  });

  it("come in English while another language is shown, and show on a switch back", async () => {
    await activateLocale("de");
    chunkRuns({ "~test3": ["Danger zone"] });
    await Promise.resolve();
    expect(i18n.locale).toBe("de");
    await activateLocale("en");
    expect(i18n._("~test3")).toBe("Danger zone");
  });

  it("that arrived before the translator ran are taken when it starts, and later ones as they come", async () => {
    const page: Carrier = {
      __gatehouseWords: [{ "~early": ["Early words"] }],
    };
    receiveSourceWords(page);
    await Promise.resolve();
    expect(i18n._("~early")).toBe("Early words");
    page.__gatehouseWords?.push({ "~later": ["Later"] });
    await Promise.resolve();
    expect(i18n._("~later")).toBe("Later");
  });
});

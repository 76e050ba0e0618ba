import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, seriousA11yViolations } from "../support/browser.ts";

/**
 * The journeys' accessibility check (axe-core, injected once per document) finds what it must: every screen's
 * "axe clean" rests on it, so it is checked against pages with known faults.
 */
describe("the journeys' accessibility check", () => {
  let browser: Browser;
  let page: Page;

  /** A one-pixel image: with no alt text, a critical fault. */
  const PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
  const FAULTY = `<!doctype html><html lang="en"><head><title>Faulty</title></head><body>
    <main>
      <h1>Faults</h1>
      <img src="${PIXEL}" id="no-alt">
      <p id="faint" style="color:#bbb;background:#fff">Grey on white, too faint to read.</p>
      <p id="fine" style="color:#000;background:#fff">Black on white.</p>
    </main></body></html>`;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const ids = (violations: string[]) => violations.map((v) => v.split(":")[0]).sort();

  it("reports serious and critical violations, honours disabled rules and a rule and part filter", async () => {
    await page.setContent(FAULTY);
    const all = await seriousA11yViolations(page);
    expect(ids(all)).toEqual(["color-contrast", "image-alt"]);
    expect(all.find((v) => v.startsWith("color-contrast"))).toContain("#faint");

    expect(ids(await seriousA11yViolations(page, ["image-alt"]))).toEqual(["color-contrast"]);
    expect(await seriousA11yViolations(page, [], { rules: ["color-contrast"], include: ["#fine"] })).toEqual(
      [],
    );
    expect(
      ids(await seriousA11yViolations(page, [], { rules: ["color-contrast"], include: ["#faint"] })),
    ).toEqual(["color-contrast"]);
  });

  it("sees a change made after an earlier run in the same document, and works again after a navigation", async () => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Clean</title></head><body><main>
      <h1>Clean</h1><p id="text" style="color:#000;background:#fff">Readable.</p></main></body></html>`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const text = document.getElementById("text") as HTMLElement;
      text.style.color = "#ccc";
    });
    expect(ids(await seriousA11yViolations(page))).toEqual(["color-contrast"]);

    await page.setContent(FAULTY);
    expect(ids(await seriousA11yViolations(page))).toEqual(["color-contrast", "image-alt"]);
  });

  it("looks inside the page's frames", async () => {
    const inner = `<!doctype html><html lang="en"><head><title>Inner</title></head><body>
      <img src="${PIXEL}"></body></html>`;
    await page.setContent(`<!doctype html><html lang="en"><head><title>Outer</title></head><body><main>
      <h1>Outer</h1><iframe title="Inner page" srcdoc="${inner.replaceAll('"', "&quot;")}"></iframe>
      </main></body></html>`);
    await expect.poll(() => page.frames().length).toBe(2);
    await page.frames()[1]?.waitForLoadState();
    const violations = await seriousA11yViolations(page);
    expect(ids(violations)).toEqual(["image-alt"]);
    expect(violations[0]).toContain("iframe");
  });

  it("checks a page holding a sandboxed frame with scripts off (the development outbox's mail preview)", async () => {
    const inner = `<!doctype html><html lang="en"><head><title>Mail</title></head><body>
      <img src="${PIXEL}"></body></html>`;
    await page.setContent(`<!doctype html><html lang="en"><head><title>Outer</title></head><body><main>
      <h1>Outer</h1><img src="${PIXEL}" id="outer-image">
      <iframe title="Mail preview" sandbox="" srcdoc="${inner.replaceAll('"', "&quot;")}"></iframe>
      </main></body></html>`);
    await expect.poll(() => page.frames().length).toBe(2);
    const violations = await seriousA11yViolations(page);
    expect(ids(violations)).toEqual(["image-alt"]);
    expect(violations[0]).toContain("#outer-image");
  });
});

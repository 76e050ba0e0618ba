import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivedMail, SmtpSink } from "../../test/support/smtp-sink.ts";
import { captureScreen, DESKTOP, launchChromium, PHONE, saveScreenshot } from "../support/browser.ts";
import { authApi, person, type SeededUser, seedUser, signedInContext } from "../support/seed.ts";
import { type E2EServer, startE2EServer } from "../support/server.ts";

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible control of the header, named, with its box on screen. */
function headerControls(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("header a, header button, header input, header [role=button]")]
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent ?? element.tagName;
        return { name, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      })
      .filter((box) => box.width > 0 && box.height > 0),
  );
}

/** The boxes of the notifications on screen. */
function notificationBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".mantine-Notification-root")].map((element) => {
      const rect = element.getBoundingClientRect();
      return {
        name: element.textContent ?? "",
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
      };
    }),
  );
}

/** The notifications on screen, not counting one fading out (Mantine sets its opacity through a variable). */
function shownNotifications(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".mantine-Notification-root")]
      .filter((element) => element.style.getPropertyValue("--notifications-state-opacity") !== "0")
      .map((element) => element.textContent ?? ""),
  );
}

/** The controls of `dialog` a pointer at their centre would reach (nothing lies over them). */
function reachableControls(page: Page, dialogName: string): Promise<{ name: string; reachable: boolean }[]> {
  return page.evaluate((name) => {
    const dialog = [...document.querySelectorAll<HTMLElement>("[role=dialog]")].find((d) =>
      d.getAttribute("aria-labelledby")
        ? document.getElementById(d.getAttribute("aria-labelledby") ?? "")?.textContent === name
        : false,
    );
    if (!dialog) throw new Error(`no dialog ${name}`);
    const controls = [...dialog.querySelectorAll<HTMLElement>("button, input")].filter(
      (control) => control.getBoundingClientRect().width > 0,
    );
    return controls.map((control) => {
      const rect = control.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return {
        name: control.getAttribute("aria-label") ?? control.textContent ?? control.tagName,
        reachable: hit !== null && (hit === control || control.contains(hit) || hit.contains(control)),
      };
    });
  }, dialogName);
}

/**
 * The development outbox as the sign-up helper's mail source: with no SMTP server the header shows its
 * outbox button, the control the organization switcher used to sit under on phones.
 */
function outboxOf(server: E2EServer): SmtpSink {
  return {
    url: "",
    mails: [],
    close: async () => {},
    async waitFor(to: string, match?: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const { mails } = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as {
          mails: { to: string; subject: string; text: string; html: string }[];
        };
        const mail = mails.find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && (!match || match.test(m.subject)),
        );
        if (mail) return { ...mail, to: [mail.to.toLowerCase()] };
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error(`no mail to ${to} in the outbox`);
    },
  };
}

describe("the header, notifications and drawers leave each other room", () => {
  let server: E2EServer;
  let browser: Browser;
  let owner: SeededUser;
  let bob: SeededUser;
  const org = { name: "Interplanetary Rocket Propulsion Laboratory", slug: "rocket-lab" };

  beforeAll(async () => {
    server = await startE2EServer({ SMTP_URL: "" });
    const outbox = { ...server, sink: outboxOf(server) };
    browser = await launchChromium();
    [owner, bob] = await Promise.all([
      seedUser(outbox, person("Olivia Owner")),
      seedUser(outbox, person("Bob Builder")),
    ]);
    const created = await authApi(server, "/organization/create", { cookie: owner.cookie, json: org });
    await authApi(server, "/organization/create-team", {
      cookie: owner.cookie,
      json: { name: "Engineering", organizationId: created.id },
    });
    const invitation = await authApi(server, "/organization/invite-member", {
      cookie: owner.cookie,
      json: { email: bob.email, role: "member", organizationId: created.id },
    });
    await authApi(server, "/organization/accept-invitation", {
      cookie: bob.cookie,
      json: { invitationId: invitation.id },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The organization's members page, once its first row and the header's user menu are there. */
  async function openMembersPage(page: Page) {
    await page.goto(`${server.url}/org/${org.slug}/members`);
    await page
      .getByTestId(/^member-row-/)
      .first()
      .waitFor();
    await page.getByTestId("user-menu").waitFor();
  }

  it("no two header controls overlap, from 320 px up, and a long organization name ends in an ellipsis", async () => {
    const context = await signedInContext(browser, server, owner, PHONE);
    const page = await context.newPage();
    for (const path of ["/", `/org/${org.slug}`, "/account", "/organizations"]) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole("link", { name: "Development outbox" }).waitFor();
      await page.getByTestId("organization-switcher").waitFor();
      await page.getByTestId("user-menu").waitFor();
      for (const width of [320, 390, 768, 1280]) {
        await page.setViewportSize({ width, height: PHONE.height });
        const boxes = await headerControls(page);
        expect(boxes.length, `${path} at ${width} px: header controls`).toBeGreaterThanOrEqual(5);
        for (const [i, a] of boxes.entries()) {
          expect(a.x, `${path} at ${width} px: ${a.name} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(a.x + a.width, `${path} at ${width} px: ${a.name} ends on screen`).toBeLessThanOrEqual(
            width,
          );
          for (const b of boxes.slice(i + 1)) {
            // A control and what it holds (the switcher's avatar) are one target.
            if (a.name === b.name) continue;
            expect(overlaps(a, b), `${path} at ${width} px: "${a.name}" overlaps "${b.name}"`).toBe(false);
          }
        }
      }
    }

    // At 390 px the name shows, cut with an ellipsis; tapping the switcher's right edge opens its menu.
    await page.goto(`${server.url}/org/${org.slug}`);
    await page.setViewportSize(PHONE);
    const name = page.getByTestId("organization-switcher").locator(".gh-switcher-name");
    await expect.poll(() => name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
    expect(await name.textContent()).toBe(org.name);
    const switcher = await page.getByTestId("organization-switcher").boundingBox();
    if (!switcher) throw new Error("no switcher");
    await page.mouse.click(switcher.x + switcher.width - 3, switcher.y + switcher.height / 2);
    await page.getByRole("menuitem", { name: "Create organization" }).waitFor();
    expect(page.url()).toBe(`${server.url}/org/${org.slug}`);
    await page.keyboard.press("Escape");

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(150);
      await saveScreenshot(page.locator("header"), `layout-header-390-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize(DESKTOP);
    await captureScreen(page, "layout", "organization-overview");
    await context.close();
  });

  it("a notification raised in the team-members drawer leaves the drawer and its buttons free, three at most", async () => {
    const context = await signedInContext(browser, server, owner, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${server.url}/org/${org.slug}/teams`);
    await page.getByRole("button", { name: "Actions for team Engineering" }).click();
    await page.getByRole("menuitem", { name: "Manage members" }).click();
    const title = "Engineering · members";
    const drawer = page.getByRole("dialog", { name: title });
    await drawer.getByText("Nobody in this team yet").waitFor();

    const combobox = drawer.getByRole("combobox", { name: "Add a member of the organization" });
    // Four successes in a few seconds (each naming whom it moved): never more than three on screen.
    for (const who of ["Bob Builder", "Olivia Owner"]) {
      await combobox.click();
      await combobox.fill(who.split(" ")[0] ?? who);
      await page.getByRole("option", { name: new RegExp(who) }).click();
      await drawer.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByText(`${who} is now in Engineering.`).waitFor();

      const panel = await page.locator(".mantine-Drawer-content").boundingBox();
      if (!panel) throw new Error("no drawer");
      for (const toast of await notificationBoxes(page))
        expect(overlaps(toast, { name: "drawer", ...panel }), `"${toast.name}" covers the drawer`).toBe(
          false,
        );
      const blocked = (await reachableControls(page, title)).filter((c) => !c.reachable);
      expect(blocked, "drawer controls under something").toEqual([]);
      expect(
        (await shownNotifications(page)).length,
        (await shownNotifications(page)).join(" | "),
      ).toBeLessThanOrEqual(3);

      await drawer.getByRole("button", { name: `Remove ${who} from Engineering` }).click();
      await page.getByText(`${who} is no longer in Engineering.`).waitFor();
      expect(
        (await shownNotifications(page)).length,
        (await shownNotifications(page)).join(" | "),
      ).toBeLessThanOrEqual(3);
    }
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(150);
      await saveScreenshot(page, `layout-notifications-drawer-1280-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // On a phone the drawer fills the screen: the notification sits at the bottom, under none of its controls.
    await page.setViewportSize(PHONE);
    await combobox.click();
    await combobox.fill("bob");
    await page.getByRole("option", { name: /Bob Builder/ }).click();
    await drawer.getByRole("button", { name: "Add", exact: true }).click();
    await drawer.getByRole("button", { name: "Remove Bob Builder from Engineering" }).waitFor();
    await expect.poll(() => page.locator(".mantine-Notification-root").count()).toBeGreaterThan(0);
    const blocked = (await reachableControls(page, title)).filter((c) => !c.reachable);
    expect(blocked, "drawer controls under something at 390 px").toEqual([]);
    await saveScreenshot(page, "layout-notifications-drawer-390-light");
    await context.close();
  });
  it("a signed-in first load is announced with index.html: each hinted call and chunk is asked once and used", async () => {
    const organizations = await authApi<{ id: string; slug: string }[]>(server, "/organization/list", {
      cookie: bob.cookie,
    });
    const id = organizations.find((o) => o.slug === org.slug)?.id;
    const page$ = (path: string, cookie?: string, language = "en-US") =>
      fetch(`${server.url}${path}`, {
        headers: { ...(cookie ? { cookie } : {}), "accept-language": language },
      });

    // The hints: only with a valid session, for the person's own organization, the first view's exact call.
    const guest = await page$(`/org/${org.slug}/members`);
    expect(guest.headers.get("link")).toBeNull();
    expect(guest.headers.get("cache-control")).toBe("no-cache");
    // A guest's first page in German waits for its words, and nothing else.
    const germanGuest = (await page$("/sign-in", undefined, "de")).headers.get("link") ?? "";
    expect(germanGuest).toMatch(/^<\/assets\/entry-[\w-]+\.js>; rel=modulepreload$/);
    const forged = await page$(`/org/${org.slug}/members`, `${bob.cookie.split("=")[0]}=nobody.forged`);
    expect(forged.headers.get("link")).toBeNull();
    const signedIn = await page$(`/org/${org.slug}/members`, bob.cookie);
    const link = signedIn.headers.get("link") ?? "";
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(signedIn.headers.get("vary")).toMatch(/Cookie/);
    expect(link).toContain(`</api/auth/organization/my-permissions?organizationId=${id}>`);
    // The header's switcher on every signed-in screen: pending invitations and domain offers.
    expect(link).toContain("</api/auth/organization/list-user-invitations>");
    expect(link).toContain("</api/domain-offers>");
    expect(link).toContain(
      `</api/auth/organization/list-members?organizationId=${id}&limit=10&offset=0&sortBy=createdAt&sortDirection=asc>`,
    );
    // Every hinted file is there to fetch; the signed-in words come in the browser's language (de-CH → de).
    const files = [...link.matchAll(/<(\/assets\/[^>]+)>/g)].map((m) => m[1] ?? "");
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect((await fetch(`${server.url}${file}`)).status, file).toBe(200);
    const german = (await page$("/organizations", bob.cookie, "de-CH, en;q=0.5")).headers.get("link") ?? "";
    const english = (await page$("/organizations", bob.cookie)).headers.get("link") ?? "";
    const words = (hints: string) =>
      hints.split(", ").filter((hint) => !english.includes(hint) || !german.includes(hint));
    // German's words of the first page and of the signed-in screens; English's first-page words are in the entry.
    expect(words(german).map((hint) => hint.replace(/-[\w-]+\.js>.*/, ""))).toEqual([
      "</assets/entry",
      "</assets/app",
    ]);
    expect(words(english).map((hint) => hint.replace(/-[\w-]+\.js>.*/, ""))).toEqual(["</assets/app"]);
    // Another organization's slug, a second page or a search: no call spelt for them.
    const elsewhere = (await page$("/org/not-bobs/members", bob.cookie)).headers.get("link") ?? "";
    expect(elsewhere).toContain("</api/auth/organization/list>");
    expect(elsewhere).not.toContain("my-permissions");
    const second = (await page$(`/org/${org.slug}/members?page=2`, bob.cookie)).headers.get("link") ?? "";
    expect(second).toContain("my-permissions");
    expect(second).not.toContain("list-members");
    expect((await page$("/.vite/manifest.json")).status).toBe(404);

    // In the browser: the page works from them, and nothing is fetched twice or hinted for nothing.
    const context = await signedInContext(browser, server, bob);
    const page = await context.newPage();
    const asked: string[] = [];
    const unused: string[] = [];
    // When and as what each was asked, and what the page's own resource timing says started it: told on a failure.
    const loadStarted = Date.now();
    const timeline: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== server.url) return;
      asked.push(url.pathname + url.search);
      timeline.push(`${Date.now() - loadStarted} ms ${request.resourceType()} ${url.pathname}`);
    });
    page.on("console", (message) => {
      if (/preloaded .* not used/i.test(message.text())) unused.push(message.text());
      if (message.text().startsWith("event "))
        timeline.push(`${Date.now() - loadStarted} ms ${message.text()}`);
    });
    // The events on which better-auth's client asks for the session again, in the timeline too.
    await page.addInitScript(() => {
      const told = (name: string) => () => console.log(`event ${name} (${document.visibilityState})`);
      document.addEventListener("visibilitychange", told("visibilitychange"));
      for (const name of ["online", "offline", "storage", "focus"]) window.addEventListener(name, told(name));
    });
    await openMembersPage(page);
    // Chromium names a preload left unused a few seconds after the load event.
    await page.waitForTimeout(4_000);
    expect(unused).toEqual([]);
    const twice = asked.filter((url, i) => asked.indexOf(url) !== i);
    if (twice.length > 0) {
      const started = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map(
            (entry) =>
              `${Math.round(entry.startTime)} ms ${(entry as PerformanceResourceTiming).initiatorType} ${entry.name}`,
          ),
      );
      timeline.push("the page's resource timing:", ...started);
    }
    expect(twice, `asked twice; what was asked:\n${timeline.join("\n")}`).toEqual([]);
    for (const file of files) expect(asked, `hinted but never asked: ${file}`).toContain(file);
    await context.close();
  });

  it("the session is asked once at a load whose screen code comes late", async () => {
    const context = await signedInContext(browser, server, bob);
    const page = await context.newPage();
    const sessionAsks: string[] = [];
    const started = Date.now();
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/get-session")
        sessionAsks.push(`${Date.now() - started} ms ${request.resourceType()}`);
    });
    // The signed-in screens' shared code and their words, held back 2.5 s (a slow link or a loaded machine): the
    // session is known long before the shell can render, over nanostores' one-second wait before it unmounts an
    // atom nobody listens to. A second fetch of the session here was the layout journey's rare "asked twice".
    await page.route(
      (url) => /^\/assets\/(screens|app)-[\w-]+\.js$/.test(url.pathname),
      async (route) => {
        await new Promise((done) => setTimeout(done, 2_500));
        await route.continue();
      },
    );
    await openMembersPage(page);
    await page.waitForTimeout(1_500);
    expect(sessionAsks, "the session's fetches").toHaveLength(1);
    await context.close();
  });

  it("the session is asked once at a load, and again when the tab comes back five seconds after it", async () => {
    const context = await signedInContext(browser, server, bob);
    const page = await context.newPage();
    let sessionAsks = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/get-session") sessionAsks += 1;
    });
    // A tab shown again (or the network back) refetches the session, at most once in five seconds; the load's own
    // fetch counts, so the browser showing the tab while the page starts asks nothing more. The page's clock
    // stands still (its timers still run), so a slow machine's load does not use up the five seconds.
    const start = Date.now();
    await page.clock.setFixedTime(start);
    await page.goto(`${server.url}/org/${org.slug}/members`);
    await page.getByTestId("user-menu").waitFor();
    const tabShown = () => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    const back = () => page.evaluate(() => window.dispatchEvent(new Event("online")));
    await tabShown();
    await back();
    await page.waitForTimeout(500);
    expect(sessionAsks).toBe(1);
    await page.clock.setFixedTime(start + 6_000);
    await tabShown();
    await expect.poll(() => sessionAsks).toBe(2);
    await back();
    await page.waitForTimeout(500);
    expect(sessionAsks).toBe(2);
    await context.close();
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SamlIdp, startSamlIdp } from "../../test/support/saml-idp.ts";
import { installWellFormedXmlValidator, SAML_NS, samlify } from "../../test/support/saml-xml.ts";
import { launchChromium } from "../support/browser.ts";

/**
 * The test SAML IdP (issue 19) as browser journeys use it: Chromium follows the SP's redirect to the IdP and
 * the IdP's auto-posting form to the SP's Assertion Consumer Service, here a plain HTTP server standing for
 * the SP (samlify checks what arrives). Journeys against Gatehouse itself go the same way.
 */
describe("the test SAML IdP in Chromium", () => {
  let idp: SamlIdp;
  let browser: Browser;
  let acs: Server;
  let acsUrl = "";
  const received: { method: string; url: string; body: URLSearchParams }[] = [];

  beforeAll(async () => {
    installWellFormedXmlValidator();
    acs = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        if (req.url !== "/favicon.ico") {
          received.push({ method: req.method ?? "", url: req.url ?? "", body: new URLSearchParams(body) });
        }
        res
          .writeHead(200, { "content-type": "text/html" })
          .end("<!doctype html><title>SP</title><p>arrived</p>");
      });
    });
    await new Promise<void>((resolve) => acs.listen(0, "127.0.0.1", resolve));
    acsUrl = `http://127.0.0.1:${(acs.address() as AddressInfo).port}/acs`;
    [idp, browser] = await Promise.all([startSamlIdp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await new Promise((resolve) => acs?.close(resolve));
  });

  it("a browser sent to the IdP lands on the ACS with a response the SP accepts", async () => {
    const idpEntity = samlify.IdentityProvider({ metadata: await idp.metadataXml() });
    const sp = samlify.ServiceProvider({
      entityID: "urn:gatehouse:test:browser-sp",
      assertionConsumerService: [{ Binding: SAML_NS.post, Location: acsUrl }],
      wantAssertionsSigned: true,
    });
    await idp.next({ email: "ada@acme.test", name: "Ada Lovelace" });
    const request = sp.createLoginRequest(idpEntity, "redirect", { relayState: "journey-1" });

    const page = await browser.newPage();
    await page.goto(request.context);
    await page.waitForURL(acsUrl);
    await expect.poll(() => page.textContent("p")).toBe("arrived");
    const post = received.find((r) => r.method === "POST" && r.url === "/acs");
    expect(post?.body.get("RelayState")).toBe("journey-1");
    const SAMLResponse = post?.body.get("SAMLResponse") ?? "";
    expect(SAMLResponse).toBe((await idp.last())?.SAMLResponse);
    const { extract } = await sp.parseLoginResponse(idpEntity, "post", { body: { SAMLResponse } });
    expect(extract.nameID).toBe("ada@acme.test");
    expect(extract.response?.inResponseTo).toBe(request.id);
    await page.close();
  });
});

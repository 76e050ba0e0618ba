import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../support/mailed-links.ts";
import { createOrganization } from "../support/organizations.ts";
import { linkIn, type ReceivedMail } from "../support/smtp-sink.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

// Issue 21: a mail is written in its recipient's saved language, else in the language of the request that
// caused it (Accept-Language against LOCALES), else in DEFAULT_LOCALE.
describe(`mails in the recipient's language (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The one mail to `email` whose subject is `subject`, once it has arrived. */
  async function mailTo(email: string, subject: string): Promise<ReceivedMail> {
    await expect.poll(() => mailsTo(t, email).map((m) => m.subject), { timeout: 5000 }).toContain(subject);
    const mail = mailsTo(t, email).find((m) => m.subject === subject);
    if (!mail) throw new Error("no mail");
    return mail;
  }

  it("writes a German account's verification and reset mails in German, whatever the request's language", async () => {
    const user = createUser();
    const signUp = await t.request("/api/auth/sign-up/email", {
      headers: { "accept-language": "en-US,en;q=0.9" },
      json: { ...user, locale: "de" },
    });
    expect(signUp.status).toBe(200);
    const verification = await mailTo(user.email, "Bestätigen Sie Ihre E-Mail-Adresse für Gatehouse");
    expect(verification.text).toContain(
      "Bestätigen Sie diese Adresse, um die Einrichtung Ihres Kontos abzuschließen. Der Link ist 1 Stunde lang gültig.",
    );
    expect(verification.text).toContain(
      "E-Mail-Adresse bestätigen: http://localhost:3000/api/auth/verify-email?",
    );
    expect(verification.html).toContain('<html lang="de">');
    expect(verification.html).toContain("Oder fügen Sie diesen Link in Ihren Browser ein:");
    expect(verification.text).not.toMatch(/Verify/);

    const link = new URL(linkIn(verification, t.config.baseURL));
    const verified = await t.request(link.pathname + link.search);
    expect(cookiesFrom(verified)).toContain("session_token");

    const reset = await t.request("/api/auth/request-password-reset", {
      headers: { "accept-language": "fr" },
      json: { email: user.email, redirectTo: "/reset-password" },
    });
    expect(reset.status).toBe(200);
    const resetMail = await mailTo(user.email, "Setzen Sie Ihr Passwort für Gatehouse zurück");
    expect(resetMail.text).toContain(
      `Hallo “${user.name}”, jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen.`,
    );
    expect(resetMail.text).toContain("Neues Passwort wählen: http://localhost:3000/");
  });

  it("writes a sign-up's verification mail in the request's language when the account has none", async () => {
    const user = createUser();
    const signUp = await t.request("/api/auth/sign-up/email", {
      headers: { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" },
      json: user,
    });
    expect(signUp.status).toBe(200);
    const mail = await mailTo(user.email, "Gatehouse のメールアドレスを確認してください");
    expect(mail.text).toContain(`“${user.name}” さん、メールアドレスを確認してください`);
    expect(mail.text).toContain(
      "このアドレスを確認して、アカウントの設定を完了してください。リンクの有効期限は 1 時間です。",
    );
  });

  it("writes an invitation in the inviter's request's language to an address without an account, and in the invitee's own language otherwise", async () => {
    const owner = await signUpVerified(t);
    const organization = await createOrganization(t, owner.cookie, { name: "Acme" });
    const inviteAs = (email: string, language: string) =>
      t.request("/api/auth/organization/invite-member", {
        cookie: owner.cookie,
        headers: { "accept-language": language },
        json: { email, role: "admin", organizationId: organization.id },
      });

    const stranger = createUser().email;
    expect((await inviteAs(stranger, "fr-CA,fr;q=0.9")).status).toBe(200);
    const french = await mailTo(stranger, `“${owner.name}” vous a invité à rejoindre “Acme” sur Gatehouse`);
    // The role is translated too.
    expect(french.text).toContain(
      `“${owner.name}” vous a invité à rejoindre “Acme” avec le rôle Administrateur.`,
    );
    expect(french.text).toContain("L’invitation est valable 2 jours.");

    const german = createUser();
    const signUp = await t.request("/api/auth/sign-up/email", { json: { ...german, locale: "de" } });
    expect(signUp.status).toBe(200);
    expect((await inviteAs(german.email, "fr")).status).toBe(200);
    const mail = await mailTo(german.email, `“${owner.name}” hat Sie zu “Acme” bei Gatehouse eingeladen`);
    expect(mail.text).toContain(`“${owner.name}” hat Sie eingeladen, “Acme” als Administrator beizutreten.`);
  });

  it("writes bulk invitations in the language of the request that sent them", async () => {
    const owner = await signUpVerified(t);
    const organization = await createOrganization(t, owner.cookie, { name: "Initech" });
    const [first, second] = [createUser().email, createUser().email];
    const res = await t.request(`/api/organizations/${organization.id}/bulk-invitations/send`, {
      method: "POST",
      cookie: owner.cookie,
      headers: { "content-type": "text/csv", "accept-language": "pt-BR" },
      body: ["Email,Roles", `${first},member`, `${second},owner`].join("\n"),
    });
    expect(res.status).toBe(200);
    const member = await mailTo(first, `“${owner.name}” convidou você para “Initech” no Gatehouse`);
    expect(member.text).toContain(`“${owner.name}” convidou você para participar de “Initech” como Membro.`);
    const owning = await mailTo(second, `“${owner.name}” convidou você para “Initech” no Gatehouse`);
    expect(owning.text).toContain("como Proprietário.");
  });

  it("falls back to DEFAULT_LOCALE when the request asks for no offered language", async () => {
    const spanish = await startTestApp({ LOCALES: "es,en", DEFAULT_LOCALE: "es" });
    try {
      const user = createUser();
      const signUp = await spanish.request("/api/auth/sign-up/email", {
        headers: { "accept-language": "ja, de;q=0.5" },
        json: user,
      });
      expect(signUp.status).toBe(200);
      await expect
        .poll(() => spanish.sink.mails.filter((m) => m.to.includes(user.email)).map((m) => m.subject))
        .toContain("Verifique su correo electrónico para Gatehouse");
    } finally {
      await spanish.close();
    }
  });
});

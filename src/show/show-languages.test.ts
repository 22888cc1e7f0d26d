/**
 * The show's own words per language (issue 44), item by item: an edited step in one language, the untouched steps in
 * their shipped translation, a text only the main language has — and which language each is in.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import type { Json } from "./show-test-support";

const catalog = async (language: string) =>
  JSON.parse(await readFile(path.join(import.meta.dir, "../../locales", `${language}.json`), "utf8")) as Record<string, string>;

let server: TestServer;
let admin: Actor;
let fr: Record<string, string>;
let ar: Record<string, string>;
let en: Record<string, string>;

const MEETING = "At the time of your appointment, wait at the north door of the Kunsthalle, under the red awning.";
const MEETING_FR = "À l’heure de votre rendez-vous, attendez à la porte nord de la Kunsthalle, sous l’auvent rouge.";

beforeAll(async () => {
  server = await startTestServer({ PROJECT_NAME: "" });
  admin = await adminActor(server.url);
  [fr, ar, en] = await Promise.all([catalog("fr"), catalog("ar"), catalog("en")]);
});
afterAll(() => server?.stop());

const show = async (query = "", headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}/api/show${query}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
};

describe("reading the show in a language", () => {
  test("a fresh show reads in French from the catalogs, by ?language= or by the phone's Accept-Language", async () => {
    for (const french of [await show("?language=fr"), await show("", { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" })]) {
      expect(french.language).toBe("fr");
      expect(french.main_language).toBe("en");
      expect(french.instructions).toEqual([fr["show.instructions.1"], fr["show.instructions.2"], fr["show.instructions.3"]]);
      expect(french.languages.instructions).toEqual(["fr", "fr", "fr"]);
      expect(french.faq[1]).toEqual({ question: fr["show.faq.2.question"], answer: fr["show.faq.2.answer"] });
      expect(french.languages.instructions_title).toBe("fr");
      expect(french.reset_mail_subject).toBe("{code} est votre code de réinitialisation {project}");
    }
    const english = await show("?language=en");
    expect(english.instructions[0]).toBe(en["show.instructions.1"]);
    expect(english.languages.instructions).toEqual(["en", "en", "en"]);
  });

  test("editing step 2 in the main language leaves steps 1 and 3 in their shipped translation", async () => {
    const english = await show("?language=en");
    const steps = [...english.instructions];
    steps[1] = MEETING;
    const answer = await admin.put("/api/show", { instructions: steps });
    expect(answer.status).toBe(200);

    const french = await show("?language=fr");
    expect(french.instructions).toEqual([fr["show.instructions.1"], MEETING, fr["show.instructions.3"]]);
    expect(french.languages.instructions).toEqual(["fr", "en", "fr"]);
    const arabic = await show("?language=ar");
    expect(arabic.instructions).toEqual([ar["show.instructions.1"], MEETING, ar["show.instructions.3"]]);
    expect(arabic.languages.instructions).toEqual(["ar", "en", "ar"]);
    // Steps moved around keep their translations: they are found by their words, not their place.
    expect((await admin.put("/api/show", { instructions: [steps[2], steps[1], steps[0]] })).status).toBe(200);
    expect((await show("?language=fr")).instructions).toEqual([fr["show.instructions.3"], MEETING, fr["show.instructions.1"]]);
    expect((await admin.put("/api/show", { instructions: steps })).status).toBe(200);
  });

  test("a French version of step 2 reaches French phones only; German still falls back to the main text", async () => {
    const answer = await admin.put("/api/show?language=fr", { instructions: [null, MEETING_FR, null] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Json;
    expect(body.language).toBe("fr");
    expect(body.instructions).toEqual([fr["show.instructions.1"], MEETING_FR, fr["show.instructions.3"]]);
    expect(body.languages.instructions).toEqual(["fr", "fr", "fr"]);

    expect((await show("?language=en")).instructions[1]).toBe(MEETING);
    const german = await show("?language=de");
    expect(german.languages.instructions).toEqual(["de", "en", "de"]);
    expect(german.instructions[1]).toBe(MEETING);

    const [entry] = (await server.ctx.db.$client.execute("select detail from audit_log where action = 'show.update' order by id desc limit 1")).rows;
    expect(JSON.parse(entry![0] as string)).toEqual({ "instructions@fr": { before: null, after: [null, MEETING_FR, null] } });
  });

  test("what is sent but is what the phone reads anyway is kept as 'not translated'", async () => {
    const answer = await admin.put("/api/show?language=fr", { instructions: [fr["show.instructions.1"], MEETING_FR, fr["show.instructions.3"]] });
    expect(answer.status).toBe(200);
    const [row] = (await server.ctx.db.$client.execute("select value from show_settings where field = 'instructions@fr'")).rows;
    expect(JSON.parse(row![0] as string)).toEqual([null, MEETING_FR, null]);
    // A FAQ answer only the main language has: the French phone reads it in English, marked so.
    const faq = (await show("?language=en")).faq as { question: string; answer: string }[];
    faq[1] = { question: faq[1]!.question, answer: "Wait at the north door of the Kunsthalle." };
    expect((await admin.put("/api/show", { faq })).status).toBe(200);
    const french = await show("?language=fr");
    expect(french.faq[1]).toEqual({ question: fr["show.faq.2.question"], answer: "Wait at the north door of the Kunsthalle." });
    expect(french.languages.faq[1]).toEqual({ question: "fr", answer: "en" });
    expect(french.languages.faq[0]).toEqual({ question: "fr", answer: "fr" });
  });

  test("refusals: a field without languages, a language the show does not offer, a bad list; nothing changes", async () => {
    const before = (await show("?language=fr")).version;
    const refused = async (query: string, body: unknown, message: RegExp) => {
      const answer = await admin.put(`/api/show${query}`, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    };
    await refused("?language=fr", { accent_color: "#000000" }, /accent_color has no version per language/);
    await refused("?language=xx", { instructions_title: "Hi" }, /language must be one of/);
    await refused("?language=fr", { instructions: [null, 3] }, /instructions paragraph 2 must be text/);
    await refused("?language=fr", { constructor: "x" }, /constructor has no version per language/);
    expect((await show("?language=fr")).version).toBe(before);
    const participant = await newParticipant(server.url);
    expect((await participant.actor.put("/api/show?language=fr", { instructions_title: "Hop" })).status).toBe(403);
  });

  test("a French participant's reset mail takes the show's French subject", async () => {
    expect((await admin.put("/api/show?language=fr", { reset_mail_subject: "{code} : votre code pour la Kunsthalle" })).status).toBe(200);
    const participant = await newParticipant(server.url);
    expect((await participant.actor.put("/api/user/language", { language: "fr" })).status).toBe(200);
    expect((await new Actor(server.url).post("/api/email/send", { email: participant.fields.email })).status).toBe(200);
    const names = (await readdir(server.outboxDir)).filter((name) => name.endsWith(".eml")).sort();
    const mail = await readFile(path.join(server.outboxDir, names.at(-1)!), "utf8");
    expect(mail).toMatch(/^Subject: \d{6} : votre code pour la Kunsthalle$/m);
  });
});

describe("captions per language", () => {
  const VTT = "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nBienvenue.\n";
  const upload = async (slot: string, language: string, text = VTT) => {
    const answer = await admin.put(`/api/show/media/${slot}`, form({ language }, { file: new File([text], `${language}.vtt`) }));
    expect(answer.status).toBe(200);
    return (await answer.json()) as Json;
  };

  test("each language adds or replaces its own track; the built-in English stays until replaced; one is removed by its language", async () => {
    const french = await upload("onboarding-captions", "fr");
    expect(french.onboarding_captions.map((track: Json) => track.language)).toEqual(["fr", "en"]);
    expect(french.onboarding_captions[1].url).toBe("/onboarding.vtt");
    const arabic = await upload("onboarding-captions", "ar", "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nمرحبا.\n");
    expect(arabic.onboarding_captions.map((track: Json) => track.language)).toEqual(["ar", "fr", "en"]);
    const frenchAgain = await upload("onboarding-captions", "fr", `${VTT}\n00:00:02.000 --> 00:00:04.000\nEncore.\n`);
    const tracks = frenchAgain.onboarding_captions as { language: string; url: string }[];
    expect(tracks.map((track) => track.language)).toEqual(["fr", "ar", "en"]);
    expect(tracks[0]!.url).not.toBe(french.onboarding_captions[0].url);
    expect(await (await fetch(server.url + tracks[0]!.url)).text()).toContain("Encore.");
    expect(frenchAgain.media["onboarding-captions"].tracks.map((track: Json) => track.language)).toEqual(["fr", "ar"]);
    // The tutorial's captions are the tutorial's: untouched.
    expect(frenchAgain.tutorial_captions).toEqual([{ language: "en", url: "/tutorial.vtt" }]);

    // The phone's language picks the spec's single track.
    expect((await show("?language=fr")).onboarding_captions_url).toBe(tracks[0]!.url);
    expect((await show("?language=de")).onboarding_captions_language).toBe("fr"); // none in German: the newest
    const english = await upload("onboarding-captions", "en");
    expect(english.onboarding_captions.map((track: Json) => track.language)).toEqual(["en", "fr", "ar"]);
    expect(english.onboarding_captions.some((track: Json) => track.url === "/onboarding.vtt")).toBe(false);

    const withoutFrench = await admin.delete("/api/show/media/onboarding-captions?language=fr");
    expect(withoutFrench.status).toBe(200);
    expect(((await withoutFrench.json()) as Json).onboarding_captions.map((track: Json) => track.language)).toEqual(["en", "ar"]);
    const [removed] = (await server.ctx.db.$client.execute("select detail from audit_log where action = 'show.media' order by id desc limit 1")).rows;
    expect(JSON.parse(removed![0] as string)).toMatchObject({ slot: "onboarding-captions", before: { language: "fr" }, after: null });

    const none = (await (await admin.delete("/api/show/media/onboarding-captions")).json()) as Json;
    expect(none.onboarding_captions).toEqual([{ language: "en", url: "/onboarding.vtt" }]);
    expect(none.media["onboarding-captions"]).toEqual({ default: true });
  });
});

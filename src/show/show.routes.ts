import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { badRequest, errorBody, errorJson, json, notFound, tooLarge } from "../http/errors";
import { asRecord } from "../http/input";
import { readMultipartWithinDisk } from "../media/disk-guard";
import type { TempFile } from "../media/multipart";
import { stallGuard } from "../uploads/stall-guard";
import { rangedResponse } from "../media/range";
import { briefingResetCount, CountChanged, resetBriefing } from "./briefing.service";
import { showJson, showMediaAddress } from "./show-json";
import { withFinishedUpload } from "./show-upload";
import { readShowUpdate } from "./show-schema";
import { checkSlotFile, isSlot, type Slot, slotLanguage, slotMaxBytes, tooLargeMessage } from "./show-slots";
import { assertUnlocked, currentShow, replaceSlot, type Show, slotFile, updateShow } from "./show.service";
import { showInLanguage } from "./show-language";
import { readTranslationUpdate, updateShowTranslation } from "./show-translation.service";
import { requestLanguage } from "../i18n/request-language";
import { effectiveCatalog, enabledLanguages } from "../i18n/catalogs.service";
import { canonicalLanguage } from "../i18n/languages";
import { SVG_SANDBOX } from "../web/brand.routes";

/** The show (docs/show-api.md): its content for everyone, its changes for admins, its media at versioned addresses. */
export function showRoutes(ctx: AppContext) {
  const slotOf = (name: string): Slot => {
    if (!isSlot(name)) throw notFound();
    return name;
  };

  /** The whole show as GET /api/show answers it in one language: its texts there, and which language each is in. */
  const showJsonIn = async (show: Show, language: string) => {
    const { text, languages } = await showInLanguage(ctx, show, language);
    return { ...showJson(show, language), ...text, language, main_language: ctx.config.defaultLanguage, languages };
  };
  /** The language a PUT sets: the main one when none is named; an enabled language otherwise (400). */
  const editedLanguage = async (raw: unknown) => {
    if (raw === undefined || raw === "") return ctx.config.defaultLanguage;
    const language = typeof raw === "string" ? canonicalLanguage(raw) : undefined;
    if (!language || !(await enabledLanguages(ctx)).includes(language)) throw badRequest("language must be one of the languages this show offers.");
    return language;
  };

  return (app: Elysia) => app
    // In the phone's language (?language=, else the one it chose, else Accept-Language), item by item (show-language.ts).
    .get("/api/show", async ({ request, query }) => {
      const show = await currentShow(ctx);
      const { language } = await requestLanguage(ctx, request, query.language);
      const { version: words } = await effectiveCatalog(ctx, language);
      const etag = `"show-${show.version}-${show.briefingVersion}-${language}-${Bun.hash(words).toString(36)}"`;
      const headers = { etag, "cache-control": "no-cache", vary: "Cookie, Accept-Language" };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      return json(await showJsonIn(show, language), 200, headers);
    })

    // Without ?language= (or with the main one) the show's own texts; with another enabled language, its versions.
    .put("/api/show", async ({ request, body, query }) => {
      const admin = await requireAdmin(ctx, request);
      const language = await editedLanguage(query.language);
      if (language === ctx.config.defaultLanguage) return showJsonIn(await updateShow(ctx, admin, readShowUpdate(body)), language);
      return showJsonIn(await updateShowTranslation(ctx, admin, language, readTranslationUpdate(body)), language);
    })

    .put(
      "/api/show/media/:slot",
      async ({ request, params }) => {
        const admin = await requireAdmin(ctx, request);
        const slot = slotOf(params.slot);
        // Before the body: a locked slot is refused without reading a large file.
        assertUnlocked(ctx, slot);
        const maxBytes = slotMaxBytes(slot, ctx.config.maxUploadBytes);
        const upload = await readMultipartWithinDisk(ctx, request, {
          files: { file: { maxBytes, tooLargeMessage: tooLargeMessage(slot, maxBytes) } },
          maxFieldBytes: 4096,
          ...stallGuard(ctx.config),
        });
        const store = async (file: TempFile, language: string | null) => {
          if (file.size > maxBytes) throw tooLarge(tooLargeMessage(slot, maxBytes));
          const mime = await checkSlotFile(slot, file);
          const storeKey = `show/${slot}/${crypto.randomUUID()}`;
          await ctx.store.putFile(storeKey, file.path, mime);
          try {
            return await showJsonIn(await replaceSlot(ctx, admin, slot, { storeKey, mime, size: file.size, sha256: file.sha256, language }), ctx.config.defaultLanguage);
          } catch (error) {
            await ctx.store.delete(storeKey).catch(() => {});
            throw error;
          }
        };
        try {
          const { file } = upload.files;
          const uploadId = upload.fields.upload;
          if (file && uploadId !== undefined) throw badRequest("Send either a file or an upload, not both.");
          const language = slotLanguage(slot, upload.fields.language, ctx.config.defaultLanguage);
          // A finished resumable upload (tus) instead of a file part: for a large video on a shaky link.
          if (uploadId !== undefined) return await withFinishedUpload(ctx, admin.id, uploadId, (finished) => store(finished, language));
          if (!file) throw badRequest("Choose a file to upload (the form field is named file).");
          return await store(file, language);
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    // A captions slot's ?language= removes that language's track only (the built-in English comes back for "en").
    .delete("/api/show/media/:slot", async ({ request, params, query }) => {
      const admin = await requireAdmin(ctx, request);
      const slot = slotOf(params.slot);
      const language = query.language === undefined ? null : slotLanguage(slot, query.language, ctx.config.defaultLanguage);
      return showJsonIn(await replaceSlot(ctx, admin, slot, undefined, language), ctx.config.defaultLanguage);
    })

    .get("/api/show/briefing-reset", async ({ request }) => {
      await requireAdmin(ctx, request);
      return { participants: await briefingResetCount(ctx) };
    })

    .post("/api/show/briefing-reset", async ({ request, body }) => {
      const admin = await requireAdmin(ctx, request);
      const confirm = asRecord(body).confirm;
      if (!Number.isSafeInteger(confirm) || (confirm as number) < 0) throw badRequest("confirm must be the number of participants the reset affects.");
      try {
        const done = await resetBriefing(ctx, admin, confirm as number);
        return { participants: done.participants, briefing_version: done.briefingVersion };
      } catch (error) {
        if (error instanceof CountChanged) return json({ ...errorBody(409, error.message), participants: error.participants }, 409);
        throw error;
      }
    })

    .get("/show-media/:slot/:id", async ({ request, params }) => {
      const slot = slotOf(params.slot);
      const address = showMediaAddress(params.id);
      const row = address && (await slotFile(ctx.db, slot, address));
      if (!row) throw notFound();
      const headers: Record<string, string> = {
        "content-type": row.mime,
        "x-content-type-options": "nosniff",
        // The address changes with the file: it can be kept for good.
        "cache-control": "public, max-age=31536000, immutable",
        etag: `"${row.sha256.slice(0, 32)}"`,
      };
      if (row.mime === "image/svg+xml") headers["content-security-policy"] = SVG_SANDBOX;
      if (row.language) headers["content-language"] = row.language;
      return rangedResponse(request, row.size, headers, (range) => ctx.store.read(row.storeKey, range));
    })
    // Any other /show-media/ address is an error, never the app's HTML.
    .all("/show-media/*", () => errorJson(404, "Not found."));
}

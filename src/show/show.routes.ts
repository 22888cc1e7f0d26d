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
import { showJson } from "./show-json";
import { withFinishedUpload } from "./show-upload";
import { readShowUpdate } from "./show-schema";
import { checkSlotFile, isSlot, type Slot, slotLanguage, slotMaxBytes, tooLargeMessage } from "./show-slots";
import { assertUnlocked, currentShow, replaceSlot, slotFile, updateShow } from "./show.service";
import { SVG_SANDBOX } from "../web/brand.routes";

/** The show (docs/show-api.md): its content for everyone, its changes for admins, its media at versioned addresses. */
export function showRoutes(ctx: AppContext) {
  const slotOf = (name: string): Slot => {
    if (!isSlot(name)) throw notFound();
    return name;
  };

  return (app: Elysia) => app
    .get("/api/show", async ({ request }) => {
      const show = await currentShow(ctx);
      const etag = `"show-${show.version}-${show.briefingVersion}"`;
      const headers = { etag, "cache-control": "no-cache" };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      return json(showJson(show), 200, headers);
    })

    .put("/api/show", async ({ request, body }) => {
      const admin = await requireAdmin(ctx, request);
      return showJson(await updateShow(ctx, admin, readShowUpdate(body)));
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
            return showJson(await replaceSlot(ctx, admin, slot, { storeKey, mime, size: file.size, sha256: file.sha256, language }));
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

    .delete("/api/show/media/:slot", async ({ request, params }) => {
      const admin = await requireAdmin(ctx, request);
      return showJson(await replaceSlot(ctx, admin, slotOf(params.slot), undefined));
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
      if (!/^[1-9]\d{0,15}$/.test(params.id)) throw notFound();
      const row = await slotFile(ctx.db, slot, Number(params.id));
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

import { Elysia } from "elysia";
import { assertInvestigationOpen, assertUploadsOpen, isAdmin, requireAdmin, requireUser } from "../auth/guard";
import type { AppContext } from "../context";
import { archiveClosed, badRequest, json, notFound } from "../http/errors";
import { asRecord, parseId } from "../http/input";
import { readSmallJson } from "../http/json-body";
import { readMultipartWithinDisk } from "../media/disk-guard";
import { fieldsOnly, type MultipartBody } from "../media/multipart";
import { stallGuard } from "../uploads/stall-guard";
import { finaliseUpload } from "../uploads/finalise-upload";
import { findUserById } from "../users/users.service";
import { readClientRef, readDurationMs, readEvidenceText, readPage, THUMBNAIL_MAX_BYTES } from "./evidence-input";
import { evidenceJson } from "./evidence-json";
import { findManageable, findPublicEvidence, listEvidenceOf } from "./evidence-queries";
import { createEvidenceOnce, deleteEvidence, updateEvidence } from "./evidence.service";
import { publicPage } from "./public-page";
import { admitEvidenceUpload } from "./quotas";
import { sizeText } from "../http/size-text";

const NO_PUBLIC_ITEM = "This item is not in the public archive.";

export function evidenceRoutes(ctx: AppContext) {
  const uploadLimits = {
    files: {
      file: { maxBytes: ctx.config.maxUploadBytes, tooLargeMessage: `Files can be at most ${sizeText(ctx.config.maxUploadBytes)}.` },
      thumbnail: { maxBytes: THUMBNAIL_MAX_BYTES, tooLargeMessage: `Thumbnails can be at most ${sizeText(THUMBNAIL_MAX_BYTES)}.` },
    },
    maxFieldBytes: 64 * 1024,
    ...stallGuard(ctx.config),
  };
  /** Archive mode: an edit may still change the text, but a new file is refused like any upload. */
  const editLimits = () => (ctx.config.archiveMode ? fieldsOnly(uploadLimits, archiveClosed) : uploadLimits);

  /** Edits arrive as multipart (with an optional new file) or, from the admin screen, as JSON. */
  async function readEditBody(request: Request): Promise<MultipartBody> {
    if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      const body = asRecord(await readSmallJson(request));
      const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
      return { fields, files: {}, cleanup: async () => {} };
    }
    return readMultipartWithinDisk(ctx, request, editLimits());
  }

  return (app: Elysia) => app
    .post(
      "/api/evidence",
      async ({ request }) => {
        const user = await requireUser(ctx, request);
        assertUploadsOpen(ctx);
        const reservation = await admitEvidenceUpload(ctx, request, user);
        // Once received, the body is the upload's file: its own transaction counts it (quotas.ts).
        const upload = await readMultipartWithinDisk(ctx, request, uploadLimits).finally(reservation.release);
        try {
          const text = readEvidenceText(upload.fields);
          const clientRef = readClientRef(upload.fields);
          const durationMs = readDurationMs(upload.fields);
          const uploadId = upload.fields.upload;
          if (uploadId === undefined) {
            const { created, evidence } = await createEvidenceOnce(ctx, user, text, { ...upload.files, durationMs }, clientRef);
            return json(evidenceJson(evidence), created ? 201 : 200);
          }
          // Finalising a resumable upload (its id instead of a file part): once, however often it is asked.
          if (upload.files.file) throw badRequest("Send either a file or an upload, not both.");
          const { created, evidence } = await finaliseUpload(ctx, user, uploadId, text, { thumbnail: upload.files.thumbnail, durationMs });
          return json(evidenceJson(evidence), created ? 201 : 200);
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    .get("/api/evidence", async ({ request }) => {
      const user = await requireUser(ctx, request);
      return (await listEvidenceOf(ctx.db, user.id, "owner")).map(evidenceJson);
    })

    .get("/api/evidence/public", async ({ query }) => {
      const page = readPage(query);
      const { text, headers } = await publicPage(ctx.db, page);
      return new Response(text, { headers: { "content-type": "application/json; charset=utf-8", ...headers } });
    })

    // One item of the public archive (its /archive/<id> link): unknown, private and malformed ids get the same answer.
    .get("/api/evidence/public/:id", async ({ params }) => {
      const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : undefined;
      const listed = id === undefined ? undefined : await findPublicEvidence(ctx.db, id);
      if (!listed) throw notFound(NO_PUBLIC_ITEM);
      return evidenceJson(listed);
    })

    .get("/api/evidence/isArchive", () => json(ctx.config.archiveMode))

    .get("/api/user/:id/evidence", async ({ params, request }) => {
      await requireAdmin(ctx, request);
      const id = parseId(params.id);
      if (!(await findUserById(ctx.db, id))) throw notFound("No such user.");
      return (await listEvidenceOf(ctx.db, id, "admin")).map(evidenceJson);
    })

    .put(
      "/api/evidence/update/:id",
      async ({ params, request }) => {
        const user = await requireUser(ctx, request);
        assertInvestigationOpen(ctx, user);
        const id = parseId(params.id);
        const item = await findManageable(ctx.db, id, { id: user.id, admin: isAdmin(user) });
        const reservation = await admitEvidenceUpload(ctx, request, user, item);
        const upload = await readEditBody(request).finally(reservation.release);
        try {
          const { title, notes } = readEvidenceText(upload.fields);
          const durationMs = readDurationMs(upload.fields);
          return evidenceJson(await updateEvidence(ctx, item, { title, notes }, { ...upload.files, durationMs }, user));
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    .delete("/api/evidence/delete/:id", async ({ params, request }) => {
      const user = await requireUser(ctx, request);
      assertInvestigationOpen(ctx, user);
      const id = parseId(params.id);
      const item = await findManageable(ctx.db, id, { id: user.id, admin: isAdmin(user) });
      await deleteEvidence(ctx, item, user);
      return { ok: true };
    });
}

/**
 * Resumable uploads: the server side of tus 1.0 (core, creation, creation-with-upload, termination, expiration).
 *
 * We implement the protocol ourselves rather than use @tus/server: it is built around Node's http req/res and keeps
 * an upload's state in its own stores (`.info` objects), while ours must live in our database (any instance resumes
 * any upload), behind our session auth, quotas, disk guard, stall limit and archive mode. The protocol's server side
 * is small; the care is in the lease (upload-lease.ts) and the guarded body (guarded-body.ts).
 */
import { Elysia } from "elysia";
import { assertUploadsOpen, requireUser } from "../auth/guard";
import type { AppContext } from "../context";
import type { UploadRow } from "../db/uploads";
import { HttpError, httpErrorResponse, unsupportedMedia } from "../http/errors";
import { declaredLength } from "../http/request-info";
import {
  httpDate,
  isOffsetStream,
  OFFSET_CONTENT_TYPE,
  parseUploadMetadata,
  pastLength,
  readUploadLength,
  readUploadOffset,
  requireTusResumable,
  TUS_EXTENSIONS,
  TUS_VERSION,
} from "./tus-headers";
import { appendToUpload, createUpload, describeUpload, findOwnUpload, terminateUpload } from "./uploads.service";

const TUS_HEADERS = { "tus-resumable": TUS_VERSION };

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers: { ...TUS_HEADERS, ...headers } });

const stateHeaders = (row: Pick<UploadRow, "offset" | "expiresAt">) => ({
  "upload-offset": String(row.offset),
  "upload-expires": httpDate(row.expiresAt),
});

/** Every answer, errors included, carries Tus-Resumable (and a 412 the version we speak). */
function tus(handler: (request: Request, id: string) => Promise<Response>) {
  return async ({ request, params }: { request: Request; params?: Record<string, string> }) => {
    try {
      return await handler(request, params?.id ?? "");
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // A refused body (409 wrong offset, 423 held by another request, …) is left unread: closing the connection
      // stops the client from pushing the rest of it over a slow link for nothing (a browser that resends a PATCH
      // after a reset would otherwise send the whole chunk again).
      const close: Record<string, string> = carriesBody(request) ? { connection: "close" } : {};
      return httpErrorResponse(error, { ...TUS_HEADERS, ...close, ...(error.status === 412 ? { "tus-version": TUS_VERSION } : {}) });
    }
  };
}

/** Whether a request that is not tus's offset stream carries a body anyway (creation-with-upload needs the type). */
const carriesBody = (request: Request) => (declaredLength(request) ?? 0) > 0 || request.headers.has("transfer-encoding");

export function tusRoutes(ctx: AppContext) {
  const { config, db } = ctx;

  /** The session first (401), then the protocol version (412), then the owner's upload (404 for anyone else). */
  async function ownUpload(request: Request, id: string) {
    const user = await requireUser(ctx, request);
    requireTusResumable(request.headers);
    return { user, row: await findOwnUpload(db, id, user.id) };
  }

  const discovery = tus(async () =>
    answer(204, { "tus-version": TUS_VERSION, "tus-extension": TUS_EXTENSIONS, "tus-max-size": String(config.maxUploadBytes) }),
  );

  return (app: Elysia) => app
    .options("/api/uploads", discovery)
    .options("/api/uploads/:id", discovery)

    .post(
      "/api/uploads",
      tus(async (request) => {
        const user = await requireUser(ctx, request);
        requireTusResumable(request.headers);
        assertUploadsOpen(ctx);
        const length = readUploadLength(request.headers, config.maxUploadBytes);
        const metadata = parseUploadMetadata(request.headers.get("upload-metadata"));
        const withBody = isOffsetStream(request.headers);
        if (!withBody && carriesBody(request)) throw unsupportedMedia(`Data sent with a new upload must be ${OFFSET_CONTENT_TYPE}.`);
        if (withBody && (declaredLength(request) ?? 0) > length) throw pastLength();
        const row = await createUpload(ctx, user, length, metadata, withBody ? request.body : null);
        return answer(201, { location: `/api/uploads/${row.id}`, ...stateHeaders(row) });
      }),
      { parse: "none" },
    )

    // HEAD reaches the app as a marked GET (see request-info.ts getForHead); Bun sends no body for it.
    .get(
      "/api/uploads/:id",
      tus(async (request, id) => {
        const { row: found } = await ownUpload(request, id);
        // While a request still writes the upload, its offset is the one that request saves when it lets go.
        const row = await describeUpload(ctx, found);
        return answer(200, {
          ...stateHeaders(row),
          "upload-length": String(row.length),
          ...(row.metadata ? { "upload-metadata": row.metadata } : {}),
          "cache-control": "no-store",
        });
      }),
    )

    .patch(
      "/api/uploads/:id",
      tus(async (request, id) => {
        const { row } = await ownUpload(request, id);
        assertUploadsOpen(ctx);
        if (!isOffsetStream(request.headers)) throw unsupportedMedia(`PATCH bodies must be ${OFFSET_CONTENT_TYPE}.`);
        const state = await appendToUpload(ctx, row, readUploadOffset(request.headers), declaredLength(request), request);
        return answer(204, stateHeaders(state));
      }),
      { parse: "none" },
    )

    .delete(
      "/api/uploads/:id",
      tus(async (request, id) => {
        const { row } = await ownUpload(request, id);
        await terminateUpload(ctx, row);
        return answer(204);
      }),
    );
}

/**
 * Turns a draft into an item: `POST /api/evidence` with `upload=<id>` for a file sent by tus (or no file, for a
 * note, named by `client_ref`), plus title, notes, location, the measured duration and the small thumbnail. Finalising the same upload, or
 * sending the same note, twice gives the same item, so a lost answer is simply asked again.
 */
import { ApiError, request } from "../../api/client";
import type { Evidence } from "../../api/types";
import { thumbnailFileName } from "../../lib/thumbnail";
import { durationField, uploadIdOf, type Draft } from "./draft";
import { isRetryableStatus, SendError } from "./tusSend";
import { t } from "../i18n/i18n";

/** The server no longer knows the upload (expired and swept): its bytes must be sent again from the start. */
export class UploadGone extends Error {}

export async function finalise(draft: Draft, uploadUrl: string | null): Promise<Evidence> {
  const form = new FormData();
  form.set("title", draft.title.trim());
  form.set("notes", draft.notes);
  if (draft.location) form.set("location", draft.location);
  const duration = durationField(draft.durationMs);
  if (duration) form.set("duration_ms", duration);
  // The upload's id names a file's item; a note is named by its draft, so a note sent again is not stored twice.
  if (uploadUrl) form.set("upload", uploadIdOf(uploadUrl));
  else form.set("client_ref", draft.id);
  if (draft.thumbnail) form.set("thumbnail", draft.thumbnail, thumbnailFileName(draft.thumbnail));
  try {
    return await request<Evidence>("POST", "/api/evidence", form);
  } catch (error) {
    if (!(error instanceof ApiError)) throw new SendError(t("upload.connection_was_lost"), true);
    if (error.status === 404 && uploadUrl) throw new UploadGone(error.message);
    throw new SendError(error.message, isRetryableStatus(error.status), error.status);
  }
}

import { useEffect, useState } from "react";
import type { User } from "../../api/types";
import { adminUpdateUser, type AdminUserEdit } from "../../api/users";
import { t } from "../i18n/i18n";
import { isEmail, isPhone, MESSAGES } from "../../lib/validation";
import { Alert, Button } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";
import { Avatar } from "../../ui/Avatar";
import { DialogActions } from "../console/components/DialogActions";
import { ParticipantRights } from "./ParticipantRights";
import { TemporaryPassword } from "./TemporaryPassword";

export const roleLabel = (role: number) => (role === 1 ? t("admin.role.user") : t("admin.role.admin"));

type Problems = Partial<Record<keyof AdminUserEdit, string>>;

/** Every rule the form checks before saving, each problem beside its field (the spec's messages). */
function problemsOf(form: AdminUserEdit): Problems {
  return {
    username: form.username.trim() ? undefined : MESSAGES.missingCredentials,
    email: isEmail(form.email) ? undefined : MESSAGES.invalidEmail,
    phone_number: isPhone(form.phone_number) ? undefined : MESSAGES.invalidPhone,
  };
}

/**
 * User info with 'Edit User': username, email, phone and full name editable; role and video watched never. For a
 * participant, their rights served for them below (download, withdraw items, delete).
 */
export function AdminUserDialog({ user, onClose, onSaved, onDelete }: { user: User | null; onClose: () => void; onSaved: () => void; onDelete: (user: User) => void }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<AdminUserEdit>({ username: "", email: "", phone_number: "", full_name: "" });
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState("");

  function reset() {
    setEditing(false);
    setProblems({});
    setFailure("");
    if (user) setForm({ username: user.username, email: user.email, phone_number: user.phone_number, full_name: user.full_name });
  }
  useEffect(reset, [user]);

  const field = (name: keyof AdminUserEdit) => ({
    name,
    value: form[name],
    disabled: !editing,
    error: problems[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  async function save() {
    if (!user) return;
    setFailure("");
    const found = problemsOf(form);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await adminUpdateUser(user.id, { ...form, username: form.username.trim(), email: form.email.trim() });
      onSaved();
      onClose();
    } catch (error) {
      console.error("User update failed", error);
      setFailure(error instanceof Error && error.message ? t("admin.user.save_failed_reason", { reason: error.message }) : t("admin.user.save_failed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title={t("admin.user.title")}
      size="lg"
      actions={
        <DialogActions editing={editing} saving={saving} saveLabel={t("profile.save")} onCancel={reset} onSave={save}>
          <Button onClick={() => setEditing(true)}>{t("admin.user.edit")}</Button>
        </DialogActions>
      }
    >
      {user && (
        <div className="space-y-5">
          <div className="flex items-end gap-5">
            <figure className="shrink-0">
              {user.verification_photo_AWS_URL ? (
                <img src={user.verification_photo_AWS_URL} alt={t("admin.user.photo_alt", { name: user.username })} className="h-32 w-24 rounded-lg bg-paper-deep object-cover ring-1 ring-line" />
              ) : (
                <p className="flex h-32 w-24 items-center justify-center rounded-lg bg-paper-deep p-2 text-center text-xs text-muted">{t("admin.user.no_photo")}</p>
              )}
              <figcaption className="mt-1.5 text-xs text-muted">{t("admin.user.photo")}</figcaption>
            </figure>
            <figure className="shrink-0">
              <Avatar src={user.avatar_AWS_URL} alt={t("profile.avatar_of", { name: user.username })} size="md" />
              <figcaption className="mt-1.5 text-xs text-muted">{t("admin.user.avatar")}</figcaption>
            </figure>
            <p className="min-w-0 flex-1 self-center">
              <span dir="auto" className="block truncate font-display text-display-sm text-ink-950 text-page-start" title={user.username}>
                {user.username}
              </span>
              {user.full_name && (
                <span dir="auto" className="block truncate text-sm text-muted text-page-start" title={user.full_name}>
                  {user.full_name}
                </span>
              )}
            </p>
          </div>
          {/* Near the top, so a request by mail or after the show is served without searching; not while editing. */}
          {user.role === 1 && !editing && <ParticipantRights user={user} onDelete={() => onDelete(user)} />}
          {failure && <Alert>{failure}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t("form.username")} dir="auto" {...field("username")} />
            <TextField label={t("form.email")} type="email" dir="ltr" {...field("email")} />
            <TextField label={t("form.phone")} type="tel" dir="ltr" {...field("phone_number")} />
            <TextField label={t("form.full_name")} dir="auto" {...field("full_name")} />
            <TextField label={t("admin.user.role")} value={roleLabel(user.role)} disabled readOnly hint={editing ? t("admin.user.role_hint") : undefined} />
            <TextField label={t("admin.user.video_watched")} value={user.video_watched ? t("admin.yes") : t("admin.no")} disabled readOnly />
          </div>
          <TemporaryPassword user={user} />
        </div>
      )}
    </Modal>
  );
}

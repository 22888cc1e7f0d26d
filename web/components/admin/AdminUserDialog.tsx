import { useEffect, useState } from "react";
import type { User } from "../../api/types";
import { adminUpdateUser, type AdminUserEdit } from "../../api/users";
import { isEmail, isPhone, MESSAGES } from "../../lib/validation";
import { Alert, Button } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";
import { Avatar } from "../Avatar";
import { DialogActions } from "./DialogActions";

export const roleLabel = (role: number) => (role === 1 ? "User" : "Admin");

type Problems = Partial<Record<keyof AdminUserEdit, string>>;

/** Every rule the form checks before saving, each problem beside its field (the spec's messages). */
function problemsOf(form: AdminUserEdit): Problems {
  return {
    username: form.username.trim() ? undefined : MESSAGES.missingCredentials,
    email: isEmail(form.email) ? undefined : MESSAGES.invalidEmail,
    phone_number: isPhone(form.phone_number) ? undefined : MESSAGES.invalidPhone,
  };
}

/** User info with 'Edit User': username, email, phone and full name editable; role and video watched never. */
export function AdminUserDialog({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: () => void }) {
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
      setFailure(error instanceof Error && error.message ? `Could not save: ${error.message}` : "Could not save the user.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="User info"
      size="lg"
      actions={
        <DialogActions editing={editing} saving={saving} saveLabel="Save Changes" onCancel={reset} onSave={save}>
          <Button onClick={() => setEditing(true)}>Edit User</Button>
        </DialogActions>
      }
    >
      {user && (
        <div className="space-y-5">
          <div className="flex items-end gap-5">
            <figure className="shrink-0">
              {user.verification_photo_AWS_URL ? (
                <img src={user.verification_photo_AWS_URL} alt={`Verification photo of ${user.username}`} className="h-32 w-24 rounded-lg bg-paper-deep object-cover ring-1 ring-line" />
              ) : (
                <p className="flex h-32 w-24 items-center justify-center rounded-lg bg-paper-deep p-2 text-center text-xs text-muted">No photo</p>
              )}
              <figcaption className="mt-1.5 text-xs text-muted">Verification photo</figcaption>
            </figure>
            <figure className="shrink-0">
              <Avatar src={user.avatar_AWS_URL} alt={`${user.username}'s avatar`} size="md" />
              <figcaption className="mt-1.5 text-xs text-muted">Avatar</figcaption>
            </figure>
            <p className="min-w-0 flex-1 self-center">
              <span className="block truncate font-display text-display-sm text-ink-950" title={user.username}>
                {user.username}
              </span>
              {user.full_name && (
                <span className="block truncate text-sm text-muted" title={user.full_name}>
                  {user.full_name}
                </span>
              )}
            </p>
          </div>
          {failure && <Alert>{failure}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Username" {...field("username")} />
            <TextField label="Email" type="email" {...field("email")} />
            <TextField label="Phone Number" type="tel" {...field("phone_number")} />
            <TextField label="Full Name" {...field("full_name")} />
            <TextField label="Role" value={roleLabel(user.role)} disabled readOnly hint={editing ? "Roles change only with the command casefile set-role." : undefined} />
            <TextField label="Video watched" value={user.video_watched ? "Yes" : "No"} disabled readOnly />
          </div>
        </div>
      )}
    </Modal>
  );
}

import { useEffect, useState } from "react";
import type { User } from "../../api/types";
import { adminUpdateUser, type AdminUserEdit } from "../../api/users";
import { isEmail, isPhone, MESSAGES } from "../../lib/validation";
import { Avatar } from "../Avatar";
import { Modal } from "../../ui/Dialog";
import { Alert, Button, TextField } from "../ui";
import { DialogActions } from "./DialogActions";

export const roleLabel = (role: number) => (role === 1 ? "User" : "Admin");

/** User info with 'Edit User': username, email, phone and full name editable; role and video watched never. */
export function AdminUserDialog({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<AdminUserEdit>({ username: "", email: "", phone_number: "", full_name: "" });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    setEditing(false);
    setProblem("");
    if (user) setForm({ username: user.username, email: user.email, phone_number: user.phone_number, full_name: user.full_name });
  }, [user]);

  const field = (name: keyof AdminUserEdit) => ({
    name,
    value: form[name],
    disabled: !editing,
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  async function save() {
    if (!user) return;
    setProblem("");
    if (!form.username.trim()) return setProblem(MESSAGES.missingCredentials);
    if (!isEmail(form.email)) return setProblem(MESSAGES.invalidEmail);
    if (!isPhone(form.phone_number)) return setProblem(MESSAGES.invalidPhone);
    setSaving(true);
    try {
      await adminUpdateUser(user.id, { ...form, username: form.username.trim(), email: form.email.trim() });
      onSaved();
      onClose();
    } catch (error) {
      console.error("User update failed", error);
      setProblem(error instanceof Error && error.message ? `Could not save: ${error.message}` : "Could not save the user.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={user !== null} onClose={onClose} title="User info" size="lg">
      {user && (
        <div className="space-y-4">
          <div className="flex flex-wrap gap-6">
            <figure className="text-center">
              <Avatar src={user.avatar_AWS_URL} alt={`${user.username}'s avatar`} size="lg" />
              <figcaption className="mt-1 text-xs text-gray-700">Avatar</figcaption>
            </figure>
            <figure className="text-center">
              {user.verification_photo_AWS_URL ? (
                <img src={user.verification_photo_AWS_URL} alt={`Verification photo of ${user.username}`} className="size-24 rounded-lg object-cover" />
              ) : (
                <p className="flex size-24 items-center justify-center rounded-lg bg-gray-100 text-xs text-gray-700">No photo</p>
              )}
              <figcaption className="mt-1 text-xs text-gray-700">Verification photo</figcaption>
            </figure>
          </div>
          {problem && <Alert>{problem}</Alert>}
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Username" {...field("username")} />
            <TextField label="Email" type="email" {...field("email")} />
            <TextField label="Phone Number" type="tel" {...field("phone_number")} />
            <TextField label="Full Name" {...field("full_name")} />
            <TextField label="Role" value={roleLabel(user.role)} disabled readOnly />
            <TextField label="Video watched" value={user.video_watched ? "Yes" : "No"} disabled readOnly />
          </div>
          <DialogActions editing={editing} saving={saving} saveLabel="Save Changes" onCancel={() => setEditing(false)} onSave={save} onClose={onClose}>
            <Button onClick={() => setEditing(true)}>Edit User</Button>
          </DialogActions>
        </div>
      )}
    </Modal>
  );
}

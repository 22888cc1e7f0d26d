import { useSetAtom } from "jotai";
import { useRef, useState, type FormEvent } from "react";
import type { User } from "../../api/types";
import { updateProfile } from "../../api/users";
import { Avatar } from "../../ui/Avatar";
import { pronounOptions } from "../../lib/pronouns";
import { focusField, useCheckedForm } from "../../lib/useCheckedForm";
import { useObjectUrl } from "../../lib/useObjectUrl";
import { emailProblem, MESSAGES, phoneHint, phoneProblem } from "../../lib/validation";
import type { Tone } from "../../state/notices";
import { refreshUserAtom } from "../../state/sessionActions";
import { Alert, Button, Spinner } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { FilePicker } from "../../ui/FilePicker";
import { profileAvatar } from "./profileAvatar";
import { t } from "../i18n/i18n";

const PROFILE_FIELDS = ["full_name", "email", "phone_number", "pronouns"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

function profileProblem(field: ProfileField, values: Record<ProfileField, string>) {
  if (field === "full_name") return values.full_name.trim() ? "" : MESSAGES.fullNameMissing;
  if (field === "email") return emailProblem(values.email);
  if (field === "phone_number") return phoneProblem(values.phone_number);
  return "";
}

/** Spec's edit form: Full Name, Email, Phone Number, Pronouns, Upload Avatar (with a preview), Save Changes, Cancel. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: (message: string, tone: Tone) => void }) {
  const form = useCheckedForm(
    { full_name: user.full_name, email: user.email, phone_number: user.phone_number, pronouns: user.pronouns ?? "" },
    profileProblem,
    { order: PROFILE_FIELDS },
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const avatarPreview = useObjectUrl(avatar);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const refreshUser = useSetAtom(refreshUserAtom);

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem("");
    const firstInError = form.checkAll();
    if (firstInError) return focusField(formRef.current, firstInError);
    const payload = new FormData();
    for (const [name, value] of Object.entries(form.values)) payload.set(name, value.trim());
    if (avatar) payload.set("file", avatar);
    setSaving(true);
    try {
      await updateProfile(payload);
      await refreshUser();
      onDone(t("profile.updated"), "success");
    } catch (error) {
      console.error("Profile update failed", error);
      setSaving(false);
      setProblem(t("profile.update_failed"));
    }
  }

  return (
    <form ref={formRef} onSubmit={save} noValidate className="space-y-4">
      <TextField label={t("form.full_name")} dir="auto" autoComplete="name" {...form.bind("full_name")} />
      <TextField label={t("form.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...form.bind("email")} />
      <TextField label={t("form.phone")} type="tel" inputMode="numeric" autoComplete="tel-national" hint={phoneHint()} {...form.bind("phone_number")} />
      <SelectField label={t("form.pronouns")} options={pronounOptions()} {...form.bind("pronouns")} />
      <div className="flex items-center gap-4 rounded-lg bg-paper-deep/60 p-3">
        <Avatar src={avatarPreview ?? profileAvatar(user)} alt={avatar ? t("profile.avatar_preview") : t("profile.avatar_current")} size="md" />
        <div className="min-w-0 flex-1">
          <FilePicker label={t("profile.upload_avatar")} accept="image/*" onFiles={([file]) => setAvatar(file ?? null)} chosen={avatar?.name} />
        </div>
      </div>
      {problem && <Alert>{problem}</Alert>}
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" disabled={saving} className="flex-1">
          {saving && <Spinner />}
          {t("profile.save")}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={() => onDone("", "info")} className="flex-1">
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import type { User } from "../api/types";
import { updateProfile } from "../api/users";
import { Avatar } from "../components/Avatar";
import { OnboardingVideo } from "../components/OnboardingVideo";
import { Alert, Button, Card, SelectField, Spinner, TextField } from "../components/ui";
import { PREFER_NOT_TO_SAY, PRONOUN_OPTIONS } from "../lib/pronouns";
import { isEmail, isPhone, MESSAGES } from "../lib/validation";
import type { Tone } from "../state/notices";
import { userAtom } from "../state/session";
import { logoutActionAtom, logoutEverywhereActionAtom, refreshUserAtom } from "../state/sessionActions";

function profileAvatar(user: User) {
  return user.avatar_AWS_URL ?? (user.verification_photo ? user.verification_photo_AWS_URL : null);
}

function ReadView({ user }: { user: User }) {
  const rows: [string, string][] = [
    ["Full Name", user.full_name],
    ["Email", user.email],
    ["Phone Number", user.phone_number],
    ["Pronouns", user.pronouns || PREFER_NOT_TO_SAY],
  ];
  return (
    <dl className="divide-y divide-gray-200">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-3 py-3">
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd className="col-span-2 break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditForm({ user, onDone }: { user: User; onDone: (message: string, tone: Tone) => void }) {
  const [form, setForm] = useState({
    full_name: user.full_name,
    email: user.email,
    phone_number: user.phone_number,
    pronouns: user.pronouns ?? "",
  });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const refreshUser = useSetAtom(refreshUserAtom);
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem("");
    if (!isEmail(form.email)) return setProblem(MESSAGES.invalidEmail);
    if (!isPhone(form.phone_number)) return setProblem(MESSAGES.invalidPhone);
    const payload = new FormData();
    for (const [name, value] of Object.entries(form)) payload.set(name, value.trim());
    if (file) payload.set("file", file);
    setSaving(true);
    try {
      await updateProfile(payload);
      await refreshUser();
      onDone("User updated successfully.", "success");
    } catch (error) {
      console.error("Profile update failed", error);
      setSaving(false);
      setProblem("Error updating user.");
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <TextField label="Full Name" autoComplete="name" {...field("full_name")} />
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
      <TextField label="Phone Number" type="tel" inputMode="numeric" hint="10 digits, no dashes" {...field("phone_number")} />
      <SelectField label="Pronouns" options={PRONOUN_OPTIONS} {...field("pronouns")} />
      <TextField
        label="Upload Avatar"
        type="file"
        accept="image/*"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold"
      />
      {problem && <Alert>{problem}</Alert>}
      <div className="flex gap-3">
        <Button type="submit" disabled={saving} className="flex-1">
          {saving && <Spinner />}
          Save Changes
        </Button>
        <Button variant="secondary" disabled={saving} onClick={() => onDone("", "info")} className="flex-1">
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Ends the sessions on every device (a lost phone, a shared computer), then goes to the login screen. */
function LogoutEverywhereButton({ onFailure }: { onFailure: (message: string) => void }) {
  const logoutEverywhere = useSetAtom(logoutEverywhereActionAtom);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await logoutEverywhere();
      navigate("/login");
    } catch (error) {
      console.error("Log out everywhere failed", error);
      setBusy(false);
      onFailure("Could not log out everywhere. Please try again.");
    }
  }
  return (
    <Button variant="secondary" className="mt-3 w-full" disabled={busy} onClick={run}>
      {busy && <Spinner />}
      Log out everywhere
    </Button>
  );
}

export default function ProfileScreen() {
  const user = useAtomValue(userAtom);
  const logout = useSetAtom(logoutActionAtom);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<{ message: string; tone: Tone } | null>(null);
  if (!user) return null;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-6">
      <div className="mb-5 flex items-center gap-4">
        <Avatar src={profileAvatar(user)} alt={`${user.username}'s avatar`} size="lg" />
        <h1 className="min-w-0 text-2xl font-bold break-words">
          {user.username}
          {user.pronouns && <span className="font-normal whitespace-nowrap text-gray-700"> ({user.pronouns})</span>}
        </h1>
      </div>
      {result?.message && (
        <div className="mb-4">
          <Alert tone={result.tone} onDismiss={() => setResult(null)}>
            {result.message}
          </Alert>
        </div>
      )}
      <Card>
        {editing ? (
          <EditForm
            user={user}
            onDone={(message, tone) => {
              setEditing(false);
              setResult({ message, tone });
            }}
          />
        ) : (
          <>
            <ReadView user={user} />
            <div className="mt-4 flex gap-3">
              <Button
                className="flex-1"
                onClick={() => {
                  setResult(null);
                  setEditing(true);
                }}
              >
                Edit Profile
              </Button>
              <Button
                variant="secondary"
                className="flex-1"
                onClick={async () => {
                  await logout();
                  navigate("/");
                }}
              >
                Log Out
              </Button>
            </div>
            <LogoutEverywhereButton onFailure={(message) => setResult({ message, tone: "error" })} />
          </>
        )}
      </Card>
      {!user.video_watched && <OnboardingVideo user={user} />}
    </main>
  );
}

import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import { OnboardingVideo } from "../features/onboarding/OnboardingVideo";
import { Alert, Button } from "../ui/Button";
import { Card } from "../ui/Layout";
import { MyData } from "../features/privacy/MyData";
import { MyItems } from "../features/privacy/MyItems";
import { LogoutEverywhereButton } from "../features/profile/LogoutEverywhereButton";
import { ProfileDetails } from "../features/profile/ProfileDetails";
import { ProfileEditForm } from "../features/profile/ProfileEditForm";
import { ProfileHeader } from "../features/profile/ProfileHeader";
import type { Tone } from "../state/notices";
import { inArchiveAtom, userAtom } from "../state/session";
import { logoutActionAtom } from "../state/sessionActions";
import { t } from "../features/i18n/i18n";

/**
 * Spec's /user: the read view or the edit form, and the onboarding video until it has been watched. In archive mode
 * (after the show) the details without Edit and no video, but My data and the participant's items to withdraw.
 */
export default function ProfileScreen() {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  const logout = useSetAtom(logoutActionAtom);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<{ message: string; tone: Tone } | null>(null);
  if (!user) return null;
  return (
    <main className="mx-auto w-full max-w-xl min-w-0 px-4 pt-6 pb-10 sm:px-6 sm:pt-10">
      <ProfileHeader user={user} />
      {result?.message && (
        <div className="mb-4">
          <Alert tone={result.tone} onDismiss={() => setResult(null)}>
            {result.message}
          </Alert>
        </div>
      )}
      <Card>
        {editing ? (
          <ProfileEditForm
            user={user}
            onDone={(message, tone) => {
              setEditing(false);
              setResult({ message, tone });
            }}
          />
        ) : (
          <>
            <ProfileDetails user={user} />
            <div className="mt-5 flex flex-wrap gap-3">
              {!inArchive && (
                <Button
                  className="flex-1"
                  onClick={() => {
                    setResult(null);
                    setEditing(true);
                  }}
                >
                  {t("profile.edit")}
                </Button>
              )}
              <Button
                variant="secondary"
                className="flex-1"
                onClick={async () => {
                  await logout();
                  navigate("/");
                }}
              >
                {t("profile.logout")}
              </Button>
            </div>
            <div className="mt-2">
              <LogoutEverywhereButton onFailure={(message) => setResult({ message, tone: "error" })} />
            </div>
            <MyData user={user} />
            {inArchive && user.role === 1 && <MyItems />}
          </>
        )}
      </Card>
      {!user.video_watched && !inArchive && <OnboardingVideo user={user} />}
    </main>
  );
}

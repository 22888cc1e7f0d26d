import type { User } from "../../api/types";
import { Avatar } from "../../ui/Avatar";
import { profileAvatar } from "./profileAvatar";
import { t } from "../i18n/i18n";
import { pronounLabel } from "../../lib/pronouns";

/**
 * The avatar and the username with pronouns in brackets. A username is one unbroken word of up to 32 characters, so
 * it may break anywhere rather than push the page sideways; the whole of it stays on screen.
 */
export function ProfileHeader({ user }: { user: User }) {
  return (
    <header className="mb-6 flex items-center gap-4 sm:gap-6">
      <Avatar src={profileAvatar(user)} alt={t("profile.avatar_of", { name: user.username })} size="lg" own />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">{t("profile.eyebrow")}</p>
        <h1 className="mt-1 font-display text-display-sm [overflow-wrap:anywhere] text-ink-950 sm:text-display-md">
          <span dir="auto">{user.username}</span>
          {user.pronouns && <span className="font-sans text-lg font-normal whitespace-nowrap text-muted sm:text-xl"> ({pronounLabel(user.pronouns)})</span>}
        </h1>
      </div>
    </header>
  );
}

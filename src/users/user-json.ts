import type { UserRow } from "../db/users";
import { mediaUrl } from "../media/media.service";

/** The user as the API shows it: never the password hash or reset data. */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    email: user.email,
    phone_number: user.phoneNumber,
    pronouns: user.pronouns,
    role: user.role,
    verification_photo: user.verificationMediaId !== null,
    verification_photo_AWS_URL: mediaUrl(user.verificationMediaId),
    avatar_AWS_URL: mediaUrl(user.avatarMediaId),
    video_watched: user.videoWatched,
    /** The privacy notice version the user last accepted, and when (null: never, e.g. the original client). */
    consent_version: user.consentVersion,
    consent_at: user.consentAt,
    /** The language the user chose (mails go out in it); null: none yet. */
    language: user.language,
    /** Logged in with a temporary password an admin made: the new password comes before anything else. */
    must_change_password: user.temporaryPasswordUntil !== null,
  };
}

/** A user in the admin's participants table: also how many items they sent and when the latest came. */
export const participantJson = (user: UserRow, activity: { itemCount: number; lastActivity: string | null }) => ({
  ...userJson(user),
  item_count: activity.itemCount,
  last_activity: activity.lastActivity,
});

import type { User } from "../../api/types";

/** The chosen avatar, else the verification photo (spec §2), else nothing (the default placeholder). */
export function profileAvatar(user: User) {
  return user.avatar_AWS_URL ?? (user.verification_photo ? user.verification_photo_AWS_URL : null);
}

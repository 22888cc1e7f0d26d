import { request } from "../../api/client";
import type { User } from "../../api/types";
import { i18n } from "./i18n";
import { chooseLanguage, choseLanguage } from "./language";

/**
 * Keeps the account's language and this device's in step after a login or start: a language chosen on this device
 * goes to the account (mails follow it); a device that never chose one takes the account's.
 */
export async function syncAccountLanguage(user: User): Promise<void> {
  const shown = i18n.locale;
  if (user.language === shown) return;
  if (user.language && !choseLanguage()) {
    await chooseLanguage(user.language).catch(() => {});
    if (i18n.locale === user.language) return;
  }
  await request<User>("PUT", "/api/user/language", { language: i18n.locale }).catch(() => {});
}

import { t } from "../features/i18n/i18n";

/** "" is stored for 'Prefer not to say'; the other values are stored as written here, whatever the language shown. */
export const preferNotToSay = () => t("form.pronouns.none");

export const pronounOptions = () => [
  { value: "", label: preferNotToSay() },
  { value: "He/Him", label: t("form.pronouns.he") },
  { value: "She/Her", label: t("form.pronouns.she") },
  { value: "They/Them", label: t("form.pronouns.they") },
  { value: "Other", label: t("form.pronouns.other") },
];

/** How stored pronouns read in the active language (a value typed by an older client is shown as it is). */
export const pronounLabel = (value: string) => pronounOptions().find((option) => option.value === value)?.label ?? value;

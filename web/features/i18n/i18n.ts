/**
 * Every word on screen comes from the active catalog (locales/<language>.json, as the server sends it compiled):
 * `t("message.id", values)`. Lingui's runtime formats ICU plurals, selects and placeholders; it carries no parser.
 */
import { setupI18n } from "@lingui/core";
import type english from "../../../locales/en.json";

/** The ids of English, the spec's language: a mistyped id is a type error. */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, unknown>;

export const i18n = setupI18n();

export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

/** Whether the active catalog has a message (error codes the server may send that no screen names). */
export const hasMessage = (id: string): boolean => i18n.messages[id] !== undefined;

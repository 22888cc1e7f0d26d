import { retryableLazy } from "../offline/retryableLazy";

/** The login screen, loaded when first shown: /home's first load does not carry it (design.md §7's 90 KB). */
export const LoginScreen = retryableLazy(() => import("../../screens/LoginScreen"));

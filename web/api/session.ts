import { request } from "./client";
import type { AppConfig, User } from "./types";

export const getConfig = () => request<AppConfig>("GET", "/api/config");
export const getIsArchive = async () => (await request<unknown>("GET", "/api/evidence/isArchive")) === true;
export const getCurrentUser = () => request<User>("GET", "/api/user");
export const login = (usernameOrEmail: string, password: string) =>
  request<User>("POST", "/api/user/login", { usernameOrEmail, password });
export const logout = () => request<unknown>("POST", "/api/user/logout");
/** Ends every session of this account, on every device, this one included. */
export const logoutEverywhere = () => request<unknown>("POST", "/api/user/logout-all");

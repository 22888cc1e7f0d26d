import { request } from "./client";
import type { Evidence, User } from "./types";

export const register = (form: FormData) => request<User>("POST", "/api/user/register", form);
export const checkUserExists = (username: string, email: string) =>
  request<{ exists: boolean; message: string }>("POST", "/api/user/check", { username, email });
export const updateProfile = (form: FormData) => request<User>("PUT", "/api/evidence/user", form);
export const markVideoWatched = (id: number) => request<User>("PUT", `/api/user/watched/${id}`);

export interface AdminUserEdit {
  username: string;
  email: string;
  phone_number: string;
  full_name: string;
}
export const listUsers = () => request<User[]>("GET", "/api/user/users");
export const listUserEvidence = (id: number) => request<Evidence[]>("GET", `/api/user/${id}/evidence`);
export const adminUpdateUser = (id: number, edit: AdminUserEdit) => request<User>("PUT", `/api/user/admin/${id}`, edit);
/** A temporary password for a participant (shown once), and one's own new password (after a temporary one). */
export const makeTemporaryPassword = (id: number) =>
  request<{ temporary_password: string; expires_at: string }>("POST", `/api/user/${id}/temporary-password`);
export const chooseOwnPassword = (password: string) => request<User>("PUT", "/api/user/password", { password });
export const deleteUser = (id: number) => request<unknown>("DELETE", `/api/user/${id}`);

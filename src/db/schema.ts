export { users } from "./users";
export { sessions } from "./sessions";
export { mediaFiles } from "./media-files";
export { evidence } from "./evidence";
export { passwordResets } from "./password-resets";
export { rateLimits } from "./rate-limits";
export { uploadQuotas } from "./upload-quotas";
export { auditLog } from "./audit-log";

/** Upload ids (the last path segment of /api/uploads/{id}) and lease tokens: 128 random bits, base64url. */
export const randomId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");

export const isUploadId = (id: string) => /^[A-Za-z0-9_-]{22}$/.test(id);

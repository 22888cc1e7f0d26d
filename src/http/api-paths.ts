/** Paths a client may have meant for the API: any case, any number of leading slashes, `/api` itself included. */
export const looksLikeApiPath = (pathname: string) => /^\/+api(\/|$)/i.test(pathname);

/** The API answers only at its exact paths: `/api/` in lower case and no empty segments (`//api/user` is not it). */
export const isExactApiPath = (pathname: string) => pathname.startsWith("/api/") && !pathname.includes("//");

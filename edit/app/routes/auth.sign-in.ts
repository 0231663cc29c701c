/** GET /auth/sign-in?return=<path>: to the identity provider, the sign-in's cookie set (the team's service only). */
export { onlyGet as action, signInLoader as loader } from "../loaders/auth.server.ts";

/** POST /auth/sign-out, from the service's own page only: the session ended, then to /auth/signed-out. */
export { signOutAction as action, onlyPost as loader } from "../loaders/auth.server.ts";

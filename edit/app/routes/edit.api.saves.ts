/** GET /edit/api/saves: Recent saves as JSON, newest first (the team's service only). */
export { savesApiLoader as loader } from "../loaders/saves.server.ts";

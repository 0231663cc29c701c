/** GET /edit/api/status?entry=…: the open entry's status, which the screen's fields ask (edit/fields/use-entry-status.ts). */
export { entryStatusLoader as loader } from "../loaders/entry-status.server.ts";

/** /edit/api/links/{id}: DELETE revokes the link (loaders/links.server.ts). */
export { linkApiAction as action, linkApiLoader as loader } from "../loaders/links.server.ts";

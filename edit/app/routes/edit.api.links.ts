/** /edit/api/links: the links as JSON (GET), a link made (POST), a recipient's erased (DELETE ?recipient=…). */
export { linksApiAction as action, linksApiLoader as loader } from "../loaders/links.server.ts";

/** GET /edit/api/views: the views' figures as JSON, for the days asked (loaders/views.server.ts). */
export { viewsApiLoader as loader } from "../loaders/views.server.ts";

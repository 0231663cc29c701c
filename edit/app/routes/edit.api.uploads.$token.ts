/** /edit/api/uploads/{token}: an upload's file, sent (PUT), asked after (HEAD) or discarded (DELETE). */
export { action, loader } from "./edit.api.uploads.ts";

/** /edit/api/uploads: a token for an upload, asked with a POST (edit/server/upload-routes.ts). */
import type { ActionFunctionArgs } from "@remix-run/node";

import { editingOf } from "#edit/server/editing-context.ts";

const uploads = ({ request, context }: ActionFunctionArgs) => editingOf(context).uploads(request);

export { uploads as action, uploads as loader };

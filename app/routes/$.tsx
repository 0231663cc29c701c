import type { LoaderFunctionArgs } from "@remix-run/node";

import { unknownPath } from "#app/lib/unknown-path.server.ts";

/** Every path of two or more segments no other route claims; single segments end in $slug.tsx. */
export function loader({ request }: LoaderFunctionArgs) {
  throw unknownPath(request);
}

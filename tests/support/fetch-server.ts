/**
 * A server on the loopback whose requests `answer` takes as the editing app's routes take them, as Fetch
 * requests, bridged as the screens bridge them (edit/http/editing-app.ts) on the screens' own server
 * (editingServer: a request answered before its body is read closes its connection). An error is a 500
 * that says it.
 */
import type { AddressInfo } from "node:net";

import { fetchRequest, sendAnswer } from "#edit/http/editing-app.ts";
import { editingServer, type RequestTimeouts } from "#edit/http/request-body.ts";

export interface FetchServer {
  origin: string;
  close(): Promise<void>;
}

export async function fetchServer(
  answer: (request: Request) => Promise<Response>,
  timeouts?: RequestTimeouts,
): Promise<FetchServer> {
  const server = editingServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://edit");
    answer(fetchRequest(request, response, url))
      .catch((error: unknown) => new Response(String(error), { status: 500 }))
      .then((answered) => (response.destroyed ? undefined : sendAnswer(response, answered)))
      .catch(() => undefined);
  }, timeouts);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

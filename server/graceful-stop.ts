/**
 * How an instance stops on SIGTERM or SIGINT without dropping a request (server/instance.ts): it
 * answers what comes on the connections it has, each answer closing its connection, cuts the
 * kept-alive ones still silent after a grace, and every one left at the deadline. Node's own
 * closeIdleConnections is not used: it also cuts a connection whose answer is ended but still being
 * written (a large file to a slow reader), which its client sees as a reset download; nor is
 * http.Server's close, which runs it at once.
 */
import type http from "node:http";
import net, { type Socket } from "node:net";

/** Past this, connections still open are cut so the process always exits within 10 s. */
export const SHUTDOWN_DEADLINE_MS = 8_000;
/**
 * A kept-alive connection that asks nothing for this long after a stop begins is cut. Long enough for
 * a client that has just had an answer to send its next request on it (answered, with Connection:
 * close); short, because an idle connection a cache in front keeps in its pool holds a followed
 * branch's old worker, and the purge that waits for it (release/serving-set.ts), until then.
 */
export const IDLE_GRACE_MS = 250;
/**
 * The longest the listening socket stays open after the signal, while connections keep coming. It
 * closes sooner, once a poll of the event loop finds none waiting (see `closeWhenNoneWaiting`).
 */
export const LAST_ACCEPT_MS = 1_000;

/** What a stop needs to know of a connection: whether it has answered, and the requests it is answering. */
interface ConnectionState {
  answered: boolean;
  requestsOpen: number;
}

/**
 * Watches `server`'s connections from its start; `stop` then stops it gracefully and calls
 * `stopped` once its last connection has closed.
 */
export function stoppable(server: http.Server) {
  let stopping = false;
  /** Connections accepted since the start: a poll that accepted one leaves it unchanged. */
  let accepted = 0;
  const connections = new Map<Socket, ConnectionState>();
  const stateOf = (socket: Socket) => {
    let state = connections.get(socket);
    if (!state) {
      state = { answered: false, requestsOpen: 0 };
      connections.set(socket, state);
      socket.once("close", () => connections.delete(socket));
    }
    return state;
  };

  server.on("connection", (socket: Socket) => {
    accepted++;
    stateOf(socket);
  });
  // Before the app's own listener, which may answer at once: the header must be set by then.
  server.prependListener("request", (request, response) => {
    if (stopping) response.setHeader("Connection", "close");
    const state = stateOf(request.socket);
    state.requestsOpen++;
    // "close" comes once the answer is all handed to the system (or the connection is gone), not at end().
    response.once("close", () => {
      state.requestsOpen--;
      state.answered = true;
    });
  });

  /**
   * Kept-alive connections silent since their last answer. One that has never asked is left: its
   * request may be on its way, and it is answered (with Connection: close) or cut at the deadline.
   */
  const cutIdle = () => {
    for (const [socket, state] of connections) if (state.answered && state.requestsOpen === 0) socket.destroy();
  };

  /**
   * The kernel resets every connection still in the listening socket's queue when it closes, and a
   * busy instance has some (their requests sent before the signal): Node accepts one per poll of its
   * event loop (libuv 1.52). So the socket closes only once a whole poll has accepted none; two
   * immediates have exactly one poll between them, whatever phase this is called in.
   */
  const closeWhenNoneWaiting = (deadline: number, closed: () => void) =>
    setImmediate(() => {
      const acceptedBefore = accepted;
      setImmediate(() => {
        if (accepted === acceptedBefore || Date.now() >= deadline)
          net.Server.prototype.close.call(server, () => closed());
        else closeWhenNoneWaiting(deadline, closed);
      });
    });

  return {
    stop(stopped: () => void) {
      // SIGINT after SIGTERM (a second Ctrl-C) changes nothing: the first stop goes on.
      if (stopping) return;
      stopping = true;
      closeWhenNoneWaiting(Date.now() + LAST_ACCEPT_MS, stopped);
      setTimeout(() => setInterval(cutIdle, 100).unref(), IDLE_GRACE_MS).unref();
      setTimeout(() => {
        for (const socket of connections.keys()) socket.destroy();
      }, SHUTDOWN_DEADLINE_MS).unref();
    },
  };
}

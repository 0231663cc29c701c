/**
 * The push webhook's receiver against truths it did not produce: GitHub's documented signature test
 * vector, each host's push as its documentation shows one (written by hand and signed here with
 * node:crypto), and its server over real HTTP.
 */
import { createHmac } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import net, { type AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { judgePushHook, pushHookServer } from "#release/push-hook.ts";

const SECRET = "a webhook secret, typed into the host";
const SETTINGS = { secret: SECRET, branch: "main" };
const AFTER = "0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c";

/** A body as each host sends it, written by hand: only the fields the receiver reads, and a few beside. */
const push = (ref: string, after?: string) =>
  Buffer.from(JSON.stringify({ ref, before: "6113728f27ae82c7b1a177c8d03f9e96e0adf246", after, commits: [] }));

/** Every judgement the tests see, to check that none names the secret. */
const seen: string[] = [];
function judge(headers: IncomingHttpHeaders, body: Buffer, settings = SETTINGS) {
  const judgement = judgePushHook(headers, body, settings);
  seen.push(judgement.message);
  return judgement;
}

const hex = (body: Buffer, secret = SECRET) => createHmac("sha256", secret).update(body).digest("hex");
const github = (event: string, body: Buffer) => ({
  "x-github-event": event,
  "x-hub-signature-256": `sha256=${hex(body)}`,
});
const gitea = (event: string, body: Buffer) => ({ "x-gitea-event": event, "x-gitea-signature": hex(body) });
const forgejo = (event: string, body: Buffer) => ({ "x-forgejo-event": event, "x-forgejo-signature": hex(body) });
const gitlab = (event: string, token = SECRET) => ({ "x-gitlab-event": event, "x-gitlab-token": token });

describe("GitHub's documented test vector (docs.github.com, 'Validating webhook deliveries')", () => {
  const vector = { secret: "It's a Secret to Everybody", branch: "main" };
  const signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

  it("is accepted for its payload: the signature passes, and only then is the body found not to be JSON", () => {
    const judgement = judge({ "x-hub-signature-256": signature }, Buffer.from("Hello, World!"), vector);
    expect(judgement).toEqual({ status: 400, message: expect.stringMatching(/not JSON/), push: false });
    // Gitea's and Forgejo's headers hold the same digest without the prefix.
    const bare = signature.slice("sha256=".length);
    expect(judge({ "x-gitea-signature": bare }, Buffer.from("Hello, World!"), vector).status).toBe(400);
    expect(judge({ "x-forgejo-signature": bare }, Buffer.from("Hello, World!"), vector).status).toBe(400);
  });

  it("is refused for a body one byte apart, for another secret, and without its prefix", () => {
    const refused = judge({ "x-hub-signature-256": signature }, Buffer.from("Hello, World?"), vector);
    expect(refused).toEqual({ status: 401, message: expect.stringMatching(/^X-Hub-Signature-256 /), push: false });
    const otherSecret = { ...vector, secret: "It's a Secret to Everybody!" };
    expect(judge({ "x-hub-signature-256": signature }, Buffer.from("Hello, World!"), otherSecret).status).toBe(401);
    const bare = signature.slice("sha256=".length);
    expect(judge({ "x-hub-signature-256": bare }, Buffer.from("Hello, World!"), vector).status).toBe(401);
  });
});

describe("a push to the followed branch", () => {
  const body = push("refs/heads/main", AFTER);
  const followed = { status: 202, message: `a push to refs/heads/main, now at ${AFTER}`, push: true };

  it("is taken from GitHub, Gitea, Forgejo and GitLab, each proving it their own way", () => {
    expect(judge(github("push", body), body)).toEqual(followed);
    expect(judge(gitea("push", body), body)).toEqual(followed);
    expect(judge(forgejo("push", body), body)).toEqual(followed);
    expect(judge(gitlab("Push Hook"), body)).toEqual(followed);
  });

  it("is taken from Gitea as it really calls, with GitHub's headers beside its own", () => {
    expect(judge({ ...gitea("push", body), ...github("push", body) }, body)).toEqual(followed);
  });

  it("is named without a commit when the body has none", () => {
    const bare = push("refs/heads/main");
    expect(judge(github("push", bare), bare)).toEqual({
      status: 202,
      message: "a push to refs/heads/main",
      push: true,
    });
  });
});

describe("a call that is not a push to the branch", () => {
  it("is ignored when the push is to another branch or a tag, even one the branch's name begins", () => {
    for (const ref of ["refs/heads/feature", "refs/tags/main", "refs/heads/main-old"]) {
      const body = push(ref, AFTER);
      const ignored = { status: 202, message: `ignored: a push to ${ref}`, push: false };
      expect(judge(github("push", body), body)).toEqual(ignored);
      expect(judge(gitea("push", body), body)).toEqual(ignored);
      expect(judge(gitlab("Push Hook"), body)).toEqual(ignored);
    }
  });

  it("is answered 204 when it is a ping, or GitLab's tag push or merge request", () => {
    const ping = Buffer.from(JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 }));
    expect(judge(github("ping", ping), ping)).toEqual({ status: 204, message: expect.any(String), push: false });
    expect(judge(gitea("ping", ping), ping).status).toBe(204);
    const tag = push("refs/tags/v1", AFTER);
    expect(judge(gitlab("Tag Push Hook"), tag).status).toBe(204);
    expect(judge(gitlab("Merge Request Hook"), tag).status).toBe(204);
  });

  it("is answered 400 when signed but not a JSON object, or a push without a ref", () => {
    for (const text of ["ref=refs/heads/main", "[]", "null", '{"after":"x"}']) {
      const body = Buffer.from(text);
      expect(judge(github("push", body), body)).toMatchObject({ status: 400, push: false });
    }
  });
});

describe("a call that does not prove itself", () => {
  const body = push("refs/heads/main", AFTER);

  it("is refused with the header it lacks when it has none", () => {
    const judgement = judge({ "x-github-event": "push" }, body);
    expect(judgement).toMatchObject({ status: 401, push: false });
    for (const name of ["X-Hub-Signature-256", "X-Gitea-Signature", "X-Forgejo-Signature", "X-Gitlab-Token"]) {
      expect(judgement.message).toContain(name);
    }
  });

  it("is refused with a wrong GitLab token, of the secret's length or not", () => {
    const sameLength = SECRET.replace(/.$/, "!");
    for (const token of [sameLength, "short", `${SECRET}x`, ""]) {
      expect(judge(gitlab("Push Hook", token), body)).toEqual({
        status: 401,
        message: "X-Gitlab-Token is not the webhook's secret",
        push: false,
      });
    }
  });

  it("takes a non-ASCII GitLab token as Node hands it over: its UTF-8 bytes read as Latin-1", () => {
    const secret = "clé secrète";
    const token = Buffer.from(secret, "utf8").toString("latin1");
    expect(judge(gitlab("Push Hook", token), body, { secret, branch: "main" }).push).toBe(true);
    expect(judge(gitlab("Push Hook", secret), body, { secret, branch: "main" }).status).toBe(401);
  });

  it("is refused on the first signature header present, whatever the others say", () => {
    const wrongHub = { ...gitea("push", body), "x-hub-signature-256": `sha256=${hex(body, "another secret")}` };
    expect(judge(wrongHub, body)).toMatchObject({
      status: 401,
      message: expect.stringMatching(/^X-Hub-Signature-256/),
    });
    const wrongGitea = { ...gitea("push", body), "x-gitea-signature": hex(body, "another secret") };
    expect(judge(wrongGitea, body)).toMatchObject({
      status: 401,
      message: expect.stringMatching(/^X-Gitea-Signature/),
    });
  });

  it("is refused, not read, when unsigned or signed with garbage", () => {
    const garbage = Buffer.from("\u0000not json at all\u00ff");
    expect(judge({}, garbage)).toMatchObject({ status: 401, push: false });
    for (const value of ["sha256=zz", "sha256=", `sha256=${hex(garbage)}00`, `sha1=${hex(garbage)}`, "garbage"]) {
      expect(judge({ "x-hub-signature-256": value }, garbage)).toMatchObject({ status: 401, push: false });
    }
    expect(judge({ "x-gitea-signature": `${hex(garbage).slice(0, 63)}g` }, garbage).status).toBe(401);
  });

  it("never has the secret named in an answer", () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const message of seen) expect(message).not.toContain(SECRET);
  });
});

describe("settings", () => {
  it("are refused when the secret or the branch is empty", () => {
    const body = push("refs/heads/main");
    expect(() => judgePushHook(gitlab("Push Hook", ""), body, { secret: "", branch: "main" })).toThrow(/secret/);
    expect(() => judgePushHook(github("push", body), body, { secret: SECRET, branch: "" })).toThrow(/branch/);
    expect(() => pushHookServer({ secret: "", branch: "main", onPush: () => {} })).toThrow(/secret/);
  });
});

describe("the server, over HTTP", () => {
  const pushes: number[] = [];
  const lines: string[] = [];
  const server = pushHookServer({
    ...SETTINGS,
    onPush: () => pushes.push(Date.now()),
    log: (line) => lines.push(line),
  });
  // Kept alive, as hosts do: a 413 answered mid-body must still reach the client.
  const agent = new http.Agent({ keepAlive: true });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** One call; `body` as chunks is sent chunked, without a Content-Length. */
  function call(method: string, headers: http.OutgoingHttpHeaders = {}, body?: Buffer | Buffer[]) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, method, path: "/hooks/push", headers, agent });
      request.on("error", reject);
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      });
      if (Array.isArray(body)) for (const chunk of body) request.write(chunk);
      request.end(Array.isArray(body) ? undefined : body);
    });
  }

  it("answers 405 with Allow: POST to a GET", async () => {
    const answer = await call("GET");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("POST");
  });

  it("answers 413 to a 6 MiB body, declared or chunked, and still serves the connection", async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, "x");
    const declared = await call("POST", { ...github("push", big), "content-length": big.length }, big);
    expect(declared.status).toBe(413);
    const chunks = Array.from({ length: 96 }, () => Buffer.alloc(64 * 1024, "x"));
    const chunked = await call("POST", github("push", Buffer.concat(chunks)), chunks);
    expect(chunked.status).toBe(413);
    expect((await call("GET")).status).toBe(405);
    expect(pushes).toHaveLength(0);
  });

  /**
   * A call on a raw socket that declares a 5 MB body and trickles it a byte every 50 ms: the answer
   * and the connection's close, as the client sees them, or "no answer" after `waitMs`.
   */
  function trickle(headers: string[], waitMs = 2_000) {
    return new Promise<{ answer: string; closedMs: number | "no answer" }>((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      const dribble = setInterval(() => socket.writable && socket.write("x"), 50);
      const done = (closedMs: number | "no answer") => {
        clearInterval(dribble);
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, closedMs });
      };
      const timer = setTimeout(() => done("no answer"), waitMs);
      socket.on("close", () => done(Date.now() - started));
      socket.on("error", () => undefined);
      socket.write(
        ["POST /hooks/push HTTP/1.1", "Host: 127.0.0.1", "Content-Length: 5000000", ...headers, "", "{"].join("\r\n"),
      );
    });
  }

  it("answers 401 at once to an unsigned call or a wrong GitLab token, its body unread, and closes the connection", async () => {
    for (const headers of [["X-GitHub-Event: push"], ["X-Gitlab-Event: Push Hook", "X-Gitlab-Token: not the secret"]]) {
      const { answer, closedMs } = await trickle(headers);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(closedMs).toBeLessThan(1_000);
    }
    expect(pushes).toHaveLength(0);
  });

  it("reads the body of a call that offers a proof, which only the body can check", async () => {
    const { closedMs } = await trickle([`X-Hub-Signature-256: sha256=${"0".repeat(64)}`], 500);
    expect(closedMs).toBe("no answer");
  });

  it("answers 401 to a bad signature, and does not hear a push", async () => {
    const body = push("refs/heads/main", AFTER);
    const answer = await call(
      "POST",
      { ...github("push", body), "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
      body,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(answer.text).toMatch(/^X-Hub-Signature-256 /);
    expect(pushes).toHaveLength(0);
  });

  it("answers 202 to a good push, and hears it once", async () => {
    const body = push("refs/heads/main", AFTER);
    const answer = await call("POST", { ...github("push", body), "content-type": "application/json" }, body);
    expect(answer).toMatchObject({ status: 202, text: `a push to refs/heads/main, now at ${AFTER}\n` });
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(pushes).toHaveLength(1);
    const ping = Buffer.from("{}");
    expect(await call("POST", github("ping", ping), ping)).toMatchObject({ status: 204, text: "" });
    expect(pushes).toHaveLength(1);
    expect(lines.some((line) => line.includes("202 a push to refs/heads/main"))).toBe(true);
  });
});

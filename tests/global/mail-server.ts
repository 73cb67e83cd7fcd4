// Vitest globalSetup (runs in Node, once per run): a local HTTP server standing in for the e-mail provider, so
// tests/worker/notifications/mailer.test.ts can check what the production HTTP mailer (worker/mail/mailer.ts) really sends
// over the network from workerd. It records every request by path; `GET /__seen/<path>` returns the records.
// A path under /fail/ answers 500. Each test uses its own path, so tests never read each other's requests.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import type { SeenRequest } from "./provided-context";

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

export default async function setup(project: TestProject) {
  const seen = new Map<string, SeenRequest[]>();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method === "GET" && path.startsWith("/__seen/")) {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(JSON.stringify(seen.get(path.slice("/__seen".length)) ?? []));
    }
    const record: SeenRequest = {
      method: request.method ?? "",
      path,
      authorization: request.headers.authorization ?? null,
      contentType: request.headers["content-type"] ?? null,
      body: await readBody(request),
    };
    seen.set(path, [...(seen.get(path) ?? []), record]);
    const failing = path.startsWith("/fail/");
    response.writeHead(failing ? 500 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify(failing ? { error: "provider down" } : { id: "sent" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("mailServerUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

// What globalSetup files provide to the tests (vitest's provide/inject); read by both the Node and workerd sides.
/** One request the mail server received, as `GET /__seen/<path>` returns it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The local stand-in for the e-mail provider (tests/global/mail-server.ts). */
    mailServerUrl: string;
  }
}

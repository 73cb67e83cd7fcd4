import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, provided by app/entry.server.tsx around the whole render. A React context rather than
 * loader data, so the nonce never travels in the serialized loader data of the page or of later `.data` requests.
 * In the browser it is undefined: scripts that matter have already run by then.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);

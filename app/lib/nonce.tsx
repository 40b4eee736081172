import { createContext, useContext } from "react";

/** The request's CSP nonce, provided by entry.server; browsers hide it, so it is empty there. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

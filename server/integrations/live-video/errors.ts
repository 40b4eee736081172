/**
 * The video provider could not be reached or refused us (an outage, a revoked key). The API answers
 * 503 with a message the page shows; the chat, which does not depend on the provider, keeps working.
 */
export class LiveVideoUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LiveVideoUnavailable";
  }
}

/**
 * The video provider could not hand out a way into the event's video (its API refused, timed out
 * or answered something unreadable). Nothing the person did caused it and retrying later may
 * work, so the API layer answers 503 with a localized message instead of letting it become a 500.
 * The provider has already logged what it got back (status and body, never a secret).
 */
export class LiveVideoUnavailableError extends Error {
  constructor(
    readonly provider: string,
    /** the provider's HTTP status, or null when no answer came (network failure, unreadable body) */
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = "LiveVideoUnavailableError";
  }
}

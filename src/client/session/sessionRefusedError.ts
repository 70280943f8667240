/**
 * The service keeps refusing this visitor's credentials even after a fresh sign-in: automatic
 * calls stop (no request loop) until the visitor acts again (`allowAgain`) or the page reloads.
 * Made only by the refusals' code (sessionRefusal.ts, on demand); the first open's session.ts throws
 * the one made (`Refusals.stopped`), and a failed send tells it apart (deliveryFailure.ts).
 */
export class SessionRefusedError extends Error {
  constructor(readonly status: number) {
    super(`the service refuses the visitor's credentials (HTTP ${status})`);
    this.name = 'SessionRefusedError';
  }
}

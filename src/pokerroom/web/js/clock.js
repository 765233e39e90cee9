// Reading the server's action clock (times are server ms; the connection knows the offset).

/**
 * { actionLeft, bankLeft, usingBank, fraction } for a view's clock at server time `now`.
 * The server sends `action_deadline_ms` (end of the normal time), `deadline_ms` (the last
 * moment, time bank included) and `time_bank_ms` (the bank left before this decision).
 */
export function clockState(clock, now) {
  if (!clock || !clock.deadline_ms) return null;
  const actionEnd = clock.action_deadline_ms ?? clock.deadline_ms;
  // Never more than the clock's own length (a 15 s clock never reads "16 s", whatever the
  // clock offset between this browser and the server).
  const actionLeft = Math.max(0, Math.min(actionEnd - now, clock.action_ms ?? Infinity));
  const usingBank = actionEnd - now <= 0;
  const bankLeft = clock.action_deadline_ms !== undefined
    ? (usingBank ? Math.max(0, clock.deadline_ms - now) : clock.time_bank_ms || 0)
    : (usingBank ? Math.max(0, (clock.time_bank_ms || 0) + (actionEnd - now)) : clock.time_bank_ms || 0);
  const span = usingBank ? Math.max(clock.time_bank_ms || 1, 1) : Math.max(clock.action_ms || 20000, actionLeft);
  const fraction = Math.max(0, Math.min(1, (usingBank ? bankLeft : actionLeft) / span));
  return { actionLeft, bankLeft, usingBank, fraction };
}

/**
 * `updateUserFullname` / `updateUserEmail` in a message from the other side (an agent or a bot that
 * learnt who the visitor is) update the stored visitor. Nearly no conversation has one: code of its
 * own with the client's later code (src/chunks.ts `later`), loaded by the first such message.
 */
import type { WireMessage } from '../../api/wire.ts';
import type { SessionModel } from '../session/session.ts';

export function applyIdentityUpdates(session: SessionModel, updates: readonly WireMessage[], onError: (error: unknown) => void): void {
  for (const m of updates) {
    const name = m.attributes?.updateUserFullname;
    const email = m.attributes?.updateUserEmail;
    const patch = {
      ...(typeof name === 'string' && name.trim() ? { fullName: name.trim().slice(0, 120) } : {}),
      ...(typeof email === 'string' && /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? { email: email.trim() } : {}),
    };
    if (Object.keys(patch).length) void session.updateVisitor(patch).catch(onError);
  }
}

/**
 * Who the visitor is, as the service hears it on messages (docs/service.md §6): `userFullname`,
 * `userEmail` and the page's `customAttributes` as `payload`. The first message of a conversation
 * carries them (the service copies its attributes to the conversation); a later message carries
 * them again only when they changed since the last message that did (identityUpdate.ts).
 */

export interface IdentityAttributes {
  userFullname?: string;
  userEmail?: string;
  payload?: Record<string, unknown>;
}

/** The attributes for a visitor: empty values left out. */
export function identityAttributes(who: { fullname: string; email: string; attributes: Record<string, unknown> | null }): IdentityAttributes {
  const out: IdentityAttributes = {};
  if (who.fullname) out.userFullname = who.fullname;
  if (who.email) out.userEmail = who.email;
  if (who.attributes && Object.keys(who.attributes).length) out.payload = who.attributes;
  return out;
}
